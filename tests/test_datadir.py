"""Where the data directory is, and when there is no sane place for it: an
empty, relative or missing home is refused with one line naming HOME and the
two variables that set the place (never the file system's root); a relative
XDG_DATA_HOME is ignored, as the XDG specification says."""

from __future__ import annotations

from pathlib import Path

import pytest

from avatar_tui.cli import main
from avatar_tui.io import datadir
from avatar_tui.io.datadir import DataDirError, user_cache_dir, user_data_dir


@pytest.fixture
def bare(monkeypatch):
    """No variable that names the place."""
    for name in ("AVATAR_TUI_DATA_DIR", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def refused() -> str:
    with pytest.raises(DataDirError) as caught:
        user_data_dir()
    line = str(caught.value)
    assert "\n" not in line
    for name in ("HOME", "XDG_DATA_HOME", "AVATAR_TUI_DATA_DIR"):
        assert name in line, line
    return line


@pytest.mark.parametrize("home", ["", "relative/home", "/"])
def test_an_empty_relative_or_root_home_is_refused(bare, home):
    bare.setenv("HOME", home)
    assert ("HOME is empty" if home == "" else f"HOME is {home!r}") in refused()


def test_an_unset_home_asks_the_system_s_account(bare, tmp_path):
    bare.delenv("HOME")
    bare.setattr(datadir, "_account_home", lambda: str(tmp_path / "acct"))
    assert user_data_dir() == tmp_path / "acct" / ".local" / "share" / "avatar-tui"
    assert user_cache_dir() == tmp_path / "acct" / ".cache" / "avatar-tui"


@pytest.mark.parametrize("account", [None, "", "/"])
def test_an_unset_home_and_no_account_home_is_refused(bare, account):
    bare.delenv("HOME")
    bare.setattr(datadir, "_account_home", lambda: account)
    assert "HOME is not set" in refused()


def test_a_variable_that_names_the_place_needs_no_home(bare, tmp_path):
    bare.setenv("HOME", "")
    bare.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert user_data_dir() == tmp_path / "xdg" / "avatar-tui"
    bare.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path / "mine"))
    assert user_data_dir() == tmp_path / "mine"


def test_a_relative_xdg_data_home_is_ignored(bare, tmp_path):
    bare.setenv("HOME", str(tmp_path / "home"))
    bare.setenv("XDG_DATA_HOME", "relative/xdg")
    bare.setenv("XDG_CACHE_HOME", "relative/cache")
    assert user_data_dir() == tmp_path / "home" / ".local" / "share" / "avatar-tui"
    assert user_cache_dir() == tmp_path / "home" / ".cache" / "avatar-tui"
    bare.setenv("HOME", "")
    refused()  # ignored, so it does not stand in for the missing home


def test_with_no_home_the_card_cache_is_skipped_not_put_at_the_root(bare):
    bare.setenv("HOME", "")
    assert user_cache_dir() is None


@pytest.mark.parametrize("argv", [["deck", "list"], ["play", "--resume"], ["decks"]])
def test_commands_that_use_the_data_directory_refuse_in_one_line(bare, capsys, argv):
    from textual.app import App

    def started(self, *args, **kwargs):
        raise AssertionError("an app started with no data directory")

    bare.setattr(App, "run", started)  # a regression fails here instead of waiting on a terminal
    bare.setenv("HOME", "")
    root = Path("/.local/share/avatar-tui")
    there = root.exists()
    assert main(argv) == 2
    assert there or not root.exists(), "the data directory was made at the root"
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("avatar-tui: ")
    assert "HOME" in err and "AVATAR_TUI_DATA_DIR" in err
