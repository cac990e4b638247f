"""One way in for every file the project reads: scenarios, saves, decks, the
card database, settings.

A file is refused — with `FileProblem`, one line `file: place: problem` —
instead of being read without bounds or escaping as a traceback:

- it is not a regular file (a directory, a FIFO that would block, a device
  such as /dev/zero that never ends);
- it is larger than its limit (a save or scenario of many megabytes is not
  one this program wrote);
- it is not UTF-8 text, not TOML, nests keys, tables or arrays deeper than
  MAX_DEPTH, or holds an integer beyond 64 bits (TOML's own range; Python
  would refuse past 4,300 digits with a bare ValueError).

JSON, from a file or off the network (a host's frames), is read by
`loads_json` alone, with the same depth limit: Python's reader recurses
into nested arrays and objects and fails with RecursionError (not a
ValueError) at about a thousand, and a value nested hundreds deep would
still reach the code after it.

Nesting is counted on the text before TOML reads it (`_nesting`): tomllib
recurses into nested arrays and inline tables until RecursionError, and a
dotted key of thousands of parts (`a.a.a…= 1`, a table header alike) costs
it seconds and hundreds of megabytes before the depth could be checked.

The messages go through `terminal_text`: a file's name, keys and text are
shown with their control characters escaped and long pieces cut."""

from __future__ import annotations

import json
import os
import re
import stat
import tomllib
from pathlib import Path
from typing import Any

from avatar_tui.io import terminal_text

KIB = 1024
MIB = 1024 * KIB
MAX_BYTES = 2 * MIB  # a save of a long game is some 10 KiB
MAX_DEPTH = 32  # arrays and tables inside each other
INT_LIMIT = 2**63  # TOML integers are 64-bit signed
_LONG_NUMBER = re.compile(r"[0-9][0-9_]{19,}")  # more digits than any 64-bit integer
NESTED = f"keys, tables or arrays nested more than {MAX_DEPTH} deep"


class FileProblem(ValueError):
    """A file that cannot be used; the message is one line naming the file,
    the place in it and the problem."""

    def __init__(self, path: Path | str, place: str | None, problem: str):
        self.path, self.place, self.problem = str(path), place, problem
        super().__init__(self.named(self.path))

    def named(self, name: str) -> str:
        """The message with the file called `name` (e.g. without its folder),
        safe to print (terminal_text)."""
        place = f": {terminal_text.quote(self.place)}" if self.place else ""
        return terminal_text.error(f"{name}{place}: {self.problem}")


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
    deep = _nesting(text)
    if deep is not None:
        raise FileProblem(path, f"line {deep}", NESTED)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise FileProblem(path, None, f"TOML syntax: {err}") from None
    except RecursionError:  # _nesting counts generously; kept should it ever miss
        raise FileProblem(path, None, NESTED) from None
    except ValueError:  # an integer of more than 4,300 digits
        raise FileProblem(path, _line_of(text, _LONG_NUMBER), "a number too large") from None
    _check_values(data, path, text)
    return data


def load_toml(path: Path | str, limit: int = MAX_BYTES) -> dict[str, Any]:
    """Read and parse a TOML file: `read_text` then `parse_toml`."""
    return parse_toml(read_text(path, limit), path)


class JsonProblem(ValueError):
    """Text that is not JSON within the limits; the message is one line,
    `place: problem` (the place may be absent)."""

    def __init__(self, place: str | None, problem: str):
        self.place, self.problem = place, problem
        super().__init__(f"{place}: {problem}" if place else problem)


