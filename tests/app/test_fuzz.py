"""Illegal input never crashes: random keys, including ones that mean
nothing now, leave a game that is still the engine's own (replayable).

The burst fuzz sends keys the way fast fingers do — many at once, before
the app has handled the first — into every screen and dialog (the board,
a question, explain, help, the inspector, the privacy screen, a new game,
game over, a demo, a game against the computer, resume and broken-save
messages). A few bursts per start by default (a few seconds in
all); `AVATAR_TUI_LONG=1` sends hundreds (tests/depth.py)."""

from __future__ import annotations

import random
import unicodedata

import pytest
from depth import depth
from textual import events

from avatar_tui.bots import BotSeat
from avatar_tui.engine import replay_actions
from avatar_tui.model.actions import parse_action
from avatar_tui.notation.save import save_game
from avatar_tui.notation.scenario import load_scenario
from avatar_tui.play.demo import Demo
from avatar_tui.store.storage import SaveStore
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.game import GameScreen
from avatar_tui.tui.textual_private import key_character_name

from .helpers import NARRATED, advance, make_app, new, scenario

KEYS = list("pofdrtskacuvi123456789xyz") + [  # not n: a new game would reset the history
    "space", "enter", "escape", "tab", "left", "right", "up", "down", "question_mark"]

# Every key the app or one of its dialogs answers to (q and ctrl+q quit, and
# are sent only at the end), plus a few it does not.
BURST_KEYS = [*"abcdefghijklmnoprstuvwxyz123456789", "space", "enter", "escape", "tab",
              "shift+tab", "left", "right", "up", "down", "question_mark", "home", "end",
              "pageup", "pagedown", "backspace", "ctrl+d", "ctrl+g", "plus", "minus"]
# Keys that open a dialog from the board, so every burst can start in one.
OPENERS = ["", "e", "question_mark", "v", "i", "n", "c", "l"]
BURSTS = depth(8, 200)


def burst(app, keys: list[str]) -> None:
    """Queue the keys at once, as a terminal delivers a fast burst: none is
    handled before the next arrives (unlike `pilot.press`, which waits)."""
    for key in keys:
        try:
            char = unicodedata.lookup(key_character_name(key))
        except KeyError:
            char = key if len(key) == 1 else None
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)


def assert_consistent(app) -> None:
    """The app is alive and its game is exactly the replay of its history."""
    assert app._exception is None, app._exception
    assert app.is_running
    assert isinstance(app.screen_stack[0], GameScreen)
    session = app.session
    if session is not None and app.controller.demo is None:
        state = session.state
        again = replay_actions(state.setup, [parse_action(str(h.action)) for h in state.history])
        assert again.model_dump_json() == state.model_dump_json()


async def test_random_keys_never_crash_and_keep_the_game_consistent():
    rnd = random.Random(5)
    app = make_app(new(seed=6))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(250):
            await pilot.press(rnd.choice(KEYS))
        await pilot.pause()
        state = app.session.state
    assert app.return_code in (None, 0)
    assert state.history, "the keys made no move at all"
    again = replay_actions(state.setup, [parse_action(str(h.action)) for h in state.history])
    assert again.model_dump_json() == state.model_dump_json()


async def test_two_answer_keys_at_once_answer_the_question_once():
    """`1 1` in one burst on the opening question: the second key used to
    dismiss the dismissed dialog again and pop the board (ScreenStackError)."""
    app = make_app(new(seed=6))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        burst(app, ["1", "1"])
        await pilot.pause()
        await pilot.pause()
        assert_consistent(app)
        assert [str(h.action) for h in app.session.state.history][:1] == ["p2: open p1"]


async def test_a_dialog_ignores_a_second_dismissal():
    answers: list[int | None] = []
    app = make_app(new(seed=6))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        dialog = ChoiceScreen("Q", "?", ["a", "b"])
        app.push_screen(dialog, answers.append)
        await pilot.pause()
        dialog.dismiss(1)
        dialog.dismiss(0)
        await pilot.pause()
        assert answers == [1]
        # the opening question under it is still open: not popped in its place
        assert isinstance(app.screen, ChoiceScreen) and app.screen is not dialog
        assert_consistent(app)


def _resume_store(tmp_path) -> SaveStore:
    store = SaveStore(tmp_path / "resume")
    save_game(advance(new(seed=3)[0], 12), store.current)
    return store


def _broken_store(tmp_path) -> SaveStore:
    store = SaveStore(tmp_path / "broken")
    store.directory.mkdir(parents=True)
    store.current.write_text("this is [bold]not[/] a save = [\n")
    return store


STARTS = {
    "new game": lambda tmp: make_app(new(seed=6)),
    "ask new game": lambda tmp: make_app(start="new"),
    "overpay": lambda tmp: make_app(scenario("overpay")),
    "allies": lambda tmp: make_app(scenario("allies")),
    "target": lambda tmp: make_app(scenario("target")),
    "final point": lambda tmp: make_app(scenario("final_point")),
    "demo": lambda tmp: make_app(demo=Demo(load_scenario(NARRATED), "narrated")),
    "vs bot": lambda tmp: make_app(new(seed=2), bot=BotSeat("random", "p2", seed=7, delay=0)),
    "resume": lambda tmp: make_app(store=_resume_store(tmp)),
    "broken save": lambda tmp: make_app(store=_broken_store(tmp)),
}


@pytest.mark.parametrize("start", list(STARTS))
async def test_bursts_of_keys_in_every_screen_never_crash(start, tmp_path):
    rnd = random.Random(f"{start}-{BURSTS}")
    app = STARTS[start](tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(BURSTS):
            opener = rnd.choice(OPENERS)
            keys = [opener] if opener else []
            keys += [rnd.choice(BURST_KEYS) for _ in range(rnd.randint(1, 12))]
            if rnd.random() < 0.3:  # the same key repeated, as a held-down key
                keys += [rnd.choice(BURST_KEYS)] * rnd.randint(2, 6)
            burst(app, keys)
            await pilot.pause()
            assert_consistent(app), f"after {keys}"
        burst(app, ["escape", "escape", "q"])
        await pilot.pause()
    assert app._exception is None
