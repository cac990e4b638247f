"""Playing a puzzle on the board (play/puzzle.py, the referee's puzzle
flow): a move that loses the goal ends the try and says why, "Start again"
puts the position back, "Show me" plays the solution with its words, and
solving it keeps the ✓ (store/progress.py)."""

from __future__ import annotations

from avatar_tui.engine import view
from avatar_tui.store.storage import SaveStore
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.lessons import LessonsScreen, PuzzlesScreen

from .helpers import make_app, new
from .test_lessons import panel

NAME = "01_one_card_to_stop_it"  # survive: pay for Knuckle Sandwich in yellow (R5.3)


def puzzle_app(store: SaveStore | None = None):
    app = make_app(start="puzzles", store=store or False)
    app.referee.puzzle_wanted = NAME
    return app


async def replies(app, pilot) -> None:
    """The other side's replies and shown moves made now (their pauses run out)."""
    for _ in range(40):
        if "puzzle" not in app.timers:
            return
        app.fire("puzzle")
        await pilot.pause()


async def choose(app, pilot, label: str) -> None:
    assert isinstance(app.screen, ChoiceScreen)
    await pilot.press(str(app.screen.options.index(label) + 1))
    await pilot.pause()


async def fail(app, pilot) -> None:
    """Discard in yellow, then focus what red flips: Zuko scores (R5.6, R10.2)."""
    await pilot.press("d")
    await pilot.pause()
    await pilot.press("space")
    await pilot.pause()
    await pilot.press("f")
    await pilot.pause()
    await replies(app, pilot)


async def test_a_failed_attempt_says_what_went_wrong_and_start_again_puts_the_position_back(
        tmp_path):
    store = SaveStore(tmp_path)
    app = puzzle_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        start = view(app.session.state)
        assert "Goal (p1): survive" in panel(app)
        await fail(app, pilot)
        assert "✗ the attack got through: your opponent won the point (R10.2)" in panel(app)
        assert app.screen.options[:2] == ["Start again", "Show me"]
        assert store.puzzles.solved() == []
        await choose(app, pilot, "Start again")
        assert view(app.session.state) == start
        assert "✗" not in panel(app)


async def test_show_me_plays_the_solution_with_its_words_and_keeps_no_check_mark(tmp_path):
    store = SaveStore(tmp_path)
    app = puzzle_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await fail(app, pilot)
        await choose(app, pilot, "Show me")
        await replies(app, pilot)
        said = panel(app)
        assert "1. p1: pay: Pay for Knuckle Sandwich" in said and "(R5.3)" in said
        assert "✓ Shown" in said
        assert view(app.session.state)["players"]["p2"]["score"] == 0
        assert store.puzzles.solved() == []  # shown is not solved


async def test_solving_keeps_the_check_mark_and_the_list_shows_it(tmp_path):
    store = SaveStore(tmp_path)
    app = puzzle_app(store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        assert "✓ Solved!" in panel(app)
        assert store.puzzles.solved() == [NAME]
        await choose(app, pilot, "The puzzles")
        assert isinstance(app.screen, PuzzlesScreen)
        assert app.screen.puzzles[0].solved and not app.screen.puzzles[1].solved


async def test_the_lessons_list_and_the_new_game_screen_lead_to_the_puzzles():
    app = make_app(start="learn")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LessonsScreen)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, PuzzlesScreen)
    app = make_app(start="new")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.click("#puzzles")
        await pilot.pause()
        assert isinstance(app.screen, PuzzlesScreen)


async def test_h_shows_the_solution_from_the_start_at_any_time():
    app = puzzle_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "h: show me" in panel(app)
        await pilot.press("d")  # a first move, then the wish to see the way
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        await replies(app, pilot)
        assert "1. p1: pay: Pay for Knuckle Sandwich" in panel(app)
        assert "✓ Shown" in panel(app)


async def test_in_a_puzzle_the_footer_names_h_show_me_and_h_plays_the_solution():
    """h in a puzzle is "show me", and the footer says so; elsewhere it is the hint."""
    app = puzzle_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.active_bindings["h"].binding.description == "Show me"
        await pilot.press("h")
        await pilot.pause()
        assert app.referee.puzzle_mode is not None
        assert app.referee.puzzle_mode.puzzle.showing is not None  # the solution is playing
    game = make_app(new())
    async with game.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("escape")  # the opening's question aside: the board's footer
        await pilot.pause()
        assert game.active_bindings["h"].binding.description == "Hint"
