"""Where the game in progress is kept between runs: the user data
directory (`$AVATAR_TUI_DATA_DIR`, else `$XDG_DATA_HOME/avatar-tui`, else
`~/.local/share/avatar-tui`), holding `current.toml`, a scenario file
(docs/notation.md) rewritten atomically after every action, `settings.toml`,
the player's choices that outlive a game (store/settings.py), and `games/`,
the kept games (avatar_tui/store/savedgames.py).

Starting a game never destroys another: `SaveStore.start_over` is the one
place that decides what happens to the game a new one replaces.

A save that cannot be read is never deleted or overwritten: it is renamed
`current.broken-N.toml`, so the player (or a bug report) still has it."""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from avatar_tui.engine import Event
from avatar_tui.io import files
from avatar_tui.io.datadir import user_data_dir
from avatar_tui.model.state import GameState
from avatar_tui.notation.save import load_game, save_game, write_atomically
from avatar_tui.notation.scenario_error import ScenarioError
from avatar_tui.notation.toml_out import toml_text
from avatar_tui.store.progress import LessonProgress, PuzzleProgress
from avatar_tui.store.savedgames import GAMES, SavedGames, resume_line
from avatar_tui.store.settings import Settings, unknown_theme
from avatar_tui.store.settings import read as read_settings

CURRENT = "current.toml"
FINISHED = "last-finished.toml"
SETTINGS = "settings.toml"
SETTINGS_BYTES = 64 * files.KIB  # it holds one line


