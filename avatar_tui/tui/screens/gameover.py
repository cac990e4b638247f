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
from avatar_tui.play.commands import GameOver
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

    def __init__(self, table: Table, over: GameOver | None = None):
        super().__init__()
        self.table = table
        self.over = over or GameOver(actions=len(table.state.history),
                                     seed=table.state.setup.seed)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A hosted game's seat has no game here to replace or review."""
        if self.over.remote and parameters and parameters[0] in ("new", "review"):
            return False
        return True

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
        ]
        over = self.over
        if over.actions is not None:
            lines.append(f"Actions: {over.actions}" + (
                f" · seed {over.seed}" if over.seed is not None else ""))
        with Vertical(classes="dialog gameover"):
            yield Static("[b]Game over[/b] (R10.5: first to 3 points)", classes="dialog-title")
            yield Static("\n".join(lines))
            keys = ("r rematch (it starts when the other seat asks too) · q quit" if over.remote
                    else "r rematch (same characters, next seed) · n new game · v review "
                    "the game · q quit")
            yield Static(f"[dim]{keys} · escape looks at the board[/]", classes="dialog-keys")

    def action_answer(self, answer: Answer) -> None:
        self.dismiss(answer)

    def action_close(self) -> None:
        self.dismiss(None)
