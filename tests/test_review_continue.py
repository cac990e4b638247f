"""Playing on from a position of a review (play/review_continue.py): a new
kept game, the reviewed file untouched; the same deal by default, or what
nobody has seen dealt again with every sight up to there unchanged (R1.6)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from avatar_tui.bots import make_bot
from avatar_tui.engine import apply, legal_actions, observation
from avatar_tui.play.review import ReviewError, load_review
from avatar_tui.play.review_continue import dealt_again, play_on
from avatar_tui.store.savedgames import SavedGames

GAME = Path(__file__).parent / "review" / "katara-v-uncle-iroh.toml"


@pytest.fixture
def copy(tmp_path):
    path = tmp_path / "reviewed.toml"
    shutil.copy(GAME, path)
    return path


def play_to_the_end(state):
    bots = {"p1": make_bot("heuristic", 1), "p2": make_bot("heuristic", 2)}
    for _ in range(2000):
        if state.phase == "over":
            return state
        legal = legal_actions(state)
        pid = legal[0].player
        state, _ = apply(state, bots[pid].choose(observation(state, pid), legal))
    raise AssertionError("the game did not end")


def test_the_same_deal_is_the_game_so_far_kept_as_a_new_game(tmp_path, copy):
    before = copy.read_bytes()
    review = load_review(copy)
    games = SavedGames(tmp_path / "data")
    name, state = play_on(review, 40, games, computer={"p2": "expert"})
    again, _, computer = games.load(name)
    assert again == state == review.positions[40] and computer == {"p2": "expert"}
    assert copy.read_bytes() == before  # the reviewed file is never written
    second, _ = play_on(review, 40, games)
    assert second != name and len(games.names()) == 2  # a game of its own each time
    end = play_to_the_end(state)  # and it plays on to its end
    assert end.phase == "over" and end.history[:40] == review.positions[40].history


def test_dealing_again_keeps_every_sight_and_changes_what_nobody_saw(tmp_path):
    review = load_review(GAME)
    at = 40
    state = dealt_again(review, at, seed=7)
    original = review.positions[at]
    assert [e.action for e in state.history] == [e.action for e in original.history]
    for pid in ("p1", "p2"):
        assert observation(state, pid) == observation(original, pid)
    assert state.players["p1"].deck != original.players["p1"].deck \
        or state.players["p2"].deck != original.players["p2"].deck
    assert dealt_again(review, at, seed=7) == state  # the seed fixes the deal
    assert dealt_again(review, at, seed=8) != state
    name, kept = play_on(review, at, SavedGames(tmp_path), deal_again=True, seed=7)
    assert kept == state and SavedGames(tmp_path).load(name)[0] == state
    assert play_to_the_end(state).phase == "over"


def test_nothing_to_deal_again_or_no_move_left_is_said(tmp_path):
    review = load_review(GAME)
    # at the end of the point game every card of both decks has been drawn
    point = load_review(Path(__file__).parents[1] / "avatar_tui/tui/scenarios/point.toml")
    with pytest.raises(ReviewError, match="nothing is left to deal again"):
        dealt_again(point, point.total, seed=1)
    with pytest.raises(ReviewError, match="game is over"):
        play_on(review, review.total, SavedGames(tmp_path))


def test_dealing_again_keeps_the_games_generator_through_a_rebuilt_deck():
    """A deck rebuilt from the discard pile (R9.1) is shuffled by the game's
    generator: dealt again late in a game of shuffled house decks, the
    generator is the game's own, so every sight up to there still holds
    (before, the new setup started the generator afresh from the seed)."""
    from avatar_tui.bots import setup_for
    from avatar_tui.engine import apply_in_place, new_game
    from avatar_tui.play.review import Review

    def played(seed: int) -> Review:
        state, _ = new_game(setup_for(seed, "katara", "jojo"))
        bots = {"p1": make_bot("heuristic", 1), "p2": make_bot("heuristic", 2)}
        while state.phase != "over":
            legal = legal_actions(state)
            pid = legal[0].player
            apply_in_place(state, bots[pid].choose(observation(state, pid), legal))
        return Review(state, viewer="p1")

    def rebuilds(review: Review) -> list[int]:
        return [n for n in range(1, review.total + 1)
                if any(e.rule == "R9.1" for e in review.moves[n - 1].events)]

    # the premise: a game of the first seeds in which a deck was rebuilt
    review = next(r for r in map(played, range(1, 40)) if rebuilds(r))
    rebuilt = rebuilds(review)
    late = rebuilt[0] + 1
    dealt = dealt_again(review, late, seed=1)
    assert dealt.rng == review.positions[late].rng
    assert observation(dealt, "p1") == observation(review.positions[late], "p1")
