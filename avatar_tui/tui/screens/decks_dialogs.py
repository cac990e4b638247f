"""The deck editor's small dialogs: a question, a name to type, a text list
to paste or copy, a card's full face, and the editor's help (its keys and
the query language).

Each has a footer of its own keys: the editor's footer (Textual's) shows the
editor's keys, which do nothing while a dialog is up."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Footer, Input, Static, TextArea

from avatar_tui.cardlib.catalog import Catalog
from avatar_tui.cardlib.search import HELP as QUERY_HELP
from avatar_tui.play import describe
from avatar_tui.play.plain import escape
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.dialog import Dialog


class EditorChoice(ChoiceScreen):
    """A question of the editor (open a deck, delete a file, unsaved changes)."""

    BACK_TO = "the editor"
    BINDINGS = [Binding("escape", "back", "Back to the editor", id="back")]

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield Footer()


class NameScreen(Dialog[str | None]):
    """Ask for a deck's name; enter answers, escape cancels."""

    # enter before the name field takes it, so the footer can say it saves
    BINDINGS = [Binding("enter", "save", "Save", priority=True),
                Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, value: str = "", note: str = ""):
        super().__init__()
        self.title_text = title
        self.value = value
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog decks-name"):
            yield Static(f"[b]{self.title_text}[/b]", classes="dialog-title")
            yield Input(self.value, id="deck-name", compact=True)
            yield Static(self.note, id="name-note", classes="dialog-details")
            yield Static("[dim]letters, digits, - and _ · enter saves · escape cancels[/]",
                         classes="dialog-keys")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Input).cursor_blink = False
        self.query_one(Input).focus()

    def action_save(self) -> None:
        self.dismiss(self.query_one(Input).value.strip())

    def action_cancel(self) -> None:
        self.dismiss(None)


class TextListScreen(Dialog[str | None]):
    """A deck as a text list: to copy (export), or to paste and import
    (ctrl+s imports; escape leaves)."""

    BINDINGS = [Binding("escape", "cancel", "Close"), Binding("ctrl+s", "done", "Import")]

    def __init__(self, title: str, text: str = "", importing: bool = False):
        super().__init__()
        self.title_text = title
        self.text = text
        self.importing = importing

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog decks-text"):
            yield Static(f"[b]{self.title_text}[/b]", classes="dialog-title")
            yield TextArea(self.text, id="deck-text", read_only=not self.importing,
                           soft_wrap=False)
            yield Static(id="text-problem", classes="dialog-details")
            keys = ("one card a line: `3 Knuckle Sandwich` or `3 knuckle_sandwich`, and "
                    "`chamber: Aang` · ctrl+s imports · escape cancels"
                    if self.importing else
                    "select and copy the text (ctrl+c copies the selection) · escape closes")
            yield Static(f"[dim]{keys}[/]", classes="dialog-keys")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(TextArea).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.importing or action != "done"  # a list to copy imports nothing

    def problem(self, text: str) -> None:
        self.query_one("#text-problem", Static).update(f"[$error]{text}[/]")

    def action_done(self) -> None:
        if self.importing:
            self.dismiss(self.query_one(TextArea).text)

    def action_cancel(self) -> None:
        self.dismiss(None)


class _CardsOnly:
    """What the card face needs of a table: the card database."""

    def __init__(self, catalog: Catalog):
        self.catalog = catalog

    def card(self, card_id: str):
        return self.catalog.card(card_id)


class CardFaceScreen(Dialog[None]):
    """A card's full face, as the game's inspector shows it."""

    BINDINGS = [Binding("escape", "close", "Close"), Binding("i", "close", "Close")]

    def __init__(self, catalog: Catalog, card_id: str):
        super().__init__()
        self.catalog = catalog
        self.card_id = card_id

    def compose(self) -> ComposeResult:
        if self.card_id in self.catalog.chambers:
            text = self.chamber_face()
        else:
            card = self.catalog.card(self.card_id)
            lines = describe.full_card(_CardsOnly(self.catalog), self.card_id)  # type: ignore[arg-type]  # the card face reads only the catalog of a table
            extra = [f"Rarity: {card.rarity}"] if card.rarity else []
            if card.exclusive:
                extra.append(f"Exclusive to {card.exclusive} (R13.3)")
            text = "\n".join(lines[:2] + extra + lines[2:])
        # a chamber's two moves may be taller than a small terminal: it scrolls
        box = VerticalScroll if self.card_id in self.catalog.chambers else Vertical
        with box(classes="dialog inspector"):
            yield Static(text, id="card-face")
            yield Static("[dim]escape closes[/]", classes="dialog-keys")
        yield Footer()

    def chamber_face(self) -> str:
        """A chamber card (a pack's chamber slot): its traits and both
        signature moves (R10), each as the inspector shows a move."""
        chamber = self.catalog.chambers[self.card_id]
        lines = [f"[b]{escape(chamber.name)}[/b]",
                 f"chamber · {chamber.number or chamber.id} · traits: "
                 f"{', '.join(chamber.traits) or 'none'}"]
        if chamber.rarity:
            lines.append(f"Rarity: {chamber.rarity}")
        for side in ("front", "back"):
            move = getattr(chamber, side)
            if isinstance(move, str):
                lines += ["", f"[u]{side}[/u]"]
                lines += describe.full_card(_CardsOnly(self.catalog), move)  # type: ignore[arg-type]  # as above
        return "\n".join(lines)

    def action_close(self) -> None:
        self.dismiss(None)


EDITOR_KEYS = "\n".join([
    "[b]Cards[/b] (left): ↑ ↓ move · enter, + or a click on the chosen card adds a copy · "
    "- removes one · i shows the whole card · / types a search · f turns the chamber "
    "filter (R13.2, R13.3) off and on.",
    "[b]Deck[/b] (right): tab reaches it; enter or a click on the chosen card removes a "
    "copy, + adds one.",
    "[b]Decks[/b]: s save · a save as a copy · r rename · n new · o open (your decks, the "
    "house decks, a random starter) · d delete · m import a text list · e export it · "
    "c chamber · k starter (30 cards, R1.1) or constructed (R13) · l casual (R13 lifted).",
    "[b]t[/b] tests the deck: games against every house deck between computer players.",
    "q or escape leaves the editor.",
])


class EditorHelpScreen(Dialog[None]):
    BINDINGS = [Binding("escape", "close", "Close"), Binding("question_mark", "close", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog help"):
            yield Static("[b]The deck editor[/b]", classes="dialog-title")
            yield Static(EDITOR_KEYS)
            yield Static("\n[b]Searching[/b]: every term must match.")
            yield Static(QUERY_HELP, markup=False)
            yield Static("[dim]escape closes[/]", classes="dialog-keys")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
