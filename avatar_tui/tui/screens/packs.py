"""The pack-opening screen: a pack's cards face down, turned over one by one,
rarest last (cardlib/packs.py's opening order), each turned card's whole
face a key away (the deck editor's card face, CardFaceScreen). Several packs
(`avatar-tui pack --box --open`) are opened one after another."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from avatar_tui.cardlib.catalog import Catalog
from avatar_tui.cardlib.packs import Pack, Pulled, name_and_type, opening_order
from avatar_tui.play.plain import escape
from avatar_tui.tui.screens.decks_dialogs import CardFaceScreen

FACE_DOWN = "[dim]░░░░░░░░ face down[/]"
# a colour per rarity, as the cards' rarity symbols go from plain to rare
RARITY_STYLE = {"common": "", "uncommon": "b", "rare": "b $warning", "zenemental": "b $accent"}


class PackOpeningScreen(Screen[None]):
    """Space turns the next card over, i shows a turned card's face, n opens
    the next pack once this one is turned over, q leaves."""

    BINDINGS = [
        Binding("space", "turn", "Turn over"),
        Binding("a", "turn_all", "Turn all"),
        Binding("i", "face", "Card text"),
        Binding("n", "next_pack", "Next pack"),
        Binding("q,escape", "leave", "Leave"),
    ]

    def __init__(self, catalog: Catalog, packs: list[Pack], seed: int, whose: str = "",
                 then: str = "leaves"):
        super().__init__()
        self.catalog = catalog
        self.packs = packs
        self.seed = seed
        self.whose = whose  # "p1's " before a format game: whose packs these are
        self.then = then  # what q does, in words
        self.pack_number = 0  # the pack being opened, from 0
        self.cards: list[Pulled] = []
        self.turned = 0  # how many of its cards are face up

    def compose(self) -> ComposeResult:
        yield Static(id="pack-title")
        yield OptionList(id="pack-cards")
        yield Static(id="pack-keys")
        yield Footer()

    def on_mount(self) -> None:
        self.open_pack(0)

    def open_pack(self, number: int) -> None:
        self.pack_number = number
        self.cards = opening_order(self.packs[number])
        self.turned = 0
        self.show()

    def line(self, pulled: Pulled) -> str:
        name, kind = name_and_type(self.catalog, pulled.card)
        style = RARITY_STYLE.get(pulled.rarity, "")
        rarity = f"[{style}]{pulled.rarity:<10}[/]" if style else f"{pulled.rarity:<10}"
        return f"{rarity} {escape(name)} [dim]· {kind}[/]"

    def show(self) -> None:
        self.query_one("#pack-title", Static).update(
            f"[b]{self.whose}Pack {self.pack_number + 1} of {len(self.packs)}[/b] [dim]· seed "
            f"{self.seed} · {self.turned} of {len(self.cards)} turned over[/]")
        cards = self.query_one(OptionList)
        cards.clear_options()
        cards.add_options([
            Option(self.line(p) if i < self.turned else FACE_DOWN, id=str(i))
            for i, p in enumerate(self.cards)])
        if self.turned:
            cards.highlighted = self.turned - 1
        cards.focus()
        if self.turned < len(self.cards):
            keys = "space turns the next card over (rarest last) · a turns them all"
        elif self.pack_number + 1 < len(self.packs):
            keys = "all turned over · n opens the next pack"
        else:
            keys = f"all turned over · q {self.then}"
        self.query_one("#pack-keys", Static).update(
            f"[dim]{keys} · i shows the chosen card's text[/]")

    def action_turn(self) -> None:
        if self.turned < len(self.cards):
            self.turned += 1
            self.show()
        elif self.pack_number + 1 < len(self.packs):
            self.open_pack(self.pack_number + 1)

    def action_turn_all(self) -> None:
        self.turned = len(self.cards)
        self.show()

    def action_next_pack(self) -> None:
        if self.turned == len(self.cards) and self.pack_number + 1 < len(self.packs):
            self.open_pack(self.pack_number + 1)

    def chosen(self) -> Pulled | None:
        """The highlighted card, when it is face up."""
        index = self.query_one(OptionList).highlighted
        if index is None or index >= self.turned:
            return None
        return self.cards[index]

    def action_face(self) -> None:
        pulled = self.chosen()
        if pulled is not None:
            self.app.push_screen(CardFaceScreen(self.catalog, pulled.card))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_face()  # enter (or a click) on a face-up card shows it too

    def action_leave(self) -> None:
        self.dismiss(None)
