"""The game screen's compositor: a key repaints what changed, not the
rectangle around everything that changed, which is most often the whole
screen.

Textual 8.2.8's `Compositor.render_partial_update` takes the bounding box
of all dirty regions as its crop and renders every visible widget that
overlaps it, each widget whole. A key on the board dirties the status line
(the middle), the event log (the right column) and the footer (the bottom
row), so that box is the whole screen and all of the board's widgets are
rendered again on every key.

`PartialCompositor` fills only the chops the update sends (a chop is a
row's piece between two cuts; every widget edge is a cut, so a chop lies
inside one widget's columns): those that meet a dirty span. Front to back,
as Textual's, a chop goes to the first widget covering it, and a widget
is rendered only on the rows where one of its wanted chops is still
unfilled, so widgets no dirty region meets, and what lies behind a dirty
widget, are not rendered. What it sends is what Textual's sends: the same
spans, each chop meeting them from the front-most widget's line, which
`render_lines` gives the same for any crop. Chops no span meets stay
empty, and `ChopsUpdate` skips them.

Textual is pinned exactly (pyproject), and tests/app/test_compositor.py
fails if the pinned methods this depends on change, and checks the
screen built from these partial updates against a full render.
"""

from __future__ import annotations

from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from avatar_tui.tui.perf.dimmed import DimmedBoard
from avatar_tui.tui.textual_private import (
    ChopsUpdate,
    Compositor,
    spans_of,
    take_dirty_regions,
)


class PartialCompositor(Compositor):
    """A compositor whose partial updates render only the rows of each
    widget that a dirty region crosses.

    `version` moves on with anything that may change what it renders (a
    widget refreshed, a layout), so a render of it can be kept until then:
    the board dimmed under a dialog (tui/perf/dimmed.py, `dimmed`)."""

    def __init__(self) -> None:
        super().__init__()
        self.version = 0
        self.dimmed = DimmedBoard()

    def update_widgets(self, widgets: set[Widget]) -> None:
        self.version += 1
        super().update_widgets(widgets)

    def reflow(self, parent: Widget, size: Size):
        self.version += 1
        return super().reflow(parent, size)

    def reflow_visible(self, parent: Widget, size: Size) -> set[Widget]:
        self.version += 1
        return super().reflow_visible(parent, size)

    def clear(self) -> None:
        self.version += 1
        super().clear()

    def render_partial_update(self) -> ChopsUpdate | None:
        update_regions = take_dirty_regions(self)
        if not update_regions:
            return None
        spans = list(spans_of(self, update_regions))
        row_spans: dict[int, list[tuple[int, int]]] = {}
        for y, x1, x2 in spans:
            row_spans.setdefault(y, []).append((x1, x2))
        chops = self._render_rows(row_spans)
        chop_ends = [cut_set[1:] for cut_set in self.cuts]
        return ChopsUpdate(chops, spans, chop_ends)

    def _render_rows(
        self, row_spans: dict[int, list[tuple[int, int]]],
    ) -> list[dict[int, Strip | None]]:
        """Chops like `Compositor._render_chops`, but only those the update
        sends: the chops (a row's piece between two cuts, inside one
        widget's columns, since every widget edge is a cut) that meet a
        span. Front to back (the visible widgets' order, as Textual's), a
        chop goes to the first widget covering it; a widget is rendered
        only on rows where a wanted chop is still unfilled, so what lies
        behind a dirty widget is not rendered at all."""
        cuts = self.cuts
        chops: list[dict[int, Strip | None]] = [dict.fromkeys(cut_set[:-1]) for cut_set in cuts]
        wanted: dict[int, dict[int, int]] = {}  # row: {cut: its chop's end}, unfilled
        for row, spans in row_spans.items():
            row_cuts = cuts[row]
            wanted[row] = {cut: end for cut, end in zip(row_cuts, row_cuts[1:], strict=False)
                           if any(x1 < end and x2 > cut for x1, x2 in spans)}
        first_row, last_row = min(row_spans), max(row_spans) + 1
        for widget, (region, clip) in self.visible_widgets.items():
            x, y, width, height = region.intersection(clip)
            if not (width and height):
                continue
            right = x + width
            rows = [row for row in range(max(y, first_row), min(y + height, last_row))
                    if any(x <= cut < right for cut in wanted.get(row, ()))]
            if not rows:
                continue
            for start, stop in _runs(rows):
                strips = widget.render_lines(
                    Region(x - region.x, start - region.y, width, stop - start))
                for row, strip in zip(range(start, stop), strips, strict=True):
                    unfilled, chops_line = wanted[row], chops[row]
                    for cut in [cut for cut in unfilled if x <= cut < right]:
                        chops_line[cut] = strip.crop(cut - x, unfilled.pop(cut) - x)
        return chops


def _runs(rows: list[int]) -> list[tuple[int, int]]:
    """Ascending rows as runs of consecutive ones, (start, stop) each."""
    runs: list[tuple[int, int]] = []
    start = prev = rows[0]
    for row in rows[1:]:
        if row != prev + 1:
            runs.append((start, prev + 1))
            start = row
        prev = row
    runs.append((start, prev + 1))
    return runs