class SaveStore:
    """The save files of one data directory."""

    def __init__(self, directory: Path | str | None = None):
        self.directory = Path(directory) if directory is not None else user_data_dir()
        self.settings_problem: str | None = None  # why settings.toml was set aside
        self.settings_aside: Path | None = None  # where it went
        self.settings_said = False  # the status line has said it (once is enough)
        self.settings_kept = False  # it could not be: it is never written over
        self.settings_values: str | None = None  # the values left out, and why
        self._settings: Settings | None = None  # as read or last saved
        self.lock = DataLock(self.directory)
        # another instance holds the lock and the player chose to look on:
        # nothing is written (a game, a broken save's rename, the theme)
        self.read_only = False
        self.current_kept = False  # an unreadable save that could not be set aside
        self.games = SavedGames(self.directory)
        self.lessons = LessonProgress(self.directory)  # the built-in lessons finished
        self.puzzles = PuzzleProgress(self.directory)  # the built-in puzzles solved

    def look_on(self) -> None:
        """Another instance holds the lock and the player chose to look on
        anyway: from now on nothing here is written."""
        self.read_only = True
        self.lessons.read_only = True
        self.puzzles.read_only = True

    @property
    def current(self) -> Path:
        return self.directory / CURRENT

    @property
    def finished(self) -> Path:
        return self.directory / FINISHED

    @property
    def settings(self) -> Path:
        return self.directory / SETTINGS

    def load_settings(self) -> Settings:
        """The options chosen last time (store/settings.py). A settings file
        that cannot be read is only a lost preference, never a reason not to
        start: it is set aside as `settings.broken-N.toml` like a broken
        save (and, if even that fails, left alone: never overwritten); a
        value of the wrong kind is left out. Either way the defaults are
        used and `settings_note` says why, in one line."""
        if self._settings is not None:
            return self._settings
        self._settings = Settings()
        if not self.settings.exists() and not self.settings.is_symlink():
            return self._settings
        try:
            table = files.load_toml(self.settings, limit=SETTINGS_BYTES)
        except files.FileProblem as err:
            self.settings_problem = str(err)
            try:
                if self.read_only:
                    raise PermissionError("read-only")
                self.settings_aside = self.set_aside(self.settings)
            except OSError:
                self.settings_kept = True
            return self._settings
        self._settings, problems = read_settings(table, SETTINGS)
        if problems:
            self.settings_values = "; ".join(problems)
        return self._settings

    def theme_unknown(self, theme: str) -> None:
        """The theme in settings.toml is none the app has: a value left out
        like any other, said once with them (`settings_note`)."""
        problem = unknown_theme(SETTINGS, theme)
        self.settings_values = problem if self.settings_values is None else \
            f"{self.settings_values}; {problem}"

    def load_theme(self) -> str | None:
        """The theme last chosen, if any."""
        return self.load_settings().theme

    def settings_note(self) -> str | None:
        """Why the settings chosen last time are not all used, in one line,
        the first time it is asked (the status line at the first game)."""
        if self.settings_said:
            return None
        if self.settings_problem is None:
            if self.settings_values is None:
                return None
            self.settings_said = True
            used = "the defaults are" if "; " in self.settings_values else "the default is"
            return f"{self.settings_values}; {used} used."
        self.settings_said = True
        where = (f"it is kept as {self.settings_aside.name}" if self.settings_aside is not None
                 else "it could not be set aside, so it is left as it is and not written over")
        return (f"Settings not read: {self.settings_problem}; {where}, and the defaults "
                "are used.")

    def save_settings(self, chosen: Settings) -> None:
        self._settings = chosen
        if self.settings_kept or self.read_only:
            return  # an unreadable settings file that could not be set aside
        write_atomically(self.settings, toml_text(chosen.table()))

    def save_theme(self, theme: str) -> None:
        self.save_settings(replace(self.load_settings(), theme=theme))

    def has_current(self) -> bool:
        return self.current.is_file()

    def load(self) -> tuple[GameState, list[Event]]:
        """The saved game; raises ScenarioError (a one-line reason) when the
        file cannot be read back into a game."""
        try:
            return load_game(self.current)
        except ScenarioError:
            raise
        except Exception as err:  # noqa: BLE001 - whatever is wrong, the file is unusable
            raise ScenarioError(f"{self.current}: {type(err).__name__}: {err}") from None

    def save(self, state: GameState, computer: dict[str, str] | None = None) -> Path | None:
        """Keep the game: an unfinished game as the current save; a finished
        one is archived, so it is not offered for resuming: among the kept
        games, and as `last-finished.toml` (as before there were kept games).
        `computer`: the seats the computer plays, kept in the file.
        Read-only: None, nothing written. Raises OSError when the file cannot
        be written, or when it is an unreadable save that could not be set
        aside (which is never written over)."""
        if self.read_only:
            return None
        if self.current_kept:
            raise OSError(errno.EEXIST, f"{self.current} cannot be read and could not be set "
                          "aside, so it is not written over")
        if state.phase == "over":
            save_game(state, self.finished, computer=computer)
            self.games.keep_state(state, computer)
            self.current.unlink(missing_ok=True)
            return self.finished
        return save_game(state, self.current, computer=computer)

    def start_over(self, new: GameState) -> str | None:
        """The start-over policy, decided here only: before the game `new`
        takes the place of the current save (from the new-game screen,
        `play`'s flags, `serve`, a kept game resumed), the game saved there
        is kept. An unfinished one moves to the kept games; a finished one
        is archived like any finished game; an unreadable one is set aside
        as `current.broken-N.toml`. Nothing moves when `new` is that very
        game, or read-only (nothing is written then).

        Returns the line that tells the player where the game went (None:
        nothing to tell). Raises OSError when it could not be kept: the new
        game must not start then."""
        if self.read_only or self.current_kept:  # nothing written, or never written over
            return None
        if not (self.current.exists() or self.current.is_symlink()):
            return None
        try:
            state, _ = self.load()
        except ScenarioError:
            try:
                return f"the unreadable save was kept as {self.keep_aside().name}"
            except OSError as err:  # it is never written over now (current_kept)
                return (f"the unreadable save could not be set aside ({err.strerror or err}), "
                        "so it is not written over: this game is not saved")
        if state.phase == "over":
            self.save(state, computer=self.load_computer())
            return None
        if state.setup == new.setup and state.history == new.history:
            return None
        try:
            name = self.games.keep_file(self.current, state)
        except OSError as err:
            raise OSError(err.errno, f"the unfinished game could not be kept in "
                          f"{self.games.folder}: {err.strerror or err}") from None
        return resume_line(name)

    def load_computer(self) -> dict[str, str]:
        """The seats the computer plays in the current save (seat -> bot
        kind; empty: a hot-seat game). Read after `load` succeeded."""
        from avatar_tui.notation.scenario import load_scenario  # not at every start

        try:
            return load_scenario(self.current).computer
        except ScenarioError:
            return {}

    def keep_aside(self) -> Path:
        """Rename the unreadable current save to the first free
        `current.broken-N.toml`; returns the new path. If it cannot be
        renamed (OSError), it is never written over by a later save."""
        try:
            if self.read_only:
                raise PermissionError(errno.EACCES, "read-only: another instance owns it")
            return self.set_aside(self.current)
        except OSError:
            self.current_kept = True
            raise

    def set_aside(self, path: Path) -> Path:
        return set_aside(path)


def set_aside(path: Path) -> Path:
    """Rename `path` (`NAME.toml`) to the first free `NAME.broken-N.toml`."""
    n = 1
    while True:
        target = path.with_name(f"{path.stem}.broken-{n}{path.suffix}")
        if not target.exists() and not target.is_symlink():
            os.replace(path, target)
            return target
        n += 1


# ------------------------------------------------------------------ one writer


