"""A small harness for "set up, act, assert" rules tests.

    game = Play(p1=["wall", ...], p2=[...])
    game.do("p1: open p1")
    assert game.v("players.p1.zones.green.energy") == 4
    assert "R5.3" in game.refuse("p2: pay")

Decks are given top first and complete. Inline test cards (below) are
plain cards with no rules text unless a test adds its own."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.engine import IllegalAction, apply, legal_actions, new_game, view
from avatar_tui.engine.events import Event
from avatar_tui.engine.view import lookup
from avatar_tui.model.actions import parse_action
from avatar_tui.model.cards import AnyCard
from avatar_tui.model.state import GameSetup, GameState, PlayerSetup

_CARDS = TypeAdapter(list[AnyCard])

# Test cards: names say what they are for. "filler" pads energy and discards.
BASE_CARDS: list[dict[str, Any]] = [
    {"id": "filler", "name": "Filler", "type": "strike", "cost": {"green": 1},
     "force": 3, "intercept": 4},
    {"id": "zero", "name": "Zero", "type": "strike", "force": 0, "intercept": 0},
    {"id": "wall", "name": "Wall", "type": "strike", "cost": {"yellow": 1},
     "force": 2, "intercept": 9},
    {"id": "spear", "name": "Spear", "type": "strike", "cost": {"green": 1},
     "force": 6, "intercept": 4},
    {"id": "hammer", "name": "Hammer", "type": "strike", "cost": {"green": 2, "yellow": 1},
     "force": 5, "intercept": 6},
    {"id": "blaze", "name": "Blaze", "type": "strike", "cost": {"red": 1},
     "force": 4, "intercept": 6},
    {"id": "big", "name": "Big", "type": "strike", "cost": {"green": 3, "red": 1},
     "force": 7, "intercept": 4},
    {"id": "boon", "name": "Boon", "type": "advantage", "cost": {"green": 1}},
    {"id": "gift", "name": "Gift", "type": "advantage", "cost": {"green": 1},
     "immediate": True},
    {"id": "friend", "name": "Friend", "type": "ally", "cost": {"green": 1}},
    {"id": "pal", "name": "Pal", "type": "ally", "cost": {"green": 1}},
    {"id": "hero", "name": "Hero", "type": "chamber",
     "traits": ["fox", "spirit", "light", "air"],
     "front": {"id": "hero_front", "name": "Hero Front", "cost": {"green": 1},
               "force": 7, "intercept": 5},
     "back": {"id": "hero_back", "name": "Hero Back", "force": 9, "intercept": 9}},
]


def energy_then(*rest: str, energy: str = "filler", discard: tuple[str, ...] = ()) -> list[str]:
    """A deck: 9 energy cards, 4 discard cards (default: filler), then `rest`."""
    pile = list(discard) + ["filler"] * (4 - len(discard))
    return [energy] * 9 + pile + list(rest)


class Play:
    def __init__(self, p1: list[str], p2: list[str], cards: list[dict] | None = None,
                 seed: int = 0, p1_chamber: str = "hero", p2_chamber: str = "hero",
                 complete: bool = True):
        inline = [c for c in BASE_CARDS if c["id"] not in {x["id"] for x in cards or []}]
        inline += cards or []
        # database ids cannot be inline ids: drop test cards a deck names from the database
        self.setup = GameSetup(catalog=default_catalog(),
            seed=seed,
            p1=PlayerSetup(chamber=p1_chamber, deck=p1, complete=complete),
            p2=PlayerSetup(chamber=p2_chamber, deck=p2, complete=complete),
            cards=_CARDS.validate_python(inline),
        )
        self.state: GameState
        self.state, self.events = new_game(self.setup)

    def do(self, *lines: str) -> list[Event]:
        events: list[Event] = []
        for line in lines:
            self.state, new = apply(self.state, parse_action(line))
            events += new
        self.events = events
        return events

    def refuse(self, line: str) -> str:
        """The action must be refused, with a reason, and change nothing."""
        before = self.state.model_dump_json()
        with pytest.raises(IllegalAction) as err:
            apply(self.state, parse_action(line))
        assert self.state.model_dump_json() == before
        assert str(err.value)
        return str(err.value)

    def v(self, path: str) -> Any:
        return lookup(view(self.state), path)

    def legal(self) -> list[str]:
        return [str(a) for a in legal_actions(self.state)]

    def texts(self) -> str:
        return "\n".join(str(e) for e in self.events)


def charged_everywhere() -> Play:
    """p1 charges green, yellow and red with advantages, then counterattacks in red."""
    p1 = energy_then("boon", "zero", "boon", "zero", "boon", "wall", "wall", "wall",
                     discard=("spear",) * 4)
    game = Play(p1=p1, p2=energy_then("wall", "wall", "wall"))
    game.do("p1: open p1", "p1: flip", "p1: pay", "p1: flip", "p1: focus",
            "p1: flip", "p1: pay", "p1: flip", "p1: focus", "p1: flip", "p1: pay",
            "p1: flip", "p1: pay", "p2: flip", "p2: pay")
    return game
