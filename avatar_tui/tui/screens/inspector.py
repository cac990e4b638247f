"""The full card: everything the small card face leaves out. Left and
right page through every card on the table."""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from avatar_tui.engine import Table
from avatar_tui.model.common import PLAYERS, ZONES, PlayerId, Zone
from avatar_tui.model.state import FaceUp
from avatar_tui.play import describe
from avatar_tui.tui.screens.dialog import Dialog


@dataclass(frozen=True)
class Spot:
    """A card somewhere on the table, and where."""

    card: str
    where: str
    owner: PlayerId | None = None
    zone: Zone | None = None
    face: FaceUp | None = None


def table_cards(t: Table) -> list[Spot]:
    """Every face-up card on the table, p1 first, zone by zone."""
    spots: list[Spot] = []
    state = t.state
    for pid in PLAYERS:
        player = state.players[pid]
        for z in ZONES:
            zs = player.zones[z]
            if zs.ally is not None:
                spots.append(Spot(zs.ally.card, f"{pid} {z} ally", pid, z))
            if zs.flip is not None:
                spots.append(Spot(zs.flip.card, f"{pid} {z} flip space", pid, z, zs.flip))
        for adv in player.advantages:
            spots.append(Spot(adv.card, f"{pid} advantage ({adv.zone})", pid))
        if player.chamber.move is not None:
            spots.append(Spot(player.chamber.move.card, f"{pid} signature move", pid, None,
                              player.chamber.move))
        if player.discard:
            spots.append(Spot(player.discard[-1], f"{pid} discard pile, top", pid))
    return spots


class InspectorScreen(Dialog[None]):
    BINDINGS = [
        Binding("escape", "close", "Close", id="close"),
        Binding("i", "close", "Close", show=False),
        Binding("left", "step(-1)", "Previous", id="previous"),
        Binding("right", "step(1)", "Next", id="next"),
    ]

    def __init__(self, table: Table, spots: list[Spot], index: int = 0):
        super().__init__()
        self.table = table
        self.spots = spots
        self.index = index

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog inspector"):
            yield Static(classes="dialog-title", id="inspect-where")
            yield Static(id="inspect-card")
            yield Static("[dim]← → other cards on the table · escape closes[/]",
                         classes="dialog-keys")

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        where = self.query_one("#inspect-where", Static)
        body = self.query_one("#inspect-card", Static)
        if not self.spots:
            where.update("[b]No card on the table[/b]")
            body.update("")
            return
        spot = self.spots[self.index]
        place = spot.where
        if spot.owner is not None:  # whose, by name: "Prince Zuko (p2) yellow flip space"
            place = place.replace(spot.owner, describe.character(self.table, spot.owner), 1)
        where.update(f"[b]{place}[/b]  [dim]({self.index + 1}/{len(self.spots)})[/]")
        body.update("\n".join(describe.full_card(self.table, spot.card, spot.owner, spot.zone,
                                                 spot.face)))

    def action_step(self, delta: int) -> None:
        if self.spots:
            self.index = (self.index + delta) % len(self.spots)
            self.show()

    def action_close(self) -> None:
        self.dismiss(None)
