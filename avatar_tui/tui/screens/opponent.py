"""The new-game screen's choice of opponent: a second person at the same
keyboard, or the computer at one of its strengths (easy: the random bot,
normal: the heuristic one, hard: the expert, which searches; hardest: the
master, which beats the expert at equal CPU, docs/computer-players.md, "The master")."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label, Select

from avatar_tui.play.seats import computer_kinds
from avatar_tui.tui.screens.fields import FieldSelect

HOT_SEAT = "person"
# (label, bot kind): the difficulty names the computer player's kind, one
# for each kind of the table (bots/kinds.py)
OPPONENTS: list[tuple[str, str]] = [
    ("a person (hot seat)", HOT_SEAT),
    *((f"computer: {label}", name) for name, label in computer_kinds()),
]
# a frozen kind is not offered, but a game against one (`--vs-bot
# master-v1`, its save) keeps it in the list, so a new game stays against it
FROZEN: dict[str, str] = {name: f"computer: {label}" for name, label in computer_kinds(True)
                          if name not in {k for _, k in OPPONENTS}}


class OpponentField(Horizontal):
    """p2's player: `kind` is None for a person, else the bot kind."""

    def __init__(self, kind: str | None = None):
        super().__init__(classes="field")
        self.options = OPPONENTS + ([(FROZEN[kind], kind)] if kind in FROZEN else [])
        self.initial = kind if kind in {k for _, k in self.options} else HOT_SEAT

    def compose(self) -> ComposeResult:
        yield Label("p2 played by", classes="field-label")
        yield FieldSelect(self.options, value=self.initial, allow_blank=False, id="opponent",
                     compact=True)

    @property
    def kind(self) -> str | None:
        value = self.query_one("#opponent", Select).value
        return value if isinstance(value, str) and value != HOT_SEAT else None
