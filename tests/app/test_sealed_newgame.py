"""The new-game screen's way to a Sealed Deck game (docs/formats.md): the
packs opened, the deck built in the deck editor restricted to the pool (the
chamber chosen there), a deck that is not yet legal refused in one line, the
computer's seat building its own deck; and the pack screen's footer saying
what q does before a format game, as its hint does."""

from __future__ import annotations

from collections import Counter

from textual.widgets import Select

from avatar_tui.bots import BotSeat
from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.cardlib.formats import (
    SEALED,
    builder_seed,
    open_format_packs,
    pack_maker,
    pool_of,
    sealed_pool,
)
from avatar_tui.decklib.sealed import build_deck, format_deck
from avatar_tui.tui.screens.decks import DeckEditorScreen
from avatar_tui.tui.screens.decks_dialogs import EditorChoice
from avatar_tui.tui.screens.newgame import NewGameScreen
from avatar_tui.tui.screens.packs import PackOpeningScreen

from .helpers import make_app

SEED = 5


def pools():
    catalog = default_catalog()
    packs = open_format_packs(SEALED, catalog, pack_maker(catalog), SEED, SEALED.defaults())
    return catalog, {pid: pool_of(p) for pid, p in packs.items()}


async def start_sealed(app, pilot) -> None:
    await pilot.pause()
    assert isinstance(app.screen, NewGameScreen)
    app.screen.query_one("#format", Select).value = "sealed"
    await pilot.pause()
    app.screen.query_one("#start").focus()
    await pilot.press("enter")
    await pilot.pause()


async def test_a_person_builds_a_sealed_deck_in_the_editor_and_plays_it():
    catalog, pulled = pools()
    app = make_app(start="new", seed=SEED, bot=BotSeat("heuristic", player="p2", delay=0))
    async with app.run_test(size=(120, 40)) as pilot:
        await start_sealed(app, pilot)
        assert isinstance(app.screen, PackOpeningScreen)
        assert len(app.screen.packs) == 8  # the format's own packs, not Rip 'Em's four
        await pilot.press("a", "q")
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, DeckEditorScreen)
        pool = sealed_pool(catalog, pulled["p1"], 30)
        assert editor.draft.sealed == pool  # the editor is held to p1's pool
        assert app.active_bindings["q"].binding.description == "Play"  # not "Back"
        # an empty deck is not played: the editor says why and stays
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, EditorChoice)
        await pilot.press("1")
        await pilot.pause()
        assert app.screen is editor and app.session is None
        assert editor.editor.note is not None
        assert editor.editor.note.text.startswith("Not playable yet: cards: 0 cards, at least 30")
        # a deck of the pool, added card by card, as + adds them
        wanted = build_deck(pool, catalog, 1)
        editor.carry_out(editor.editor.choose_chamber(wanted.chamber))
        for card, n in wanted.cards.items():
            for _ in range(n):
                editor.carry_out(editor.editor.add(card))
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        setup = app.session.state.setup
        assert setup.format is not None and setup.format.name == "sealed"
        assert setup.format.packs == pulled
        assert setup.p1.chamber == wanted.chamber
        assert Counter(setup.p1.deck) == Counter(wanted.cards)
        # the computer's seat built its own, as simulate --format sealed builds it
        chamber, cards = format_deck(catalog, pulled["p2"], SEALED.defaults(),
                                     builder_seed(SEED, "p2"))
        assert setup.p2.chamber == chamber and Counter(setup.p2.deck) == Counter(cards)


async def test_back_from_the_sealed_editor_starts_no_game():
    app = make_app(start="new", seed=SEED, bot=BotSeat("heuristic", player="p2", delay=0))
    async with app.run_test(size=(120, 40)) as pilot:
        await start_sealed(app, pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, DeckEditorScreen)
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("3")  # back to the new game
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert app.session is None


async def test_the_pack_screen_s_footer_says_q_goes_on_before_a_format_game():
    app = make_app(start="new", seed=SEED, bot=BotSeat("heuristic", player="p2", delay=0))
    async with app.run_test(size=(120, 40)) as pilot:
        await start_sealed(app, pilot)
        assert isinstance(app.screen, PackOpeningScreen)
        await pilot.press("a", *["n", "a"] * 7)  # every pack turned over
        await pilot.pause()
        hint = str(app.screen.query_one("#pack-keys").render())
        assert "q goes on to your deck" in hint
        # the footer says the same of q (it said "Leave")
        assert app.active_bindings["q"].binding.description == "Go on"


async def test_two_people_build_in_turn_each_behind_a_look_away():
    from avatar_tui.tui.screens.format_steps import LookAway

    catalog, pulled = pools()
    app = make_app(start="new", seed=SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_sealed(app, pilot)
        built = {}
        for pid in ("p1", "p2"):
            assert isinstance(app.screen, LookAway) and app.screen.pid == pid  # R1.6
            assert "open your packs and build your deck" in str(
                app.screen.query_one("#privacy-body").render())
            await pilot.press("enter")
            await pilot.pause()
            await pilot.press("q")  # past the packs, unopened
            await pilot.pause()
            editor = app.screen
            assert isinstance(editor, DeckEditorScreen)
            pool = sealed_pool(catalog, pulled[pid], 30)
            assert editor.draft.sealed == pool  # each person's own pool
            built[pid] = build_deck(pool, catalog, 2)
            editor.carry_out(editor.editor.choose_chamber(built[pid].chamber))
            for card, n in built[pid].cards.items():
                for _ in range(n):
                    editor.carry_out(editor.editor.add(card))
            await pilot.press("q", "1")
            await pilot.pause()
        setup = app.session.state.setup
        for pid, side in (("p1", setup.p1), ("p2", setup.p2)):
            assert side.chamber == built[pid].chamber
            assert Counter(side.deck) == Counter(built[pid].cards)


def test_settings_no_pool_can_meet_say_so_in_one_line_and_go_back():
    """The play layer's steps end at once (play/format_steps.py); the
    screens' driver shows the one line and gives the new game no setup,
    pushing no screen."""
    from types import SimpleNamespace

    from avatar_tui.tui.screens.format_steps import FormatStepScreens

    said, pushed, ended = [], [], []
    screen = SimpleNamespace(notify=lambda text, severity: said.append((text, severity)),
                             app=SimpleNamespace(push_screen=lambda *a: pushed.append(a)))
    FormatStepScreens(screen, SEALED, default_catalog(), SEED,
                      {"packs": 1, "minimum": 60, "extra_packs": 0}, ("p1",),
                      ended.append).start()
    assert ended == [None] and pushed == []
    assert len(said) == 1 and said[0][1] == "error"
    assert "cannot build a Sealed Deck deck" in said[0][0]
