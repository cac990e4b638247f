"""A lesson in the app (Pilot): the real board and keys, the step's words
in their panel; a move that is not the answer leaves the board exactly as
it was (the view compared) and says why beside the words, three misses
name the key, the answer moves on and shows `then`, finishing keeps the ✓,
and a lesson quit halfway starts again at its step."""

from __future__ import annotations

import time
from pathlib import Path

from avatar_tui.engine import view
from avatar_tui.lessons import BuiltInLesson, list_lessons, load_lesson
from avatar_tui.notation.lesson import check_lesson
from avatar_tui.notation.scenario import load_scenario
from avatar_tui.play.lesson import MISSES_BEFORE_THE_KEY, Lesson
from avatar_tui.store.storage import SaveStore
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.lessons import LessonsScreen
from tests.test_lessons_content import PANELS

from .helpers import make_app, screen_text

LESSON = Path(__file__).parent.parent / "lessons" / "flip_and_defend.toml"
NAME = "flip_and_defend"


def lesson(name: str | None = None) -> Lesson:
    scenario = load_scenario(LESSON)
    check_lesson(scenario)
    return Lesson(scenario, name=name)


def panel(app) -> str:
    """The lesson panel's text, unwrapped."""
    from textual.content import Content
    from textual.widgets import Static

    shown = app.game_screen.query_one("#narration-text", Static).visual
    assert isinstance(shown, Content)
    return shown.plain


async def watched(app, pilot) -> None:
    """The step that plays its own moves, made (its pauses run out now)."""
    while app.controller.lesson.playing:
        app.fire("lesson")
        await pilot.pause()


async def to_step(app, pilot, step: int) -> None:
    await watched(app, pilot)
    for key in ("space", "f", "space")[:step - 2]:
        await pilot.press(key)
    assert app.controller.lesson.step == step


async def test_a_legal_move_not_asked_for_leaves_the_board_and_shows_the_hint():
    app = make_app(lesson=lesson())
    async with app.run_test(size=(120, 40)) as pilot:
        await to_step(app, pilot, 5)  # pay is asked for: Knuckle Sandwich stops force 6
        before = view(app.session.state)
        await pilot.press("d")  # discarding is legal, and not the answer
        assert view(app.session.state) == before
        said = panel(app)
        assert "Knuckle Sandwich: intercept 6 stops force 6. Pay for it." in said
        assert "✗ Not this move: An intercept at least the incoming force stops the attack " \
               "(R5.3)." in said
        assert "The key" not in said


async def test_an_illegal_move_shows_the_engine_s_reason_and_rule():
    app = make_app(lesson=lesson())
    async with app.run_test(size=(120, 40)) as pilot:
        await to_step(app, pilot, 3)  # Skewer flipped: intercept 3 against force 6
        before = view(app.session.state)
        await pilot.press("p")
        assert view(app.session.state) == before
        said = panel(app)
        assert "Intercept 3 cannot stop force 6." in said  # the step's words stay
        assert "✗ Pay: Skewer's intercept 3 is below the incoming force 6 (R5.3)" in said


async def test_three_misses_name_the_key_and_the_answer_moves_on_showing_then():
    app = make_app(lesson=lesson())
    async with app.run_test(size=(120, 40)) as pilot:
        await to_step(app, pilot, 5)
        await pilot.press("d", "f")
        assert "The key" not in panel(app)
        await pilot.press("d")
        assert "The key: press p (Pay)" in panel(app)
        await pilot.press("p")
        said = panel(app)
        assert "✓ It counterattacks: Zuko must defend now." in said
        assert "The key" not in said and "✗" not in said


async def test_finishing_keeps_the_check_mark(tmp_path):
    store = SaveStore(tmp_path)
    app = make_app(lesson=lesson(NAME), store=store)
    async with app.run_test(size=(120, 40)) as pilot:
        await to_step(app, pilot, 5)
        await pilot.press("p")
        await pilot.pause()
        assert "The end of this lesson." in panel(app)
        assert isinstance(app.screen, ChoiceScreen)  # the next lesson, the list, quit
        assert store.lessons.finished() == [NAME]
        await pilot.press(str(app.screen.options.index("The lessons") + 1))
        await pilot.pause()
        assert isinstance(app.screen, LessonsScreen)


