"""Classes given or taken while the board shows a move, the widgets they
style restyled together, once, at the end, from a cache of the styles found
before.

A class change makes Textual match its whole stylesheet again for every
widget it restyles, and `set_class` restyles the widget and everything
inside it, at once, per call: with the play-feel marks (✱ on what a move
changed, ⚔ on the attack, the recap and point panels coming and going) that
matching became the larger part of a key's cost. Here a class changes only
when it really does, only the widgets it styles are restyled (a panel's
class on its container styles its panels, not the text inside them), all of
a move's in one pass, and a widget seen before in the same state takes the
styles found then (`StyleCache`): the board's few marks come and go between
the same few states all game long."""

from __future__ import annotations

from collections.abc import Iterable

from textual.css.model import CombinatorType, SelectorType
from textual.css.styles import RulesMap
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.widget import Widget

from avatar_tui.tui.textual_private import (
    component_styles,
    process_component_classes,
    pseudo_classes_key,
    set_style_flags,
    style_flags,
    style_identity,
)

# enough for every state of the board's marks and panels, with any card
# focused; past it the cache starts over rather than grow without end
LIMIT = 4096


class StyleCache:
    """The rules Textual's stylesheet gave a widget, by everything they can
    depend on for widgets composed once (the game screen's): the widget's
    type, id, classes and pseudo-classes, its place (its parent), the
    pseudo-classes of every ancestor and those of its classes that some
    selector names on an ancestor (`#side.-deciding #deciding`: a mat's
    `-acting`, named on the mat alone, restyles none of its cards, and
    with it in their keys most of the cards' states were new to the
    cache for a whole game), the focused widget (for
    :focus-within), and the stylesheet's rules themselves (a new theme or
    CSS gives new rules: the cache starts over). Textual's own update_nodes
    keeps such a cache for one call, keyed by the parent, since ancestors
    cannot change during it; across calls they can, hence the longer key.
    A widget Textual would not cache (styled by its order among its
    siblings, say) is matched afresh every time."""

    def __init__(self) -> None:
        self._rules: object = None
        # by key: the rules, the flags matching set, and what the widget's
        # styles are once given them: its rules as its styles keep them
        # (Textual stores some in another form than the stylesheet gives,
        # "underline" as a Style) and the styles of its parts (component
        # classes)
        self._found: dict[tuple, tuple[RulesMap, tuple[bool, ...], RulesMap,
                                       dict[str, object]]] = {}
        self.hits = self.misses = 0
        self.kept = 0  # hits whose styles were those the widget had: nothing redone
        self._named_above: frozenset[str] = frozenset()  # classes a selector names on an ancestor

    def _key(self, node: DOMNode) -> tuple:
        named = self._named_above
        ancestors = tuple((a.classes & named, pseudo_classes_key(a)) for a in node.ancestors)
        screen = node.screen if isinstance(node, Widget) else None
        return (*style_identity(node), node.classes, pseudo_classes_key(node), ancestors,
                screen and screen.focused)

    def apply(self, sheet: Stylesheet, node: DOMNode, changed: set[DOMNode] | None = None) -> bool:
        """Restyle `node` as `sheet.apply` would; whether its styles changed.

        A widget whose styles found are those it has already, parts
        included, is left as it is (`changed`: the nodes restyled so far in
        the pass, none of them its ancestor): replacing its rules by equal
        ones would change nothing but drop its finished rows, so a panel
        beside the one shown or hidden was drawn again whole (the log)."""
        if sheet.rules is not self._rules:  # new rules: what was found is stale
            self._found.clear()
            self._rules = sheet.rules
            self._named_above = named_above(sheet)
        key = self._key(node)
        found = self._found.get(key)
        if found is not None:
            self.hits += 1
            rules, flags, kept, parts = found
            set_style_flags(node, flags)
            if (node.styles.base.get_rules() == kept and component_styles(node) == parts
                    and (changed is None or changed.isdisjoint(node.ancestors))):
                self.kept += 1
                return False
            sheet.replace_rules(node, rules, animate=False)
            process_component_classes(sheet, node)
            return True
        self.misses += 1
        caught: dict[tuple, RulesMap] = {}  # Textual puts the rules here if it may cache them
        sheet.apply(node, animate=False, cache=caught)
        if len(caught) == 1:
            if len(self._found) >= LIMIT:
                self._found.clear()
            flags = style_flags(node)
            self._found[key] = (next(iter(caught.values())), flags, node.styles.base.get_rules(),
                                dict(component_styles(node)))
        return True

    def update_nodes(self, sheet: Stylesheet, nodes: Iterable[DOMNode]) -> None:
        """As `Stylesheet.update_nodes` (textual/css/stylesheet.py), each
        node and its scrollbars through the cache (a scrollbar's styles
        depend on its widget's classes, as any widget's on its parent's)."""
        changed: set[DOMNode] = set()
        for node in nodes:
            if self.apply(sheet, node, changed):
                changed.add(node)
            if isinstance(node, Widget) and node.is_scrollable:
                vertical = node.show_vertical_scrollbar and node.scrollbar_size_vertical
                horizontal = node.show_horizontal_scrollbar and node.scrollbar_size_horizontal
                if vertical:
                    self.apply(sheet, node.vertical_scrollbar, changed)
                if horizontal:
                    self.apply(sheet, node.horizontal_scrollbar, changed)
                if vertical and horizontal:
                    self.apply(sheet, node.scrollbar_corner, changed)


def named_above(sheet: Stylesheet) -> frozenset[str]:
    """Every class some selector of `sheet` names on an ancestor of the
    node it styles: all but the last compound (`GameScreen.-compact #log`:
    `-compact`)."""
    named: set[str] = set()
    for rule in sheet.rules:
        for selector_set in rule.selector_set:
            selectors = selector_set.selectors
            last = len(selectors) - 1
            while last > 0 and selectors[last].combinator == CombinatorType.SAME:
                last -= 1  # a part of the last compound: the node itself
            named.update(s.name for s in selectors[:last] if s.type == SelectorType.CLASS)
    return frozenset(named)


class StylePass:
    """The classes changed during one show; `run` restyles what they style."""

    def __init__(self, cache: StyleCache | None = None) -> None:
        self._nodes: dict[int, DOMNode] = {}  # by id: once each, in order
        self._cache = cache

    def set(self, node: DOMNode, on: bool, name: str,
            styled: Iterable[DOMNode] | None = None) -> None:
        """Give (`on`) or take the class `name`; if that changed it, restyle
        `styled` at the end (by default the node alone)."""
        if on == node.has_class(name):
            return
        node.set_class(on, name, update=False)
        for each in (node,) if styled is None else styled:
            self._nodes.setdefault(id(each), each)

    def run(self, node: DOMNode) -> None:
        """The one restyle of everything gathered (`node`: any node of the app)."""
        if not self._nodes or not node.is_attached:
            return
        nodes = list(self._nodes.values())
        self._nodes.clear()
        sheet = node.app.stylesheet
        if self._cache is None:
            sheet.update_nodes(nodes)
        else:
            self._cache.update_nodes(sheet, nodes)
