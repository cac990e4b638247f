"""Screenshots of the review screen (tui/screens/review.py) compared with
accepted ones, at the full layout and at 80x24: a position seen from the
reviewed seat (the opponent's hidden cards hidden, R1.6), and the end with
both players' cards and the coach's words (at a small fixed budget)."""

from __future__ import annotations

from pathlib import Path

from avatar_tui.play import coach
from avatar_tui.play.review import load_review
from avatar_tui.tui.review_app import ReviewApp

GAME = Path(__file__).parent.parent / "review" / "katara-v-uncle-iroh.toml"
FULL, SMALL = (120, 40), (80, 24)


def review_app() -> ReviewApp:
    app = ReviewApp(load_review(GAME), worlds=2)
    app.animation_level = "none"
    app.theme = "textual-dark"
    return app


async def coached(pilot) -> None:
    """The coach's words put on the screen as its worker would (the search
    itself is the same call, run here so the picture waits for nothing)."""
    screen = pilot.app.screen
    screen.worlds = 4  # the budget the words below are found at, as the screen names it
    screen.coached(coach.coach(screen.review, "p1", worlds=screen.worlds), None)
    screen.review.go(70)  # a move the coach marked
    screen.show()
    await pilot.pause()


def test_review_mid_game(snap_compare):
    assert snap_compare(review_app(), press=["right"] * 5 + ["pagedown"] * 3,
                        terminal_size=FULL)


def test_review_coached(snap_compare):
    assert snap_compare(review_app(), press=["v"], run_before=coached, terminal_size=FULL)


def test_review_small(snap_compare):
    assert snap_compare(review_app(), press=["right"] * 5 + ["pagedown"] * 3,
                        terminal_size=SMALL)


def test_review_small_coached(snap_compare):
    assert snap_compare(review_app(), press=["v"], run_before=coached, terminal_size=SMALL)
