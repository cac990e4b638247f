"""The user data directory, where the app keeps what outlives a run (the
saved game, settings, the player's own decks): `$AVATAR_TUI_DATA_DIR`, else
`$XDG_DATA_HOME/avatar-tui`, else `~/.local/share/avatar-tui`. Outside the
app package, so the command line finds it without loading Textual."""

from __future__ import annotations

import os
from pathlib import Path


def user_data_dir() -> Path:
    override = os.environ.get("AVATAR_TUI_DATA_DIR")
    if override:
        return Path(override)
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "avatar-tui"
