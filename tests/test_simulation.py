"""The fast simulation path (`playout_apply`) makes the same game as the
checked `apply_in_place`: random games between random pairs of house decks
(and, every third game, random decks) are played both ways from the same
setup, with the same random choices, and the two states are compared after
every action, everything but the history (which the fast path does not keep).
Meanwhile the list of cards in play that the engine keeps from step to step
(engine/stats.py `in_play_now`) is compared with one built from scratch
each time it is used, so a board change the engine failed to count
(model/state.py BoardChanges) fails here.

A few games by default; `AVATAR_TUI_LONG=1` plays thousands (tests/depth.py)."""

from __future__ import annotations

import random

import pytest
from depth import depth

from avatar_tui import engine
from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.engine import stats
from avatar_tui.engine.table import Table
from avatar_tui.model.effects import SkipZones
from avatar_tui.model.state import BoardChanges, GameSetup, GameState, Granted, PlayerSetup
from tests.test_roundtrip import house_chambers, random_deck

GAMES = depth(12, 2000)
MAX_ACTIONS = 600


def board(state: GameState) -> str:
    return state.model_dump_json(exclude={"history"})


def setup(seed: int) -> GameSetup:
    rnd = random.Random(seed)
    if seed % 3 == 2:
        return GameSetup(catalog=default_catalog(),
                         seed=seed, p1=random_deck(rnd), p2=random_deck(rnd))
    chambers = house_chambers()
    return GameSetup(catalog=default_catalog(),
                     seed=seed, p1=PlayerSetup(chamber=rnd.choice(chambers)),
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


@pytest.fixture(autouse=True)
def check_what_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats, "CHECK_KEPT", True)


@pytest.mark.parametrize("seed", range(1, GAMES + 1))
def test_fast_path_makes_the_same_game(seed: int) -> None:
    assert play_both_ways(seed) > 0


def flipped_card(state: GameState) -> str:
    zone = state.players[state.turn].defending
    return state.players[state.turn].zones[zone].flip.card


def first_flip(seed: int, blank: bool = False) -> GameState:
    """A game played until a card is face up in a flip space: one that
    carries a static or a trigger (in play), or with `blank` one that
    carries nothing."""
    rnd = random.Random(seed)
    state, _ = engine.new_game(setup(seed))
    while state.phase != "decide" or \
            (flipped_card(state) in BoardChanges.blank_faces) != blank:
        engine.playout_apply(state, rnd.choice(engine.legal_actions(state)))
    return state


def test_a_change_to_what_is_in_play_that_was_not_counted_is_caught() -> None:
    """The check is not vacuous: a flip space emptied behind the engine's
    back (not through the model's assignment, which counts it) leaves the
    kept list stale, and the next question finds it."""
    state = first_flip(5)
    engine.legal_actions(state)  # the list is kept for this state now
    zone = state.players[state.turn].defending
    state.players[state.turn].zones[zone].__dict__["flip"] = None  # uncounted
    with pytest.raises(stats.StaleInPlay):
        list(stats.in_play(Table(state)))


def test_a_counted_change_is_seen_at_once() -> None:
    """Emptying the flip space by assignment counts a change: the next
    question sees the card gone, without the check's help."""
    state = first_flip(5)
    before = [s.card_id for s in stats.in_play(Table(state))]
    pid = state.turn
    zone = state.players[pid].defending
    card = state.players[pid].zones[zone].flip.card
    state.players[pid].zones[zone].flip = None
    after = [s.card_id for s in stats.in_play(Table(state))]
    assert card in before and card not in after


def test_a_blank_card_comes_and_goes_without_a_change() -> None:
    """A flipped card with nothing on it is not in play: flipping it and
    taking it away count no change, and the list kept stays right (the
    check compares it with a rebuilt one); granting it something counts."""
    state = first_flip(5, blank=True)
    pid, card = state.turn, flipped_card(state)
    zone = state.players[pid].defending
    assert card not in [s.card_id for s in stats.in_play(Table(state))]
    version = BoardChanges.version
    face = state.players[pid].zones[zone].flip
    state.players[pid].zones[zone].flip = None
    state.players[pid].zones[zone].flip = face
    assert BoardChanges.version == version
    face.granted = [Granted(source="x", static=SkipZones(static="skip_zones", zones=["red"]))]
    assert BoardChanges.version == version + 1
    assert card in [s.card_id for s in stats.in_play(Table(state))]
    state.players[pid].zones[zone].flip = None  # a face with a grant leaves: counted
    assert BoardChanges.version == version + 2
    assert card not in [s.card_id for s in stats.in_play(Table(state))]


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
