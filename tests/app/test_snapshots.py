"""Screenshots compared with accepted ones (pytest-textual-snapshot): fixed
scenarios and seeds, the environment pinned in conftest. After a wanted
change: `pytest tests/app --snapshot-update`, then look at the SVGs."""

from __future__ import annotations

from .helpers import make_app, scenario

FULL = (120, 40)


def test_new_game_screen(snap_compare):
    assert snap_compare(make_app(start="new", seed=1), terminal_size=FULL)


def test_opening_choice(snap_compare):
    assert snap_compare(make_app(scenario("opening")), terminal_size=FULL)


def test_mid_game_board(snap_compare):
    """Allies, advantages, charged zones, a strike counterattacking, and
    changed values shown beside the printed ones."""
    assert snap_compare(make_app(scenario("midgame")), terminal_size=FULL)


def test_overpay_chooser(snap_compare):
    assert snap_compare(make_app(scenario("overpay")), press=["o"], terminal_size=FULL)


def test_signature_privacy_screen(snap_compare):
    assert snap_compare(make_app(scenario("midgame")), press=["v"], terminal_size=FULL)


def test_help(snap_compare):
    assert snap_compare(make_app(scenario("midgame")), press=["question_mark"],
                        terminal_size=FULL)


def test_game_over(snap_compare):
    assert snap_compare(make_app(scenario("final_point")), press=["d"], terminal_size=FULL)


def test_compact_layout_80x24(snap_compare):
    assert snap_compare(make_app(scenario("midgame")), terminal_size=(80, 24))


def test_medium_layout_100x33(snap_compare):
    """Between 80x24 and 120x40 the rows grow to use the height (layout.py)."""
    assert snap_compare(make_app(scenario("midgame")), terminal_size=(100, 33))


def _narrated_demo():
    from avatar_tui.notation.scenario import load_scenario
    from avatar_tui.play.demo import Demo

    from .helpers import NARRATED

    return Demo(load_scenario(NARRATED), "narrated")


def test_demo_step(snap_compare):
    """A demo after four steps: Momo played; the narration beside the log."""
    assert snap_compare(make_app(demo=_narrated_demo()), press=["right"] * 4,
                        terminal_size=FULL)


def test_demo_refused_step(snap_compare):
    assert snap_compare(make_app(demo=_narrated_demo()), press=["right"], terminal_size=FULL)


def test_explain_panel(snap_compare):
    assert snap_compare(make_app(scenario("midgame")), press=["e"], terminal_size=FULL)


def test_log_line_and_its_rule(snap_compare):
    assert snap_compare(make_app(scenario("midgame")), press=["l", "up", "up"],
                        terminal_size=FULL)


def _lesson():
    from pathlib import Path

    from avatar_tui.notation.scenario import load_scenario
    from avatar_tui.play.lesson import Lesson

    return Lesson(load_scenario(Path(__file__).parent.parent / "lessons" /
                                "flip_and_defend.toml"))


async def _lesson_missed(pilot):
    """The step that plays by itself made; then step 3, where paying is
    refused by the engine (intercept 3 against force 6)."""
    app = pilot.app
    while app.controller.lesson.playing:
        app.fire("lesson")
        await pilot.pause()
    await pilot.press("space", "p")


def test_lesson_step_80x24(snap_compare):
    """A lesson's step at the smallest size: the words whole under the board,
    the engine's reason for the refused move beside them."""
    assert snap_compare(make_app(lesson=_lesson()), terminal_size=(80, 24),
                        run_before=_lesson_missed)


def test_lesson_step(snap_compare):
    assert snap_compare(make_app(lesson=_lesson()), terminal_size=FULL,
                        run_before=_lesson_missed)