async def test_quitting_and_starting_again_resumes_at_the_step(tmp_path):
    app = make_app(lesson=lesson(NAME), store=SaveStore(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await to_step(app, pilot, 4)
        left = view(app.session.state)
        await pilot.press("q")
    again = make_app(lesson=lesson(NAME), store=SaveStore(tmp_path))
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert again.controller.lesson.step == 4
        assert view(again.session.state) == left
        assert "Resumed at step 4" in panel(again)
        assert "Flip again, in yellow." in panel(again)


async def test_the_step_s_words_are_whole_at_80x24():
    app = make_app(lesson=lesson())
    async with app.run_test(size=(80, 24)) as pilot:
        await to_step(app, pilot, 5)
        await pilot.press("d", "f", "d")
        text = " ".join(screen_text(app).split())
        for words in ("Knuckle Sandwich: intercept 6 stops force 6. Pay for it.",
                      "An intercept at least the incoming force stops the attack (R5.3).",
                      "The key: press p (Pay)"):
            assert words in text


def longest_asked_step() -> tuple[BuiltInLesson, int]:
    """The built-in step with the most words among those asking for a move."""
    asked = [(len(step.say), lesson, n) for lesson in list_lessons()
             for n, step in enumerate(load_lesson(lesson.name).steps, start=1) if step.answers]
    _, lesson, n = max(asked, key=lambda found: found[0])
    return lesson, n


async def test_the_longest_step_missed_three_times_is_whole_at_80x24(tmp_path):
    """Issue 40: the step's words and why the move was not made, both whole
    in the 80x24 panel, with the key, and nothing below to scroll to."""
    builtin, n = longest_asked_step()
    store = SaveStore(tmp_path)
    store.lessons.reached(builtin.name, n)
    app = make_app(lesson=Lesson(load_lesson(builtin.name), builtin.name), store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lesson = app.controller.lesson
        assert lesson.step == n
        columns, rows = PANELS["compact 80x24"]  # the fewest rows: a zone defended
        panel_area = app.game_screen.narration_panel.scrollable_content_region
        assert panel_area.width == columns and panel_area.height >= rows
        other = next(a for a in app.session.legal if not lesson.answers(a))
        for _ in range(MISSES_BEFORE_THE_KEY):
            app.act(other)
            await pilot.pause()
        await pilot.pause()
        said = panel(app)
        assert "✗ Not this move: " in said and "The key: press" in said
        text = " ".join(screen_text(app).split())
        for line in said.split("\n"):
            assert " ".join(line.split()) in text
        assert app.game_screen.narration_panel.max_scroll_y == 0
        assert "more ↓" not in text


async def test_the_hand_off_plays_on_against_the_computer_and_the_coach_reviews_its_end(
        tmp_path):
    from dataclasses import replace

    from avatar_tui.tui.screens.review import ReviewScreen

    handed = Lesson(replace(lesson().scenario, then_play="random"))
    app = make_app(lesson=handed, store=SaveStore(tmp_path))
    async with app.run_test(size=(120, 40)) as pilot:
        await to_step(app, pilot, 5)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert app.screen.options[0] == "Play on against the computer"
        await pilot.press("1")
        await pilot.pause()
        assert app.controller.bot is not None and app.controller.lesson is None
        # the learner's first legal move, the computer's at once; its moves are
        # worked out in a worker, so the wait is bounded by time, not by turns
        deadline = time.monotonic() + 120
        while not app.session.over and time.monotonic() < deadline:
            if app.screen is not app.game_screen:  # a question of the learner's (the
                # computer waits while a dialog hides the board): its first answer
                await pilot.press("1" if isinstance(app.screen, ChoiceScreen) else "enter")
                await pilot.pause()
            elif app.controller.mode.waiting:
                app.fire("computer")
                await pilot.pause(0.02)
            elif app.session.legal:
                app.act(app.session.legal[0])
                await pilot.pause()
            else:  # the computer is still thinking
                await pilot.pause(0.02)
        assert app.session.over, (app.controller.mode.waiting, app.session.legal,
                                  app.session.actor, app.timers, app.screen,
                                  [e.text for e in app.session.log[-4:]])
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
