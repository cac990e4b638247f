"""Classes given or taken while the board shows a move, the widgets they
style restyled together, once, at the end.

A class change makes Textual match its whole stylesheet again for every
widget it restyles, and `set_class` restyles the widget and everything
inside it, at once, per call: with the play-feel marks (✱ on what a move
changed, ⚔ on the attack, the recap and point panels coming and going) that
matching became the larger part of a key's cost. Here a class changes only
when it really does, only the widgets it styles are restyled (a panel's
class on its container styles its panels, not the text inside them), all of
a move's in one pass."""

from __future__ import annotations

from collections.abc import Iterable

from textual.dom import DOMNode


class StylePass:
    """The classes changed during one show; `run` restyles what they style."""

    def __init__(self) -> None:
        self._nodes: dict[int, DOMNode] = {}  # by id: once each, in order

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
        node.app.stylesheet.update_nodes(nodes)
