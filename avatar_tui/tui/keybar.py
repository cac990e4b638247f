"""The footer of the game screen: the keys that do something now, asked of
the screen's `check_action` like Textual's Footer asks, but kept as one line
of text that is rewritten in place. (Textual's Footer rebuilds a widget per
key whenever the set of legal keys changes, which is after nearly every
move: unmounting and mounting a dozen widgets each time.)"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from textual import events
from textual.actions import parse
from textual.binding import Binding
from textual.widgets import Static

from avatar_tui.play.plain import escape
from avatar_tui.tui.perf.markup import parsed


@dataclass(frozen=True)
class KeyItem:
    binding: Binding
    action: str
    parameters: tuple[object, ...]


class KeyBar(Static):
    """One line: `key description` for every shown binding the screen allows
    now. A click on an item presses its key."""

    def __init__(self, bindings: list[Binding], **kw):
        super().__init__(**kw)
        self.items = [KeyItem(b, *parse(b.action)[1:]) for b in bindings if b.show]
        self.compact = False
        self._spans: list[tuple[int, int, str]] = []  # (start, end, key) of each item shown
        self._shown: str | None = None
        self.hovered: str | None = None  # the key under the mouse pointer

    def refresh_keys(self) -> None:
        """Show the keys that are legal now (cheap when nothing changed)."""
        gap = 1 if self.compact else 2
        parts: list[str] = []
        spans: list[tuple[int, int, str]] = []
        x = 0
        for item in self.items:
            allowed = self.screen.check_action(item.action, item.parameters)
            if allowed is False:
                continue
            binding = item.binding
            key = binding.key_display or self.app.get_key_display(binding)
            item = (f"[b $footer-key-foreground]{escape(key)}[/] "
                    f"[$footer-description-foreground]{escape(binding.description)}[/]")
            style = " ".join(([] if allowed else ["dim"]) +  # None: shown, but not now
                             (["on $block-hover-background"] if binding.key == self.hovered
                              else []))
            parts.append(f"[{style}]{item}[/]" if style else item)
            width = cell_len(key) + 1 + cell_len(binding.description)
            spans.append((x, x + width, binding.key))
            x += width + gap
        markup = (" " * gap).join(parts)
        self._spans = spans
        if markup != self._shown:
            self._shown = markup
            self.update(parsed(markup), layout=False)  # one row, sized by CSS

    def key_at(self, x: int) -> str | None:
        """The key of the item at column `x` of the widget, if any."""
        x -= self.styles.padding.left
        return next((key for start, end, key in self._spans if start <= x < end), None)

    def on_click(self, event: events.Click) -> None:
        key = self.key_at(event.x)
        if key is not None:
            self.app.simulate_key(key)

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self._hover(self.key_at(event.x))

    def on_leave(self, event: events.Leave) -> None:
        self._hover(None)

    def _hover(self, key: str | None) -> None:
        if key != self.hovered:
            self.hovered = key
            self.refresh_keys()
