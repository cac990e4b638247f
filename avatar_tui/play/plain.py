"""Text from files, shown as it is written: never read as markup.

Card names, a scenario's title and narration, file names and error texts
that quote them come from files anyone can write. Put into the app's
markup they must stay text: `[/]` as a card's name used to crash the app
(MarkupError) and `[$error]` or `[B]` vanished from the screen.

Textual's own `escape` misses tags its parser knows (`[$var]`, `[B]`,
`[ b ]`), so `escape` here quotes every opening bracket. A backslash at
the very end would quote the bracket of the markup after it, so it is
followed by a zero-width space; control characters (which could move the
cursor or change the terminal) are shown escaped, `\\x1b`, as the command
line shows them (terminal_text)."""

from __future__ import annotations

import re

from avatar_tui.io.terminal_text import visible

_ZERO_WIDTH_SPACE = "\u200b"


def escape(text: str) -> str:
    """`text` quoted for Textual markup: it shows exactly as written."""
    text = visible(str(text), keep="\t\n").replace("[", "\\[")
    if text.endswith("\\"):
        text += _ZERO_WIDTH_SPACE
    return text


_TAG = re.compile(r"(?<!\\)\[[^\[\]]*\]")


def unmarked(markup: str) -> str:
    """The text of the app's markup, its tags dropped and its quoted
    brackets (`escape`) shown again: words for another program to show."""
    return _TAG.sub("", markup).replace("\\[", "[").replace(_ZERO_WIDTH_SPACE, "")
