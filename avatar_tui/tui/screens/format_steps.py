"""The steps before a game from packs (docs/formats.md), taken from the
new-game screen: each person at the keyboard opens their packs on the
pack-opening screen and chooses one of the chambers they pulled; the
computer opens its own and chooses by its rule (cardlib/formats.py). With
two people at one keyboard, the other looks away while one opens and
chooses (R1.6: what a deck holds and the signature moves are secret)."""

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
    PackFormat,
    computer_chamber,
    format_setup,
    open_packs,
    pack_maker,
    pool_of,
    pulled_chambers,
)
from avatar_tui.cardlib.packs import Pack
from avatar_tui.model.common import PLAYERS, PlayerId, other
from avatar_tui.model.state import GameSetup
from avatar_tui.play.plain import escape
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.dialog import Dialog
from avatar_tui.tui.screens.packs import PackOpeningScreen


class LookAway(Dialog[bool]):
    """Before one person's packs at a shared keyboard: the other looks
    away. Enter goes on (True), escape goes back to the new game (False)."""

    BINDINGS = [Binding("enter", "go_on", "Open the packs", id="go-on"),
                Binding("escape", "back", "Back to the new game", id="back")]

    def __init__(self, pid: PlayerId, title: str):
        super().__init__()
        self.pid = pid
        self.title_text = title

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog privacy"):
            yield Static(f"[b]{escape(self.title_text)}: {self.pid}'s packs (R1.6)[/b]",
                         classes="dialog-title")
            yield Static(f"\n[b]{other(self.pid)}, look away.[/b]\n\n{self.pid}: press enter "
                         "to open your packs and choose your chamber.\n", id="privacy-body")
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


class FormatSteps:
    """Opens the packs of both sides from `seed` and asks each person in
    `people` for their chamber, one after the other; then `done` is given
    the game's setup, or None when someone went back."""

    def __init__(self, screen: Screen, fmt: PackFormat, catalog: Catalog, seed: int,
                 settings: dict[str, int], people: tuple[PlayerId, ...],
                 done: Callable[[GameSetup | None], None]):
        self.screen = screen
        self.fmt = fmt
        self.catalog = catalog
        self.seed = seed
        self.settings = settings
        self.people = people
        self.done = done
        self.packs: dict[PlayerId, list[Pack]] = {}
        self.chambers: dict[PlayerId, str] = {}

    def start(self) -> None:
        self.packs = open_packs(pack_maker(self.catalog), self.seed, self.settings["packs"])
        self.chambers = {}
        self.next_side()

    def next_side(self) -> None:
        waiting = [pid for pid in self.people if pid not in self.chambers]
        if not waiting:
            self.finish()
            return
        pid = waiting[0]
        if len(self.people) == 2:  # two people at one keyboard: the other looks away
            self.screen.app.push_screen(LookAway(pid, self.fmt.title),
                                        lambda go: self.open(pid) if go else self.done(None))
        else:
            self.open(pid)

    def open(self, pid: PlayerId) -> None:
        screen = PackOpeningScreen(self.catalog, self.packs[pid], self.seed,
                                   whose=f"{pid}'s packs · ", then="goes on to your chamber")
        self.screen.app.push_screen(screen, lambda _: self.choose(pid))

    def choose(self, pid: PlayerId) -> None:
        pool = pool_of(self.packs[pid])
        chambers = pulled_chambers(self.catalog, pool)
        deck = len(self.fmt.deck(self.catalog, pool, chambers[0])) if self.fmt.deck else 0
        labels = [escape(chamber_label(self.catalog, self.catalog.chambers[c], number=False))
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

    def finish(self) -> None:
        pools = {pid: pool_of(self.packs[pid]) for pid in PLAYERS}
        for pid in PLAYERS:  # the computer's seat chooses by its own rule
            self.chambers.setdefault(pid, computer_chamber(self.catalog, pools[pid]))
        self.done(format_setup(self.fmt, self.catalog, self.seed, self.settings, pools,
                               self.chambers))
