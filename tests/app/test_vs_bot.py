"""`play --vs-bot`: p2 is the computer. Its moves come on a timer (here
called directly, so no test waits), its keys are off for the person, and
a whole game finishes with keys for p1 only."""

from __future__ import annotations

from avatar_tui.bots import BotSeat
from avatar_tui.cli import build_parser
from avatar_tui.play.keys import GAME_KEYS
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.game import GameScreen
from avatar_tui.tui.screens.gameover import GameOverScreen
from avatar_tui.tui.screens.privacy import SecretGate

from .helpers import (
    KEY_OF,
    PREFERRED,
    make_app,
    new,
    play_p1_until_the_computer_moves,
    screen_text,
)

NEVER = 3600.0  # the bot's pause in tests: its timer never fires, the test calls bot_move


async def test_a_game_against_the_random_bot_finishes_by_keys_for_p1_only():
    app = make_app(new(seed=2), bot=BotSeat("random", "p2", seed=7, delay=NEVER))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        p1_presses = bot_moves = 0
        while not isinstance(app.screen, GameOverScreen):
            assert p1_presses + bot_moves < 3000, "the game did not end"
            screen = app.screen
            if app.bot_to_move:
                assert app.bot_timer is not None  # its move is on the way
                game = app.game_screen
                assert not any(game.check_action("play", (k.name,)) for k in GAME_KEYS)
                assert not game.check_action("choose", ()) and not game.check_action("undo", ())
                app.bot_move()
                await pilot.pause()
                bot_moves += 1
                continue
            assert app.session.legal[0].player == "p1"
            if isinstance(screen, SecretGate):  # R1.6: the chooser looks (not an action)
                await pilot.press("enter")
                continue
            if isinstance(screen, ChoiceScreen):
                await pilot.press("1")
            else:
                assert isinstance(screen, GameScreen)
                name = next(n for n in PREFERRED if screen.check_action("play", (n,)))
                await pilot.press(KEY_OF[name])
            p1_presses += 1
        history = [str(h.action) for h in app.session.state.history]
        assert sum(a.startswith("p2:") for a in history) == bot_moves > 0
        assert sum(a.startswith("p1:") for a in history) == p1_presses > 0
        assert "wins!" in screen_text(app)


async def test_a_key_on_the_computers_turn_does_nothing_and_says_why():
    app = make_app(new(seed=2), bot=BotSeat("heuristic", "p2", seed=1, delay=NEVER))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await play_p1_until_the_computer_moves(app, pilot)
        before = app.session.state
        for key in ("space", "p", "f", "d", "c", "u"):
            await pilot.press(key)
        assert app.session.state is before
        assert "the computer" in (app.game.hint or "")
        assert not isinstance(app.screen, ChoiceScreen)  # the computer answers its own questions
        app.bot_move()
        await pilot.pause()
        assert app.session.state is not before
        assert str(app.session.state.history[-1].action).startswith("p2:")


def test_the_command_line_takes_the_bot_kind():
    parser = build_parser()
    assert parser.parse_args(["play", "--vs-bot"]).vs_bot == "heuristic"
    assert parser.parse_args(["play", "--vs-bot", "random"]).vs_bot == "random"
    assert parser.parse_args(["play"]).vs_bot is None
