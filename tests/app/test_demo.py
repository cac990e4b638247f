"""Demos in the app: stepping forward through the engine, back exactly (a
replay from the setup), refused lines shown without a change, auto-play
started and stopped by its key, taking over into a hot-seat game, and the command
line's list and refusal of unknown names."""

from __future__ import annotations

import pytest

from avatar_tui.cli import main
from avatar_tui.demos import list_demos, load_demo
from avatar_tui.engine import new_game
from avatar_tui.notation.scenario import load_scenario
from avatar_tui.play.demo import Demo
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.game import GameScreen

from .helpers import NARRATED, make_app, screen_text


def narrated() -> Demo:
    return Demo(load_scenario(NARRATED), "narrated")


def narration(app) -> str:
    """The narration panel's text, unwrapped."""
    from textual.content import Content
    from textual.widgets import Static

    shown = app.screen.query_one("#narration-text", Static).visual
    assert isinstance(shown, Content)
    return shown.plain


def dump(app) -> tuple[str, list[str]]:
    """The board's state and the log's lines: what must match exactly."""
    return app.session.state.model_dump_json(), [str(e) for e in app.session.log]


def test_going_back_is_exact_for_every_step_of_every_built_in_demo():
    """rebuild(k) from scratch is the board stepped to k (and the events)."""
    for info in list_demos():
        demo = Demo(load_demo(info.name), info.name)
        state, events = demo.start()
        stepped = [(state.model_dump_json(), [str(e) for e in events])]
        while not demo.at_end:
            state, more = demo.forward(state)
            events = events + more
            stepped.append((state.model_dump_json(), [str(e) for e in events]))
        assert len(stepped) == demo.total + 1
        for k in range(0, demo.total + 1, max(1, demo.total // 12)):
            again, again_events = demo.rebuild(k)
            assert (again.model_dump_json(), [str(e) for e in again_events]) == stepped[k], \
                (info.name, k)
        assert demo.current().line is not None


async def test_next_and_previous_steps_are_exact():
    app = make_app(demo=narrated())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        setup_state, _ = new_game(app.controller.demo.scenario.setup)
        assert app.session.state.model_dump_json() == setup_state.model_dump_json()
        assert "Aang (p1) and Prince Zuko (p2) have dealt" in narration(app)
        steps = [dump(app)]
        for _ in range(4):
            await pilot.press("right")
            steps.append(dump(app))
        assert app.controller.demo.step == 4
        assert str(app.session.state.history[-1].action) == "p1: pay"  # Momo, from the engine
        assert "Momo takes the green ally space" in narration(app)
        await pilot.press("space")  # space steps too
        assert app.controller.demo.step == 5
        for k in (4, 3, 2, 1, 0):
            await pilot.press("left")
            assert app.controller.demo.step == k
            assert dump(app) == steps[k]
        # the log shows exactly the events up to the step
        log = app.screen.query_one("#log")
        assert len(log.entries) == len(steps[0][1])
        assert not app.screen.check_action("demo_step", (-1,))  # nothing before the setup


async def test_a_refused_line_is_a_step_that_changes_nothing():
    app = make_app(demo=narrated())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        before = dump(app)
        await pilot.press("right")  # p2: open p2 !
        assert app.controller.demo.step == 1
        assert dump(app) == before
        text = narration(app)
        assert "p2: open p2" in text and "refused:" in text
        assert "it is p1's move, not p2's" in text  # the engine's reason
        assert "the choice is Aang's (R2.4)" in text  # the narration


async def test_a_starts_auto_play_on_a_timer_and_a_again_stops_it(monkeypatch):
    """The keys' wiring; auto-play to the end on its pauses is the play
    layer's (tests/test_play_referee.py)."""
    # the timer never fires by itself here (a loaded machine's key presses can
    # outlast a short pause): its step is called below
    monkeypatch.setenv("AVATAR_TUI_DEMO_DELAY", "600")
    app = make_app(demo=narrated())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        assert app.controller.mode.playing and "demo" in app.timers
        assert app.screen.check_action("demo_stop", ()) and \
            not app.screen.check_action("demo_auto", ())
        app.fire("demo")  # the timer's call, without waiting
        await pilot.pause()
        assert app.controller.demo.step == 1 and "demo" in app.timers  # and the next pause runs
        assert "auto-play" in app.game_screen.narration_where
        await pilot.press("a")  # stops
        assert not app.controller.mode.playing and app.referee.demo_due is None
        app.fire("demo")  # a pause still running when it stopped does nothing
        await pilot.pause()
        assert app.controller.demo.step == 1 and "demo" not in app.timers


async def test_the_game_keys_are_off_in_a_demo():
    app = make_app(demo=narrated())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(3):
            await pilot.press("right")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert app.session.state.phase == "decide"  # Momo is flipped: pay would be legal
        assert not screen.check_action("play", ("pay",))
        before = dump(app)
        await pilot.press("f")  # focus: not in a demo
        assert dump(app) == before
        assert "This is a demo" in (app.controller.hint or "")
        assert app.screen is screen  # no dialog either (the opening question was not asked)
        app.controller.hint = None
        assert app.controller.clicked("p1", "green", flip=True) == "pay"
        # a click on Momo: not in a demo either
        app.carry_out(app.referee.clicked("p1", "green", flip=True))
        await pilot.pause()
        assert dump(app) == before and "This is a demo" in (app.controller.hint or "")


async def test_taking_over_plays_on_from_the_step_hot_seat():
    app = make_app(demo=narrated())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(3):
            await pilot.press("right")
        state = app.session.state
        await pilot.press("p")  # take over
        await pilot.pause()
        assert app.controller.demo is None and app.session.state is state
        assert "took over" in screen_text(app)
        assert not app.screen.has_class("-demo")
        assert app.screen.check_action("play", ("pay",))
        await pilot.press("p")  # now p pays for Momo
        await pilot.pause()
        assert str(app.session.state.history[-1].action) == "p1: pay"
        assert len(app.session.state.history) == 3
        await pilot.press("left")  # the demo keys are gone
        assert len(app.session.state.history) == 3


async def test_taking_over_at_a_question_asks_it():
    app = make_app(demo=narrated())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)  # who defends the opening attack
        await pilot.press("1")
        await pilot.pause()
        assert str(app.session.state.history[-1].action) == "p1: open p1"


def test_demo_lists_the_demos(capsys):
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    for info in list_demos():
        assert info.name in out and info.title in out


@pytest.mark.parametrize("name", ["nope", "99"])
def test_an_unknown_demo_is_refused_with_the_names(capsys, name):
    assert main(["demo", name]) == 2
    err = capsys.readouterr().err
    assert repr(name) in err
    for info in list_demos():
        assert info.name in err
