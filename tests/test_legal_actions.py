"""`legal_actions` lists its moves legal by construction (engine/game.py):
it asks the parts of each verb's check once and lists only payments the
check accepts, instead of asking `why_not` about every candidate. This is
the differential property that keeps that shortcut equal to the rules: on
every state of random games (random pairs of house decks, and random decks
every third game), `legal_actions` is exactly the list of `candidates` that
`why_not` allows, in the same order.

`AVATAR_TUI_LONG=1` plays many more games (`AVATAR_TUI_LEGAL_GAMES` sets
the number)."""

from __future__ import annotations

import os
import random
from collections import Counter
from pathlib import Path

from avatar_tui import engine
from avatar_tui.engine.game import candidates
from avatar_tui.model.state import GameState
from tests.engines import pure_twin, run_with
from tests.test_simulation import setup

LONG = os.environ.get("AVATAR_TUI_LONG", "") not in ("", "0")
GAMES = int(os.environ.get("AVATAR_TUI_LEGAL_GAMES", "400" if LONG else "9"))
MAX_ACTIONS = 600


def allowed(state: GameState) -> list:
    return [a for a in candidates(state) if engine.why_not(state, a) is None]


def compare_over_a_game(seed: int, seen: Counter) -> int:
    """Compares the two lists after every action of one random game;
    counts in `seen` the verbs listed and refused. Returns its length."""
    rnd = random.Random(seed * 104729)
    state, _ = engine.new_game(setup(seed))
    for n in range(MAX_ACTIONS):
        legal = engine.legal_actions(state)
        expected = allowed(state)
        assert legal == expected, (
            f"seed {seed}, action {n} ({state.phase}): legal_actions lists "
            f"{[str(a) for a in legal if a not in expected]} that why_not refuses and leaves "
            f"out {[str(a) for a in expected if a not in legal]} that it allows")
        for a in candidates(state):
            seen[("listed" if a in legal else "refused", a.verb)] += 1
            seen[("paid", a.verb)] += a in legal and a.paid is not None
        if not legal:
            return n
        engine.apply_in_place(state, rnd.choice(legal))
    return MAX_ACTIONS


def test_legal_actions_are_the_candidates_why_not_allows() -> None:
    seen: Counter = Counter()
    lengths = [compare_over_a_game(seed, seen) for seed in range(1, GAMES + 1)]
    assert all(0 < n for n in lengths)
    # not vacuous: the games met refusals and the moves that take a payment
    for verb in ("pay", "power", "focus", "discard", "pitch"):
        assert seen[("listed", verb)] > 0, verb
    for verb in ("pay", "power"):
        assert seen[("refused", verb)] > 0, verb
    assert seen[("paid", "pay")] > 0  # an overpayment was listed


DRIFT = """
from collections import Counter
from pathlib import Path
from avatar_tui import engine
from avatar_tui.engine import game
from test_legal_actions import compare_over_a_game

assert not engine.COMPILED
game.payable = lambda cost, have: [None]  # forgets to check that the energy is there
try:
    for seed in range(1, 20):
        compare_over_a_game(seed, Counter())
except AssertionError as caught:
    print(caught)
"""


def test_a_drift_of_the_shortcut_is_caught(tmp_path: Path) -> None:
    """The comparison fails when the shortcut lists what the rules refuse:
    here, a shortcut that forgets to check that the energy is there (R6.2).
    The swap is made in a pure-Python copy of the engine: a compiled engine
    (setup.py) calls its own functions directly, never seeing a swap."""
    said = run_with(pure_twin(tmp_path), DRIFT).stdout
    assert "why_not refuses" in said
