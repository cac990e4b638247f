"""The steps before a game from packs (docs/formats.md), taken from the
new-game screen: each person at the keyboard opens their packs on the
pack-opening screen and chooses one of the chambers they pulled (in Sealed
Deck, builds a deck of their pool in the deck editor, the chamber chosen
there); the computer opens its own and chooses (and builds) by its rule
(cardlib/formats.py, decklib/sealed.py). With two people at one keyboard,
the other looks away while one opens and chooses (R1.6: what a deck holds
and the signature moves are secret)."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from avatar_tui.cardlib.catalog import Catalog
from avatar_tui.cardlib.entries import chamber_label
from avatar_tui.cardlib.formats import (
    DeckBuilder,
    FormatError,
    PackFormat,
    builder_seed,
    computer_chamber,
    fits,
    format_setup,
    open_format_packs,
    pack_maker,
    pool_of,
    pulled_chambers,
    sealed_pool,
)
from avatar_tui.cardlib.packs import Pack
from avatar_tui.decklib.library import DeckStore
from avatar_tui.decklib.sealed import format_deck
from avatar_tui.model.common import PLAYERS, PlayerId, other
from avatar_tui.model.state import GameSetup
from avatar_tui.play.plain import escape
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.decks import DeckEditorScreen
from avatar_tui.tui.screens.dialog import Dialog
from avatar_tui.tui.screens.packs import PackOpeningScreen


class LookAway(Dialog[bool]):
    """Before one person's packs at a shared keyboard: the other looks
    away. Enter goes on (True), escape goes back to the new game (False)."""

    BINDINGS = [Binding("enter", "go_on", "Open the packs", id="go-on"),
                Binding("escape", "back", "Back to the new game", id="back")]

    def __init__(self, pid: PlayerId, title: str, then: str = "choose your chamber"):
        super().__init__()
        self.pid = pid
        self.title_text = title
        self.then = then  # what comes after the packs, in words

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog privacy"):
            yield Static(f"[b]{escape(self.title_text)}: {self.pid}'s packs (R1.6)[/b]",
                         classes="dialog-title")
            yield Static(f"\n[b]{other(self.pid)}, look away.[/b]\n\n{self.pid}: press enter "
                         f"to open your packs and {self.then}.\n", id="privacy-body")
            yield Static("[dim]enter opens the packs · escape: back to the new game[/]",
                         classes="dialog-keys")

    def action_go_on(self) -> None:
        self.dismiss(True)

    def action_back(self) -> None:
        self.dismiss(False)


class ChamberChoice(ChoiceScreen):
    """One of the chambers a side pulled; escape goes back to the new game."""

    BACK_TO = "the new game"
    BINDINGS = [Binding("escape", "back", "Back to the new game", id="back")]


class FormatPacks(PackOpeningScreen):
    """The pack-opening screen before a format game: q goes on (to the
    chamber or the deck editor), and the footer says so as the hint does."""

    BINDINGS = [Binding("q,escape", "leave", "Go on")]


class GameDeckEditor(DeckEditorScreen):
    """The deck editor on a Sealed Deck game's pool: q offers to play the
    deck, and the footer says so as the editor's note does."""

    BINDINGS = [Binding("q", "leave", "Play")]


