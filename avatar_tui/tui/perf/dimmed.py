"""The board dimmed under a dialog, drawn once while it stays the same.

A dialog's screen is see-through (Textual's ModalScreen: its background
60 % opaque), so each frame that paints the dialog's background renders the
whole board beneath it and tints every piece of it (`BackgroundScreen`).
A key that opens a question did that twice (the dialog's first frame, then
its partial update), about a tenth of its 60-70 ms, and the tint worked out
the same few colours anew for each of the screen's some 700 pieces.

`DimmedBoard` keeps the tinted pieces while the board's compositor shows
the same thing (`PartialCompositor.version`: every refresh of a widget and
every layout of the board moves it on), and tints each style once."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.renderables.background_screen import BackgroundScreen

if TYPE_CHECKING:
    from textual.screen import Screen

    from avatar_tui.tui.perf.compositor import PartialCompositor

NULL_STYLE = Style()
_tinted: dict[tuple[Style | None, Color], Style] = {}  # a style seen through a colour


def tinted(style: Style | None, color: Color) -> Style:
    """`style` seen through `color`, as Textual's BackgroundScreen tints it:
    its links and meta dropped, its colours blended with `color`."""
    key = (style, color)
    found = _tinted.get(key)
    if found is not None:
        return found
    plain = NULL_STYLE if style is None else style.clear_meta_and_links()
    if color.a != 0:
        plain += Style.from_color(
            (Color.from_rich_color(plain.color) + color).rich_color
            if plain.color is not None else None,
            (Color.from_rich_color(plain.bgcolor) + color).rich_color
            if plain.bgcolor is not None else None)
    if len(_tinted) > 4096:  # themes and dialogs come and go: start over
        _tinted.clear()
    _tinted[key] = plain
    return plain


def tint(segments: Iterable[Segment], color: Color) -> list[Segment]:
    return [segment if segment.control else Segment(segment.text, tinted(segment.style, color))
            for segment in segments]


class DimmedBoard:
    """The board's last dimmed render, kept on its compositor."""

    def __init__(self) -> None:
        self._drawn_at: tuple | None = None
        self._tinted_rows: list[Segment] = []

    def segments(self, compositor: PartialCompositor, color: Color, console: Console,
                 options: ConsoleOptions) -> list[Segment]:
        key = (compositor.version, color, options.size, console.color_system)
        if key != self._drawn_at:
            self._tinted_rows = tint(console.render(compositor, options), color)
            self._drawn_at = key
        return self._tinted_rows


class DimmedScreen(BackgroundScreen):
    """A BackgroundScreen drawn from the board's kept render."""

    def __init__(self, screen: Screen, color: Color, compositor: PartialCompositor) -> None:
        super().__init__(screen, color)
        self.compositor = compositor

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        return self.compositor.dimmed.segments(self.compositor, self.color, console, options)
