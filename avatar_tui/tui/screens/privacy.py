"""Secrets on a shared screen (R1.6): first a privacy screen asking the
other player to look away, then the secret — your own signature moves
(`v`), or a question about cards only you may see (the top of your deck,
SecretGate, after which the question itself is shown)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.reactive import reactive
from textual.widgets import Static

from avatar_tui.engine import Table
from avatar_tui.model.common import PlayerId, other
from avatar_tui.play import describe
from avatar_tui.play.plain import escape
from avatar_tui.tui.screens.dialog import Dialog


def look_away(t: Table, pid: PlayerId, what: str) -> str:
    """The words of a privacy screen: the other player looks away first."""
    return (f"\n[b]{describe.character(t, other(pid))}, look away.[/b]\n\n"
            f"{describe.character(t, pid)}: press enter to see {what}.\n")


class Private(Dialog[object]):
    """A screen for one player's eyes: `pid`'s secret, on `table`."""

    def __init__(self, table: Table, pid: PlayerId):
        super().__init__()
        self.table = table
        self.pid = pid


class SecretGate(Private):
    """Before a question about cards only `pid` may see (R1.6): dismissed
    with True when they press enter, False (escape) to go back to the board."""

    BINDINGS = [
        Binding("enter", "reveal", "Show the question", id="reveal"),
        Binding("escape", "close", "Back to the board", id="close"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog privacy"):
            yield Static(f"[b]A secret for {describe.character(self.table, self.pid)} "
                         "(R1.6)[/b]", classes="dialog-title")
            yield Static(look_away(self.table, self.pid, "a question about cards only you "
                                   "may look at"), id="privacy-body")
            yield Static("[dim]enter shows the question · escape: back to the board "
                         "(c asks again)[/]", classes="dialog-keys")

    def action_reveal(self) -> None:
        self.dismiss(True)

    def action_close(self) -> None:
        self.dismiss(False)


class PrivacyScreen(Private):
    BINDINGS = [
        Binding("enter", "reveal", "Show my moves", id="reveal"),
        Binding("escape", "close", "Close", id="close"),
    ]

    revealed: reactive[bool] = reactive(False)

    def __init__(self, table: Table, pid: PlayerId, shared: bool = True):
        """`shared`: another person looks at this screen too, so they look
        away first (hot seat); against the computer the moves show at once."""
        super().__init__(table, pid)
        self.set_reactive(PrivacyScreen.revealed, not shared)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog privacy"):
            yield Static(classes="dialog-title", id="privacy-title")
            yield Static(id="privacy-body")
            yield Static(classes="dialog-keys", id="privacy-keys")

    def on_mount(self) -> None:
        self.watch_revealed(self.revealed)

    def watch_revealed(self, revealed: bool) -> None:
        t, pid = self.table, self.pid
        title = self.query_one("#privacy-title", Static)
        body = self.query_one("#privacy-body", Static)
        keys = self.query_one("#privacy-keys", Static)
        if not revealed:
            title.update("[b]Signature moves are secret (R1.6)[/b]")
            body.update(look_away(t, pid, "your moves"))
            keys.update("[dim]enter shows the moves · escape closes[/]")
            return
        chamber = t.catalog.chamber(t.player(pid).chamber.id)
        front, back = t.catalog.moves_of(chamber)
        side = t.player(pid).chamber.side
        now, later = (front, back) if side == "front" else (back, front)
        lines = [f"Chamber {escape(chamber.name)}, {side} side up.", "",
                 f"[b]Now ({side}):[/b]", *describe.full_card(t, now.id), "",
                 f"[b]Next ({'back' if side == 'front' else 'front'}, after it is played "
                 "and cleaned up, R10.6):[/b]", *describe.full_card(t, later.id)]
        title.update(f"[b]{describe.character(t, pid)}'s signature moves[/b]")
        body.update("\n".join(lines))
        keys.update("[dim]escape hides them again[/]")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "reveal":
            return not self.revealed
        return True

    def action_reveal(self) -> None:
        self.revealed = True
        self.refresh_bindings()

    def action_close(self) -> None:
        self.dismiss(None)
