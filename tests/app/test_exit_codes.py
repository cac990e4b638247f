"""Every command that runs a Textual app exits non-zero when the app dies
of an exception (Textual then sets the app's return code to 1), so a
script or a shell sees the crash. The apps run headless here, each broken
on mounting; `join` and `watch` are told their URL is fine without a host."""

from __future__ import annotations

import pytest
from textual.app import App

from avatar_tui.cli import join, main
from avatar_tui.tui.app import AvatarApp
from avatar_tui.tui.decks_app import DecksApp
from avatar_tui.tui.review_app import ReviewApp

MIDGAME = "avatar_tui/tui/scenarios/midgame.toml"
REVIEWED = "tests/review/katara-v-uncle-iroh.toml"


def broken(*_args) -> None:
    raise RuntimeError("a bug in the app")


@pytest.fixture
def headless(monkeypatch):
    """App.run without a terminal (the test's own process has none)."""
    run = App.run
    monkeypatch.setattr(App, "run", lambda app, **how: run(app, headless=True, **how))


@pytest.mark.parametrize(("argv", "app"), [
    (["decks"], DecksApp),
    (["play", "--scenario", MIDGAME], AvatarApp),
    (["demo", "1"], AvatarApp),
    (["review", REVIEWED], ReviewApp),
    (["join", "ws://127.0.0.1:1/p1/token"], AvatarApp),
    (["watch", "ws://127.0.0.1:1/watch"], AvatarApp),
], ids=["decks", "play", "demo", "review", "join", "watch"])
def test_a_command_whose_app_dies_exits_non_zero(headless, monkeypatch, capsys, argv, app):
    async def role(_client) -> str:
        return "watch" if argv[0] == "watch" else "p1"

    monkeypatch.setattr(join, "_check", role)
    monkeypatch.setattr(app, "on_mount", broken, raising=False)
    assert main(argv) != 0
    assert "a bug in the app" in capsys.readouterr().err  # Textual's report of the crash