class FormatSteps:
    """Opens the packs of both sides from `seed` and asks each person in
    `people` for their chamber (or, where the format has the player build,
    their deck in the deck editor), one after the other; then `done` is
    given the game's setup, or None when someone went back. `store`: the
    deck files the editor keeps (None: the default folder)."""

    def __init__(self, screen: Screen, fmt: PackFormat, catalog: Catalog, seed: int,
                 settings: dict[str, int], people: tuple[PlayerId, ...],
                 done: Callable[[GameSetup | None], None], store: DeckStore | None = None):
        self.screen = screen
        self.store = store
        self.fmt = fmt
        self.catalog = catalog
        self.seed = seed
        self.settings = settings
        self.people = people
        self.done = done
        self.packs: dict[PlayerId, list[Pack]] = {}
        self.chambers: dict[PlayerId, str] = {}
        self.decks: dict[PlayerId, list[str]] = {}  # the decks built, where the format builds
        self.then = "build your deck" if fmt.built else "choose your chamber"

    def start(self) -> None:
        try:
            self.packs = open_format_packs(self.fmt, self.catalog, pack_maker(self.catalog),
                                           self.seed, self.settings)
        except FormatError as err:  # settings no pool can meet
            self.screen.notify(str(err), severity="error")
            self.done(None)
            return
        self.chambers = {}
        self.decks = {}
        self.next_side()

    def next_side(self) -> None:
        waiting = [pid for pid in self.people if pid not in self.chambers]
        if not waiting:
            self.finish()
            return
        pid = waiting[0]
        if len(self.people) == 2:  # two people at one keyboard: the other looks away
            self.screen.app.push_screen(LookAway(pid, self.fmt.title, self.then),
                                        lambda go: self.open(pid) if go else self.done(None))
        else:
            self.open(pid)

    def open(self, pid: PlayerId) -> None:
        then = "goes on to your deck" if self.fmt.built else "goes on to your chamber"
        screen = FormatPacks(self.catalog, self.packs[pid], self.seed,
                             whose=f"{pid}'s packs · ", then=then)
        self.screen.app.push_screen(
            screen, lambda _: self.build(pid) if self.fmt.built else self.choose(pid))

    def build(self, pid: PlayerId) -> None:
        """The deck editor on the side's pool; leaving it with a legal deck
        plays that deck (its chamber the one chosen in the editor)."""
        pool = sealed_pool(self.catalog, pool_of(self.packs[pid]), self.settings["minimum"])
        editor = GameDeckEditor(self.store, catalog=self.catalog, seed=self.seed, pool=pool,
                                playing=True)

        def left(_: str | None) -> None:
            if editor.played is None:
                self.done(None)
                return
            self.chambers[pid] = editor.played.chamber
            self.decks[pid] = [card for card, n in editor.played.cards.items()
                               for _ in range(n)]
            self.next_side()

        self.screen.app.push_screen(editor, left)

    def choose(self, pid: PlayerId) -> None:
        pool = pool_of(self.packs[pid])
        chambers = pulled_chambers(self.catalog, pool)
        deck = len(self.fmt.deck(self.catalog, pool, chambers[0])) if self.fmt.deck else 0
        # two chambers of one character may read alike: the number and rarity
        # tell them apart, and how many pulled cards each may use (R13.2,
        # R13.3) is the computer's own measure of a chamber (computer_chamber)
        labels = [escape(f"{chamber_label(self.catalog, self.catalog.chambers[c])} · "
                         f"{self.catalog.chambers[c].rarity or 'no rarity'} · "
                         f"fits {fits(self.catalog, pool, c)} of your cards")
                  for c in chambers]
        prompt = (f"{self.fmt.title}: choose one of the chambers you pulled. The others are "
                  f"set aside; the {deck} other cards you pulled are your deck, whatever "
                  "their traits.")

        def chosen(index: int | None) -> None:
            if index is None:
                self.done(None)
                return
            self.chambers[pid] = chambers[index]
            self.next_side()

        self.screen.app.push_screen(ChamberChoice(f"{pid}: your chamber", prompt, labels),
                                    chosen)

    def finish(self, builder: DeckBuilder = format_deck) -> None:
        """The game's setup; the computer's seat chooses by its own rule, and
        builds its deck with `builder` where the format has decks built."""
        pools = {pid: pool_of(self.packs[pid]) for pid in PLAYERS}
        for pid in PLAYERS:
            if pid in self.chambers:
                continue
            if self.fmt.built:
                self.chambers[pid], self.decks[pid] = builder(
                    self.catalog, pools[pid], self.settings, builder_seed(self.seed, pid))
            else:
                self.chambers[pid] = computer_chamber(self.catalog, pools[pid])
        self.done(format_setup(self.fmt, self.catalog, self.seed, self.settings, pools,
                               self.chambers, self.decks))
