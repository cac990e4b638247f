"""The deck editor by Pilot: a new user builds a legal 60-card deck by keys
alone, saves it, plays it against a house deck, quits, deletes the deck
file and resumes the game intact; and the editor's search, filter, card
face, text lists, file operations, mouse and deck test."""

from __future__ import annotations

from contextlib import asynccontextmanager
from pathlib import Path

from depth import depth
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.markup import escape
from textual.widgets import DataTable, Input, Select, Static, TextArea

from avatar_tui.cardlib.catalog import DeckList
from avatar_tui.cli import main
from avatar_tui.decklib.library import DeckStore
from avatar_tui.store.storage import SaveStore
from avatar_tui.tui.decks_app import DecksApp
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.decks import DeckEditorScreen, bar
from avatar_tui.tui.screens.decks_dialogs import CardFaceScreen, NameScreen, TextListScreen
from avatar_tui.tui.screens.game import GameScreen
from avatar_tui.tui.screens.newgame import NewGameScreen

from .helpers import make_app, screen_text

SIZE = (120, 40)


async def type_text(pilot, text: str) -> None:
    for ch in text:
        await pilot.press({" ": "space", ":": "colon", ">": "greater_than_sign",
                           "=": "equals_sign", "<": "less_than_sign", "-": "minus"}.get(ch, ch))


async def build_legal_deck(pilot) -> None:
    """Four copies each of the first fifteen cards Aang may use: 60 (R13.1)."""
    for _ in range(15):
        for _ in range(4):
            await pilot.press("plus")
        await pilot.press("down")
    await pilot.pause()


async def test_a_new_user_builds_saves_plays_and_resumes_after_the_deck_file_is_gone(data_dir):
    store = SaveStore(data_dir)
    app = make_app(store=store, start="new", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+d")
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, DeckEditorScreen)
        assert "✗ 1 problem" in screen_text(app)
        assert editor.draft.starter  # a new deck: the 30-card starter format (R1.1)
        await pilot.press("k")  # constructed (R13), the footer's Format
        await pilot.pause()
        await build_legal_deck(pilot)
        assert editor.draft.total == 60
        assert "✓ Legal — 60 cards, Aang, constructed (R13)" in screen_text(app)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, NameScreen)
        assert app.screen.query_one(Input).value == "new-deck"  # a free name is offered
        await pilot.press(*["backspace"] * 8)
        await type_text(pilot, "mydeck")
        await pilot.press("enter")
        await pilot.pause()
        assert (data_dir / "decks" / "mydeck.toml").is_file()
        assert "Saved as decks/mydeck.toml" in screen_text(app)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.query_one("#p1-deck", Select).value == "saved:mydeck"
        await pilot.press("enter")  # Start has the focus
        await pilot.pause()
        state = app.session.state
        assert state.setup.p1.complete and len(state.setup.p1.deck) == 60
        assert not state.setup.p2.complete  # Prince Zuko's house deck
        assert isinstance(app.screen, ChoiceScreen)  # who defends the opening attack
        await pilot.press("1")
        await pilot.pause()
        await pilot.press("space")  # a flip
        await pilot.pause()
        played = app.session.state
        assert played.history
        await pilot.press("q")  # quit
        await pilot.pause()
    assert app.return_code == 0
    (data_dir / "decks" / "mydeck.toml").unlink()
    resumed = make_app(store=SaveStore(data_dir), start="resume")
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(resumed.screen, GameScreen)
        assert resumed.session.state.model_dump_json() == played.model_dump_json()


async def test_an_illegal_saved_deck_cannot_start_and_its_problems_are_listed(data_dir):
    DeckStore(data_dir).save("tiny", DeckList(name="Tiny", chamber="AME176",
                                              cards={"evade": 5}))
    app = make_app(store=SaveStore(data_dir), start="new", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#p1-deck", Select).value = "saved:tiny"
        await pilot.pause()
        text = screen_text(app)
        assert "p1's deck cannot be played" in text
        assert "cards.evade: 5 copies, at most 4 allowed (R13.1)" in text
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen) and app.session is None


