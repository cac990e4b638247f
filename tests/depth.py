"""How deep the random and property tests go: one switch for all of them.

Short by default (the edit loop and CI); `AVATAR_TUI_LONG=1 pytest` plays
many more games, keys and examples everywhere. A test asks
`depth(short, long)` for its count instead of reading a variable of its own.
"""

from __future__ import annotations

import os

LONG = os.environ.get("AVATAR_TUI_LONG", "").strip() not in ("", "0")


def depth(short: int, long: int) -> int:
    """`long` when AVATAR_TUI_LONG is set (and not 0), else `short`."""
    return long if LONG else short
