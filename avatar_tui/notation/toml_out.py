"""Writing TOML: every file the project writes (saves and scenarios, deck
files, the settings) is made by tomli-w, through `toml_text`, so quoting
and escaping are decided in one tested place instead of by hand.

tomli-w escapes quotes, backslashes and the C0 controls, but writes the
characters TOML allows as they are: tab, the C1 controls and the
bidirectional marks and overrides. A terminal acts on those (see
terminal_text), and these files are printed (`deck import` writes a deck
file to the standard output) or shown with `cat`, so `toml_text` escapes
them too, as `\\uXXXX`. That is safe on the whole text: tomli-w writes
such a character only inside a basic string (one-line or multi-line; it
writes no literal strings and no comments, and quotes any key that is not
plain ASCII), and there `\\uXXXX` stands for the very same character."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import tomli_w

from avatar_tui.io import terminal_text


def toml_text(data: Mapping[str, Any], *, multiline_strings: bool = False) -> str:
    """`data` as TOML text. Keys whose value is None are left out (TOML has
    no null). `multiline_strings`: a string holding newlines is written as
    a multi-line string, one line of text per line of the file (tomli-w
    then writes a CR LF as a bare newline: use it only for text without
    carriage returns, like the notation's action lines)."""
    return _escape_controls(tomli_w.dumps(_without_none(data),
                                          multiline_strings=multiline_strings))


def _without_none(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _without_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list | tuple):
        return [_without_none(v) for v in value]
    return value


def _escape_controls(text: str) -> str:
    """Every character a terminal acts on, but the newlines that end the
    lines, written as a `\\uXXXX` escape."""
    if text.isascii() and "\t" not in text:
        return text  # tomli-w escaped every other ASCII control already
    return "".join(f"\\u{ord(ch):04x}" if ch != "\n" and terminal_text.is_control(ch) else ch
                   for ch in text)
