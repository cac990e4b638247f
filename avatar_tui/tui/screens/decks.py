"""The deck editor: every card of the set on the left (searched with the
query language of `cardlib.search`, and by default only what the chamber may
use, R13.2 and R13.3), the deck on the right with its legality, one line
per problem with its rule (R13.1-R13.3; R1.1 for the starter format), its
statistics drawn as bars, and its results against the house decks.

Dismissed with the name of the deck last saved (None if none was), so the
new-game screen can offer it at once."""

from __future__ import annotations

from typing import assert_never

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import DataTable, Footer, Input, ProgressBar, Select, Static
from textual.worker import get_current_worker

from avatar_tui.cardlib.cardset import SealedPool
from avatar_tui.cardlib.catalog import Catalog, DeckList, default_catalog
from avatar_tui.cardlib.entries import RARITY, Entry, by_number, card_entry, chamber_label
from avatar_tui.cardlib.search import Query, QueryError, parse
from avatar_tui.decklib.draft import CURVE, DeckDraft, DeckStats
from avatar_tui.decklib.library import DeckStore
from avatar_tui.io.terminal_text import quote
from avatar_tui.model.common import ZONES
from avatar_tui.play.deck_editor import (
    Answer,
    AskName,
    AskText,
    Choose,
    Close,
    Commands,
    DeckEditor,
    KeepLater,
    Matchup,
    Note,
    RunTest,
    Show,
    ShowText,
    Tested,
)
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


def format_text(draft: DeckDraft) -> str:
    """The rules the deck is held to, in words; casual drawn to be seen."""
    if draft.casual:
        return "[$warning][b]casual play[/b][/]: R13 lifted, any cards, any number, any chamber"
    if draft.sealed is not None:
        return f"sealed from a pool of {draft.sealed.packs} packs, at least " \
               f"{draft.sealed.minimum} cards"
    return "starter format, 30 cards (R1.1)" if draft.starter else "constructed (R13)"


