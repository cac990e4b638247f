"""The replay theatre's model (play/review.py): a game's positions by move
and by turn, its moves in words with rule IDs, hidden cards hidden as in
play (R1.6), and files that are no game refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from avatar_tui.engine import HIDDEN, Table, replay_actions
from avatar_tui.notation.save import save_game
from avatar_tui.play.review import ReviewError, find_game, load_review, turn_line
from avatar_tui.store.savedgames import SavedGames
from avatar_tui.store.storage import SaveStore

GAME = Path(__file__).parent / "review" / "katara-v-uncle-iroh.toml"


@pytest.fixture(scope="module")
def review():
    return load_review(GAME)


def test_every_position_is_the_game_replayed_to_that_move(review):
    assert review.finished and review.total == 104
    actions = [e.action for e in review.positions[-1].history]
    for k in (0, 1, 37, review.total):
        assert review.positions[k] == replay_actions(review.positions[0].setup, actions[:k])


def test_stepping_by_move_stays_inside_the_game(review):
    review.start()
    assert review.step(-1) == 0 and review.move is None
    assert review.step(+1) == 1 and review.move.notation == "p2: open p1"
    assert review.step(+3) == 4
    assert review.end() == review.total and review.step(+1) == review.total
    assert review.go(-5) == 0 and review.go(10_000) == review.total


def test_stepping_by_turn_lands_on_each_turns_last_move(review):
    review.start()
    ends = []
    while review.at < review.total:
        ends.append(review.next_turn())
    assert ends == [t.last for t in review.turns]
    assert review.previous_turn() == review.turns[-2].last
    review.go(review.turns[2].first)  # inside turn 2: back to the end of turn 1
    assert review.previous_turn() == review.turns[1].last
    review.go(review.turns[0].last)
    assert review.previous_turn() == 0


def test_turns_follow_the_engine_and_points_add_up(review):
    assert [t.number for t in review.turns] == list(range(len(review.turns)))
    for t in review.turns[1:]:
        assert review.positions[t.first - 1].turn == t.defender
        assert all(m.turn == t.number for m in review.moves[t.first - 1:t.last])
    final = review.positions[-1]
    assert review.moves[-1].score == (final.players["p1"].score, final.players["p2"].score)
    scored = [m for m, before in zip(review.moves, [(0, 0)] + [m.score for m in review.moves],
                                     strict=False) if m.score != before]
    assert len(scored) == sum(review.moves[-1].score)  # one move scores each point (R10.2)


def test_the_timeline_names_each_seats_points_whoever_defended(review):
    """Issue 36: "13 Katara (p1) 0–1" put p1's points first beside any
    name, so a p2 turn's figures read as p2's first. Each seat is named,
    as the move line names them (R10.2)."""
    table = Table(review.positions[0])
    lines = [turn_line(table, t) for t in review.turns]
    assert lines[0] == " 0 opening choice · p1 0, p2 0"
    assert lines[13] == "13 Katara (p1) · p1 0, p2 1"
    assert lines[16] == "16 Uncle Iroh (p2) · p1 1, p2 2"
    final = review.positions[-1].players
    assert lines[-1].endswith(f"· p1 {final['p1'].score}, p2 {final['p2'].score}")


def test_each_move_is_said_in_words_with_its_rules(review):
    pay = next(m for m in review.moves if m.notation.endswith(": pay"))
    assert "played" in pay.words and "R5.3" in pay.words and "R5.3" in pay.rules
    assert all(m.rules for m in review.moves)


def test_the_opponents_hidden_cards_stay_hidden_until_revealed(review):
    review.end()
    review.reveal = False
    assert review.viewer == "p1"  # the person's seat: p2 was the computer's
    shown = review.shown
    assert HIDDEN in shown.players["p2"].deck and HIDDEN not in review.state.players["p2"].deck
    assert review.toggle_reveal() is None and review.shown == review.state
    assert review.toggle_reveal() is None and review.shown == shown


def test_an_unfinished_game_does_not_reveal(tmp_path, review):
    half = review.positions[40]
    path = save_game(half, tmp_path / "half.toml")
    unfinished = load_review(path)
    assert not unfinished.finished and unfinished.total == 40
    assert "over" in unfinished.toggle_reveal() and not unfinished.reveal


def test_a_bad_file_is_one_line_naming_it(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('seed = 1\nactions = """\np1: fly\n"""\n[p1]\nchamber = "aang"\n'
                   '[p2]\nchamber = "katara"\n')
    with pytest.raises(ReviewError) as err:
        load_review(bad)
    assert "\n" not in str(err.value) and "bad.toml" in str(err.value)
    with pytest.raises(ReviewError, match="missing.toml"):
        load_review(tmp_path / "missing.toml")


def test_the_default_is_the_last_finished_game_and_a_name_is_a_kept_game(tmp_path, review):
    with pytest.raises(ReviewError, match="no finished game"):
        find_game(None, tmp_path)
    store = SaveStore(tmp_path)
    save_game(review.positions[-1], store.finished)
    assert find_game(None, tmp_path) == store.finished
    name = SavedGames(tmp_path).keep_state(review.positions[30], name="halfway")
    assert find_game(name, tmp_path) == tmp_path / "games" / "halfway.toml"
    assert find_game(str(GAME), tmp_path) == GAME
    with pytest.raises(ReviewError, match="no kept game"):
        find_game("nothing-here", tmp_path)
    # a path names a file alone: not also a kept game's name it cannot be
    with pytest.raises(ReviewError) as err:
        find_game(str(tmp_path / "gone.toml"), tmp_path)
    assert str(err.value).endswith("gone.toml: no such file")
    with pytest.raises(ReviewError, match="not a file"):
        find_game(str(tmp_path), tmp_path)
