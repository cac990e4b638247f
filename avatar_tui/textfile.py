"""Reading a user's text file (a scenario, a deck) with one clear line when
it cannot be read: through `files.read_text`, with its limits (a regular
file of bounded size, UTF-8 text)."""

from __future__ import annotations

from pathlib import Path

from avatar_tui import files


def read_text(path: Path, error: type[Exception]) -> str:
    """The file's UTF-8 text; `error("PATH: [place: ]problem")` otherwise."""
    try:
        return files.read_text(path)
    except files.FileProblem as err:
        raise error(str(err)) from None
