"""The deck editor's dialogs against hostile text: a pasted list with a
count of thousands of digits is refused in the dialog (the unsaved deck
kept), and a deck named with markup and terminal escapes is shown as
written, escapes made visible, in the title, the export dialog and the
status line."""

from __future__ import annotations

from textual.markup import to_content
from textual.widgets import Static, TextArea

from avatar_tui.cardlib.catalog import DeckList
from avatar_tui.decklib.library import DeckStore
from avatar_tui.tui.decks_app import DecksApp
from avatar_tui.tui.screens.decks_dialogs import TextListScreen

from .helpers import screen_text

SIZE = (120, 40)


def shown(widget: Static) -> str:
    """What a Static shows: its markup read as the screen reads it."""
    return to_content(str(widget.content)).plain


def editor_app(data_dir, deck: str | None = None) -> DecksApp:
    app = DecksApp(DeckStore(data_dir), deck=deck)
    app.animation_level = "none"
    app.theme = "textual-dark"
    return app


async def test_a_count_of_thousands_of_digits_is_refused_in_the_import_dialog(data_dir):
    app = editor_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        editor = app.screen
        await pilot.press("plus", "plus")  # an unsaved draft: two copies of the first card
        await pilot.pause()
        draft = dict(editor.draft.cards)
        assert sum(draft.values()) == 2
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, TextListScreen)
        app.screen.query_one(TextArea).text = "chamber: Aang\n" + "9" * 4500 + " Evade\n"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app._exception is None
        assert isinstance(app.screen, TextListScreen)  # asked again, with the problem
        problem = shown(app.screen.query_one("#text-problem", Static))
        assert problem == ("the text: line 2: a count of 4500 digits; a deck list counts at "
                           "most 99 copies of a card")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is editor and editor.draft.cards == draft  # nothing lost


async def test_a_deck_named_with_markup_and_escapes_is_shown_as_text(data_dir):
    name = "[/]Fox \x1b[2J" + "w" * 3000
    DeckStore(data_dir).save("fox", DeckList(name=name, chamber="AME176", cards={"evade": 2}))
    app = editor_app(data_dir, deck="fox")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        editor = app.screen
        title = shown(editor.query_one("#deck-title", Static))
        assert title.startswith("[/]Fox \\x1b[2Jwww") and "…" in title
        assert len(title) < 400
        await pilot.press("e")  # the export dialog's title names the deck
        await pilot.pause()
        assert app._exception is None
        assert isinstance(app.screen, TextListScreen)
        text = screen_text(app)
        assert "[/]Fox \\x1b[2J" in text and "\x1b" not in text
        assert "name: [/]Fox \\x1b[2J" in app.screen.query_one(TextArea).text
