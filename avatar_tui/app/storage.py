"""Where the game in progress is kept between runs: the user data
directory (`$AVATAR_TUI_DATA_DIR`, else `$XDG_DATA_HOME/avatar-tui`, else
`~/.local/share/avatar-tui`), holding `current.toml`, a scenario file
(docs/notation.md) rewritten atomically after every action, and `settings.toml`,
the player's choices that outlive a game (the colour theme).

A save that cannot be read is never deleted or overwritten: it is renamed
`current.broken-N.toml`, so the player (or a bug report) still has it."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from avatar_tui.datadir import user_data_dir
from avatar_tui.engine import Event
from avatar_tui.model.state import GameState
from avatar_tui.notation.save import load_game, save_game, write_atomically
from avatar_tui.notation.scenario import ScenarioError, load_scenario

CURRENT = "current.toml"
FINISHED = "last-finished.toml"
SETTINGS = "settings.toml"


class SaveStore:
    """The save files of one data directory."""

    def __init__(self, directory: Path | str | None = None):
        self.directory = Path(directory) if directory is not None else user_data_dir()

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
        is only a lost preference: it is ignored, and rewritten at the next
        choice."""
        try:
            theme = tomllib.loads(self.settings.read_text(encoding="utf-8")).get("theme")
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            return None
        return theme if isinstance(theme, str) else None

    def save_theme(self, theme: str) -> None:
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

    def save(self, state: GameState, computer: dict[str, str] | None = None) -> Path:
        """Keep the game: an unfinished game as the current save; a finished
        one is archived, so it is not offered for resuming. `computer`: the
        seats the computer plays, kept in the file."""
        if state.phase == "over":
            save_game(state, self.finished, computer=computer)
            self.current.unlink(missing_ok=True)
            return self.finished
        return save_game(state, self.current, computer=computer)

    def load_computer(self) -> dict[str, str]:
        """The seats the computer plays in the current save (seat -> bot
        kind; empty: a hot-seat game). Read after `load` succeeded."""
        try:
            return load_scenario(self.current).computer
        except ScenarioError:
            return {}

    def keep_aside(self) -> Path:
        """Rename the unreadable current save to the first free
        `current.broken-N.toml`; returns the new path."""
        n = 1
        while True:
            target = self.directory / f"current.broken-{n}.toml"
            if not target.exists():
                os.replace(self.current, target)
                return target
            n += 1