async def test_a_random_starter_deck_from_the_new_game_screen(data_dir):
    app = make_app(store=SaveStore(data_dir), start="new", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.screen.query_one("#p2-deck", Select).value = "random"
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        setup = app.session.state.setup
        assert setup.p2.complete and len(setup.p2.deck) == 30
        assert setup.p2.chamber == "AME206"


@asynccontextmanager
async def editing(data_dir, size=SIZE):
    """The editor app running, settled: (app, the editor screen, pilot)."""
    app = editor_app(data_dir)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        yield app, app.screen, pilot


def editor_app(data_dir) -> DecksApp:
    app = DecksApp(DeckStore(data_dir))
    app.animation_level = "none"
    app.theme = "textual-dark"
    return app


async def test_search_filters_and_a_bad_query_says_why(data_dir):
    async with editing(data_dir) as (app, editor, pilot):
        cards = editor.query_one("#card-list", DataTable)
        usable = cards.row_count
        await pilot.press("f")  # the chamber filter off: every card
        await pilot.pause()
        assert cards.row_count == len(editor.entries) > usable
        await pilot.press("f")
        await pilot.press("slash")
        await type_text(pilot, "type:strike f>=6")
        await pilot.pause()
        shown = [cards.get_row_at(i) for i in range(cards.row_count)]
        assert shown and all(int(row[3]) >= 6 and row[5].startswith("S") for row in shown)
        assert f"{len(shown)} of" in screen_text(app)
        editor.query_one("#search", Input).value = "type:strike f>=6 colour:red"
        await pilot.pause()
        assert "unknown field 'colour'" in screen_text(app)
        assert cards.row_count == len(shown)  # the last good search stays
        await pilot.press("escape")  # leaves the search box, not the editor
        assert isinstance(app.screen, DeckEditorScreen)


async def test_keys_and_mouse_add_and_remove_and_the_face_is_shown(data_dir):
    async with editing(data_dir) as (app, editor, pilot):
        first = editor.highlighted()
        await pilot.press("enter", "plus", "equals_sign")
        assert editor.draft.count(first) == 3
        await pilot.press("minus")
        assert editor.draft.count(first) == 2
        await pilot.click("#card-list", offset=(10, 3))  # the third card is chosen...
        await pilot.pause()
        assert editor.highlighted() != first
        await pilot.click("#card-list", offset=(10, 3))  # ...and a click on it adds it
        await pilot.pause()
        third = editor.query_one("#card-list", DataTable).coordinate_to_cell_key(
            (2, 0)).row_key.value
        assert editor.draft.count(third) == 1
        await pilot.click("#deck-list", offset=(5, 0))  # the same in the deck removes
        await pilot.click("#deck-list", offset=(5, 0))
        await pilot.pause()
        assert editor.draft.count(first) == 1
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, CardFaceScreen)
        assert "Cost:" in screen_text(app)
        await pilot.press("escape")
        await pilot.press("c")  # the chamber: Katara's, and the list follows (R13.2)
        await pilot.pause()
        app.screen.query_one("#chamber", Select).value = "AME182"
        await pilot.pause()
        assert "Katara" in screen_text(app)


