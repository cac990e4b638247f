"""Where the game in progress is kept between runs: the user data
directory (`$AVATAR_TUI_DATA_DIR`, else `$XDG_DATA_HOME/avatar-tui`, else
`~/.local/share/avatar-tui`), holding `current.toml`, a scenario file
(docs/notation.md) rewritten atomically after every action, `settings.toml`,
the player's choices that outlive a game (the colour theme), and `games/`,
the kept games (avatar_tui/savedgames.py).

Starting a game never destroys another: `SaveStore.start_over` is the one
place that decides what happens to the game a new one replaces.

A save that cannot be read is never deleted or overwritten: it is renamed
`current.broken-N.toml`, so the player (or a bug report) still has it."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from avatar_tui import files
from avatar_tui.datadir import user_data_dir
from avatar_tui.engine import Event
from avatar_tui.model.state import GameState
from avatar_tui.notation.save import load_game, save_game, write_atomically
from avatar_tui.notation.scenario import ScenarioError, load_scenario
from avatar_tui.savedgames import SavedGames, resume_line

CURRENT = "current.toml"
FINISHED = "last-finished.toml"
SETTINGS = "settings.toml"
SETTINGS_BYTES = 64 * files.KIB  # it holds one line


class SaveStore:
    """The save files of one data directory."""

    def __init__(self, directory: Path | str | None = None):
        self.directory = Path(directory) if directory is not None else user_data_dir()
        self.settings_problem: str | None = None  # why settings.toml was set aside
        self.settings_kept = False  # it could not be: it is never written over
        self.lock = DataLock(self.directory)
        # another instance holds the lock and the player chose to look on:
        # nothing is written (a game, a broken save's rename, the theme)
        self.read_only = False
        self.current_kept = False  # an unreadable save that could not be set aside
        self.games = SavedGames(self.directory)

    @property
    def current(self) -> Path:
        return self.directory / CURRENT

    @property
    def finished(self) -> Path:
        return self.directory / FINISHED

    @property
    def settings(self) -> Path:
        return self.directory / SETTINGS

    def load_theme(self) -> str | None:
        """The theme last chosen, if any. A settings file that cannot be read
        is only a lost preference, never a reason not to start: it is set
        aside as `settings.broken-N.toml` like a broken save (and, if even
        that fails, left alone: never overwritten)."""
        if not self.settings.exists() and not self.settings.is_symlink():
            return None
        try:
            theme = files.load_toml(self.settings, limit=SETTINGS_BYTES).get("theme")
        except files.FileProblem as err:
            self.settings_problem = str(err)
            try:
                if self.read_only:
                    raise PermissionError("read-only")
                self.set_aside(self.settings)
            except OSError:
                self.settings_kept = True
            return None
        return theme if isinstance(theme, str) else None

    def save_theme(self, theme: str) -> None:
        if self.settings_kept or self.read_only:
            return  # an unreadable settings file that could not be set aside
        escaped = theme.replace("\\", "\\\\").replace('"', '\\"')
        write_atomically(self.settings, f'theme = "{escaped}"\n')

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
        """Rename `path` (`NAME.toml`) to the first free `NAME.broken-N.toml`."""
        n = 1
        while True:
            target = path.with_name(f"{path.stem}.broken-{n}{path.suffix}")
            if not target.exists() and not target.is_symlink():
                os.replace(path, target)
                return target
            n += 1


# ------------------------------------------------------------------ one writer


class DataLock:
    """An advisory lock on a data directory (`lock`, holding the process id
    of its holder), so that two instances never write one save in turn.

    The lock is `flock`'s: the system drops it when its holder ends, however
    it ends, so the lock of a killed process is simply taken over; the file
    and the id in it stay behind only to say who holds it. Where the file
    system offers no locks, every instance may write (as before)."""

    NAME = "lock"

    def __init__(self, directory: Path):
        self.path = directory / self.NAME
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> int | None:
        """Take the lock: None when it is ours, else the holder's process id
        (0 when it cannot be told)."""
        if self._fd is not None:
            return None
        try:
            import fcntl
        except ImportError:  # not a POSIX system: no locking
            return None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0),
                         0o644)
        except OSError:
            return None  # a directory we cannot write: saving will say so
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = self._holder(fd)
            os.close(fd)
            return holder
        except OSError:  # no locks on this file system
            os.close(fd)
            return None
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self._fd = fd
        return None

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
