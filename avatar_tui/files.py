"""One way in for every file the project reads: scenarios, saves, decks, the
card database, settings.

A file is refused — with `FileProblem`, one line `file: place: problem` —
instead of being read without bounds or escaping as a traceback:

- it is not a regular file (a directory, a FIFO that would block, a device
  such as /dev/zero that never ends);
- it is larger than its limit (a save or scenario of many megabytes is not
  one this program wrote);
- it is not UTF-8 text, not TOML, nests arrays or tables deeper than
  MAX_DEPTH (tomllib would recurse until RecursionError), or holds an
  integer beyond 64 bits (TOML's own range; Python would refuse past 4,300
  digits with a bare ValueError)."""

from __future__ import annotations

import os
import re
import stat
import tomllib
from pathlib import Path
from typing import Any

KIB = 1024
MIB = 1024 * KIB
MAX_BYTES = 2 * MIB  # a save of a long game is some 10 KiB
MAX_DEPTH = 32  # arrays and tables inside each other
INT_LIMIT = 2**63  # TOML integers are 64-bit signed
_LONG_NUMBER = re.compile(r"[0-9][0-9_]{19,}")  # more digits than any 64-bit integer


class FileProblem(ValueError):
    """A file that cannot be used; the message is one line naming the file,
    the place in it and the problem."""

    def __init__(self, path: Path | str, place: str | None, problem: str):
        self.path, self.place, self.problem = str(path), place, problem
        super().__init__(self.named(self.path))

    def named(self, name: str) -> str:
        """The message with the file called `name` (e.g. without its folder)."""
        return f"{name}: {self.place}: {self.problem}" if self.place else f"{name}: {self.problem}"


def read_text(path: Path | str, limit: int = MAX_BYTES) -> str:
    """The text of a regular UTF-8 file of at most `limit` bytes."""
    path = Path(path)
    try:
        # O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as err:
        raise FileProblem(path, None, f"cannot read: {err.strerror or err}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(path, None, "not a regular file")
        if info.st_size > limit:
            raise FileProblem(path, None, f"{_size(info.st_size)}, more than the "
                              f"{_size(limit)} such a file may have")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = fh.read(limit + 1)  # a file that grew since fstat is still bounded
    except OSError as err:
        raise FileProblem(path, None, f"cannot read: {err.strerror or err}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileProblem(path, None, f"more than the {_size(limit)} such a file may have")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[:err.start].count(b"\n") + 1
        raise FileProblem(path, f"line {line}", "not UTF-8 text") from None


def read_text_or(path: Path, error: type[Exception]) -> str:
    """`read_text`, with a refusal raised as the caller's own error type
    (ScenarioError, DeckFileError), its one line unchanged."""
    try:
        return read_text(path)
    except FileProblem as err:
        raise error(str(err)) from None


def parse_toml(text: str, path: Path | str) -> dict[str, Any]:
    """The TOML document `text` (read from `path`), within the limits."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise FileProblem(path, None, f"TOML syntax: {err}") from None
    except RecursionError:
        raise FileProblem(path, None, f"arrays or tables nested more than {MAX_DEPTH} "
                          "deep") from None
    except ValueError:  # an integer of more than 4,300 digits
        raise FileProblem(path, _line_of(text, _LONG_NUMBER), "a number too large") from None
    _check_values(data, path, text)
    return data


def load_toml(path: Path | str, limit: int = MAX_BYTES) -> dict[str, Any]:
    """Read and parse a TOML file: `read_text` then `parse_toml`."""
    return parse_toml(read_text(path, limit), path)


def _check_values(data: dict[str, Any], path: Path | str, text: str) -> None:
    """Depth and integer range, walked without recursion."""
    todo: list[tuple[Any, str, int]] = [(data, "", 0)]
    while todo:
        value, where, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise FileProblem(path, where or None, f"arrays or tables nested more than "
                              f"{MAX_DEPTH} deep")
        if isinstance(value, dict):
            todo.extend((v, f"{where}.{k}" if where else str(k), depth + 1)
                        for k, v in value.items())
        elif isinstance(value, list):
            todo.extend((v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value))
        elif isinstance(value, int) and not isinstance(value, bool) and \
                not -INT_LIMIT <= value < INT_LIMIT:
            raise FileProblem(path, where or None, "an integer beyond 64 bits")


def _line_of(text: str, pattern: re.Pattern[str]) -> str | None:
    found = pattern.search(text)
    return f"line {text.count(chr(10), 0, found.start()) + 1}" if found else None


def _size(n: int) -> str:
    return f"{n / MIB:.1f} MB" if n >= MIB else f"{n / KIB:.0f} KB" if n >= KIB else f"{n} bytes"
