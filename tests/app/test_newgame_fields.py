"""The new-game screen's fields: the focused one is marked (a bar at its
left edge and a bold label, not a colour alone), and enter on a field moves
to the next one instead of opening its list (space opens it)."""

from __future__ import annotations

from textual.containers import Horizontal
from textual.widgets import Select

from avatar_tui.tui.screens.newgame import NewGameScreen

from .helpers import make_app, scenario


def row_of(widget) -> Horizontal:
    return next(a for a in widget.ancestors if isinstance(a, Horizontal))


async def test_the_focused_field_is_marked_and_the_others_are_not():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        first = app.screen.query_one("#p1-character", Select)
        second = app.screen.query_one("#p2-character", Select)
        first.focus()
        await pilot.pause()
        assert row_of(first).styles.border_left[0] == "thick"
        assert row_of(second).styles.border_left[0] != "thick"
        label = row_of(first).query_one(".field-label")
        assert "bold" in str(label.styles.text_style)


async def test_enter_on_a_field_moves_on_and_space_opens_its_list():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        first = app.screen.query_one("#p1-character", Select)
        first.focus()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert not first.expanded
        assert app.focused is app.screen.query_one("#p1-deck", Select)
        await pilot.press("space")
        await pilot.pause()
        assert app.screen.query_one("#p1-deck", Select).expanded


async def test_the_character_list_shows_traits_and_moves_as_the_deck_editor_does():
    """Issue 36: the list named the characters alone; the deck editor's
    line (traits, signature moves front / back) is the one reused."""
    from avatar_tui.cardlib.catalog import default_catalog
    from avatar_tui.tui.screens.decks import chamber_label

    catalog = default_catalog()
    aang = catalog.find_chamber(catalog.decks["aang"].chamber)  # the house starter's
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        first = app.screen.query_one("#p1-character", Select)
        prompts = {value: str(prompt) for prompt, value in first._options}
        assert prompts["aang"] == chamber_label(catalog, aang, number=False)
        assert " · fox spirit light air · " in prompts["aang"] and " / " in prompts["aang"]
        assert all(" · " in prompt for value, prompt in prompts.items() if value != Select.NULL)
