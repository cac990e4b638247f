"""`play --vs-bot`: p2 is the computer. Its moves come on a timer (here
called directly, so no test waits) and its keys are off for the person.
Whole games against it are played on the play layer, without a screen
(tests/test_play_referee.py)."""

from __future__ import annotations

from avatar_tui.bots import BotSeat
from avatar_tui.cli import build_parser
from avatar_tui.tui.screens.choice import ChoiceScreen

from .helpers import (
    make_app,
    new,
    play_p1_until_the_computer_moves,
)

NEVER = 3600.0  # the bot's pause in tests: its timer never fires, the test fires it


async def test_a_key_on_the_computers_turn_does_nothing_and_says_why():
    app = make_app(new(seed=2), bot=BotSeat("heuristic", "p2", seed=1, delay=NEVER))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await play_p1_until_the_computer_moves(app, pilot)
        before = app.session.state
        assert "computer" in app.timers  # its move is on the way
        for key in ("space", "p", "f", "d", "c", "u"):
            await pilot.press(key)
        assert app.session.state is before
        assert "the computer" in (app.controller.hint or "")
        assert not isinstance(app.screen, ChoiceScreen)  # the computer answers its own questions
        app.fire("computer")
        await pilot.pause()
        assert app.session.state is not before
        assert str(app.session.state.history[-1].action).startswith("p2:")


def test_the_command_line_takes_the_bot_kind():
    parser = build_parser()
    assert parser.parse_args(["play", "--vs-bot"]).vs_bot == "heuristic"
    assert parser.parse_args(["play", "--vs-bot", "random"]).vs_bot == "random"
    assert parser.parse_args(["play"]).vs_bot is None
