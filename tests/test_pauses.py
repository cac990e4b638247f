"""Pauses from environment variables are never 0 s (a Textual timer of 0 s
divides by zero: `AVATAR_TUI_BOT_DELAY=0 avatar-tui play --vs-bot` crashed
at the computer's first move), nor nan, negative or endless."""

import pytest

from avatar_tui.bots import BotSeat
from avatar_tui.bots.seat import default_delay
from avatar_tui.demos import load_demo
from avatar_tui.io.pauses import LONGEST, SHORTEST
from avatar_tui.play.demo import Demo


@pytest.mark.parametrize("text, expected", [
    ("0", SHORTEST), ("-3", SHORTEST), ("nan", SHORTEST), ("inf", LONGEST), ("0.25", 0.25)])
def test_pauses_from_the_environment_are_kept_in_bounds(monkeypatch, text, expected):
    monkeypatch.setenv("AVATAR_TUI_BOT_DELAY", text)
    monkeypatch.setenv("AVATAR_TUI_DEMO_DELAY", text)
    assert default_delay() == expected
    assert Demo(load_demo("setup_and_opening"), "setup_and_opening").pause() == expected


def test_a_seat_given_no_pause_still_waits_a_moment():
    assert BotSeat("random", "p2", seed=1, delay=0).delay > 0
