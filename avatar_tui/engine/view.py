"""The view (docs/notation.md): the public picture of a game as plain data, the
paths `[[expect]]` entries and `replay --json` use."""

from __future__ import annotations

from typing import Any

from avatar_tui.engine.look import Look, look
from avatar_tui.engine.table import Table
from avatar_tui.model.common import PLAYERS, ZONES
from avatar_tui.model.state import GameState


def view(state: GameState, t: Table | None = None) -> dict[str, Any]:
    return view_of(look(state, t))


def view_of(lk: Look) -> dict[str, Any]:
    """The view of a look: the same facts, as docs/notation.md's plain data."""
    inc = lk.incoming
    players: dict[str, Any] = {}
    for p in lk.players:
        players[p.player] = {
            "score": p.score,
            "defending": p.defending,
            "deck": p.deck,
            "discard": p.discard,
            "discard_top": p.discard_top,
            "advantages": list(p.advantages),
            "chamber": {"id": p.chamber, "side": p.side},
            "zones": {z.zone: {
                "energy": z.energy,
                "charged": z.charged,
                "ally": z.ally,
                "flip": z.flip.card if z.flip else None,
                "intercept": z.flip.intercept if z.flip else None,
                "force": z.flip.force if z.flip else None,
            } for z in p.zones},
        }
    return {
        "status": lk.status,
        "winner": lk.winner,
        "actor": lk.actor,
        "pending": lk.pending,
        "incoming": {
            "card": inc.card if inc else None,
            "owner": inc.owner if inc else None,
            "zone": inc.zone if inc else None,
            "force": inc.force if inc else None,
        },
        "players": players,
    }



def lookup(data: dict[str, Any], path: str) -> Any:
    """The value at a dotted view path; raises KeyError for a path not in the view."""
    node: Any = data
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            raise KeyError(path)
        node = node[part]
    return node


def _paths() -> set[str]:
    """Every path of the view (docs/notation.md), leaves and the tables above them."""
    zone_keys = ["energy", "charged", "ally", "flip", "intercept", "force"]
    player_keys = ["score", "defending", "deck", "discard", "discard_top", "advantages",
                   "chamber", "chamber.id", "chamber.side", "zones"]
    paths = {"status", "winner", "actor", "pending", "incoming", "players",
             "incoming.card", "incoming.owner", "incoming.zone", "incoming.force"}
    for pid in PLAYERS:
        paths.add(f"players.{pid}")
        paths.update(f"players.{pid}.{k}" for k in player_keys)
        for z in ZONES:
            paths.add(f"players.{pid}.zones.{z}")
            paths.update(f"players.{pid}.zones.{z}.{k}" for k in zone_keys)
    return paths


VIEW_PATHS = _paths()
