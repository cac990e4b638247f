"""Reading a user's text file (a scenario, a deck) with one clear line when
it cannot be read."""

from __future__ import annotations

from pathlib import Path


def read_text(path: Path, error: type[Exception]) -> str:
    """The file's UTF-8 text; `error("PATH: cannot read: why")` otherwise."""
    try:
        return path.read_text(encoding="utf-8")
    except OSError as err:
        raise error(f"{path}: cannot read: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise error(f"{path}: not a UTF-8 text file") from None
