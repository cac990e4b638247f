"""The end of the game (R10.5): winner, score, turns; rematch or quit."""

from __future__ import annotations

from typing import Literal

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from avatar_tui.engine import Table
from avatar_tui.model.common import other
from avatar_tui.play import describe
from avatar_tui.tui.screens.dialog import Dialog

Answer = Literal["rematch", "new", "quit", "review"]


class GameOverScreen(Dialog[Answer | None]):
    BINDINGS = [
        Binding("r", "answer('rematch')", "Rematch", id="rematch"),
        Binding("n", "answer('new')", "New game", id="new"),
        Binding("v", "answer('review')", "Review", id="review"),
        Binding("q", "answer('quit')", "Quit", id="quit"),
        Binding("escape", "close", "Look at the board", id="close"),
    ]

    def __init__(self, table: Table):
        super().__init__()
        self.table = table

    def compose(self) -> ComposeResult:
        t = self.table
        state = t.state
        winner = state.winner
        assert winner is not None
        loser = other(winner)
        lines = [
            f"[b]{describe.character(t, winner)} wins![/b]",
            "",
            f"Score: {describe.character(t, winner)} {state.players[winner].score} — "
            f"{describe.character(t, loser)} {state.players[loser].score}",
            f"Turns played: {state.turn_number}",
            f"Actions: {len(state.history)} · seed {state.setup.seed}",
        ]
        with Vertical(classes="dialog gameover"):
            yield Static("[b]Game over[/b] (R10.5: first to 3 points)", classes="dialog-title")
            yield Static("\n".join(lines))
            yield Static("[dim]r rematch (same characters, next seed) · n new game · v review "
                         "the game · q quit · escape looks at the board[/]", classes="dialog-keys")

    def action_answer(self, answer: Answer) -> None:
        self.dismiss(answer)

    def action_close(self) -> None:
        self.dismiss(None)
