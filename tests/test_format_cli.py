"""`--format` on the command line (docs/formats.md): `play --format` opens the
new-game screen with the format chosen; what it cannot go with, and `host
--format`, are refused in one line."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from avatar_tui.cli import main


def test_play_format_opens_the_new_game_screen_with_it(monkeypatch, tmp_path):
    from avatar_tui.tui import launch

    made = {}

    class FakeApp:
        return_code = 0
        controller = SimpleNamespace(kept_notes=[])

        def __init__(self, store, **kwargs):
            made.update(kwargs)

        def run(self):
            pass

    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(launch, "AvatarApp", FakeApp)
    assert main(["play", "--format", "rip-n-flip", "--packs", "5", "--seed", "3"]) == 0
    assert made["start"] == "new" and made["seed"] == 3
    assert made["game_format"] == "rip-n-flip" and made["packs"] == 5


@pytest.mark.parametrize(("args", "words"), [
    (["--format", "rip-n-flip", "--plain"], "not with --plain"),
    (["--format", "rip-n-flip", "--deck1", "x.toml"], "not with --deck1"),
    (["--format", "rip-n-flip", "--scenario", "x.toml"], "not with --scenario"),
    (["--format", "rip-n-flip", "--resume"], "not with --resume"),
    (["--packs", "5"], "--packs is a setting of a format: give --format too"),
])
def test_play_format_with_what_it_cannot_go_with_is_one_line(monkeypatch, tmp_path, capsys,
                                                             args, words):
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path))
    assert main(["play", *args]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and words in err[0], err


def test_an_unknown_format_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "--format", "pack-wars"])
    assert exit_info.value.code == 2
    said = capsys.readouterr().err
    assert "unknown format 'pack-wars' (expected one of: rip-n-flip, sealed)" in said


def test_host_refuses_a_format_in_one_line(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path))
    assert main(["host", "--format", "rip-n-flip"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert "not over host yet: PROTOCOL has no frame for the choices before a game" in err[0]
    assert not (tmp_path / "host").exists()  # refused before anything is claimed or written
