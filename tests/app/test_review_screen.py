"""The review screen (tui/screens/review.py): stepping by move and by turn,
both players' cards only for a finished game, the coach in a worker with
its marks on the timeline, playing on from a position, and its ways in:
`avatar-tui review`, the game-over dialog and the new-game screen."""

from __future__ import annotations

from pathlib import Path

from avatar_tui.notation.save import save_game
from avatar_tui.play import coach
from avatar_tui.play.plain import unmarked
from avatar_tui.play.review import load_review
from avatar_tui.store.storage import SaveStore
from avatar_tui.tui.review_app import ReviewApp
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.game import GameScreen
from avatar_tui.tui.screens.gameover import GameOverScreen
from avatar_tui.tui.screens.newgame import NewGameScreen
from avatar_tui.tui.screens.review import ContinueFrom, ReviewScreen

from .helpers import make_app, scenario, screen_text

GAME = Path(__file__).parent.parent / "review" / "katara-v-uncle-iroh.toml"
SIZE = (120, 40)


def review_app(worlds: int = 2) -> ReviewApp:
    app = ReviewApp(load_review(GAME), worlds=worlds)
    app.animation_level = "none"
    app.theme = "textual-dark"
    return app


async def test_arrows_step_by_move_and_pages_by_turn():
    app = review_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        review = app.review
        assert isinstance(app.screen, ReviewScreen) and review.at == 0
        assert "The setup" in screen_text(app)
        for _ in range(3):
            await pilot.press("right")
        assert review.at == 3 and "move 3/104" in screen_text(app)
        await pilot.press("left")
        assert review.at == 2
        await pilot.press("pagedown")
        assert review.at == review.turns[1].last
        await pilot.press("pagedown")
        assert review.at == review.turns[2].last and "turn 2" in screen_text(app)
        await pilot.press("pageup")
        assert review.at == review.turns[1].last
        await pilot.press("end")
        assert review.at == review.total and "wins 3" in screen_text(app)
        await pilot.press("home")
        assert review.at == 0


async def test_both_players_cards_only_once_it_is_over():
    app = review_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        review = app.review
        assert "seen from p1's seat" in screen_text(app)
        await pilot.press("v")  # the game in the file is over: allowed at any point
        await pilot.pause()
        assert review.reveal and "both players' cards" in screen_text(app)
        await pilot.press("v")
        assert not review.reveal


async def test_the_coach_runs_in_a_worker_and_marks_the_timeline():
    app = review_app(worlds=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.press("c")
        assert screen.coaching or screen.advice  # started (it may already be done)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not screen.coaching
        assert screen.advice == coach.coach(app.review, "p1", worlds=2)
        marked = [a for a in screen.advice.values() if a.mark]
        text = screen_text(app)
        assert f"coach: {len(marked)} marked of {len(screen.advice)}" in text
        if marked:
            assert marked[0].mark in text
        app.review.go(min(screen.advice))
        screen.show()
        await pilot.pause()
        assert "Coach:" in screen_text(app) and coach.named(2) in screen_text(app)
        await pilot.press("c")  # once is enough: the words are there
        assert not screen.coaching


async def test_p_offers_to_play_on_from_here():
    app = review_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(5):
            await pilot.press("right")
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("4")  # against the computer, dealt again
        await pilot.pause()
    assert app.return_value == ContinueFrom(app.review, 5, {"p2": "expert"}, True)


async def test_from_the_game_over_dialog_and_back(tmp_path):
    app = make_app(scenario("final_point"), store=SaveStore(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d")  # the third point (R10.2)
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        review = app.screen.review
        assert review.positions[-1] == app.session.state and review.at == review.total
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)


async def test_playing_on_from_the_review_keeps_a_new_game(tmp_path):
    app = make_app(scenario("final_point"), store=SaveStore(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        finished = app.session.state
        await pilot.press("v")
        await pilot.pause()
        await pilot.press("left")  # the last move scored the third point: one before it
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("1")  # hot seat, the same deal
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        state = app.session.state
        assert state.phase != "over" and len(state.history) == len(finished.history) - 1
        assert state.history == finished.history[:-1]
    # the new game is the current one now; the finished game is kept as it was
    store = SaveStore(tmp_path)
    assert store.load()[0] == state
    assert load_review(store.finished).positions[-1] == finished
    kept = [load_review(p).positions[-1] for p in (tmp_path / "games").glob("*.toml")]
    assert finished in kept


async def test_the_new_game_screen_opens_the_last_finished_game(tmp_path):
    store = SaveStore(tmp_path)
    save_game(load_review(GAME).positions[-1], store.finished)
    app = make_app(start="new", store=store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and app.screen.review.total == 104
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)


async def test_the_deck_out_game_at_80x24_tells_the_point_and_whose_points_are_whose():
    """Issue 36: the last move of a game p2 won 3–2 read "points 2–3"; and
    the deck-out flip that scored it read as an ordinary flip."""
    deck_out = Path(__file__).parent.parent / "review" / "2025-06-01-uncle-iroh-v-katara.toml"
    app = ReviewApp(load_review(deck_out), worlds=2)
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "Katara (p2) wins 3–2" in text
        assert "had no card to flip in the red zone" in text and "(R9.3)" in text
        assert "points p1 2, p2 3" in text


async def test_the_timeline_at_120x40_names_each_seats_points():
    """Issue 36: the timeline read "16 Uncle Iroh (p2) 1–2", p1's point
    first beside p2's name; now each seat's points by name (R10.2), as the
    move line says them."""
    app = review_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        text = screen_text(app)
        assert "16 Uncle Iroh (p2) · p1 1, p2 2" in text
        assert "21 Katara (p1) · p1 1, p2 3" in text and "points p1 1, p2 3" in text
        assert "1–2" not in text


async def test_each_mark_shows_its_reason_at_both_sizes():
    """Issue 41: beside the coach's word, why (play/reasons.py): what the two
    moves leave and what their futures show, with its rules; wrapped whole
    in the side panel at 120x40; at 80x24, where the panel has rows for the
    move's words only, `w` puts the word and why above them."""
    for size in (SIZE, (80, 24)):
        app = review_app()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            screen.coached(coach.coach(app.review, "p1", worlds=2), None)
            marked = next(n for n, a in sorted(screen.advice.items()) if a.mark and a.reason)
            app.review.go(marked)
            screen.show()
            await pilot.pause()
            if size != SIZE:
                assert "Why: " not in panel_text(screen)  # no room below the move's words
                await pilot.press("w")
                await pilot.pause()
            reason = " ".join(unmarked(screen.advice[marked].reason).split())
            text = panel_text(screen)
            assert "Coach:" in text and f"Why: {reason}" in text, size
            assert reason.endswith(")") and "(R" in reason  # its rules, read to the end


def panel_text(screen: ReviewScreen) -> str:
    """The side panel's words as the terminal shows them, its rows joined."""
    place = screen.query_one("#review-move").content_region
    rows = screen_text(screen.app).splitlines()[place.y:place.y + place.height]
    return " ".join(" ".join(row[place.x:place.right] for row in rows).split())
