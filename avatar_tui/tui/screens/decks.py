"""The deck editor: every card of the set on the left (searched with the
query language of `cardlib.search`, and by default only what the chamber may
use, R13.2 and R13.3), the deck on the right with its legality, one line
per problem with its rule (R13.1-R13.3; R1.1 for the starter format), its
statistics drawn as bars, and its results against the house decks.

Dismissed with the name of the deck last saved (None if none was), so the
new-game screen can offer it at once."""

from __future__ import annotations

import os

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import DataTable, Footer, Input, ProgressBar, Select, Static
from textual.worker import get_current_worker

from avatar_tui.cardlib.catalog import MAX_COUNT, Catalog, DeckList, default_catalog
from avatar_tui.cardlib.entries import RARITY, Entry, by_number, card_entry, chamber_label
from avatar_tui.cardlib.search import Query, QueryError, parse
from avatar_tui.decklib.draft import CURVE, DeckDraft, DeckStats, Matchup, house_matchups
from avatar_tui.decklib.library import (
    DeckFileError,
    DeckStore,
    check_name,
    export_text,
    import_text,
    random_starter,
)
from avatar_tui.io.terminal_text import message, quote
from avatar_tui.model.common import ZONES
from avatar_tui.play.plain import escape
from avatar_tui.tui.screens.decks_dialogs import (
    CardFaceScreen,
    EditorChoice,
    EditorHelpScreen,
    NameScreen,
    TextListScreen,
)

COLOUR = {"green": "$success", "yellow": "$warning", "red": "$error"}
BAR = 10  # the widest bar of a drawing, in cells
TEST_GAMES = "AVATAR_TUI_DECK_TEST_GAMES"  # games against each house deck (default 20)


def test_games() -> int:
    try:
        return max(1, int(os.environ.get(TEST_GAMES, "20")))
    except ValueError:
        return 20


def bar(n: int, most: int, width: int = BAR) -> str:
    """A bar of eighths: `█████▌` for n of most."""
    if most <= 0 or n <= 0:
        return ""
    eighths = max(1, round(n * width * 8 / most))
    full, part = divmod(eighths, 8)
    return "█" * full + ("▏▎▍▌▋▊▉"[part - 1] if part else "")


def stats_text(stats: DeckStats) -> str:
    """The statistics, drawn: the cost curve of each colour as bars per
    cost, the card types, the strikes' average force and intercept, traits."""
    if not stats.total:
        return "[dim]No cards yet: the statistics appear here.[/]"
    most = max(max(row) for row in stats.curve.values())
    lines = ["[b]Cost curve by colour[/b] (cost 0, 1, 2, 3+)",
             "[dim]  " + "".join(f"{label:>2}{'':5}" for label in CURVE) + "[/]"]
    for zone in ZONES:
        cells = "".join(f"{n:>2}[{COLOUR[zone]}]{bar(n, most, 4):<4}[/] "
                        for n in stats.curve[zone])
        lines.append(f"[{COLOUR[zone]}]{zone[0].upper()}[/] {cells}".rstrip())
    most_type = max(stats.types.values()) or 1
    lines.append("[b]Types[/b]")
    for kind, n in stats.types.items():
        plural = "allies" if kind == "ally" else kind + "s"
        lines.append(f" {plural:<11}{n:>3} {bar(n, most_type)}")
    if stats.avg_force is not None and stats.avg_intercept is not None:
        lines.append(f"[b]Strikes[/b] average force {stats.avg_force:.1f} · "
                     f"intercept {stats.avg_intercept:.1f}")
    most_trait = stats.traits[0][1] if stats.traits else 1
    lines.append("[b]Traits[/b]")
    lines += [f" {trait:<9}{n:>3} {bar(n, most_trait)}" for trait, n in stats.traits[:8]]
    return "\n".join(lines)


