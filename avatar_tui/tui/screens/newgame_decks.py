"""The deck choice of the new-game screen: for each player, after the
character, the house starter deck, one of the player's saved decks of that
character, or a random starter deck dealt from the game's seed; and the
deck editor, from which a deck just saved is offered at once.

A chosen deck goes into the game whole (`decklib.player_setup`), so the save
holds it and a game resumes even when the deck file changes or goes."""

from __future__ import annotations

from collections.abc import Iterator

from textual.containers import Horizontal
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Label, Select

from avatar_tui.cardlib.catalog import DeckList, default_catalog
from avatar_tui.cardlib.legality import check_deck
from avatar_tui.decklib.library import DeckFileError, DeckStore, player_setup, random_starter
from avatar_tui.io.terminal_text import quote
from avatar_tui.model.common import PlayerId
from avatar_tui.model.state import PlayerSetup
from avatar_tui.play.plain import escape
from avatar_tui.tui.screens.fields import FieldSelect

HOUSE, RANDOM, SAVED = "house", "random", "saved:"


def deck_field(pid: PlayerId) -> Iterator[Widget]:
    yield Horizontal(
        Label("  deck", classes="field-label"),
        FieldSelect([("House starter deck", HOUSE)], value=HOUSE, allow_blank=False,
               id=f"{pid}-deck", compact=True),
        classes="field")


def random_seed(seed: int, pid: PlayerId) -> int:
    """The seed a random starter deck is dealt from: the game's and the seat's."""
    return seed * 2 + (1 if pid == "p2" else 0)


class DeckPicker:
    """The deck selects of a new-game screen."""

    def __init__(self, screen: Screen):
        self.screen = screen
        self.catalog = default_catalog()
        store = getattr(screen.app, "store", None)
        self.store = DeckStore(store.directory if store is not None else None)
        # the deck test's Dask cluster, as settings.toml names it (None: this process)
        self.scheduler = store.load_settings().scheduler if store is not None else None

    def character(self, pid: PlayerId) -> str | None:
        value = self.screen.query_one(f"#{pid}-character", Select).value
        return value if isinstance(value, str) else None

    def saved_of(self, character: str | None) -> list[tuple[str, DeckList]]:
        """The saved decks whose chamber is this character's (unreadable
        files are left out here; the editor says what is wrong with them)."""
        found = []
        for name in self.store.names():
            try:
                deck = self.store.load(name)
            except DeckFileError:
                continue
            chamber = self.catalog.find_chamber(deck.chamber)
            if chamber is not None and chamber.character == character:
                found.append((name, deck))
        return found

    def refresh_options(self, wanted: dict[str, str] | None = None) -> None:
        for pid in ("p1", "p2"):
            select = self.screen.query_one(f"#{pid}-deck", Select)
            options = [("House starter deck", HOUSE), ("Random starter deck", RANDOM)]
            options += [(f"Your deck: {escape(quote(deck.name))}"
                         + (f" ({name})" if name != deck.name else ""), SAVED + name)
                        for name, deck in self.saved_of(self.character(pid))]
            keep = (wanted or {}).get(pid, select.value)
            with self.screen.prevent(Select.Changed):
                select.set_options(options)
                select.value = keep if keep in {v for _, v in options} else HOUSE

    def deck(self, pid: PlayerId, seed: int) -> DeckList | str | None:
        """The chosen deck (None: the house deck), or why it cannot be played."""
        value = self.screen.query_one(f"#{pid}-deck", Select).value
        character = self.character(pid)
        if value == RANDOM and character is not None:
            return random_starter(self.catalog, self.catalog.chamber(character),
                                  random_seed(seed, pid))
        if isinstance(value, str) and value.startswith(SAVED):
            name = value.removeprefix(SAVED)
            try:
                deck = self.store.load(name)
            except DeckFileError as err:
                return escape(str(err))
            problems = check_deck(deck, self.catalog, f"decks/{name}.toml")
            if problems:
                return "\n".join([f"[b]{pid}'s deck cannot be played:[/b]",
                                  *map(escape, problems)])
            return deck
        return None

    def players(self, seed: int) -> tuple[PlayerSetup, PlayerSetup] | str:
        """Both players' setups, or the problems that keep the game from starting."""
        setups = []
        for pid in ("p1", "p2"):
            character = self.character(pid) or ""
            deck = self.deck(pid, seed)
            if isinstance(deck, str):
                return deck
            setups.append(PlayerSetup(chamber=character) if deck is None
                          else player_setup(deck, self.catalog, seed, pid))
        return setups[0], setups[1]

    def open_editor(self) -> None:
        from avatar_tui.tui.screens.decks import DeckEditorScreen

        def closed(name: str | None) -> None:
            wanted: dict[str, str] = {}
            if name is not None:
                try:
                    deck = self.store.load(name)
                except DeckFileError:
                    deck = None
                chamber = self.catalog.find_chamber(deck.chamber) if deck else None
                if chamber is not None and chamber.character:
                    pid = "p2" if self.character("p2") == chamber.character and \
                        self.character("p1") != chamber.character else "p1"
                    select = self.screen.query_one(f"#{pid}-character", Select)
                    with self.screen.prevent(Select.Changed):
                        select.value = chamber.character
                    wanted[pid] = SAVED + name
            self.refresh_options(wanted)
            self.screen.update_preview()  # type: ignore[attr-defined]  # this widget's screen is the new-game screen
            if wanted:  # a deck just made is chosen: Start is what comes next
                self.screen.query_one("#start", Button).focus()

        self.screen.app.push_screen(DeckEditorScreen(self.store, scheduler=self.scheduler),
                                    closed)
