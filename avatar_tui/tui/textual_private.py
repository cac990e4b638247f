"""Every use the app makes of Textual's private names (a leading `_`:
Textual may change them in any release without a word), in this module
alone, each under a public name of ours.

Textual is pinned exactly (pyproject). On an upgrade,
tests/test_textual_private.py fails first: it names the pinned version and
every private name used here. Read each one's new source in Textual, bring
what stands on it in line (the users are named beside each), then move the
pin. Nothing outside this module may reach a private part of Textual; the
same test reads the package for it."""

from __future__ import annotations

from collections.abc import Iterable

from textual._compositor import ChopsUpdate, Compositor
from textual.command import CommandPalette
from textual.containers import Vertical
from textual.css.styles import RenderStyles
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.geometry import Region
from textual.keys import _get_unicode_name_from_key
from textual.message import Message
from textual.screen import Screen
from textual.scrollbar import ScrollBar
from textual.widgets import OptionList

__all__ = ["BorderRepaint", "ChopsUpdate", "Compositor", "GuardedPalette", "OpenOptionList",
           "component_styles", "compositor_of", "key_character_name", "process_component_classes",
           "pseudo_classes_key", "set_style_flags", "spans_of", "style_flags", "style_identity",
           "take_dirty_regions", "use_compositor"]

TEXTUAL_VERSION = "8.2.8"  # the pin in pyproject.toml
# flags that matching the stylesheet sets on a node
_STYLE_FLAGS = ("_has_hover_style", "_has_focus_within", "_has_order_style", "_has_odd_or_even")

# What each private name is relied on for; the test checks each is still there.
PRIVATE_NAMES: dict[str, str] = {
    "textual.keys._get_unicode_name_from_key": "a key's character name (the screenshot's --press)",
    "textual.message_pump.MessagePump._on_message": "the palette's one dispatch of messages",
    "textual.widgets.OptionList._update_lines": "the log's wrapping, without a layout pass",
    "textual.widgets.OptionList._clear_caches": "the log's kept rows dropped on a resize",
    "textual.widgets.OptionList._on_resize": "the log's wrapped lines kept at the same width",
    "textual.widgets.OptionList._line_cache": "the log's wrapped lines, counted",
    "textual.widgets.OptionList._mouse_hovering_over": "the log's hovered line, in its rows' key",
    "textual.widget.Widget._layout_required": "the log's layout request, dropped",
    "textual.widget.Widget._exchange_repaint_regions": "a mat's repaint, its border alone",
    "textual.widget.Widget._vertical_scrollbar": "the log's scrollbar, made as Textual's",
    "textual.app.App._start_widget": "the log's scrollbar, started as Textual's",
    "textual._compositor": "the game screen's compositor (tui/perf/compositor.py) is one",
    "textual._compositor.Compositor._dirty_regions": "what the compositor's update repaints",
    "textual._compositor.Compositor._regions_to_spans": "the rows and columns to repaint",
    "textual.screen.Screen._compositor": "the game screen's compositor, replaced, and read "
                                         "for the board dimmed under a dialog",
    # the style cache (tui/perf/restyle.py): what a widget's matched rules
    # depend on, and what matching them sets
    "textual.dom.DOMNode._parent": "a widget's place, in its styles' key",
    "textual.dom.DOMNode._id": "a widget's id, in its styles' key",
    "textual.dom.DOMNode._css_type_name": "a widget's type for CSS, in its styles' key",
    "textual.dom.DOMNode._pseudo_classes_cache_key": "a widget's pseudo-classes, in the key",
    "textual.css.stylesheet.Stylesheet._process_component_classes": "a widget's parts restyled",
    "textual.dom.DOMNode._component_styles": "a widget's parts' styles, kept with its rules",
    **{f"textual.dom.DOMNode.{flag}": "set by matching the stylesheet, kept with the rules"
       for flag in _STYLE_FLAGS},
}


def key_character_name(key: str) -> str:
    """The Unicode name Textual reads a key's name as (`question_mark`:
    QUESTION MARK)."""
    return _get_unicode_name_from_key(key)


def use_compositor(screen: Screen, compositor: Compositor) -> None:
    """`screen` lays out and paints with `compositor`, not Textual's own
    (set before the screen is mounted)."""
    screen._compositor = compositor


def compositor_of(screen: Screen) -> Compositor:
    """The compositor `screen` lays out and paints with."""
    return screen._compositor


def take_dirty_regions(compositor: Compositor) -> set[Region]:
    """The regions the next partial update repaints, taken: none is left."""
    regions = compositor._dirty_regions.copy()
    compositor._dirty_regions.clear()
    return regions


