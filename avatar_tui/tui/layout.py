"""Which layout the board takes at a terminal size: a pure function of
the size, so a test (or a screenshot) can say what any size gets.

- too small (below 80×24): no board, a message, and no key acts;
- full (from 110×34): the event log beside the board, rows of 4 lines;
- compact (in between, and narrow terminals of any height): the log under
  the board, and zone rows as tall as the height allows (2 to 4 lines).
  The zone being defended always gets 4 lines, so its flipped card shows
  its cost and a line of its text; the advantages move into the mats'
  lower borders to make room at 80×24."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

MIN_SIZE = (80, 24)  # below this the board cannot be drawn
WIDE_SIZE = (110, 34)  # from here the full layout, below it the compact one
TALL = 36  # from this height, in the full layout, a fourth row for status and hint
DEFENDED_ROW = 4  # lines of the zone being defended, in the compact layout
LOG_MIN = 3  # the log's rule and two lines, in the compact layout


@dataclass(frozen=True)
class Layout:
    kind: Literal["too-small", "compact", "full"]
    rows: int = 4  # lines of a zone row
    status: int = 3  # lines of the status panel (the status, then the hint)

    @property
    def classes(self) -> dict[str, bool]:
        """The game screen's classes for this layout (app.tcss)."""
        return {"-too-small": self.kind == "too-small", "-compact": self.kind == "compact",
                "-full": self.kind == "full",
                "-tall": self.status == 4,
                "-status-3": self.status == 3, "-status-2": self.status == 2,
                "-rows-3": self.rows == 3, "-rows-4": self.rows == 4}


def choose(width: int, height: int) -> Layout:
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        return Layout("too-small")
    if width >= WIDE_SIZE[0] and height >= WIDE_SIZE[1]:
        return Layout("full", 4, 4 if height >= TALL else 3)
    # compact: 2 mats of 3 rows (one of them the defended row), their
    # borders (4), the status, the footer (1) and the log
    for rows, status in ((4, 4), (3, 4), (3, 3), (2, 4), (2, 3)):
        if 5 * rows + DEFENDED_ROW + 4 + status + 1 + LOG_MIN <= height:
            return Layout("compact", rows, status)
    return Layout("compact", 2, 2)
