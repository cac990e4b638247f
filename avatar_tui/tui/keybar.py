"""The footer of the game screen: the keys that do something now, asked of
the screen's `check_action` like Textual's Footer asks, but kept as one line
of text that is rewritten in place. (Textual's Footer rebuilds a widget per
key whenever the set of legal keys changes, which is after nearly every
move: unmounting and mounting a dozen widgets each time.)

While a dialog covers the board, the line shows the dialog's own keys: the
board's keys do nothing then, and offering them misled (`1` answers an
overpay chooser, it is not `Power 1`). The line learns of every change of
the screen on top (a dialog opened from another's answer too, which
neither suspends nor resumes the board), and under two or more
translucent dialogs it has the screens above it draw its row again:
Textual repaints a covered screen's change on the top screen only, and a
dialog in between goes on showing the row it drew before."""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from rich.cells import cell_len
from textual import events
from textual.actions import parse
from textual.binding import Binding
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip
from textual.widgets import Static

from avatar_tui.play.plain import escape
from avatar_tui.tui.perf.markup import parsed
from avatar_tui.tui.perf.rowcache import RowCache


@dataclass(frozen=True)
class KeyItem:
    binding: Binding
    action: str
    parameters: tuple[object, ...]


class KeyBar(Static):
    """One line: `key description` for every shown binding the screen allows
    now. A click on an item presses its key."""

    def __init__(self, bindings: list[Binding], spare: dict[str, int] | None = None,
                 focused: dict[str, list[Binding]] | None = None, **kw):
        super().__init__(**kw)
        # widget id -> the keys shown instead while that widget has focus
        # (the log's: its keys move in it, the board's do not act there)
        self.focused = focused or {}
        # binding id -> rank: the keys left out, highest rank first, when the
        # line is too narrow for all (a move, help and quit never are)
        self.spare = spare or {}
        self.items = [KeyItem(b, *parse(b.action)[1:]) for b in bindings if b.show]
        self.compact = False
        self._spans: list[tuple[int, int, str]] = []  # (start, end, key) of each item shown
        self._shown: str | None = None
        self.hovered: str | None = None  # the key under the mouse pointer
        self._watched: weakref.ref[Screen] | None = None  # the dialog whose keys are shown
        # the line drawn for each text it showed: a game goes back and forth
        # between a few sets of keys (a flip's, a decision's), and the line
        # through Textual's styles cost some 0.9 ms a key
        self._rows = RowCache()

    def on_mount(self) -> None:
        self.app.screen_change_signal.subscribe(self, self._top_changed)

    def _top_changed(self, _screen: Screen) -> None:
        self.refresh_keys()

    def shown_now(self) -> list[tuple[Binding, bool | None]]:
        """The bindings to show and whether each acts now (None: shown dim):
        the board's, or those of the dialog on top of it."""
        stack = self.app.screen_stack
        top = stack[-1] if stack else self.screen
        if top is self.screen:
            self._watch(None)
            widget = self.screen.focused
            if widget is not None and widget.id in self.focused:
                return [(binding, True) for binding in self.focused[widget.id]]
            found = ((item.binding, self.screen.check_action(item.action, item.parameters))
                     for item in self.items)
            return [(binding, allowed) for binding, allowed in found if allowed is not False]
        # the dialog's keys, as Textual's Footer would show them on it (asked
        # once it is mounted: its check_action may look at its widgets)
        self._watch(top)
        if not top.is_mounted:
            top.call_after_refresh(self.refresh_keys)
            return []
        return [(active.binding, active.enabled or None)
                for active in top.active_bindings.values() if active.binding.show]

    def fitting(self, shown: list[tuple[Binding, bool | None]],
                gap: int) -> list[tuple[Binding, bool | None]]:
        """`shown` without the spare keys the line has no room for."""
        room = self.app.size.width - self.styles.padding.width

        def width(items: list[tuple[Binding, bool | None]]) -> int:
            return sum(cell_len(b.key_display or self.app.get_key_display(b)) + 1 +
                       cell_len(b.description) + (not on) + gap for b, on in items) - gap

        for rank in sorted({self.spare[b.id] for b, _ in shown if b.id in self.spare},
                           reverse=True):
            if width(shown) <= room:
                break
            shown = [(b, on) for b, on in shown if self.spare.get(b.id or "") != rank]
        return shown

    def _watch(self, dialog: Screen | None) -> None:
        """Be told when the keys of `dialog` (the screen on top) change;
        subscribed once per dialog, as each subscription is called."""
        watched = self._watched() if self._watched is not None else None
        if dialog is watched:
            return
        if watched is not None:
            watched.bindings_updated_signal.unsubscribe(self)
        self._watched = weakref.ref(dialog) if dialog is not None else None
        if dialog is not None:
            dialog.bindings_updated_signal.subscribe(self, self._dialog_keys_changed)

    def _dialog_keys_changed(self, _screen: object) -> None:
        self.refresh_keys()

    def refresh_keys(self) -> None:
        """Show the keys that are legal now (cheap when nothing changed);
        nothing once its screen is gone (a refresh asked of a dialog may
        come after the screen under it was closed)."""
        if not self.is_attached:
            return
        gap = 1 if self.compact else 2
        parts: list[str] = []
        spans: list[tuple[int, int, str]] = []
        x = 0
        for binding, allowed in self.fitting(self.shown_now(), gap):
            key = binding.key_display or self.app.get_key_display(binding)
            # a key that is off now is dim and marked ✗ too: dim alone is a
            # colour, lost with NO_COLOR
            off = "" if allowed else "✗"
            item = (f"[b $footer-key-foreground]{escape(key)}[/] "
                    f"[$footer-description-foreground]{escape(binding.description)}{off}[/]")
            style = " ".join(([] if allowed else ["dim"]) +  # None: shown, but not now
                             (["on $block-hover-background"] if binding.key == self.hovered
                              else []))
            parts.append(f"[{style}]{item}[/]" if style else item)
            width = cell_len(key) + 1 + cell_len(binding.description) + len(off)
            spans.append((x, x + width, binding.key))
            x += width + gap
        markup = (" " * gap).join(parts)
        self._spans = spans
        if markup != self._shown:
            self._shown = markup
            self.update(parsed(markup), layout=False)  # one row, sized by CSS
            self._redraw_above()

    def _redraw_above(self) -> None:
        """Under dialogs, each screen above this one draws the line's row
        again: a translucent screen keeps what it drew of the screens
        below it, and Textual tells only the top one of a change."""
        stack = self.app.screen_stack
        if self.screen in stack:
            for screen in stack[stack.index(self.screen) + 1:-1]:
                screen.refresh(self.region)

    def render_lines(self, crop: Region) -> list[Strip]:
        context = (self.size, self.background_colors, tuple(self.get_line_filters()),
                   self.app.theme)
        return self._rows.rows(crop, context, lambda y: (self._shown, y), super().render_lines,
                               limit=32)

    def notify_style_update(self) -> None:
        self._rows.epoch += 1
        super().notify_style_update()

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
