"""A new game: each player's character and deck (the house starter deck, a
saved deck of that character, or a random starter deck), the seed that
shuffles the decks, and a preview of who will choose the opening defender
(the R2.4 comparison of discard piles, as the engine deals it). A deck the
rules refuse (R13, R1.1) is listed with its problems and cannot start.

Starting keeps the unfinished game it replaces (the dialog says so), and
ctrl+g lists the kept games, any unfinished one of which can be resumed
from here instead: the screen then answers with its name. "Lessons"
(ctrl+l) answers LESSONS, for the lessons' list; a new player (no kept
game, no lesson finished) is offered "Learn to play" first.

A format from booster packs (docs/formats.md) replaces the characters and
decks: Start then opens each person's packs and asks for their chamber
(play/format_steps.py decides the order, tui/screens/format_steps.py shows
each step) before the game begins."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select, Static

from avatar_tui.cardlib.catalog import Catalog, default_catalog
from avatar_tui.cardlib.entries import chamber_label
from avatar_tui.cardlib.formats import FORMATS, RIP_N_FLIP, FormatError, PackFormat, settings_for
from avatar_tui.engine import new_game
from avatar_tui.model.common import PlayerId
from avatar_tui.model.state import GameSetup
from avatar_tui.play.lesson import LESSONS, ToLessons
from avatar_tui.play.plain import escape
from avatar_tui.play.puzzle import PUZZLES, ToPuzzles
from avatar_tui.tui.screens.dialog import Dialog
from avatar_tui.tui.screens.fields import FieldSelect
from avatar_tui.tui.screens.format_steps import FormatStepScreens
from avatar_tui.tui.screens.newgame_decks import DeckPicker, deck_field
from avatar_tui.tui.screens.opponent import OpponentField


def characters(catalog: Catalog | None = None) -> list[tuple[str, str]]:
    """(name, character id) of every playable house starter deck."""
    catalog = catalog or default_catalog()
    found: dict[str, str] = {}
    for deck in catalog.decks.values():
        chamber = catalog.find_chamber(deck.chamber)
        if deck.starter and chamber is not None and chamber.character:
            found.setdefault(chamber.character, chamber.name)
    return sorted(((name, char) for char, name in found.items()), key=lambda x: x[0])


def character_labels(catalog: Catalog | None = None) -> dict[str, str]:
    """Each character's line in the list, as the deck editor words a
    chamber (its traits and signature moves, R1.2), from its house starter
    deck's chamber."""
    catalog = catalog or default_catalog()
    found: dict[str, str] = {}
    for deck in catalog.decks.values():
        chamber = catalog.find_chamber(deck.chamber)
        if deck.starter and chamber is not None and chamber.character:
            found.setdefault(chamber.character, chamber_label(catalog, chamber, number=False))
    return found


def character_of(chamber: str) -> str:
    """The character of a chamber reference (a deck game keeps the chamber's id)."""
    found = default_catalog().find_chamber(chamber)
    return found.character if found is not None and found.character else chamber


DECKS = "decks"  # the format field's value for a game of characters and decks


def format_options() -> list[tuple[str, str]]:
    """The format field's lines: decks chosen beforehand, or each format from packs."""
    return [("Starter or constructed decks", DECKS),
            *((fmt.title, name) for name, fmt in FORMATS.items())]


def opening_preview(setup: GameSetup) -> list[str]:
    """The engine's own R2.4 narration for this setup."""
    try:
        _, events = new_game(setup)
    except Exception as err:  # noqa: BLE001 - a setup the engine refuses
        return [f"this setup cannot be dealt: {escape(str(err))}"]
    return [f"{escape(e.text)} ({e.rule})" for e in events if e.rule == "R2.4"]


KEEPS = "Starting keeps the unfinished game in your kept games (ctrl+g lists them)."


