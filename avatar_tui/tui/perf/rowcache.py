"""Finished rows kept between frames.

Textual draws every row of a refreshed widget again through its styles
(border, background, tint, filters), so a key that adds a line to the log
and scrolls it pays for every row of the log and its scrollbar, although
most rows show what they showed before, one line higher. A `RowCache`
keeps a widget's finished rows by what each row shows (a log line, a piece
of scrollbar) and asks Textual only for the rows it has not seen, while
the widget's context (size, styles, focus...) stays the same.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from textual.geometry import Region
from textual.strip import Strip


class RowCache:
    """Rows by key, valid for one context; `rows` draws a crop."""

    def __init__(self) -> None:
        self._rows: dict[Hashable, Strip] = {}
        self._context: Hashable = None
        self.epoch = 0  # bumped by the widget when its styles change

    def rows(self, crop: Region, context: Hashable, key_of: Callable[[int], Hashable | None],
             draw: Callable[[Region], list[Strip]], limit: int) -> list[Strip]:
        """The rows of `crop`: kept ones, and `draw` (Textual's) for runs of
        the others. `key_of(y)` names what row y shows, the same key
        always giving the same row in this context, or None: a row drawn
        each time. At most `limit` rows are kept."""
        context = (self.epoch, crop.x, crop.width, context)
        if context != self._context:
            self._rows.clear()
            self._context = context
        kept = self._rows
        strips: list[Strip] = []
        y, bottom = crop.y, crop.bottom
        while y < bottom:
            key = key_of(y)
            if key is not None and key in kept:
                strips.append(kept[key])
                y += 1
                continue
            keys = [key]
            run = y + 1
            while run < bottom and ((key := key_of(run)) is None or key not in kept):
                keys.append(key)
                run += 1
            drawn = draw(Region(crop.x, y, crop.width, run - y))
            for key, strip in zip(keys, drawn, strict=True):
                if key is not None:
                    kept[key] = strip
            strips.extend(drawn)
            y = run
        if len(kept) > limit:  # keep what this crop showed
            shown = {key_of(row) for row in crop.line_range}
            self._rows = {key: strip for key, strip in kept.items() if key in shown}
        return strips