@dataclass(frozen=True)
class LockOutcome:
    """How `DataLock.acquire` ended: the lock is ours (`ours`), another
    instance holds it (`holder`: its process id, 0 when the file cannot say),
    or no lock can be had here at all (`problem`: why, in one line)."""

    holder: int | None = None
    problem: str | None = None

    @property
    def ours(self) -> bool:
        return self.holder is None and self.problem is None


class DataLock:
    """An advisory lock on a data directory (`lock`, holding the process id
    of its holder), so that two instances never write one save in turn.

    The lock is `flock`'s: the system drops it when its holder ends, however
    it ends, so the lock of a killed process is simply taken over; the file
    and the id in it stay behind only to say who holds it. Where no lock can
    be had (the path is not a plain file, the directory cannot be written,
    the file system or the system has no locks) `acquire` says why: the
    caller then writes nothing, since nothing would keep a second writer out.
    Holding the lock, it removes the temporary files of saves a killed
    instance left half-written (`write_atomically`'s `.NAME.XXXXXXXX.tmp`):
    only the holder writes those names, so none of them is in use."""

    NAME = "lock"
    # the files whose temporaries are swept
    TEMPORARY: tuple[str, ...] = (CURRENT, FINISHED, SETTINGS)

    def __init__(self, directory: Path):
        self.path = directory / self.NAME
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> LockOutcome:
        """Take the lock, and when it is ours sweep the stale temporaries."""
        if self._fd is not None:
            return LockOutcome()
        try:
            import fcntl
        except ImportError:  # not a POSIX system
            return LockOutcome(problem="this system offers no file locks")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            return LockOutcome(problem=f"{self.path.parent}: {_reason(err)}")
        try:
            # never through a link, never waiting on a FIFO or a device
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_NONBLOCK
                         | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except OSError as err:
            return LockOutcome(problem=self._open_problem(err))
        try:
            regular = stat.S_ISREG(os.fstat(fd).st_mode)
        except OSError:
            regular = False
        if not regular:
            os.close(fd)
            return LockOutcome(problem=f"{self.path} is not a regular file")
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = self._holder(fd)
            os.close(fd)
            return LockOutcome(holder=holder)
        except OSError as err:  # ENOLCK, EOPNOTSUPP...: a file system without locks
            os.close(fd)
            return LockOutcome(problem=f"the file system of {self.path.parent} offers no "
                               f"locks ({_reason(err)})")
        self._fd = fd
        try:
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass  # a full disk: the lock is ours all the same, only unsigned
        self._sweep()
        return LockOutcome()

    def release(self) -> None:
        if self._fd is not None:
            try:
                os.ftruncate(self._fd, 0)
            except OSError:
                pass
            os.close(self._fd)  # closing drops the flock
            self._fd = None

    @staticmethod
    def _holder(fd: int) -> int:
        try:
            text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
        except OSError:
            return 0
        return int(text) if text.isascii() and text.isdigit() and len(text) < 12 else 0

    def _open_problem(self, err: OSError) -> str:
        if err.errno == errno.ELOOP or self.path.is_symlink():
            return f"{self.path} is a symbolic link (a lock is never followed through one)"
        if err.errno == errno.EISDIR or self.path.is_dir():
            return f"{self.path} is a directory, not a lock file"
        if err.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            return f"{self.path} cannot be written: {_reason(err)}"
        return f"{self.path}: {_reason(err)}"

    def _sweep(self) -> None:
        """Remove `.NAME.XXXXXXXX.tmp` for NAME in TEMPORARY, and those of any
        kept game in `games/` (`.KEPT.toml.XXXXXXXX.tmp`): plain files only."""
        self._sweep_in(self.path.parent, lambda entry: any(
            is_temporary(entry, name) for name in self.TEMPORARY))
        self._sweep_in(self.path.parent / GAMES, lambda entry: is_temporary(
            entry, entry[1:].split(".toml.", 1)[0] + ".toml"))

    @staticmethod
    def _sweep_in(directory: Path, stale: Callable[[str], bool]) -> None:
        try:
            entries = list(os.scandir(directory))
        except OSError:
            return
        for entry in entries:
            if not stale(entry.name):
                continue
            try:
                if entry.is_file(follow_symlinks=False):
                    os.unlink(entry.path)
            except OSError:
                pass  # left for the next start


def is_temporary(candidate: str, name: str) -> bool:
    """`candidate` is a temporary file of `name` as write_atomically makes
    them (tempfile.mkstemp: a dot, the name, a dot, 8 characters, `.tmp`)."""
    prefix, suffix = f".{name}.", ".tmp"
    middle = candidate[len(prefix):-len(suffix)]
    return (candidate.startswith(prefix) and candidate.endswith(suffix) and len(middle) == 8
            and all(c.isascii() and (c.isalnum() or c == "_") for c in middle))


def _reason(err: OSError) -> str:
    return err.strerror or type(err).__name__
