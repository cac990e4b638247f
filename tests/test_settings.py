"""settings.toml's `scheduler`: the Dask cluster of the deck editor's test,
read and kept like the other settings, and what `avatar-tui decks` hands
the editor (its --scheduler first)."""

from __future__ import annotations

import pytest

from avatar_tui.cli import main
from avatar_tui.store.settings import Settings, read


def test_a_scheduler_is_read_and_kept():
    settings, problems = read({"scheduler": "tcp://10.0.0.5:8786"}, "settings.toml")
    assert settings.scheduler == "tcp://10.0.0.5:8786" and problems == []
    assert settings.table()["scheduler"] == "tcp://10.0.0.5:8786"
    assert "scheduler" not in Settings().table()  # none chosen: no line


@pytest.mark.parametrize("value", [3, "", "tcp://x\x1b[2J", "x" * 300, True])
def test_a_scheduler_that_is_no_address_is_set_aside_in_one_line(value):
    settings, problems = read({"scheduler": value, "think": 2}, "settings.toml")
    assert settings.scheduler is None and settings.think == 2.0
    [problem] = problems
    assert problem.startswith("settings.toml: scheduler: expected a Dask scheduler's address")
    assert "\x1b" not in problem and len(problem) < 160


@pytest.fixture
def decks_run(tmp_path, monkeypatch):
    """`avatar-tui decks` up to the editor: the scheduler it was handed."""
    from avatar_tui.tui import decks_app

    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path))
    handed = []
    monkeypatch.setattr(decks_app, "run",
                        lambda name, scheduler, pool: handed.append(scheduler) or 0)
    return tmp_path, handed


def test_decks_takes_the_scheduler_from_the_settings(decks_run, capsys):
    data, handed = decks_run
    (data / "settings.toml").write_text('scheduler = "local"\n')
    assert main(["decks"]) == 0
    assert handed == ["local"] and capsys.readouterr().err == ""


def test_decks_takes_its_command_line_before_the_settings(decks_run):
    data, handed = decks_run
    (data / "settings.toml").write_text('scheduler = "local"\n')
    assert main(["decks", "--scheduler", "tcp://127.0.0.1:8786"]) == 0
    assert handed == ["tcp://127.0.0.1:8786"]


def test_decks_says_a_bad_scheduler_setting_in_one_line(decks_run, capsys):
    data, handed = decks_run
    (data / "settings.toml").write_text("scheduler = 5\n")
    assert main(["decks"]) == 0
    assert handed == [None]
    err = capsys.readouterr().err
    assert err.startswith("avatar-tui decks: settings.toml: scheduler:") and err.count("\n") == 1