def spans_of(compositor: Compositor, regions: Iterable[Region]) -> Iterable[tuple[int, int, int]]:
    """(row, first column, end column) of the regions, as Textual cuts them
    against the screen."""
    return compositor._regions_to_spans(regions)


def style_identity(node: DOMNode) -> tuple:
    """A node's parent, id and type name for CSS."""
    return (node._parent, node._id, node._css_type_name)


def pseudo_classes_key(node: DOMNode) -> tuple:
    """What of a node's pseudo-classes (hover, focus...) its styles depend on."""
    return node._pseudo_classes_cache_key


def style_flags(node: DOMNode) -> tuple[bool, ...]:
    """The flags matching the stylesheet set on a node."""
    return tuple(getattr(node, name) for name in _STYLE_FLAGS)


def set_style_flags(node: DOMNode, flags: tuple[bool, ...]) -> None:
    for name, flag in zip(_STYLE_FLAGS, flags, strict=True):
        setattr(node, name, flag)


def component_styles(node: DOMNode) -> dict[str, RenderStyles]:
    """The styles of a node's parts (its component classes), by class."""
    return node._component_styles


def process_component_classes(sheet: Stylesheet, node: DOMNode) -> None:
    """The styles of a node's component classes (its parts), as matching does."""
    sheet._process_component_classes(node)


class GuardedPalette(CommandPalette):
    """Textual's command palette, with one public question asked of every
    message before its handlers (Textual's own `@on` ones too) see it."""

    def drops(self, message: Message) -> bool:
        """Whether `message` is stopped before any handler sees it."""
        return False

    async def _on_message(self, message: Message) -> None:
        # Textual finds every handler, its own decorated ones too, from this
        # dispatch, so it is the one place to stop a message
        if self.drops(message):
            message.stop()
            return
        await super()._on_message(message)


class OpenOptionList(OptionList):
    """Textual's OptionList, with the private parts the event log needs
    under public names."""

    scrollbar_class: type[ScrollBar] = ScrollBar  # the vertical scrollbar's

    def _update_lines(self) -> None:  # Textual calls it before lines are drawn
        self.update_lines()

    def update_lines(self) -> None:
        """Textual's: wrap the options not wrapped yet, and size the list."""
        super()._update_lines()

    def _clear_caches(self) -> None:  # Textual calls it on a resize
        self.clear_caches()

    def resized(self) -> None:
        """Textual's own answer to a resize (OptionList's handler, which a
        subclass's handler may stop with `prevent_default`): every option
        wrapped again."""
        OptionList._on_resize(self)

    def clear_caches(self) -> None:
        """Textual's: the wrapped lines dropped."""
        super()._clear_caches()

    @property
    def wrapped_lines(self) -> int:
        """How many lines the options are wrapped into so far."""
        return len(self._line_cache.lines)

    @property
    def hovered_option(self) -> int | None:
        """The option under the mouse."""
        return self._mouse_hovering_over

    @property
    def layout_required(self) -> bool:
        """Whether a layout pass of the screen is asked for."""
        return self._layout_required

    def drop_layout_request(self) -> None:
        self._layout_required = False

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        """Textual's own (Widget.vertical_scrollbar), of `scrollbar_class`."""
        if self._vertical_scrollbar is None:
            self._vertical_scrollbar = bar = self.scrollbar_class(
                vertical=True, name="vertical", thickness=self.scrollbar_size_vertical)
            bar.display = False
            self.app._start_widget(self, bar)
        return self._vertical_scrollbar


class BorderRepaint(Vertical):
    """A container whose repaint of itself whole, when nothing its
    children's rows are drawn from has changed (`inside`), is a repaint of
    its border alone: the compositor otherwise draws every child under it
    again. What the container asked for is read when the compositor takes
    it, after every style of the pass is in place."""

    _inside: tuple | None = None

    def inside(self) -> tuple:
        """What its children's rows are drawn from, of its own."""
        return ()

    def _exchange_repaint_regions(self):  # Textual's: what to repaint of this widget
        regions = super()._exchange_repaint_regions()
        inside, self._inside = self._inside, self.inside()
        whole = self.outer_size.region
        if inside != self._inside or set(regions) != {whole}:
            return regions
        top, right, bottom, left = self.styles.gutter
        width, height = whole.size
        edges = [Region(0, 0, width, top), Region(0, height - bottom, width, bottom),
                 Region(0, 0, left, height), Region(width - right, 0, right, height)]
        return [edge for edge in edges if edge]