def loads_json(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value of `text`, refused with JsonProblem when it is not JSON
    or nests arrays and objects deeper than `max_depth`: the one way the
    project reads JSON, a file's or a frame's."""
    nested = f"arrays or objects nested more than {max_depth} deep"
    try:
        value = json.loads(text)
    except RecursionError:  # nested about a thousand deep: Python's reader gave up
        raise JsonProblem(None, nested) from None
    except json.JSONDecodeError as err:
        raise JsonProblem(f"line {err.lineno} column {err.colno}", f"not JSON: {err.msg}") \
            from None
    except ValueError as err:  # not UTF-8 bytes; an integer of more than 4,300 digits
        raise JsonProblem(None, f"not JSON: {err}") from None
    todo: list[tuple[Any, int]] = [(value, 1)]  # walked without recursion
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict | list):  # the outermost array or object is depth 1
            if depth > max_depth:
                raise JsonProblem(None, nested)
            todo.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict)
                                                 else item))
    return value


def load_json(path: Path | str, limit: int = MAX_BYTES) -> Any:
    """Read and parse a JSON file: `read_text` then `loads_json`, a refusal
    as FileProblem naming the file."""
    text = read_text(path, limit)
    try:
        return loads_json(text)
    except JsonProblem as err:
        raise FileProblem(path, err.place, err.problem) from None


def _check_values(data: dict[str, Any], path: Path | str, text: str) -> None:
    """Depth and integer range, walked without recursion."""
    todo: list[tuple[Any, str, int]] = [(data, "", 0)]
    while todo:
        value, where, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise FileProblem(path, where or None, NESTED)
        if isinstance(value, dict):
            todo.extend((v, f"{where}.{k}" if where else str(k), depth + 1)
                        for k, v in value.items())
        elif isinstance(value, list):
            todo.extend((v, f"{where}[{i}]", depth + 1) for i, v in enumerate(value))
        elif isinstance(value, int) and not isinstance(value, bool) and \
                not -INT_LIMIT <= value < INT_LIMIT:
            raise FileProblem(path, where or None, "an integer beyond 64 bits")


# What nesting is made of, found by one regular expression (fast on 2 MB):
# strings and comments (whose brackets and dots are text), brackets, dots,
# `=`, commas and newlines; everything else is passed over.
_TOKENS = re.compile(r"""
    (?P<string>\"\"\"[^"\\]*(?:(?:\\.|"(?!""))[^"\\]*)*\"\"\"\"{0,2}
              |'\'\'.*?'\'\''{0,2}
              |"[^"\\\n]*(?:\\.[^"\\\n]*)*"
              |'[^'\n]*')
    |(?P<comment>\#[^\n]*)
    |(?P<mark>[][{}.=,\n])
""", re.VERBOSE | re.DOTALL)


def _nesting(text: str) -> int | None:
    """The line where keys, tables and arrays first nest deeper than
    MAX_DEPTH, or None. Counted as the file's reader would: each part of a
    table header or dotted key is a level, so is each array and inline
    table; an array of tables counts one more. It may count a little more
    than TOML would (a broken file), never less."""
    line = 1
    header = 0  # the levels of the last table header
    key = 0  # the levels of the top-level key being written
    stack: list[list[int]] = []  # open arrays and inline tables: [levels, is a table]
    at_key = True  # a key may come next (a line's start, after `{` or `,` in a table)
    in_header = False
    for found in _TOKENS.finditer(text):
        kind, token = found.lastgroup, found.group()
        if kind != "mark":  # a quoted key's part, a value, a comment: no level
            line += token.count("\n")
            continue
        if token == "\n":
            line += 1
            if not stack:
                at_key, key, in_header = True, 0, False
            continue
        if in_header:
            if token == ".":
                header += 1
            elif token == "[":  # `[[`: an array of tables
                header += 1
            elif token == "]":
                in_header = False
        elif token == "[" and at_key and not stack:
            in_header, header, at_key = True, 1, False
        elif token == "." and at_key:
            if stack:
                stack[-1][0] += 1
            else:
                key += 1
        elif token == "=":
            at_key = False
        elif token in "[{":
            stack.append([1, token == "{"])
            at_key = token == "{"
        elif token in "]}":
            if stack:
                stack.pop()
            at_key = False
        elif token == ",":
            at_key = bool(stack) and bool(stack[-1][1])
            if at_key:
                stack[-1][0] = 1
        # the depth of what comes next, as _check_values counts it
        depth = header + (0 if in_header else key + 1) + sum(levels for levels, _ in stack)
        if depth > MAX_DEPTH:
            return line
    return None


def _line_of(text: str, pattern: re.Pattern[str]) -> str | None:
    found = pattern.search(text)
    return f"line {text.count(chr(10), 0, found.start()) + 1}" if found else None


def _size(n: int) -> str:
    return f"{n / MIB:.1f} MB" if n >= MIB else f"{n / KIB:.0f} KB" if n >= KIB else f"{n} bytes"
