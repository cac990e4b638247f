"""The explain panel (e): every standard move now, possible or not, with
the engine's reason — how to learn what the rules allow at this moment."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Static

from avatar_tui.play import describe
from avatar_tui.play.explain import MoveLine, moves
from avatar_tui.play.session import Session
from avatar_tui.tui.screens.dialog import Dialog


def situation(session: Session) -> str:
    """Who acts, and against what (markup)."""
    t, state = session.table, session.state
    pid = session.actor
    head = describe.status(t, state, session.look)
    return f"{describe.character(t, pid)} to act · {head}" if pid is not None else head


def verdict(m: MoveLine) -> str:
    mark = "[$success]✓ possible[/]" if m.possible else "[$error]✗ not possible[/]"
    return f"{mark} — {m.detail}"


class ExplainScreen(Dialog[None]):
    BINDINGS = [
        Binding("escape", "close", "Close", id="close"),
        Binding("e", "close", "Close", show=False),
        Binding("q", "close", "Close", show=False),
    ]

    def __init__(self, session: Session):
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog explain"):
            yield Static("[b]What can I do now?[/b] (the engine's answer for each move)",
                         classes="dialog-title")
            yield Static(situation(self.session), classes="dialog-prompt", id="explain-head")
            for m in moves(self.session):
                with Horizontal(classes="explain-row"):
                    yield Static(f"[b]{m.key}[/b]", classes="explain-key")
                    yield Static(f"[b]{m.label}[/b]", classes="explain-move")
                    yield Static(verdict(m), classes="explain-verdict")
            yield Static("[dim]escape closes · the footer keys are the possible moves · "
                         "select a log line (l, or click it) to read its rule[/]",
                         classes="dialog-keys")

    def action_close(self) -> None:
        self.dismiss(None)
