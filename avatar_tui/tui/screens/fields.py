"""A field of a form dialog (the new-game screen): a Select on which enter
moves to the next field, as in the rest of the form, instead of opening the
list; space, up and down (or a click) open it."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Select


class FieldSelect(Select):
    BINDINGS = [
        Binding("enter", "app.focus_next", "Next field", show=False),
        Binding("down,space,up", "show_overlay", "Show menu", show=False),
    ]
