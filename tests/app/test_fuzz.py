"""Illegal input never crashes: random keys, including ones that mean
nothing now, leave a game that is still the engine's own (replayable)."""

from __future__ import annotations

import random

from avatar_tui.engine import replay_actions
from avatar_tui.model.actions import parse_action

from .helpers import make_app, new

KEYS = list("pofdrtskacuvi123456789xyz") + [  # not n: a new game would reset the history
    "space", "enter", "escape", "tab", "left", "right", "up", "down", "question_mark"]


async def test_random_keys_never_crash_and_keep_the_game_consistent():
    rnd = random.Random(5)
    app = make_app(new(seed=6))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(250):
            await pilot.press(rnd.choice(KEYS))
        await pilot.pause()
        state = app.session.state
    assert app.return_code in (None, 0)
    assert state.history, "the keys made no move at all"
    again = replay_actions(state.setup, [parse_action(h.action) for h in state.history])
    assert again.model_dump_json() == state.model_dump_json()
