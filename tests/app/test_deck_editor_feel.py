"""The deck editor as a new player meets it (issue 29 point 8): each
chamber in the picker with its traits and signature moves, and a new deck
in the 30-card starter format, k (in the footer) turning it constructed."""

from __future__ import annotations

from textual.widgets import Select

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.tui.screens.decks import DeckEditorScreen, chamber_label

from .helpers import make_app, screen_text


def test_a_chamber_is_told_by_its_traits_and_moves():
    catalog = default_catalog()
    aang = catalog.chambers["AME176"]
    label = chamber_label(catalog, aang)
    moves = [catalog.signatures[aang.front].name, catalog.signatures[aang.back].name]
    assert label.startswith("Aang · ") and all(m in label for m in moves)
    assert all(t in label for t in aang.traits) and "AME176" in label
    # the six Aangs no longer read alike
    aangs = [chamber_label(catalog, c) for c in catalog.chambers.values() if c.name == "Aang"]
    assert len({a.split(" (")[0] for a in aangs}) > 1


async def test_the_editor_opens_on_a_starter_deck_and_k_is_in_its_footer():
    app = make_app(start="new")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+d")
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, DeckEditorScreen)
        assert editor.draft.starter
        text = screen_text(app)
        assert "k Format" in text
        options = editor.query_one("#chamber", Select)._options
        assert any("Taming the Unagi" in str(label) for label, _ in options)
        await pilot.press("k")
        await pilot.pause()
        assert not editor.draft.starter