async def test_import_export_delete_and_open_keep_the_deck_being_edited(data_dir):
    async with editing(data_dir) as (app, editor, pilot):
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, TextListScreen)
        app.screen.query_one(TextArea).text = "chamber: Aang\n3 Evade\n2 Flying Pancake\n"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TextListScreen)  # asked again, with the problem
        assert "the text: line 3: unknown card 'Flying Pancake'" in screen_text(app)
        app.screen.query_one(TextArea).text = "chamber: Katara\n3 Evade\n2 Momo\n"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is editor
        assert editor.draft.cards == {"evade": 3, "momo": 2} and editor.draft.chamber == "AME182"
        assert DeckStore(data_dir).names() == []  # importing saves nothing
        await pilot.press("e")
        await pilot.pause()
        assert "3 Evade" in app.screen.query_one(TextArea).text
        await pilot.press("escape")
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("enter")  # the name offered
        await pilot.pause()
        name = editor.deck_name
        assert name and DeckStore(data_dir).names() == [name]
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        assert DeckStore(data_dir).names() == []
        assert editor.draft.cards == {"evade": 3, "momo": 2}  # still here, unsaved
        assert "Deleted decks/imported-deck.toml" in screen_text(app)
        await pilot.press("q")  # unsaved changes: asked first
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("3")  # stay
        await pilot.pause()
        assert app.screen is editor


async def test_testing_a_deck_plays_every_house_deck_in_the_background(data_dir, monkeypatch):
    monkeypatch.setenv("AVATAR_TUI_DECK_TEST_GAMES", "1")
    async with editing(data_dir) as (app, editor, pilot):
        await pilot.press("t")
        await pilot.pause()
        assert "Only a legal deck can be tested" in screen_text(app)
        await pilot.press("o")
        await pilot.pause()
        labels = app.screen.options
        await pilot.press(str(labels.index("house deck: Aang — house starter") + 1))
        await pilot.pause()
        assert editor.draft.starter and editor.draft.total == 30
        await pilot.press("t")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert len(editor.results) == 10 and all(m.games == 1 for m in editor.results)
        text = screen_text(app)
        assert "Against the house decks" in text and "Kinto" in text


def test_bars_grow_with_the_count():
    assert bar(0, 10) == "" and bar(10, 10) == "█" * 10
    assert len(bar(5, 10)) == 5 and bar(1, 80) == "▏"


KEYS = ["plus", "plus", "plus", "minus", "down", "down", "up", "f", "k", "enter", "end"]


@settings(max_examples=depth(2, 12), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(KEYS), min_size=1, max_size=30))
def test_any_keys_in_the_editor_give_the_verdict_deck_check_gives(tmp_path, capsys, keys):
    """Whatever is pressed, the legality lines on the screen are the lines
    `avatar-tui deck check` prints for the file the editor saves."""
    import asyncio

    data = tmp_path / str(abs(hash(tuple(keys))))

    async def drive() -> tuple[str, Path]:
        app = editor_app(data)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press(*keys)
            await pilot.press("s")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
            editor = app.screen
            assert isinstance(editor, DeckEditorScreen)
            return str(editor.query_one("#legality", Static).content), \
                editor.store.path(editor.deck_name)

    shown, path = asyncio.run(drive())
    capsys.readouterr()
    code = main(["deck", "check", str(path)])
    out = capsys.readouterr().out.splitlines()
    checked = [line.removeprefix(f"{path}: ") for line in out]
    if code == 0:
        assert shown.startswith("[$success][b]✓ Legal") and len(checked) == 1
    else:
        bullets = [line.removeprefix(" • ") for line in shown.splitlines()[1:]]
        assert bullets == [escape(line) for line in checked]


async def test_a_hand_edited_deck_with_unknown_names_opens_with_its_problems(data_dir):
    (data_dir / "decks").mkdir(parents=True)
    (data_dir / "decks" / "odd.toml").write_text(
        'name = "Odd"\nchamber = "AME999"\n[cards]\nflying_pancake = 2\nevade = 1\n', "utf-8")
    app = DecksApp(DeckStore(data_dir), deck="odd")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, DeckEditorScreen) and editor.deck_name == "odd"
        text = screen_text(app)
        assert "cards.flying_pancake: unknown card id" in text
        assert "flying_pancake (unknown card)" in text
        assert editor.draft.chamber == "AME999"  # not quietly changed
        editor.query_one("#deck-list", DataTable).focus()
        await pilot.press("i", "plus")  # on the unknown card: no face, no crash
        await pilot.pause()
        assert app.screen is editor and editor.draft.count("flying_pancake") == 3


