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


# `avatar-tui --help`'s list, in its order: every command is a row of
# avatar_tui/cli's COMMANDS, the one table the parser and dispatch are built from
LISTED = ["play", "decks", "games", "replay", "review", "cards", "deck", "pack", "learn", "puzzle",
          "demo", "serve", "ssh",
          "host", "join", "watch", "screenshot", "simulate"]


def test_help_lists_the_table_of_commands_in_its_order(capsys):
    from avatar_tui.cli import COMMANDS

    with pytest.raises(SystemExit):
        main(["--help"])
    out = " ".join(capsys.readouterr().out.split())  # help lines wrap
    assert [command.name for command in COMMANDS] == LISTED
    places = [out.index(f" {command.name} {command.help}") for command in COMMANDS]
    assert places == sorted(places)


def test_the_parser_has_the_table_s_commands_alone_each_run_by_its_row():
    import argparse

    from avatar_tui.cli import COMMANDS, build_parser

    sub = next(action for action in build_parser()._actions
               if isinstance(action, argparse._SubParsersAction))
    assert list(sub.choices) == [command.name for command in COMMANDS]
    for command in COMMANDS:
        assert sub.choices[command.name].get_default("handler") is command.run, command.name


@pytest.mark.parametrize(("argv", "uses_data"), [
    ([], True), (["play"], True), (["decks"], True), (["games"], True),
    (["games", "delete", "x"], True), (["review"], True), (["host"], True),
    (["deck", "list"], True), (["deck", "import", "x"], True), (["deck", "export", "x"], True),
    (["deck", "check", "x"], False), (["deck", "random", "--character", "aang"], False),
    (["cards"], False), (["replay", "x"], False), (["simulate"], False), (["demo"], False),
    (["join", "ws://x"], False), (["watch", "ws://x"], False), (["serve"], False),
])
def test_the_commands_that_keep_games_or_decks_ready_the_data_directory(argv, uses_data):
    from avatar_tui.cli import build_parser

    assert build_parser().parse_args(argv).uses_data is uses_data


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
        controller = SimpleNamespace(kept_notes=[])  # the lines saying where replaced games went

        def __init__(self, store, **kwargs):
            made.update(kwargs)

        def run(self):
            pass

    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(launch, "AvatarApp", FakeApp)
    assert main(["play", "--seed", "5"]) == 0
    assert made["seed"] == 5 and made["start"] == "ask"
