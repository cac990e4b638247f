"""The user data directory, where the app keeps what outlives a run (the
saved game, settings, the player's own decks): `$AVATAR_TUI_DATA_DIR`, else
`$XDG_DATA_HOME/avatar-tui`, else `~/.local/share/avatar-tui`. Outside the
app package, so the command line finds it without loading Textual.

The home is `$HOME`, or when HOME is unset the account's home as the system
records it; it must be an absolute path other than `/`. An empty HOME is no
home (Python would read it as the root, and put the games there). With no
home and neither variable set there is no data directory: `DataDirError`,
one line naming the variables that can set it. A relative XDG_DATA_HOME or
XDG_CACHE_HOME is ignored, as the XDG base directory specification says.

A command that keeps games or decks first asks `ready_data_dir`: a missing
data directory is made, and one that cannot be (a regular file, a link to
nothing, a parent that cannot be written) is `DataDirError` too."""

from __future__ import annotations

import os
from pathlib import Path

PLACES = "set HOME, XDG_DATA_HOME or AVATAR_TUI_DATA_DIR to the place for your games"


class DataDirError(Exception):
    """No sane place for the data directory (the message is one line)."""


def user_data_dir() -> Path:
    override = os.environ.get("AVATAR_TUI_DATA_DIR")
    if override:
        return Path(override)
    xdg = _xdg("XDG_DATA_HOME")
    if xdg is not None:
        return xdg / "avatar-tui"
    home, problem = _home()
    if home is None:
        raise DataDirError(f"no place for the data directory: {problem}; {PLACES}")
    return home / ".local" / "share" / "avatar-tui"


def ready_data_dir() -> Path:
    """The data directory, made when it is missing; DataDirError (one line)
    when what stands at its place is no directory or it cannot be made."""
    path = user_data_dir()
    if path.is_symlink() and not path.exists():
        raise DataDirError(f"the data directory {path} is a symbolic link to nothing "
                           f"({os.readlink(path)}); make that folder, or {PLACES}")
    if path.exists() and not path.is_dir():
        raise DataDirError(f"the data directory {path} is not a directory; remove it, or "
                           f"{PLACES}")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise DataDirError(f"the data directory {path} cannot be made "
                           f"({err.strerror or err}); {PLACES}") from None
    return path


def user_cache_dir() -> Path | None:
    """Where the app keeps what it can make again (the validated card
    catalog): `$AVATAR_TUI_DATA_DIR/cache` when that is set, else
    `$XDG_CACHE_HOME/avatar-tui`, else `~/.cache/avatar-tui`; None with no
    home (nothing is cached, rather than put at the root)."""
    override = os.environ.get("AVATAR_TUI_DATA_DIR")
    if override:
        return Path(override) / "cache"
    xdg = _xdg("XDG_CACHE_HOME")
    if xdg is not None:
        return xdg / "avatar-tui"
    home, _ = _home()
    return home / ".cache" / "avatar-tui" if home is not None else None


def home_dir() -> Path | None:
    """The home directory by the rule above; None when there is none."""
    return _home()[0]


def _xdg(name: str) -> Path | None:
    value = os.environ.get(name)
    return Path(value) if value and os.path.isabs(value) else None


def _home() -> tuple[Path | None, str]:
    """The home directory, or None and why there is none."""
    value: str | None
    if "HOME" in os.environ:
        value, where = os.environ["HOME"], "HOME"
    else:
        value, where = _account_home(), "HOME is not set and the account's home"
    if not value:
        return None, f"{where} is {'empty' if value is not None else 'unknown'}"
    if not os.path.isabs(value) or Path(value).parent == Path(value):  # relative, or a root
        return None, f"{where} is {value!r}, not a home directory"
    return Path(value), ""


def _account_home() -> str | None:
    """The current account's home in the system's records, if any."""
    try:
        import pwd
    except ImportError:  # not a POSIX system: its own way (USERPROFILE on Windows)
        home = os.path.expanduser("~")
        return None if home == "~" else home
    try:
        return pwd.getpwuid(os.getuid()).pw_dir
    except (KeyError, OSError):
        return None
