"""The view (NOTATION.md): the public picture of a game as plain data, the
paths `[[expect]]` entries and `replay --json` use."""

from __future__ import annotations

from typing import Any

from avatar_tui.engine.moves import actor, pending
from avatar_tui.engine.stats import incoming_force, strength
from avatar_tui.engine.table import Table
from avatar_tui.model.cards import StrikeCard
from avatar_tui.model.common import PLAYERS, ZONES
from avatar_tui.model.state import GameState


def status(state: GameState) -> str:
    if state.phase == "over":
        return "over"
    if state.phase == "open" and state.choice is None:
        return "choose_opening"
    return "playing"


def view(state: GameState, t: Table | None = None) -> dict[str, Any]:
    t = t or Table(state, read_only=True)
    inc = state.incoming
    players: dict[str, Any] = {}
    for pid in PLAYERS:
        p = state.players[pid]
        zones: dict[str, Any] = {}
        for z in ZONES:
            zs = p.zones[z]
            force = intercept = None
            if zs.flip is not None and isinstance(t.card(zs.flip.card), StrikeCard):
                force, intercept = strength(t, pid, z, zs.flip)
            zones[z] = {
                "energy": len(zs.energy),
                "charged": zs.charged,
                "ally": zs.ally.card if zs.ally else None,
                "flip": zs.flip.card if zs.flip else None,
                "intercept": intercept,
                "force": force,
            }
        players[pid] = {
            "score": p.score,
            "defending": p.defending,
            "deck": len(p.deck),
            "discard": len(p.discard),
            "discard_top": p.discard[-1] if p.discard else None,
            "advantages": [a.card for a in p.advantages],
            "chamber": {"id": p.chamber.id, "side": p.chamber.side},
            "zones": zones,
        }
    return {
        "status": status(state),
        "winner": state.winner,
        "actor": actor(t),
        "pending": "over" if state.phase == "over" else pending(t),
        "incoming": {
            "card": inc.card if inc else None,
            "owner": inc.owner if inc else None,
            "zone": inc.zone if inc else None,
            "force": incoming_force(t) if inc else None,
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
    """Every path of the view (NOTATION.md), leaves and the tables above them."""
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
