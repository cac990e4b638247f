"""Issue 36: a point lost because a deck ran out is told as one, from the
engine's events (R9.1: the deck ran out and was rebuilt; R9.3: still no
card to flip, the zone goes undefended; in red the point, R10.2) — in the
move's words (the computer's recap, the review), in the point's story and
in the Markdown export, run as a process on a kept game where it happens.

The game (tests/review/2025-06-01-uncle-iroh-v-katara.toml) is a real
save: Uncle Iroh plays a 15-card deck that runs dry; moves 100 and 106 are
his flips that find no card in the red zone, each scoring for Katara (p2),
who wins 3–2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from avatar_tui.play.point import story
from avatar_tui.play.recap import Recap
from avatar_tui.play.review import load_review

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "tests" / "review" / "2025-06-01-uncle-iroh-v-katara.toml"
DECK_OUT = (100, 106)  # the flips that found no card in red, each a point to p2


def test_the_flips_that_found_no_card_say_so_with_their_rules():
    review = load_review(GAME)
    for number in DECK_OUT:
        move = review.moves[number - 1]
        assert {"R9.1", "R9.3", "R10.2"} <= set(move.rules)  # the engine's own account
        assert "flipped the top card" not in move.words
        assert "had no card to flip in the [$error]red[/] zone" in move.words
        assert "(R9.1)" in move.words and "(R9.3)" in move.words
        assert "the point is lost (R10.2)" in move.words
    no_point = review.moves[104 - 1]  # green: undefended, and on to yellow
    assert "(R9.3)" in no_point.words and "R10.2" not in no_point.words


def test_a_deck_rebuilt_around_a_flip_is_told_before_or_after_it():
    review = load_review(GAME)
    first = review.moves[96 - 1].words  # the deck was empty: rebuilt, then flipped
    assert "found the deck empty and rebuilt it (R9.1), then flipped" in first
    last = review.moves[98 - 1].words  # the last card flipped: rebuilt after it
    assert last.endswith("it was the last card, so the deck is rebuilt (R9.1)")


def test_the_recap_of_the_computers_moves_tells_it_from_the_moves_events():
    review = load_review(GAME)
    recap = Recap()
    n = DECK_OUT[0]
    action = review.positions[-1].history[n - 1].action
    recap.add(review.positions[n - 1], review.positions[n], action, review.moves[n - 1].events)
    assert recap.said == [review.moves[n - 1].words.split("[/b] ", 1)[1]]
    assert recap.said[0].startswith("had no card to flip") and "(R9.3)" in recap.said[0]


def test_the_points_story_tells_the_deck_that_ran_out():
    review = load_review(GAME)
    log = [e for m in review.moves[:DECK_OUT[0]] for e in m.events]
    told = story(review.positions[DECK_OUT[0] - 1], review.positions[DECK_OUT[0]], log)
    assert told is not None and told.scorer == "p2"
    rules = [line.split("[/b]")[0].removeprefix("[b]") for line in told.lines]
    assert rules[-2:] == ["R9.3", "R10.2"] and "R9.1" in rules
    assert "no card to flip" in told.lines[-2] and "red" in told.lines[-2]


def test_the_export_run_as_a_process_tells_the_deck_out_points(tmp_path):
    out = tmp_path / "report.md"
    env = {**os.environ, "AVATAR_TUI_DATA_DIR": str(tmp_path / "data"),
           "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "avatar_tui", "review", str(GAME),
                           "--export", str(out)], capture_output=True, text=True,
                          env=env, timeout=120, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    text = out.read_text(encoding="utf-8")
    for number in DECK_OUT:
        line = next(x for x in text.splitlines() if x.startswith(f"{number}. "))
        assert "had no card to flip in the red zone" in line
        assert "(R9.1)" in line and "(R9.3)" in line and "(R10.2)" in line
    assert "**Point to Katara (p2): 2–2** (R10.2)" in text
    assert "**Point to Katara (p2): 3–2** (R10.2)" in text


def test_an_exported_save_is_titled_by_its_game_and_day(tmp_path):
    review = load_review(GAME)  # a save's own title is the same for every game
    assert review.title == "Uncle Iroh v Katara, played 2025-06-01"
    undated = tmp_path / "current.toml"
    undated.write_text(GAME.read_text(encoding="utf-8"), encoding="utf-8")
    assert load_review(undated).title == "Uncle Iroh v Katara"


def test_a_final_score_reads_with_the_winners_points_first():
    from avatar_tui.play.report import markdown

    text = markdown(load_review(GAME))  # p2 wins 3–2
    assert "Katara (p2) wins 3–2 after 106 moves" in text
    assert "wins 2–3" not in text