def legality_text(draft: DeckDraft) -> str:
    problems = draft.problems()
    chamber = draft.chamber_card
    fmt = "starter format, 30 cards (R1.1)" if draft.starter else "constructed (R13)"
    if not problems:
        who = chamber.name if chamber else draft.chamber
        return f"[$success][b]✓ Legal[/b][/] — {draft.total} cards, {who}, {fmt}"
    head = f"[$error][b]✗ {len(problems)} problem{'s' if len(problems) > 1 else ''}[/b][/]" \
           f" — {draft.total} cards, {fmt}"
    return "\n".join([head, *(f" • {escape(p)}" for p in problems)])


def matchup_text(results: list[Matchup]) -> str:
    if not results:
        return ""
    games = results[0].games
    lines = [f"[b]Against the house decks[/b] ({games} games each, heuristic bots, 95% "
             "interval)"]
    for m in results:
        lines.append(f" {m.name:<15}{m.rate:>5.0%} {bar(m.wins, m.games, 8):<8} "
                     f"({m.low:.0%}–{m.high:.0%})")
    total = sum(m.wins for m in results)
    played = sum(m.games for m in results)
    lines.append(f" [b]overall[/b]        {total / played:>5.0%}  of {played} games")
    return "\n".join(lines)


class DeckEditorScreen(Screen[str | None]):
    """Build, keep and test a deck."""

    CSS_PATH = "decks.tcss"

    BINDINGS = [
        Binding("plus,equals_sign", "add", "Add", key_display="+"),
        Binding("minus", "remove", "Remove", key_display="-"),
        Binding("i", "face", "Card"),
        Binding("slash", "search", "Search", key_display="/"),
        Binding("f", "filter", "Filter"),
        Binding("c", "chamber", "Chamber"),
        Binding("s", "save", "Save"),
        Binding("a", "save_as", "Copy", show=False),
        Binding("r", "rename", "Rename", show=False),
        Binding("n", "new", "New", show=False),
        Binding("o", "open", "Open"),
        Binding("d", "delete", "Delete", show=False),
        Binding("m", "import", "Import", show=False),
        Binding("e", "export", "Export", show=False),
        Binding("k", "starter", "Format"),
        Binding("t", "test", "Test"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("escape", "leave", "Back", show=False),
        Binding("q", "leave", "Back"),
    ]

    def __init__(self, store: DeckStore | None = None, deck: str | None = None,
                 catalog: Catalog | None = None, seed: int = 1):
        super().__init__()
        self.catalog = catalog or default_catalog()
        self.store = store or DeckStore()
        self.seed = seed
        self.entries: list[Entry] = sorted(map(card_entry, self.catalog.cards.values()),
                                           key=by_number)
        self.query_: Query = parse("")
        self.chamber_filter = True
        self.deck_name: str | None = None  # the file it is saved as
        self.saved_name: str | None = None  # what the screen answers when it closes
        self.dirty = False
        # a new deck starts in the 30-card starter format (R1.1): the deck a
        # new player builds first; k turns it constructed (R13)
        self.draft = DeckDraft(self.catalog, self.catalog.chamber("aang").id, starter=True)
        self.results: list[Matchup] = []
        self.testing = False
        self.message_line = ""
        self.keep_timer: Timer | None = None
        if deck is not None:
            self.open_saved(deck)
        else:
            self.recover()

    def recover(self) -> None:
        """The deck left unsaved in the editor last time (a quit or a crash)."""
        left = self.store.editing()
        if left is None:
            return
        deck, name = left
        self.load_draft(deck, name)
        self.dirty = True
        self.say("[$warning]The deck you were editing, not saved yet: s saves it.[/]")

    # ---------------------------------------------------------------- layout

    def compose(self) -> ComposeResult:
        chambers = sorted(self.catalog.chambers.values(), key=lambda c: c.number or c.id)
        known = self.draft.chamber in self.catalog.chambers  # else its problem is listed
        with Horizontal(id="decks-main"):
            with Vertical(id="decks-left"):
                yield Input(placeholder="search: words, type:strike trait:fox f>=5 … (? help)",
                            id="search", compact=True)
                yield Static(id="search-status")
                yield DataTable(id="card-list", cursor_type="row", zebra_stripes=True)
                yield Static(id="card-text")
            with VerticalScroll(id="decks-right"):
                yield Static(id="deck-title")
                yield Select([(chamber_label(self.catalog, c), c.id) for c in chambers],
                             value=self.draft.chamber if known else Select.NULL,
                             allow_blank=not known, id="chamber",
                             compact=True)
                yield Static(id="legality")
                yield DataTable(id="deck-list", cursor_type="row", show_header=False)
                yield ProgressBar(id="test-progress", show_eta=False)
                yield Static(id="test-results")
                yield Static(id="stats")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#search", Input).cursor_blink = False
        cards = self.query_one("#card-list", DataTable)
        cards.add_column("in", key="in", width=2)
        cards.add_column("card", key="card", width=20)
        cards.add_column("cost", key="cost", width=8)
        cards.add_column("F", key="F", width=2)
        cards.add_column("I", key="I", width=2)
        cards.add_column("kind", key="kind", width=4)
        cards.add_column("traits", key="traits")
        deck = self.query_one("#deck-list", DataTable)
        deck.add_column("n", key="n", width=2)
        deck.add_column("card", key="card")
        self.query_one("#test-progress", ProgressBar).display = False
        self.refill()
        self.refresh_deck()
        cards.focus()

    # ---------------------------------------------------------------- the card list

    def visible(self) -> list[Entry]:
        rows = self.entries
        if self.chamber_filter:
            rows = [e for e in rows if self.draft.usable(self.catalog.card(e.id))]
        return self.query_.filter(rows, self.draft.count)

    def refill(self) -> None:
        """The card list again, after the search, the filter or the chamber changed."""
        table = self.query_one("#card-list", DataTable)
        rows = self.visible()
        table.clear()
        for e in rows:
            kind = {"strike": "S", "advantage": "A", "ally": "Al"}[e.type]
            rarity = RARITY.get(e.rarity or "", "")
            table.add_row(self.count_cell(e.id), escape(e.name), e.cost.short(),
                          _num(e.force), _num(e.intercept), f"{kind} {rarity}",
                          " ".join(e.traits) or "generic", key=e.id)
        state = "on" if self.chamber_filter else "off"
        status = (f"{len(rows)} of {len(self.entries)} cards · f: chamber filter {state} "
                  "(R13.2, R13.3)")
        self.query_one("#search-status", Static).update(f"[dim]{status}[/]")
        self.show_card_text()

    def count_cell(self, card_id: str) -> str:
        n = self.draft.count(card_id)
        return f"[b]{n}[/b]" if n else ""

    def highlighted(self) -> str | None:
        """The card under the cursor of the focused list (the card list if neither)."""
        focused = self.focused
        table = focused if isinstance(focused, DataTable) else self.query_one(
            "#card-list", DataTable)
        if not table.row_count:
            return None
        row = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        return row.value

    def show_card_text(self) -> None:
        """The chosen card's text under the list."""
        card_id = self.highlighted()
        text = self.query_one("#card-text", Static)
        if card_id is None or self.catalog.canonical(card_id) is None:
            text.update("[dim]No card matches.[/]")
            return
        card = self.catalog.card(card_id)
        extra = f" · exclusive to {card.exclusive}" if card.exclusive else ""
        text.update(f"[b]{escape(card.name)}[/b] [dim]{card.id}{extra}[/] — "
                    f"{escape(card.text or 'no rules text')}")

    # ---------------------------------------------------------------- the deck panel

    def refresh_deck(self) -> None:
        draft = self.draft
        where = f"decks/{self.deck_name}.toml" if self.deck_name else "not saved yet"
        changed = " · [b]unsaved changes[/b]" if self.dirty and self.deck_name else ""
        title = f"[b]{escape(quote(draft.title))}[/b] [dim]{where}[/]{changed}"
        if self.message_line:
            title += f"\n{self.message_line}"
        self.query_one("#deck-title", Static).update(title)
        self.query_one("#legality", Static).update(legality_text(draft))
        table = self.query_one("#deck-list", DataTable)
        keep = table.cursor_row
        table.clear()
        for card_id, n in draft.cards.items():
            if self.catalog.canonical(card_id) is None:
                table.add_row(str(n), f"[red]{escape(quote(card_id))} (unknown card)[/red]",
                              key=card_id)
                continue
            card = self.catalog.card(card_id)
            table.add_row(str(n), f"{escape(card.name)} [dim]{card.cost.short()}[/]",
                          key=card_id)
        if table.row_count:
            table.move_cursor(row=min(keep, table.row_count - 1))
        self.query_one("#stats", Static).update(stats_text(draft.stats()))
        results = self.query_one("#test-results", Static)
        results.update(matchup_text(self.results))
        results.display = bool(self.results)

    def changed(self, card_id: str | None = None) -> None:
        self.dirty = True
        if self.keep_timer is not None:
            self.keep_timer.stop()
        self.keep_timer = self.set_timer(0.5, self.keep_draft, name="keep-draft")
        self.results = []
        self.message_line = ""
        if card_id is not None:
            cards = self.query_one("#card-list", DataTable)
            if card_id in cards.rows:
                cards.update_cell(card_id, "in", self.count_cell(card_id))
        self.refresh_deck()

    def keep_draft(self) -> None:
        """Keep the unsaved deck beside the named ones (decklib.EDITING)."""
        self.keep_timer = None
        try:
            if self.dirty and self.draft.cards:
                self.store.keep_editing(self.draft.deck(), self.deck_name)
            else:
                self.store.done_editing()
        except OSError:
            pass  # only the safety copy: the deck is still on the screen

    def on_unmount(self) -> None:
        if self.keep_timer is not None:
            self.keep_timer.stop()
        self.keep_draft()

    def discard(self) -> None:
        """The changes are given up on purpose: no safety copy is kept."""
        self.dirty = False
        self.keep_draft()

    def say(self, text: str) -> None:
        self.message_line = text
        if self.is_mounted:
            self.refresh_deck()

    # ---------------------------------------------------------------- events

    def on_input_changed(self, event: Input.Changed) -> None:
        try:
            self.query_ = parse(event.value)
        except QueryError as err:
            self.query_one("#search-status", Static).update(f"[$error]{escape(str(err))}[/]")
            return
        self.refill()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#card-list", DataTable).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.draft.chamber:
            self.draft.chamber = event.value
            self.changed()
            self.refill()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        card_id = event.row_key.value
        if card_id is None:
            return
        if event.data_table.id == "card-list":
            self.draft.add(card_id)
        else:
            self.draft.remove(card_id)
        self.changed(card_id)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_card_text()  # of the list with the focus: a rebuilt deck list moves too

    # ---------------------------------------------------------------- actions: cards

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.testing and action in ("test", "new", "open", "import", "delete"):
            return None
        return True

    def action_add(self) -> None:
        card_id = self.highlighted()
        if card_id is not None:
            if self.draft.add(card_id):
                self.changed(card_id)
            else:
                self.say(f"[$error]At most {MAX_COUNT} copies of a card in a deck file[/]")

    def action_remove(self) -> None:
        card_id = self.highlighted()
        if card_id is not None and self.draft.count(card_id):
            self.draft.remove(card_id)
            self.changed(card_id)

    def action_face(self) -> None:
        card_id = self.highlighted()
        if card_id is not None and self.catalog.canonical(card_id):
            self.app.push_screen(CardFaceScreen(self.catalog, card_id))

    def action_search(self) -> None:
        self.query_one("#search", Input).focus()

    def action_filter(self) -> None:
        self.chamber_filter = not self.chamber_filter
        self.refill()

    def action_chamber(self) -> None:
        select = self.query_one("#chamber", Select)
        select.focus()
        select.action_show_overlay()

    def action_starter(self) -> None:
        self.draft.starter = not self.draft.starter
        self.changed()

    def action_help(self) -> None:
        self.app.push_screen(EditorHelpScreen())

    # ---------------------------------------------------------------- actions: files

    def load_draft(self, deck: DeckList, name: str | None) -> None:
        self.draft = DeckDraft.from_deck(deck, self.catalog)
        self.deck_name = name
        self.dirty = name is None
        self.results = []
        self.message_line = ""
        if self.is_mounted:
            select = self.query_one("#chamber", Select)
            if self.draft.chamber in self.catalog.chambers:  # else its problem is listed
                with self.prevent(Select.Changed):
                    select.value = self.draft.chamber
            self.refill()
            self.refresh_deck()

    def open_saved(self, name: str) -> None:
        try:
            deck = self.store.load(name)
        except DeckFileError as err:
            self.say(f"[$error]{escape(str(err))}[/]")
            return
        self.load_draft(deck, name)

    def write(self, name: str) -> bool:
        """Save the deck as `name`: atomically; a failure says why and keeps
        the deck in the editor."""
        try:
            self.store.save(name, self.draft.deck())
        except (DeckFileError, OSError) as err:
            self.say(f"[$error]Not saved: {escape(str(err))}[/]")
            return False
        self.deck_name = self.saved_name = name
        self.discard()
        self.say(f"[$success]Saved as decks/{name}.toml[/]")
        return True

    def ask_name(self, title: str, then, taken_ok: str | None = None) -> None:
        """A new name: valid, and not another deck's."""
        def answered(name: str | None) -> None:
            if not name:
                return
            try:
                check_name(name)
            except DeckFileError as err:
                self.say(f"[$error]{escape(str(err))}[/]")
                return
            if name != taken_ok and self.store.exists(name):
                self.say(f"[$error]A deck named {name} exists already: choose another "
                         "name.[/]")
                return
            then(name)

        default = self.store.free_name(self.draft.title) if taken_ok is None else taken_ok
        self.app.push_screen(NameScreen(title, default, f"kept in {self.store.directory}"),
                             answered)

    def action_save(self) -> None:
        if self.deck_name is not None:
            self.write(self.deck_name)
        else:
            self.ask_name("Save the deck as", self.save_new)

    def save_new(self, name: str) -> bool:
        """Save under a new name (the first save, or a copy): the deck takes
        that name as its title, so two saved decks never share one."""
        self.draft.title = name
        return self.write(name)

    def action_save_as(self) -> None:
        self.ask_name("Save a copy as", self.save_new)

    def action_rename(self) -> None:
        old = self.deck_name
        if old is None:
            self.action_save()
            return

        def rename(name: str) -> None:
            try:
                self.store.rename(old, name)
            except (DeckFileError, OSError) as err:
                self.say(f"[$error]Not renamed: {escape(str(err))}[/]")
                return
            self.deck_name = self.saved_name = name
            if self.dirty:
                self.write(name)
            else:
                self.say(f"[$success]Renamed to decks/{name}.toml[/]")

        self.ask_name(f"Rename {old} to", rename, taken_ok=None)

    def action_delete(self) -> None:
        name = self.deck_name
        if name is None:
            self.say("This deck is not saved: there is no file to delete.")
            return

        def answered(index: int | None) -> None:
            if index != 0:
                return
            try:
                self.store.delete(name)
            except OSError as err:
                self.say(f"[$error]Not deleted: {escape(str(err))}[/]")
                return
            self.deck_name = None
            if self.saved_name == name:
                self.saved_name = None
            self.dirty = True
            self.say(f"Deleted decks/{name}.toml; the deck is still here, unsaved (s "
                     "saves it again).")

        self.app.push_screen(EditorChoice(f"Delete decks/{name}.toml?", "The deck stays in "
                                          "the editor until you leave it.",
                                          ["Delete the file", "Keep it"]), answered)

    def guard(self, then) -> None:
        """Go on to `then` when no change would be lost; else ask first."""
        if not self.dirty or not self.draft.cards:
            then()
            return

        def answered(index: int | None) -> None:
            if index == 0:
                if self.deck_name is not None:
                    if self.write(self.deck_name):
                        then()
                else:
                    self.ask_name("Save the deck as",
                                  lambda name: self.save_new(name) and then())
            elif index == 1:
                self.discard()
                then()

        self.app.push_screen(EditorChoice("This deck has unsaved changes",
                                          escape(quote(self.draft.title)),
                                          ["Save it first", "Do not save it",
                                           "Stay in the editor"]), answered)

    def action_new(self) -> None:
        def new() -> None:
            self.load_draft(DeckList(name="New deck", chamber=self.draft.chamber, starter=True),
                            None)
            self.dirty = False
            self.refresh_deck()

        self.guard(new)

    def action_open(self) -> None:
        saved = self.store.names()
        house = sorted(self.catalog.decks.items())
        chamber = self.draft.chamber_card
        labels = [f"your deck: {name}" for name in saved]
        labels += [f"house deck: {deck.name}" for _, deck in house]
        labels.append(f"a random starter deck for {chamber.name if chamber else '?'} "
                      f"(seed {self.seed})")

        def answered(index: int | None) -> None:
            if index is None:
                return
            if index < len(saved):
                self.guard(lambda: self.open_saved(saved[index]))
            elif index < len(saved) + len(house):
                deck = house[index - len(saved)][1]
                self.guard(lambda: self.load_draft(deck, None))
            elif chamber is not None:
                deck = random_starter(self.catalog, chamber, self.seed)
                self.seed += 1
                self.guard(lambda: self.load_draft(deck, None))

        self.app.push_screen(EditorChoice("Open a deck", "Your decks, then the house starter "
                                          "decks (opened as a copy).", labels), answered)

    def action_import(self) -> None:
        def check(text: str | None) -> None:
            if text is None:
                return
            try:
                deck = import_text(text, self.catalog, "the text")
            except DeckFileError as err:
                screen = TextListScreen("Import a deck list", text, importing=True)
                self.app.push_screen(screen, check)
                screen.call_after_refresh(screen.problem, escape(str(err)))
                return
            self.guard(lambda: self.load_draft(deck, None))

        self.app.push_screen(TextListScreen("Import a deck list", importing=True), check)

    def action_export(self) -> None:
        # the title is markup; the list is the deck file's text (a name
        # may hold escapes: shown escaped, as on the command line)
        self.app.push_screen(TextListScreen(f"{escape(quote(self.draft.title))} as a text list",
                                            message(export_text(self.draft.deck(),
                                                                self.catalog))))

    def action_leave(self) -> None:
        if isinstance(self.focused, Input):
            self.query_one("#card-list", DataTable).focus()
            return
        self.guard(lambda: self.dismiss(self.saved_name))

    # ---------------------------------------------------------------- testing

    def action_test(self) -> None:
        problems = self.draft.problems()
        if problems:
            self.say("[$error]Only a legal deck can be tested: see its problems.[/]")
            return
        games = test_games()
        progress = self.query_one("#test-progress", ProgressBar)
        progress.display = True
        progress.update(total=games * len(house_characters()), progress=0)
        self.testing = True
        self.results = []
        self.say(f"Testing: {games} games against each house deck…")
        self.run_tests(self.draft.deck(), games)

    @work(thread=True, exclusive=True, group="deck-test")
    def run_tests(self, deck: DeckList, games: int) -> None:
        worker = get_current_worker()
        progress = self.query_one("#test-progress", ProgressBar)
        results = house_matchups(
            deck, games, advance=lambda: self.app.call_from_thread(progress.advance, 1),
            stopped=lambda: worker.is_cancelled)
        if not worker.is_cancelled:
            self.app.call_from_thread(self.tested, results)

    def tested(self, results: list[Matchup]) -> None:
        self.testing = False
        self.results = results
        self.query_one("#test-progress", ProgressBar).display = False
        self.say("[$success]Tested.[/]")


def house_characters() -> list[str]:
    from avatar_tui.play.seats import house_characters

    return house_characters()


def _num(value: int | None) -> str:
    return "" if value is None else str(value)

