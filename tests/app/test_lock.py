"""The data directory's lock never turns off without a word: every way of
ending with no lock (the lock path a directory, a symbolic link or a FIFO;
a directory that cannot be written; a file system without locks; a system
without them) is a reason the player is told, and the game then opens
read-only or not at all. A full disk at start is no crash, and the temporary
files a killed save left behind are cleaned once the lock is ours."""

from __future__ import annotations

import errno
import os
import sys

import pytest

from avatar_tui.notation.save import save_game
from avatar_tui.store.storage import DataLock, SaveStore
from avatar_tui.tui.screens.choice import ChoiceScreen

from .helpers import advance, make_app, new, policy, screen_text


def words(app) -> str:
    """The screen's words, a dialog's lines joined (its border set aside)."""
    return " ".join(screen_text(app).replace("\u2588", " ").split())


def no_lock(lock: DataLock, *words: str) -> str:
    """The lock was not taken, and the reason says so in these words."""
    outcome = lock.acquire()
    assert not outcome.ours and not lock.held
    assert outcome.holder is None  # nobody else holds it: it cannot be taken at all
    assert outcome.problem and "\n" not in outcome.problem
    for word in words:
        assert word in outcome.problem, outcome.problem
    return outcome.problem


# ---------------------------------------------------------------- each way there is no lock


def test_a_lock_path_that_is_a_directory_is_no_lock(data_dir):
    (data_dir / "lock").mkdir(parents=True)
    no_lock(DataLock(data_dir), str(data_dir / "lock"), "directory")


@pytest.mark.parametrize("target", ["elsewhere", "missing"])
def test_a_lock_path_that_is_a_symlink_is_no_lock(data_dir, tmp_path, target):
    data_dir.mkdir(parents=True)
    other = tmp_path / target
    if target == "elsewhere":
        other.write_text("kept\n")
    (data_dir / "lock").symlink_to(other)
    no_lock(DataLock(data_dir), str(data_dir / "lock"), "symbolic link")
    assert (other.read_text() == "kept\n") if target == "elsewhere" else not other.exists()


def test_a_lock_path_that_is_a_fifo_is_no_lock(data_dir):
    data_dir.mkdir(parents=True)
    os.mkfifo(data_dir / "lock")
    no_lock(DataLock(data_dir), str(data_dir / "lock"), "not a regular file")


def test_a_directory_that_cannot_be_written_is_no_lock(data_dir, monkeypatch):
    """Tests run as root, where permissions do not stop a write: the
    refusal is the system's answer, put in place of os.open's."""
    data_dir.mkdir(parents=True)
    real = os.open

    def refusing(path, *args, **kwargs):
        if os.fspath(path) == str(data_dir / "lock"):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing)
    no_lock(DataLock(data_dir), str(data_dir), "Permission denied")


def test_a_data_directory_that_cannot_be_made_is_no_lock(tmp_path):
    (tmp_path / "file").write_text("")
    no_lock(DataLock(tmp_path / "file" / "data"), str(tmp_path / "file" / "data"))


@pytest.mark.parametrize("code", [errno.ENOLCK, errno.EOPNOTSUPP, errno.EINVAL])
def test_a_file_system_without_locks_is_no_lock(data_dir, monkeypatch, code):
    import fcntl

    def no_flock(fd, operation):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(fcntl, "flock", no_flock)
    no_lock(DataLock(data_dir), "lock", os.strerror(code))


def test_a_system_without_file_locks_is_no_lock(data_dir, monkeypatch):
    monkeypatch.setitem(sys.modules, "fcntl", None)  # `import fcntl` fails as on Windows
    no_lock(DataLock(data_dir), "no file locks")


@pytest.mark.parametrize("failing", ["write", "ftruncate"])
def test_a_full_disk_at_start_keeps_the_lock_and_does_not_crash(data_dir, monkeypatch, failing):
    """flock took the lock before the process id is written; a disk too
    full for the id leaves the lock ours, only anonymous."""
    def full(*args):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, failing, full)
    lock = DataLock(data_dir)
    outcome = lock.acquire()
    monkeypatch.undo()
    assert outcome.ours and lock.held
    assert DataLock(data_dir).acquire().holder == 0  # held; by whom, the file cannot say
    lock.release()
    assert DataLock(data_dir).acquire().ours


def test_a_lock_held_elsewhere_names_its_holder(data_dir):
    first, second = DataLock(data_dir), DataLock(data_dir)
    assert first.acquire().ours
    taken = second.acquire()
    assert not taken.ours and taken.holder == os.getpid() and taken.problem is None
    first.release()


