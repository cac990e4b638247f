"""The fast simulation path (`playout_apply`) makes the same game as the
checked `apply_in_place`: random games between random pairs of house decks
(and, every third game, random decks) are played both ways from the same
setup, with the same random choices, and the two states are compared after
every action, everything but the history (which the fast path does not keep).

`AVATAR_TUI_SIMULATION_GAMES` sets the number of games (a few in CI;
thousands for a long run, e.g. `AVATAR_TUI_SIMULATION_GAMES=2000`)."""

from __future__ import annotations

import os
import random

import pytest

from avatar_tui import engine
from avatar_tui.model.state import GameSetup, GameState, PlayerSetup
from tests.test_roundtrip import house_chambers, random_deck

GAMES = int(os.environ.get("AVATAR_TUI_SIMULATION_GAMES", "12"))
MAX_ACTIONS = 600


def board(state: GameState) -> str:
    return state.model_dump_json(exclude={"history"})


def setup(seed: int) -> GameSetup:
    rnd = random.Random(seed)
    if seed % 3 == 2:
        return GameSetup(seed=seed, p1=random_deck(rnd), p2=random_deck(rnd))
    chambers = house_chambers()
    return GameSetup(seed=seed, p1=PlayerSetup(chamber=rnd.choice(chambers)),
                     p2=PlayerSetup(chamber=rnd.choice(chambers)))


def play_both_ways(seed: int) -> int:
    """One random game; returns its length. Fails at the first action after
    which the two states differ."""
    rnd = random.Random(seed * 7919)
    checked, _ = engine.new_game(setup(seed))
    fast = engine.clone(checked)
    for n in range(MAX_ACTIONS):
        legal = engine.legal_actions(checked)
        assert engine.legal_actions(fast) == legal, f"seed {seed}, action {n}: different moves"
        if not legal:
            return n
        action = rnd.choice(legal)
        engine.apply_in_place(checked, action)
        engine.playout_apply(fast, action)
        assert board(fast) == board(checked), f"seed {seed}, after {action}"
        assert not fast.history, "the fast path keeps no history"
    return MAX_ACTIONS


@pytest.mark.parametrize("seed", range(1, GAMES + 1))
def test_fast_path_makes_the_same_game(seed: int) -> None:
    assert play_both_ways(seed) > 0


def test_games_run_to_the_end() -> None:
    """The comparison is not vacuous: the games are played to their end."""
    lengths = [play_both_ways(seed) for seed in (101, 102)]
    assert all(0 < n < MAX_ACTIONS for n in lengths)


def test_apply_in_place_still_refuses_what_the_fast_path_trusts() -> None:
    """Only the checked path validates: an illegal move raises there and
    leaves the state alone."""
    state, _ = engine.new_game(setup(1))
    before = board(state)
    bad = engine.legal_actions(state)[0].model_copy(update={"verb": "focus"})
    with pytest.raises(engine.IllegalAction):
        engine.apply_in_place(state, bad)
    assert board(state) == before
