"""The deck editor on a sealed pool, by Pilot: the card list holds the
pool's cards only, a copy past the pool's is refused with its reason on the
screen, a chamber of the pool heads the deck, and the casual switch (l)
lifts every rule, shown on the screen."""

from __future__ import annotations

from textual.widgets import DataTable, Select

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.cardlib.packs import load_collation
from avatar_tui.decklib.library import DeckStore
from avatar_tui.decklib.sealed import open_pool
from avatar_tui.tui.decks_app import DecksApp

from .helpers import screen_text

SIZE = (120, 40)


def sealed_app(data_dir, seed: int = 3) -> DecksApp:
    catalog = default_catalog()
    app = DecksApp(DeckStore(data_dir), pool=open_pool(catalog, load_collation(catalog), seed))
    app.animation_level = "none"
    app.theme = "textual-dark"
    return app


async def test_the_editor_holds_a_sealed_deck_to_its_pool(data_dir):
    app = sealed_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        editor = app.screen
        pool = editor.draft.sealed
        assert pool is not None
        cards = editor.query_one("#card-list", DataTable)
        listed = [key.value for key in cards.rows]
        assert listed and set(listed) <= set(pool.cards)
        chambers = editor.query_one("#chamber", Select)
        assert {value for _, value in editor.chamber_choices} <= set(pool.chambers)
        assert chambers.value in pool.chambers
        first = listed[0]
        held = pool.cards[first]
        for _ in range(held + 1):
            await pilot.press("plus")
        await pilot.pause()
        assert editor.draft.count(first) == held
        name = editor.catalog.card(first).name
        assert f"The pool holds {held} {name}" in screen_text(app)
        assert f"sealed from a pool of {pool.packs}" in screen_text(app)  # the format, drawn


async def test_the_casual_switch_is_shown_and_lifts_the_pool(data_dir):
    app = sealed_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        editor = app.screen
        cards = editor.query_one("#card-list", DataTable)
        in_pool = cards.row_count
        await pilot.press("l")
        await pilot.pause()
        assert editor.draft.casual
        text = screen_text(app)
        assert "casual play: R13" in text  # drawn where the format is, in two lines
        assert "lifted, any cards, any number, any chamber" in text
        await pilot.press("f")  # the chamber filter off too: every card of the set
        await pilot.pause()
        assert cards.row_count == len(editor.entries) > in_pool
        outside = next(key.value for key in cards.rows if key.value not in
                       editor.draft.sealed.cards)
        cards.move_cursor(row=cards.get_row_index(outside))
        await pilot.press("plus", "plus", "plus", "plus", "plus")
        await pilot.pause()
        assert editor.draft.count(outside) == 5  # any card, any number
        await pilot.press("l")  # off: the pool's rules are back, the card a problem
        await pilot.pause()
        problems = editor.draft.problems()
        assert any("the pool does not hold it" in p for p in problems)
        assert f"✗ {len(problems)} problems" in screen_text(app)


async def test_in_casual_play_the_status_does_not_claim_a_chamber_filter(data_dir):
    app = sealed_app(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        editor = app.screen
        status = lambda: str(editor.query_one("#search-status").render())  # noqa: E731
        assert "chamber filter on" in status()
        await pilot.press("l")  # casual: every card usable, the filter hides none
        await pilot.pause()
        assert "chamber filter on" not in status()
        assert "no chamber filter in casual play (R13 lifted)" in status()
        await pilot.press("l")
        await pilot.pause()
        assert "chamber filter on" in status()
