"""Keys stand for legal actions: every legal move but the answers to
questions has exactly one key, and a key offers only legal moves."""

from __future__ import annotations

import random

from avatar_tui.engine import apply, legal_actions, why_not
from avatar_tui.play.keys import GAME_KEYS, candidates, example

from .helpers import new


def test_every_legal_move_has_exactly_one_key_over_whole_games():
    checked = 0
    for seed in (1, 2, 3):
        state, _ = new(seed)
        rnd = random.Random(seed)
        while state.phase != "over":
            legal = legal_actions(state)
            for action in legal:
                if action.verb in ("open", "choose"):
                    continue  # answered in dialogs
                keys = [k.name for k in GAME_KEYS if k.matches(action)]
                assert len(keys) == 1, (str(action), keys)
                checked += 1
            for key in GAME_KEYS:
                assert all(a in legal for a in candidates(key.name, legal))
            state, _ = apply(state, rnd.choice(legal))
    assert checked > 100


def test_an_unavailable_key_has_an_engine_reason():
    state, _ = new(1)
    state, _ = apply(state, legal_actions(state)[0])  # open: a flip is due
    legal = legal_actions(state)
    for key in GAME_KEYS:
        if candidates(key.name, legal):
            continue  # the flip key
        probe = example(key.name, legal[0].player)
        if key.name == "overpay":
            assert probe is None
            continue
        assert probe is not None and why_not(state, probe)