def legality_text(draft: DeckDraft) -> str:
    problems = draft.problems()
    chamber = draft.chamber_card
    fmt = format_text(draft)
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
    """Build, keep and test a deck: the editor (play/deck_editor.py) owns
    the deck and its flows; this screen draws it, keeps the search and the
    filter, and carries out what the editor answers."""

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
        Binding("l", "casual", "Casual", show=False),  # in the help: the footer is full
        Binding("t", "test", "Test"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("escape", "leave", "Back", show=False),
        Binding("q", "leave", "Back"),
    ]

    def __init__(self, store: DeckStore | None = None, deck: str | None = None,
                 catalog: Catalog | None = None, seed: int = 1, scheduler: str | None = None,
                 pool: SealedPool | None = None, playing: bool = False):
        super().__init__()
        self.catalog = catalog or default_catalog()
        self.editor = DeckEditor(store or DeckStore(), self.catalog, deck, seed,
                                 scheduler=scheduler, pool=pool, playing=playing)
        self.played: DeckList | None = None  # the game's deck, when one was chosen to play
        self.entries: list[Entry] = sorted(map(card_entry, self.catalog.cards.values()),
                                           key=by_number)
        self.query_: Query = parse("")
        self.chamber_filter = True
        self.keep_timer: Timer | None = None
        self.pool_columns = False  # the card list's columns are a sealed deck's
        self.chamber_choices: list[tuple[str, str]] = []

    # what the editor holds, read to draw (and by tests)
    @property
    def store(self) -> DeckStore:
        return self.editor.store

    @property
    def draft(self) -> DeckDraft:
        return self.editor.draft

    @property
    def deck_name(self) -> str | None:
        return self.editor.deck_name

    @property
    def dirty(self) -> bool:
        return self.editor.dirty

    @property
    def results(self) -> list[Matchup]:
        return self.editor.results

    # ---------------------------------------------------------------- layout

    def chamber_options(self) -> list[tuple[str, str]]:
        """The chamber picker's choices: every chamber, or a sealed pool's."""
        allowed = self.draft.pool_chambers()
        chambers = sorted((c for c in self.catalog.chambers.values()
                           if allowed is None or c.id in allowed),
                          key=lambda c: c.number or c.id)
        return [(chamber_label(self.catalog, c), c.id) for c in chambers]

    def compose(self) -> ComposeResult:
        self.chamber_choices = self.chamber_options()
        # else its problem is listed (an unknown chamber, or one not of the pool)
        known = self.draft.chamber in [c for _, c in self.chamber_choices]
        with Horizontal(id="decks-main"):
            with Vertical(id="decks-left"):
                yield Input(placeholder="search: words, type:strike trait:fox f>=5 … (? help)",
                            id="search", compact=True)
                yield Static(id="search-status")
                yield DataTable(id="card-list", cursor_type="row", zebra_stripes=True)
                yield Static(id="card-text")
            with VerticalScroll(id="decks-right"):
                yield Static(id="deck-title")
                yield Select(self.chamber_choices,
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
        deck = self.query_one("#deck-list", DataTable)
        deck.add_column("n", key="n", width=2)
        deck.add_column("card", key="card")
        self.query_one("#test-progress", ProgressBar).display = False
        self.refill()
        self.refresh_deck()
        cards.focus()

    # ---------------------------------------------------------------- the card list

    def listed_entries(self) -> list[Entry]:
        """The cards the list shows: a sealed deck's pool only (R13 lifted
        in casual play lifts that too), then the chamber filter and the search."""
        rows = self.entries
        if self.draft.sealed is not None and not self.draft.casual:
            rows = [e for e in rows if self.draft.in_pool(e.id)]
        if self.chamber_filter:
            rows = [e for e in rows if self.draft.usable(self.catalog.card(e.id))]
        return self.query_.filter(rows, self.draft.count)

    def refill(self) -> None:
        """The card list again, after the search, the filter or the chamber changed."""
        table = self.query_one("#card-list", DataTable)
        rows = self.listed_entries()
        pooled = self.draft.sealed is not None and not self.draft.casual
        if pooled != self.pool_columns or not table.columns:
            table.clear(columns=True)
            self.pool_columns = pooled
            # a sealed deck's count reads `in/pool`: a column wide enough for it
            table.add_column("in", key="in", width=3 if pooled else 2)
            table.add_column("card", key="card", width=20)
            table.add_column("cost", key="cost", width=8)
            table.add_column("F", key="F", width=2)
            table.add_column("I", key="I", width=2)
            table.add_column("kind", key="kind", width=4)
            table.add_column("traits", key="traits")
        table.clear()
        for e in rows:
            kind = {"strike": "S", "advantage": "A", "ally": "Al"}[e.type]
            rarity = RARITY.get(e.rarity or "", "")
            table.add_row(self.count_cell(e.id), escape(e.name), e.cost.short(),
                          _num(e.force), _num(e.intercept), f"{kind} {rarity}",
                          " ".join(e.traits) or "generic", key=e.id)
        state = "on" if self.chamber_filter else "off"
        of = "the pool's" if pooled else f"{len(self.entries)}"
        status = f"{len(rows)} of {of} cards · f: chamber filter {state} (R13.2, R13.3)"
        if self.draft.casual:  # every card is usable: the filter has nothing to hide
            status = f"{len(rows)} of {of} cards · no chamber filter in casual play (R13 lifted)"
        self.query_one("#search-status", Static).update(f"[dim]{status}[/]")
        self.show_card_text()

    def count_cell(self, card_id: str) -> str:
        n = self.draft.count(card_id)
        pooled = self.draft.in_pool(card_id)
        if pooled is not None:  # a sealed deck: taken of the pool's copies
            return f"[b]{n}[/b]/{pooled}" if n else f"[dim]0/{pooled}[/]"
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
        if self.editor.note is not None:
            title += f"\n{note_text(self.editor.note)}"
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

    # ---------------------------------------------------------------- the editor's commands

    def carry_out(self, commands: Commands) -> None:
        """Do what the editor decided, in order."""
        for command in commands:
            match command:
                case Show():
                    if self.is_mounted:
                        self.show(command)
                case KeepLater():
                    if self.keep_timer is not None:
                        self.keep_timer.stop()
                    self.keep_timer = self.set_timer(command.seconds, self.keep_draft,
                                                     name="keep-draft")
                case Choose():
                    self.app.push_screen(EditorChoice(escape(command.title),
                                                      escape(command.text),
                                                      list(command.labels)),
                                         self.answered(command.token))
                case AskName():
                    self.app.push_screen(NameScreen(escape(command.title), command.value,
                                                    command.note),
                                         self.answered(command.token))
                case AskText():
                    screen = TextListScreen(escape(command.title), command.text, importing=True)
                    self.app.push_screen(screen, self.answered(command.token))
                    if command.problem is not None:
                        screen.call_after_refresh(screen.problem, escape(command.problem))
                case ShowText():
                    self.app.push_screen(TextListScreen(escape(command.title), command.text))
                case RunTest():
                    progress = self.query_one("#test-progress", ProgressBar)
                    progress.display = True
                    progress.update(total=command.games * command.matches, progress=0)
                    self.run_tests(command)
                case Close():
                    self.played = command.played
                    self.dismiss(command.saved)
                case _:
                    assert_never(command)

    def answered(self, token: int):
        """The callback of a dialog: its answer goes back to the editor."""
        def back(value: int | str | None) -> None:
            self.carry_out(self.editor.answer(Answer(token, value)))

        return back

    def show(self, command: Show) -> None:
        if command.replaced or command.cards:
            select = self.query_one("#chamber", Select)
            choices = self.chamber_options()
            if choices != self.chamber_choices:  # a sealed pool's chambers, or every one
                self.chamber_choices = choices
                with self.prevent(Select.Changed):
                    select.set_options(choices)
                    if self.draft.chamber in [c for _, c in choices]:
                        select.value = self.draft.chamber
        if command.replaced:
            select = self.query_one("#chamber", Select)
            if self.draft.chamber in [c for _, c in self.chamber_choices]:  # else its problem
                with self.prevent(Select.Changed):
                    select.value = self.draft.chamber
        if command.card is not None:
            cards = self.query_one("#card-list", DataTable)
            if command.card in cards.rows:
                cards.update_cell(command.card, "in", self.count_cell(command.card))
        if command.replaced:
            self.refill()
        self.refresh_deck()
        if command.cards:
            self.refill()

    def keep_draft(self) -> None:
        self.keep_timer = None
        self.editor.keep()

    def on_unmount(self) -> None:
        if self.keep_timer is not None:
            self.keep_timer.stop()
        self.keep_draft()

    def open_saved(self, name: str) -> None:
        self.carry_out(self.editor.open_saved(name))

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
        if isinstance(event.value, str):
            self.carry_out(self.editor.choose_chamber(event.value))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        card_id = event.row_key.value
        if card_id is None:
            return
        if event.data_table.id == "card-list":
            self.carry_out(self.editor.add(card_id))
        else:
            self.carry_out(self.editor.remove(card_id))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_card_text()  # of the list with the focus: a rebuilt deck list moves too

    # ---------------------------------------------------------------- actions: cards

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if self.editor.testing and action in ("test", "new", "open", "import", "delete"):
            return None
        return True

    def action_add(self) -> None:
        card_id = self.highlighted()
        if card_id is not None:
            self.carry_out(self.editor.add(card_id))

    def action_remove(self) -> None:
        card_id = self.highlighted()
        if card_id is not None:
            self.carry_out(self.editor.remove(card_id))

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
        self.carry_out(self.editor.toggle_format())

    def action_casual(self) -> None:
        self.carry_out(self.editor.toggle_casual())

    def action_help(self) -> None:
        self.app.push_screen(EditorHelpScreen())

    # ---------------------------------------------------------------- actions: files

    def action_save(self) -> None:
        self.carry_out(self.editor.save())

    def action_save_as(self) -> None:
        self.carry_out(self.editor.save_as())

    def action_rename(self) -> None:
        self.carry_out(self.editor.rename())

    def action_delete(self) -> None:
        self.carry_out(self.editor.delete())

    def action_new(self) -> None:
        self.carry_out(self.editor.new())

    def action_open(self) -> None:
        self.carry_out(self.editor.open())

    def action_import(self) -> None:
        self.carry_out(self.editor.import_list())

    def action_export(self) -> None:
        self.carry_out(self.editor.export())

    def action_leave(self) -> None:
        if isinstance(self.focused, Input):
            self.query_one("#card-list", DataTable).focus()
            return
        self.carry_out(self.editor.leave())

    # ---------------------------------------------------------------- testing

    def action_test(self) -> None:
        self.carry_out(self.editor.test())

    @work(thread=True, exclusive=True, group="deck-test")
    def run_tests(self, command: RunTest) -> None:
        worker = get_current_worker()
        progress = self.query_one("#test-progress", ProgressBar)
        tested = command.work(advance=lambda n: self.app.call_from_thread(progress.advance, n),
                              stopped=lambda: worker.is_cancelled)
        if not worker.is_cancelled:
            self.app.call_from_thread(self.tested, tested)

    def tested(self, tested: Tested) -> None:
        self.query_one("#test-progress", ProgressBar).display = False
        self.carry_out(self.editor.tested(tested))


def note_text(note: Note) -> str:
    """The editor's line under the title, in its tone's colour."""
    text = escape(note.text)
    return text if note.tone == "plain" else f"[${note.tone}]{text}[/]"


def _num(value: int | None) -> str:
    return "" if value is None else str(value)

