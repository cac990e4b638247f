"""The screens of the steps before a game from packs (docs/formats.md),
taken from the new-game screen. What comes next (whose packs, when the
other person looks away, the chamber or the deck, the computer's seat, the
setup) is the play layer's `FormatSteps` (play/format_steps.py); here each
step it names is a screen pushed, and the screen's answer goes back to it:
the look-away (R1.6: what a deck holds and the signature moves are
secret), the pack-opening screen, the chamber choice, or the deck editor
on a Sealed Deck pool."""

from __future__ import annotations

from collections.abc import Callable
from typing import assert_never

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from avatar_tui.cardlib.catalog import Catalog
from avatar_tui.cardlib.formats import PackFormat
from avatar_tui.decklib.library import DeckStore
from avatar_tui.model.common import PlayerId, other
from avatar_tui.model.state import GameSetup
from avatar_tui.play.format_steps import (
    BuildDeck,
    ChooseChamber,
    Finished,
    FormatSteps,
    OpenPacks,
    Step,
    TurnAway,
    WentBack,
)
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


class FormatStepScreens:
    """Drives the play layer's `FormatSteps` of `fmt` from `seed` for
    `people` with a screen per step, over `screen`; then `done` is given the
    game's setup, or None when someone went back. `store`: the deck files
    the editor keeps (None: the default folder)."""

    def __init__(self, screen: Screen, fmt: PackFormat, catalog: Catalog, seed: int,
                 settings: dict[str, int], people: tuple[PlayerId, ...],
                 done: Callable[[GameSetup | None], None], store: DeckStore | None = None):
        self.screen = screen
        self.store = store
        self.done = done
        self.steps = FormatSteps(fmt, catalog, seed, settings, people)

    def start(self) -> None:
        self.carry_out(self.steps.start())

    def carry_out(self, step: Step) -> None:
        steps, app = self.steps, self.screen.app
        match step:
            case TurnAway():
                app.push_screen(LookAway(step.pid, step.title, step.then),
                                lambda go: self.carry_out(steps.go_on() if go else steps.back()))
            case OpenPacks():
                app.push_screen(FormatPacks(steps.catalog, list(step.packs), steps.seed,
                                            whose=f"{step.pid}'s packs · ", then=step.then),
                                lambda _: self.carry_out(steps.go_on()))
            case ChooseChamber():
                app.push_screen(ChamberChoice(escape(step.title), escape(step.prompt),
                                              [escape(label) for label in step.labels]),
                                lambda index: self.carry_out(steps.chosen(index)))
            case BuildDeck():
                # leaving the editor with a legal deck plays that deck (its
                # chamber the one chosen in the editor); without one, back
                editor = GameDeckEditor(self.store, catalog=steps.catalog, seed=steps.seed,
                                        pool=step.pool, playing=True)
                app.push_screen(editor, lambda _: self.carry_out(steps.built(editor.played)))
            case Finished():
                self.done(step.setup)
            case WentBack():
                if step.problem:  # settings no pool can meet: one line
                    self.screen.notify(step.problem, severity="error")
                self.done(None)
            case _:
                assert_never(step)