# ---------------------------------------------------------------- stale temporary files


TEMPS = [".current.toml.k2x9_a0q.tmp", ".settings.toml.abcdefgh.tmp",
         ".last-finished.toml.12345678.tmp"]
NOT_OURS = [".current.toml.k2x9_a0q.tmp.keep", "current.toml.abcdefgh.tmp", ".notes.abcdefgh.tmp",
            ".current.toml.tmp", "mine.tmp"]


def stale_files(data_dir):
    data_dir.mkdir(parents=True)
    for name in TEMPS + NOT_OURS:
        (data_dir / name).write_text("half a save")
    (data_dir / ".current.toml.dirdirdi.tmp").mkdir()  # not a file: not ours either


def test_stale_temporary_files_are_removed_once_the_lock_is_ours(data_dir):
    stale_files(data_dir)
    lock = DataLock(data_dir)
    assert lock.acquire().ours
    left = sorted(p.name for p in data_dir.iterdir())
    assert not set(TEMPS) & set(left), left
    assert set(NOT_OURS) <= set(left) and ".current.toml.dirdirdi.tmp" in left
    lock.release()


def test_stale_temporary_files_of_kept_games_are_removed_too(data_dir):
    games = data_dir / "games"
    games.mkdir(parents=True)
    stale = ".2026-11-27-aang-v-prince-zuko.toml.k2x9_a0q.tmp"
    kept = ["2026-11-27-aang-v-prince-zuko.toml", ".notes.toml.tmp", "x.toml.abcdefgh.tmp"]
    for name in [stale, *kept]:
        (games / name).write_text("half a save")
    lock = DataLock(data_dir)
    assert lock.acquire().ours
    assert sorted(p.name for p in games.iterdir()) == sorted(kept)
    lock.release()


def test_temporary_files_are_left_alone_while_another_instance_writes(data_dir):
    stale_files(data_dir)
    holder = DataLock(data_dir)
    assert holder.acquire().ours
    for name in TEMPS:  # written by the holder since it started
        (data_dir / name).write_text("a save being written")
    assert not DataLock(data_dir).acquire().ours
    assert all((data_dir / name).exists() for name in TEMPS)
    holder.release()


async def test_the_app_cleans_a_killed_save_s_temporary_file(data_dir):
    store = SaveStore(data_dir)
    save_game(advance(new(seed=3)[0], 4), store.current)
    (data_dir / TEMPS[0]).write_text("half a save")
    app = make_app(store=store, start="resume")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.store.lock.held
        assert not (data_dir / TEMPS[0]).exists()


# ---------------------------------------------------------------- the player is told


async def test_no_lock_is_said_and_the_game_opens_read_only(data_dir):
    store = SaveStore(data_dir)
    save_game(advance(new(seed=3)[0], 6), store.current)
    before = store.current.read_bytes()
    (data_dir / "lock").mkdir()
    app = make_app(store=SaveStore(data_dir), start="resume")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen), "the lock turned off without a word"
        text = words(app)
        assert "cannot be locked" in text and "is a directory" in text
        assert "read-only" in text
        assert not app.store.read_only  # nothing chosen yet
        await pilot.press("1")  # read-only
        await pilot.pause()
        assert app.session is not None and app.store.read_only
        app.act(policy(app.session.state))
        await pilot.pause()
        assert "Read-only:" in screen_text(app)
        await pilot.press("q")
        await pilot.pause()
    assert store.current.read_bytes() == before
    assert (data_dir / "lock").is_dir()


async def test_no_lock_may_quit_at_once(data_dir, monkeypatch):
    import fcntl

    def no_flock(fd, operation):
        raise OSError(errno.ENOLCK, os.strerror(errno.ENOLCK))

    monkeypatch.setattr(fcntl, "flock", no_flock)
    app = make_app(store=True, start="new")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "offers no locks (No locks available)" in words(app)
        await pilot.press("2")
        await pilot.pause()
        assert not app.is_running
    assert not (data_dir / "current.toml").exists()


def test_a_game_saved_elsewhere_never_goes_to_the_root_an_empty_home_names(monkeypatch, tmp_path):
    from avatar_tui.play.safety import elsewhere_dirs

    monkeypatch.setenv("HOME", "")
    assert all(folder.parent != folder for folder in elsewhere_dirs()), elsewhere_dirs()
    monkeypatch.setenv("HOME", str(tmp_path))
    assert elsewhere_dirs()[0] == tmp_path