class NewGameScreen(Dialog[GameSetup | str | ToLessons | ToPuzzles | None]):
    """Answers the new game's setup, the name of a kept game to resume
    instead, LESSONS (the lessons instead), or None (cancelled)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel"),
                Binding("ctrl+l", "lessons", "Lessons", id="lessons"),
                Binding("ctrl+d", "decks", "Deck editor", id="decks"),
                Binding("ctrl+g", "kept_games", "Kept games", id="kept-games"),
                Binding("ctrl+r", "review", "Review the last game", id="review"),
                Binding("ctrl+o", "app.settings", "Settings", id="settings")]

    def __init__(self, seed: int, p1: str = "aang", p2: str = "prince_zuko",
                 can_cancel: bool = True, who: str = "two players, one keyboard",
                 opponent: str | None = None, keeps: bool = False, learn: bool = False,
                 game_format: str | None = None, packs: int | None = None):
        super().__init__()
        self.game_format = game_format  # a format from packs to offer first (play --format)
        self.packs_given = packs  # play --packs: else each format's own default
        self.packs = packs or FORMATS.get(game_format or "", RIP_N_FLIP).settings["packs"].default
        self.learn = learn  # a new player: "Learn to play" comes first
        self.keeps = keeps  # an unfinished game is replaced, so it will be kept
        self.who = who  # who plays: the title says it
        self.opponent = opponent  # p2's computer player's kind; None: a person
        self.seed = seed
        self.p1 = character_of(p1)
        self.p2 = character_of(p2)
        self.can_cancel = can_cancel
        self.choices = characters()
        self.labels = character_labels()

    def compose(self) -> ComposeResult:
        options = [(escape(self.labels.get(char, name)), char) for name, char in self.choices]
        known = {char for _, char in options}
        with Vertical(classes="dialog newgame"):
            yield Static(f"[b]New game[/b] — {self.who}", classes="dialog-title")
            if self.learn:
                with Horizontal(classes="buttons learn"):
                    yield Button("Learn to play", id="learn", variant="success", compact=True)
                    yield Static(" New here? The lessons teach the game on the board.",
                                 classes="learn-note")
            with Horizontal(classes="field character-field"):
                yield Label("p1 (bottom)", classes="field-label")
                yield FieldSelect(options, value=self.p1 if self.p1 in known else Select.NULL,
                             allow_blank=False, id="p1-character", compact=True)
            yield from deck_field("p1")
            with Horizontal(classes="field character-field"):
                yield Label("p2 (top)", classes="field-label")
                yield FieldSelect(options, value=self.p2 if self.p2 in known else Select.NULL,
                             allow_blank=False, id="p2-character", compact=True)
            yield from deck_field("p2")
            yield OpponentField(self.opponent)
            with Horizontal(classes="field format-field"):
                yield Label("Format", classes="field-label")
                yield FieldSelect(format_options(), value=self.game_format or DECKS,
                                  allow_blank=False, id="format", compact=True)
                yield Label(" packs each ", classes="packs-label")
                yield Input(str(self.packs), type="integer", id="packs", compact=True)
            with Horizontal(classes="field"):
                yield Label("Seed", classes="field-label")
                yield Input(str(self.seed), type="integer", id="seed", compact=True)
            yield Static(id="preview")
            if self.keeps:
                yield Static(KEEPS, id="keeps")
            with Horizontal(classes="buttons choices"):
                yield Button("Start", id="start", variant="primary", compact=True)
                if self.can_cancel:
                    yield Button("Cancel", id="cancel", compact=True)
                yield Button("Kept games", id="kept-games", compact=True)
                yield Button("Deck editor", id="decks", compact=True)
                yield Button("Lessons", id="lessons", compact=True)
                yield Button("Puzzles", id="puzzles", compact=True)
            # (kept games and the deck editor have their buttons just above, and
            # their keys in the footer: two lines here, so 80x24 shows them whole)
            yield Static("[dim]tab or enter moves between fields · space opens a list · "
                         "enter on Start begins · a seed replays the same shuffle · "
                         "ctrl+q quits[/]", classes="dialog-keys")

    def on_mount(self) -> None:
        for field in self.query(Input):
            field.cursor_blink = False
        # a new player is offered the lessons first, unless a format was asked for
        first = "#learn" if self.learn and self.game_format is None else "#start"
        self.query_one(first, Button).focus()
        self.deck_picker = DeckPicker(self)
        self.deck_picker.refresh_options()
        self.update_preview()

    def seed_value(self) -> int | None:
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            return int(seed_text or "0")
        except ValueError:
            return None

    def setup(self) -> GameSetup | None:
        seed = self.seed_value()
        if seed is None:
            return None
        p1 = self.query_one("#p1-character", Select).value
        p2 = self.query_one("#p2-character", Select).value
        if not isinstance(p1, str) or not isinstance(p2, str):
            return None
        players = self.deck_picker.players(seed)
        if isinstance(players, str):
            return None
        # the cards the deck picker read the decks with are the game's
        return GameSetup(seed=seed, p1=players[0], p2=players[1],
                         catalog=self.deck_picker.catalog)

    def chosen_format(self) -> PackFormat | None:
        """The format from packs chosen, or None for a game of decks."""
        value = self.query_one("#format", Select).value
        return FORMATS.get(value) if isinstance(value, str) else None

    def format_settings(self) -> dict[str, int] | str:
        """The chosen format's settings from the fields, or what is wrong."""
        fmt = self.chosen_format()
        assert fmt is not None
        try:
            packs = int(self.query_one("#packs", Input).value.strip() or "0")
            return settings_for(fmt, {"packs": packs})
        except (ValueError, FormatError) as err:
            return f"[b]Packs each: {escape(str(err))}[/b]"

    def update_preview(self) -> None:
        fmt = self.chosen_format()
        for field in ("#p1-character", "#p2-character", "#p1-deck", "#p2-deck"):
            self.query_one(field, Select).disabled = fmt is not None  # the packs decide
        self.query_one("#packs", Input).display = fmt is not None
        self.query_one(".packs-label", Label).display = fmt is not None
        preview = self.query_one("#preview", Static)
        if fmt is not None:
            settings = self.format_settings()
            if isinstance(settings, str) or self.seed_value() is None:
                preview.update(settings if isinstance(settings, str)
                               else "[b]The seed must be a whole number.[/b]")
                return
            if fmt.built:
                preview.update(f"{fmt.title}: each player opens {settings['packs']} packs (by "
                               "the seed) and builds a deck of at least "
                               f"{settings['minimum']} of their cards in the deck editor, "
                               "headed by a chamber pulled, traits kept (R13.2-R13.3; "
                               "docs/formats.md).")
                return
            preview.update(f"{fmt.title}: each player opens {settings['packs']} packs "
                           "(by the seed), chooses a chamber pulled and plays every other "
                           "card pulled, traits ignored (docs/formats.md).")
            return
        setup = self.setup()
        if setup is None:
            seed = self.seed_value()
            problems = self.deck_picker.players(seed) if seed is not None else None
            preview.update(problems if isinstance(problems, str)
                           else "[b]The seed must be a whole number.[/b]")
            return
        lines = opening_preview(setup)
        preview.update("Opening (R2.4): the higher printed force in the discard pile chooses "
                       "who defends the opening attack.\n" + "\n".join(lines))

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id in ("p1-character", "p2-character"):
            self.deck_picker.refresh_options()
        fmt = self.chosen_format()
        if event.select.id == "format" and fmt is not None and self.packs_given is None:
            # each format's own number of packs (Sealed Deck opens more)
            self.query_one("#packs", Input).value = str(fmt.settings["packs"].default)
        self.update_preview()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.update_preview()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.start()
        elif event.button.id == "decks":
            self.action_decks()
        elif event.button.id == "kept-games":
            self.action_kept_games()
        elif event.button.id in ("lessons", "learn"):
            self.action_lessons()
        elif event.button.id == "puzzles":
            self.dismiss(PUZZLES)
        elif event.button.id == "cancel":
            self.action_cancel()

    def start(self) -> None:
        fmt = self.chosen_format()
        if fmt is not None:
            self.start_format(fmt)
            return
        setup = self.setup()
        if setup is not None:
            self.opponent = self.query_one(OpponentField).kind
            self.dismiss(setup)

    def start_format(self, fmt: PackFormat) -> None:
        """The packs opened and the chambers chosen (play/format_steps.py),
        then the game: each person in turn, the computer for itself."""
        seed, settings = self.seed_value(), self.format_settings()
        if seed is None or isinstance(settings, str):
            return
        opponent = self.query_one(OpponentField).kind
        people: tuple[PlayerId, ...] = ("p1",) if opponent is not None else ("p1", "p2")

        def done(setup: GameSetup | None) -> None:
            if setup is not None:
                self.opponent = opponent
                self.dismiss(setup)

        FormatStepScreens(self, fmt, self.deck_picker.catalog, seed, settings, people, done,
                          store=self.deck_picker.store).start()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cancel":
            return self.can_cancel
        if action == "kept_games":
            return getattr(self.app, "store", None) is not None
        if action == "review":  # the most recently finished game, when there is one
            store = getattr(self.app, "store", None)
            return store is not None and store.finished.is_file()
        return True

    def action_lessons(self) -> None:
        self.dismiss(LESSONS)

    def action_decks(self) -> None:
        self.deck_picker.open_editor()

    def action_kept_games(self) -> None:
        from avatar_tui.tui.screens.keptgames import KeptGamesScreen

        store = getattr(self.app, "store", None)
        if store is None:
            return

        def chosen(name: str | None) -> None:
            if name is not None:
                self.dismiss(name)

        self.app.push_screen(KeptGamesScreen(store.games), chosen)

    def action_review(self) -> None:
        from avatar_tui.play.review import ReviewError, load_review
        from avatar_tui.tui.screens.review import open_review

        try:
            review = load_review(self.app.store.finished)  # type: ignore[attr-defined]  # self.app is the AvatarApp, which has a store
        except ReviewError as err:
            self.app.notify(str(err), title="Cannot review it", severity="error")
            return

        def then(name: str | None) -> None:
            if name is not None:
                self.dismiss(name)

        open_review(self.app, review, then)

    def action_cancel(self) -> None:
        if self.can_cancel:
            self.dismiss(None)
