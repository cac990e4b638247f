"""The command line answers --help and --version, both as `avatar-tui` and
as `python -m avatar_tui`."""

import subprocess
import sys
from types import SimpleNamespace

import pytest

from avatar_tui import __version__
from avatar_tui.cli import main

SUBCOMMANDS = ["play", "games", "replay", "review", "cards", "deck", "demo", "simulate"]


def test_help_lists_every_subcommand(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    for name in SUBCOMMANDS:
        assert name in out


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert __version__ in capsys.readouterr().out


def test_python_dash_m_help():
    result = subprocess.run(
        [sys.executable, "-m", "avatar_tui", "--help"], capture_output=True, text=True
    )
    assert result.returncode == 0
    assert "replay" in result.stdout


def test_play_seed_fills_the_new_game_dialog(monkeypatch, tmp_path):
    """`play --seed N` without decks: the new-game dialog offers seed N."""
    from avatar_tui.tui import launch

    made = {}

    class FakeApp:
        return_code = 0
        game = SimpleNamespace(kept_notes=[])  # the lines saying where replaced games went

        def __init__(self, store, **kwargs):
            made.update(kwargs)

        def run(self):
            pass

    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(launch, "AvatarApp", FakeApp)
    assert main(["play", "--seed", "5"]) == 0
    assert made["seed"] == 5 and made["start"] == "ask"
