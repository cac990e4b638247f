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


def user_cache_dir() -> Path:
    """Where the app keeps what it can make again (the validated card
    catalog): `$AVATAR_TUI_DATA_DIR/cache` when that is set, else
    `$XDG_CACHE_HOME/avatar-tui`, else `~/.cache/avatar-tui`."""
    override = os.environ.get("AVATAR_TUI_DATA_DIR")
    if override:
        return Path(override) / "cache"
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "avatar-tui"
