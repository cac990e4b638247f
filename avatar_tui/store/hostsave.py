"""Where `avatar-tui host` keeps its game: the data directory's `host/`
(docs/protocol.md), apart from the hot-seat game (store/storage.py), so that
`host` and `play` share one data directory.

- `game.toml` is the game being hosted, an ordinary save in the notation;
  `seats.json` holds the seats' tokens (written by net/hosted.py).
- `lock` keeps one host per data directory (`flock`, as storage.DataLock:
  the system drops it when its holder ends, however it ends); holding it,
  the host sweeps the temporary files a killed host left half-written.
- Nothing here is ever replaced unread: an unreadable `game.toml` is set
  aside as `game.broken-N.toml`, an unfinished one that a new game replaces
  moves to the kept games (`games/`, store/savedgames.py), and a finished one
  is copied there, so `games` lists it and `review` opens it.

Every write of the game goes through `writer` (write_atomically unless a
test puts a failing one in its place): a save that fails raises OSError,
and the caller leaves the move unmade (net/hosted.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from avatar_tui.model.state import GameState
from avatar_tui.notation.save import scenario_text, write_atomically
from avatar_tui.store.savedgames import SavedGames
from avatar_tui.store.storage import DataLock, is_temporary, set_aside

GAME = "game.toml"
SEATS = "seats.json"


class HostLock(DataLock):
    """The lock of `host/`: the temporaries it sweeps are those of the
    host's own two files, in `host/` only (the kept games' are the hot-seat
    game's lock's to sweep)."""

    TEMPORARY = (GAME, SEATS)

    def _sweep(self) -> None:
        self._sweep_in(self.path.parent, lambda entry: any(
            is_temporary(entry, name) for name in self.TEMPORARY))


@dataclass
class HostFiles:
    """The files of a host: `directory` is the data directory's `host/`."""

    directory: Path
    writer: Callable[[Path, str], Path] = write_atomically  # the storage seam
    lock: HostLock = field(init=False)

    def __post_init__(self) -> None:
        self.directory = Path(self.directory)
        self.lock = HostLock(self.directory)

    @property
    def game(self) -> Path:
        return self.directory / GAME

    @property
    def seats(self) -> Path:
        return self.directory / SEATS

    @property
    def games(self) -> SavedGames:
        """The kept games of the data directory `host/` is in."""
        return SavedGames(self.directory.parent)

    def claim(self) -> str | None:
        """Take `host/`'s lock (and sweep what a killed host left); None
        when it is ours, else why not, in one line."""
        outcome = self.lock.acquire()
        if outcome.ours:
            return None
        if outcome.problem is not None:
            return f"cannot lock the hosted game ({outcome.problem}), so it would not be safe"
        who = f"process {outcome.holder}" if outcome.holder else "another program"
        return (f"another avatar-tui host ({who}) is hosting the game in {self.directory}: one "
                "host per data directory (stop that one, or set AVATAR_TUI_DATA_DIR to another "
                "folder)")

    def release(self) -> None:
        self.lock.release()

    def has_game(self) -> bool:
        return self.game.exists() or self.game.is_symlink()

    def save(self, state: GameState, title: str, computer: dict[str, str] | None) -> None:
        """The game to `game.toml`, atomically. Raises OSError (a full
        disk, a folder that cannot be written): the old file stays."""
        self.writer(self.game, scenario_text(state, title, computer or None))

    def set_aside(self) -> Path:
        """Rename the unreadable `game.toml` to the first free
        `game.broken-N.toml` (never deleted, never written over)."""
        return set_aside(self.game)

    def keep_unfinished(self, state: GameState) -> str:
        """Move the unfinished `game.toml` (holding `state`) in among the
        kept games; returns its name. Raises OSError (nothing moved)."""
        return self.games.keep_file(self.game, state)

    def keep_finished(self, state: GameState, computer: dict[str, str] | None) -> str:
        """Copy the finished game in among the kept games (once: the same
        game kept again returns the name it has). Raises OSError."""
        return self.games.keep_state(state, computer or None)
