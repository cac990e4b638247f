"""The pack-opening screen by Pilot: the cards start face down, space turns
them over one by one with the rarest last, i opens a turned card's text (a
chamber's too, with its signature moves), and n opens the next pack."""

from __future__ import annotations

from textual.widgets import OptionList

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.cardlib.packs import PackMaker, load_collation, name_and_type, opening_order
from avatar_tui.tui.packs_app import PacksApp
from avatar_tui.tui.screens.decks_dialogs import CardFaceScreen
from avatar_tui.tui.screens.packs import PackOpeningScreen

from .helpers import screen_text

SIZE = (120, 40)


def a_pack_with_a_zenemental():
    """A seed whose first pack holds a Zenemental, so rarest-last shows."""
    catalog = default_catalog()
    maker = PackMaker(catalog, load_collation(catalog))
    for seed in range(1, 200):
        packs = maker.packs(seed, 2)
        if any(p.rarity == "zenemental" for p in packs[0]):
            return catalog, packs, seed
    raise AssertionError("no Zenemental in 200 seeds")


def shown_names(app) -> list[str | None]:
    """Each row's card name, None while face down."""
    screen = app.screen
    return [name_and_type(screen.catalog, p.card)[0] if i < screen.turned else None
            for i, p in enumerate(screen.cards)]


async def test_cards_turn_over_one_by_one_rarest_last_and_show_their_text():
    catalog, packs, seed = a_pack_with_a_zenemental()
    app = PacksApp(catalog, packs, seed)
    order = opening_order(packs[0])
    names = [name_and_type(catalog, p.card)[0] for p in order]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PackOpeningScreen)
        text = screen_text(app)
        assert text.count("face down") == 10
        assert not any(name in text for name in names)
        for turned in range(1, 11):
            await pilot.press("space")
            await pilot.pause()
            text = screen_text(app)
            assert text.count("face down") == 10 - turned
            assert names[turned - 1] in text
        assert order[-1].rarity == "zenemental"  # the rarest comes last
        last_row = [line for line in text.splitlines() if names[-1] in line][0]
        assert "zenemental" in last_row
        assert app.screen.query_one(OptionList).highlighted == 9
        await pilot.press("i")  # the card just turned over: its whole text
        await pilot.pause()
        assert isinstance(app.screen, CardFaceScreen)
        face = screen_text(app)
        assert "Cost:" in face and "Rarity: zenemental" in face
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, PackOpeningScreen)
        chamber = next(i for i, p in enumerate(order) if p.card in catalog.chambers)
        app.screen.query_one(OptionList).highlighted = chamber
        await pilot.press("i")  # a chamber's face: both signature moves
        await pilot.pause()
        face = screen_text(app)
        assert "front" in face and "back" in face and "signature move" in face
        await pilot.press("escape")
        await pilot.press("n")  # the next pack, face down again
        await pilot.pause()
        assert app.screen.pack_number == 1
        assert screen_text(app).count("face down") == 10
        assert "Pack 2 of 2" in screen_text(app)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


async def test_a_face_down_card_shows_nothing():
    catalog, packs, seed = a_pack_with_a_zenemental()
    app = PacksApp(catalog, packs, seed)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("space", "down", "down", "i")
        await pilot.pause()
        assert isinstance(app.screen, PackOpeningScreen)  # no face for a card not turned