async def test_a_deck_file_that_cannot_be_read_is_said_in_one_line(data_dir):
    (data_dir / "decks").mkdir(parents=True)
    (data_dir / "decks" / "bad.toml").write_text('name = "x\n', "utf-8")
    async with editing(data_dir) as (app, editor, pilot):
        editor.open_saved("bad")
        await pilot.pause()
        assert "bad.toml: not valid TOML" in str(editor.query_one("#deck-title", Static).content)
        assert editor.deck_name is None  # the deck being edited is kept


async def test_decks_name_that_is_not_there_says_so(data_dir):
    app = DecksApp(DeckStore(data_dir), deck="nothing")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        title = str(app.screen.query_one("#deck-title", Static).content)
        assert "nothing.toml: cannot read" in title


async def test_quitting_before_saving_loses_nothing(data_dir):
    app = editor_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("plus", "plus", "down", "plus")
        await pilot.pause()
        cards = dict(app.screen.draft.cards)
        app.exit()  # ctrl+q: straight out, no question
    assert DeckStore(data_dir).names() == []  # nothing saved as a named deck...
    again = editor_app(data_dir)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        editor = again.screen
        assert editor.draft.cards == cards and editor.dirty  # ...but the deck is back
        assert "The deck you were editing" in str(editor.query_one("#deck-title",
                                                                  Static).content)
        await pilot.press("q", "2")  # leave, and do not save it
        await pilot.pause()
    assert DeckStore(data_dir).editing() is None
    third = editor_app(data_dir)
    async with third.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert third.screen.draft.cards == {}


async def test_a_rematch_keeps_both_decks_and_shuffles_them_again():
    from avatar_tui.cardlib.catalog import default_catalog
    from avatar_tui.decklib.library import player_setup, random_starter
    from avatar_tui.engine import new_game
    from avatar_tui.model.state import GameSetup, PlayerSetup

    catalog = default_catalog()
    deck = random_starter(catalog, catalog.chamber("katara"), 3)
    setup = GameSetup(catalog=default_catalog(), seed=9, p1=player_setup(deck, catalog, 9, "p1"),
                      p2=PlayerSetup(chamber="kinto"))
    app = make_app(new_game(setup))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.carry_out(app.referee.rematch())
        await pilot.pause()
        again = app.session.state.setup
        assert again.seed == 10 and again.p2 == PlayerSetup(chamber="kinto")
        assert again.p1.complete and sorted(again.p1.deck) == sorted(setup.p1.deck)
        assert again.p1.deck != setup.p1.deck


async def test_the_help_documents_the_keys_and_the_query_language(data_dir):
    app = editor_app(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        text = screen_text(app)
        for words in ("The deck editor", "every term must match", "trait:generic",
                      "f>=5", "-TERM negates", "R13.2"):
            assert words in text, words
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, DeckEditorScreen)


async def test_a_deck_saved_under_a_new_name_takes_it_as_its_title(data_dir):
    """Issue 36: a copy ("Save a copy as") kept the first deck's title."""
    async with editing(data_dir) as (app, editor, pilot):
        await pilot.press("plus")
        await pilot.press("s")
        await pilot.pause()
        await pilot.press(*["backspace"] * 12)
        await type_text(pilot, "first")
        await pilot.press("enter")
        await pilot.pause()
        assert DeckStore(data_dir).load("first").name == "first"
        await pilot.press("a")  # save a copy as
        await pilot.pause()
        assert isinstance(app.screen, NameScreen)
        await pilot.press(*["backspace"] * 12)
        await type_text(pilot, "second")
        await pilot.press("enter")
        await pilot.pause()
        assert editor.deck_name == "second"
        assert DeckStore(data_dir).load("second").name == "second"
        assert DeckStore(data_dir).load("first").name == "first"
