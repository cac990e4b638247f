"""How the app keeps games safe: one writer per data directory (a lock; a
second instance is told and may look on read-only), a bad settings file
set aside instead of a crash at every start, a quit that asks when saves
fail, and a broken save that is never written over."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from avatar_tui.notation.save import load_game, save_game
from avatar_tui.store.storage import DataLock, SaveStore
from avatar_tui.tui import AvatarApp
from avatar_tui.tui.screens.choice import ChoiceScreen

from .helpers import advance, default_setup, make_app, new, policy, screen_text

NESTED = "theme = " + "[" * 500 + "]" * 500 + "\n"


def a_saved_game(store: SaveStore, steps: int = 10):
    state = advance(new(seed=3)[0], steps)
    save_game(state, store.current)
    return state


# ---------------------------------------------------------------- settings


@pytest.mark.parametrize("content", [NESTED, "theme = " + "9" * 5000 + "\n", b"\xff\xfe",
                                     "theme = [[[\n", "fifo"])
def test_a_bad_settings_file_is_set_aside_not_a_crash(data_dir, content):
    store = SaveStore(data_dir)
    data_dir.mkdir(parents=True)
    if content == "fifo":
        os.mkfifo(store.settings)
    else:
        store.settings.write_bytes(content if isinstance(content, bytes) else content.encode())
    AvatarApp(store)  # reads the theme: no RecursionError, ValueError or endless wait
    assert not store.settings.exists()
    assert (data_dir / "settings.broken-1.toml").exists()
    assert store.settings_problem and str(store.settings) in store.settings_problem


async def test_the_app_starts_with_a_bad_settings_file(data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / "settings.toml").write_text(NESTED)
    app = make_app(store=True, start="new")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app._exception is None and app.screen is not app.game_screen  # new game


async def test_a_set_aside_settings_file_is_said_once_in_the_status_line(data_dir):
    data_dir.mkdir(parents=True)
    (data_dir / "settings.toml").write_text("theme = [[[\n")
    app = make_app(new(seed=4), store=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        said = app.controller.hint or ""  # the status line's words
        assert "settings.toml: TOML syntax" in said and "settings.broken-1.toml" in said
        app.act(policy(app.session.state))  # a move: the line is the game's again
        app.controller.start(*new(seed=5))  # and a next game does not say it again
        assert "settings" not in (app.controller.hint or "")


# ---------------------------------------------------------------- one writer


def test_a_lock_is_held_by_one_store_at_a_time(data_dir):
    first, second = DataLock(data_dir), DataLock(data_dir)
    assert first.acquire().ours and first.held
    assert second.acquire().holder == os.getpid()
    first.release()
    assert second.acquire().ours


def test_the_lock_of_a_killed_process_is_taken_over(data_dir):
    """A real second process holds the lock; once it is killed (-9, no
    chance to clean up) the lock is free, the stale file notwithstanding."""
    holder = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(f"""
            import sys, time
            from pathlib import Path
            from avatar_tui.store.storage import DataLock
            lock = DataLock(Path({str(data_dir)!r}))
            assert lock.acquire().ours
            print("held", flush=True)
            time.sleep(60)
        """)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        lock = DataLock(data_dir)
        assert lock.acquire().holder == holder.pid
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    assert (data_dir / "lock").read_text().strip() == str(holder.pid)  # stale
    assert lock.acquire().ours and lock.held
    assert (data_dir / "lock").read_text().strip() == str(os.getpid())
    lock.release()


async def test_a_second_instance_says_so_and_may_look_on_read_only(data_dir):
    store = SaveStore(data_dir)
    a_saved_game(store)
    before = store.current.read_bytes()
    other = DataLock(data_dir)  # the first instance
    assert other.acquire().ours
    app = make_app(store=SaveStore(data_dir), start="resume")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        text = screen_text(app)
        assert "another avatar-tui" in text and f"process {os.getpid()}" in text
        await pilot.press("1")  # read-only
        await pilot.pause()
        assert app.session is not None and app.store.read_only
        app.act(policy(app.session.state))
        await pilot.pause()
        assert "Read-only:" in screen_text(app)
        await pilot.press("q")  # nothing to lose: nothing is saved here
        await pilot.pause()
    assert app.return_code in (None, 0)
    assert store.current.read_bytes() == before  # the other instance's game, untouched
    other.release()


async def test_a_second_instance_may_quit_at_once(data_dir):
    other = DataLock(data_dir)
    assert other.acquire().ours
    app = make_app(store=True, start="new")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert not app.is_running
    assert not (data_dir / "current.toml").exists()
    other.release()


async def test_the_lock_is_released_when_the_app_ends(data_dir):
    app = make_app(store=True, start="new")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.store.lock.held
        assert DataLock(data_dir).acquire().holder == os.getpid()
    assert DataLock(data_dir).acquire().ours


# ---------------------------------------------------------------- failing saves


def failing(store: SaveStore, monkeypatch) -> list[bool]:
    """Every save fails like a full disk while the flag is set."""
    broken = [True]
    real = SaveStore.save

    def save(self, state, **options):
        if broken[0]:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self, state, **options)

    monkeypatch.setattr(SaveStore, "save", save)
    return broken


@pytest.mark.parametrize("answer", ["retry", "elsewhere", "lose"])
async def test_quitting_while_saves_fail_asks(data_dir, tmp_path, monkeypatch, answer):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    store = SaveStore(data_dir)
    a_saved_game(store, steps=6)
    broken = failing(store, monkeypatch)
    app = make_app(store=store, start="resume")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(3):
            app.act(policy(app.session.state))
            await pilot.pause()
        state = app.session.state
        assert "could not be saved" in screen_text(app)
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running, "the quit lost moves without a word"
        text = screen_text(app)
        assert "Quit and lose 3 moves" in text and "No space left" in text
        if answer == "retry":
            broken[0] = False
            await pilot.press("1")
        elif answer == "elsewhere":
            await pilot.press("2")
            await pilot.pause()
            assert "The game is saved" in screen_text(app)
            await pilot.press("1")
        else:
            await pilot.press("3")
        await pilot.pause()
        assert not app.is_running
    if answer == "retry":
        assert load_game(store.current)[0].model_dump_json() == state.model_dump_json()
    elif answer == "elsewhere":
        kept = tmp_path / "home" / "avatar-tui-game-1.toml"
        assert load_game(kept)[0].model_dump_json() == state.model_dump_json()
    else:
        assert len(load_game(store.current)[0].history) == 6


async def test_escape_goes_back_to_the_game(data_dir, monkeypatch):
    store = SaveStore(data_dir)
    failing(store, monkeypatch)
    app = make_app((new(seed=3)[0], []), store=store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.act(policy(app.session.state))
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and app.screen is app.game_screen


async def test_a_broken_save_that_cannot_be_set_aside_is_never_written_over(data_dir,
                                                                            monkeypatch):
    store = SaveStore(data_dir)
    data_dir.mkdir(parents=True)
    store.current.write_text("not a save [\n")
    before = store.current.read_bytes()

    def refuse(self, path):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(SaveStore, "set_aside", refuse)
    app = make_app(store=store, start="ask")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "could not be renamed" in screen_text(app)
        await pilot.press("1")
        await pilot.pause()
        app.screen.dismiss(None)  # the new-game dialog
        app.carry_out(app.referee.start_game(default_setup(4)))
        await pilot.pause()
        for _ in range(3):
            app.act(policy(app.session.state))
            await pilot.pause()
        assert "not written over" in (app.controller.save_error or "")
        assert "could not be saved" in app.controller.hint
        assert store.current.read_bytes() == before
