"""Text from files and from what someone typed, made safe to show in a
terminal: the one place that decides how.

A file anyone can write may hold characters a terminal acts on instead of
showing: ESC starts sequences that clear the screen, move the cursor or
retitle the window (ESC ] 0 ; ... BEL), the C1 controls do the same in one
character, and the bidirectional overrides make a line read in another
order than it is stored. Such a character is shown escaped, the way Python
writes it (`\\x1b`, `\\u202e`), so the reader sees that it is there and
nothing happens to their terminal.

A file may also hold a 2 MB line or a number of 5,000 digits. A piece of a
file quoted in a message is cut to QUOTE_LIMIT characters, ending in `…`;
any line of a message is cut to LINE_LIMIT, keeping its beginning (the
file and the place) and its end (the problem) around a ` … `.

`visible` escapes, `quote` escapes and cuts a piece of a file (newlines
escaped too: a quote stays on its line), `message` makes a whole message
safe (newlines kept, each line cut), `error` does so for an exception's
message (shorter: a command prints its name before it), `say` prints one. `message` is
idempotent, so a message made safe where it was written may pass through
it again where it is printed. Backslashes are not doubled: `\\x1b` typed
in a file shows as itself, as harmless as the escape it spells."""

from __future__ import annotations

import re
import sys
from typing import TextIO

QUOTE_LIMIT = 200  # characters of a file quoted in a message
LINE_LIMIT = 1000  # characters of one line of a message: a path, a place, a problem
ERROR_LIMIT = LINE_LIMIT - 100  # an error's line, before the command's name is put before it

# C0 but tab and newline, DEL, C1; then the bidirectional marks, embeddings,
# overrides and isolates. Tab and newline are decided by the callers.
_CONTROL = ("\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
            "\u2028\u2029")
_UNSAFE = {
    "\n": re.compile(f"[\t{_CONTROL}]"),  # newlines kept
    "": re.compile(f"[\t\n{_CONTROL}]"),  # every control character escaped
    "\t\n": re.compile(f"[{_CONTROL}]"),  # for the app's wrapped text: tab and newline kept
}
_NAMED = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}
ELLIPSIS = "…"


def is_control(ch: str) -> bool:
    """Whether a terminal would act on `ch` (newline and tab included)."""
    return bool(_UNSAFE[""].match(ch))


def _escaped(ch: str) -> str:
    code = ord(ch)
    return _NAMED.get(ch) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def visible(text: str, keep: str = "") -> str:
    """`text` with every control character escaped, but those of `keep`
    (\"\\n\", or \"\\t\\n\")."""
    return _UNSAFE[keep].sub(lambda m: _escaped(m.group()), str(text))


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """A piece of a file (a value, a key, a line, a name) to put in a
    message: escaped, on one line, at most `limit` characters."""
    text = str(text)
    if len(text) <= limit and not _UNSAFE[""].search(text):
        return text
    shown = visible(text[:limit + 1])  # each character shows as one at least
    if len(shown) <= limit and len(text) <= limit:
        return shown
    return _cut_end(shown, limit - len(ELLIPSIS)) + ELLIPSIS


def _cut_end(shown: str, room: int) -> str:
    """The first `room` characters of escaped text, without the beginning
    of an escape that does not fit whole."""
    cut = shown[:room]
    tail = cut.rfind("\\", max(0, room - 6))
    if tail >= 0 and not _whole_escape(shown, tail, room):
        cut = cut[:tail]
    return cut


def _whole_escape(shown: str, start: int, end: int) -> bool:
    """Whether the escape (or lone backslash) at `start` ends by `end`."""
    found = re.compile(r"\\(x[0-9a-f]{2}|u[0-9a-f]{4}|[tnr])").match(shown, start)
    return found is None or found.end() <= end


def message(text: object, limit: int = LINE_LIMIT) -> str:
    """A message to print: escaped, its newlines kept, each line at most
    `limit` characters (cut in the middle)."""
    lines = visible(str(text), keep="\n").split("\n")
    return "\n".join(line if len(line) <= limit else _cut_middle(line, limit)
                     for line in lines)


def _cut_middle(line: str, limit: int) -> str:
    gap = f" {ELLIPSIS} "
    head = (limit - len(gap)) // 2
    tail = limit - len(gap) - head
    start = len(line) - tail
    # an escape split at the start of the tail is left out whole
    back = line.rfind("\\", max(0, start - 5), start)
    if back >= 0 and not _whole_escape(line, back, start):
        found = re.compile(r"\\(x[0-9a-f]{2}|u[0-9a-f]{4}|[tnr])").match(line, back)
        start = found.end() if found else start
    return _cut_end(line, head) + gap + line[start:]


def error(text: object) -> str:
    """An exception's message (a reader's error), made safe where it is
    raised, with room left for the command that prints it to name itself."""
    return message(text, ERROR_LIMIT)


def say(text: object, file: TextIO | None = None) -> None:
    """Print a message (to standard error unless told), made safe."""
    print(message(text), file=file if file is not None else sys.stderr)


def json_text(text: str) -> str:
    """JSON made with `ensure_ascii=False`, its DEL, C1 and bidirectional
    characters written as JSON escapes (JSON itself escapes only C0)."""
    return _UNSAFE["\t\n"].sub(lambda m: f"\\u{ord(m.group()):04x}", text)
