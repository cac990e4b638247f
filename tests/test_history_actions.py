"""The game history keeps typed actions; their notation line is only how a
history entry is written out (saves and JSON keep the same text)."""

from __future__ import annotations

import json

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.engine import apply, legal_actions, new_game, undo
from avatar_tui.model.actions import Action, parse_action
from avatar_tui.model.state import GameSetup, GameState, HistoryEntry, PlayerSetup
from avatar_tui.notation.save import scenario_text


def start() -> GameState:
    setup = GameSetup(catalog=default_catalog(),
                      seed=3, p1=PlayerSetup(chamber="aang"), p2=PlayerSetup(chamber="prince_zuko"))
    return new_game(setup)[0]


def played(n: int) -> GameState:
    state = start()
    for _ in range(n):
        state, _ = apply(state, legal_actions(state)[0])
    return state


def test_history_entries_hold_the_actions_applied() -> None:
    state = start()
    applied = []
    for _ in range(6):
        action = legal_actions(state)[-1]
        applied.append(action)
        state, _ = apply(state, action)
    assert all(isinstance(h.action, Action) for h in state.history)
    assert [h.action for h in state.history] == applied
    assert [h.action for h in undo(state).history] == applied[:-1]


def test_an_entry_is_written_as_its_notation_line() -> None:
    entry = HistoryEntry(action=parse_action("p2: pay g=1"), secret=True,
                         unasked=(parse_action("p1: choose p1.green.ally"),))
    assert entry.model_dump() == {"action": "p2: pay g=1", "revealed": False, "secret": True,
                                  "unasked": ("p1: choose p1.green.ally",)}
    assert json.loads(entry.model_dump_json())["action"] == "p2: pay g=1"
    assert HistoryEntry.model_validate_json(entry.model_dump_json()) == entry


def test_state_json_and_saves_keep_the_notation_text() -> None:
    state = played(8)
    data = json.loads(state.model_dump_json())
    assert data["history"] == [{"action": str(h.action), "revealed": h.revealed,
                                "secret": h.secret, "unasked": [str(a) for a in h.unasked]}
                               for h in state.history]
    context = {"catalog": state.setup.catalog}
    assert GameState.model_validate_json(state.model_dump_json(), context=context) == state
    text = scenario_text(state)
    assert all(str(h.action) in text.splitlines() for h in state.history)
