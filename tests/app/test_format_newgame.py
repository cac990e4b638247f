"""The new-game screen's way to a Rip 'Em and Flip 'Em game (docs/formats.md):
the format chosen, each person's packs opened on the opening screen behind a
look-away screen, a pulled chamber chosen; the computer's seat chooses for
itself; going back leaves no game started."""

from __future__ import annotations

from textual.widgets import Select

from avatar_tui.bots import BotSeat
from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.cardlib.formats import computer_chamber, open_pools, pack_maker, pulled_chambers
from avatar_tui.tui.screens.format_steps import ChamberChoice, LookAway
from avatar_tui.tui.screens.newgame import NewGameScreen
from avatar_tui.tui.screens.packs import PackOpeningScreen

from .helpers import make_app, screen_text

SEED = 5


def pools():
    catalog = default_catalog()
    return catalog, open_pools(pack_maker(catalog), SEED, 4)


async def choose_the_format(app, pilot) -> None:
    await pilot.pause()
    assert isinstance(app.screen, NewGameScreen)
    app.screen.query_one("#format", Select).value = "rip-n-flip"
    await pilot.pause()
    app.screen.query_one("#start").focus()
    await pilot.press("enter")
    await pilot.pause()


async def open_and_choose(app, pilot, pid: str, answer: str) -> None:
    assert isinstance(app.screen, PackOpeningScreen)
    assert f"{pid}'s packs" in str(app.screen.query_one("#pack-title").render())
    await pilot.press("a", "q")  # every card of the first pack turned over, then on
    await pilot.pause()
    assert isinstance(app.screen, ChamberChoice)
    await pilot.press(answer)
    await pilot.pause()


async def test_two_people_open_their_packs_in_turn_and_play_the_chambers_they_chose():
    catalog, pulled = pools()
    app = make_app(start="new", seed=SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        await choose_the_format(app, pilot)
        for pid, answer in (("p1", "2"), ("p2", "1")):
            assert isinstance(app.screen, LookAway) and app.screen.pid == pid  # R1.6
            await pilot.press("enter")
            await pilot.pause()
            await open_and_choose(app, pilot, pid, answer)
        setup = app.session.state.setup
        assert setup.format is not None and setup.format.name == "rip-n-flip"
        assert setup.format.packs == pulled
        assert setup.p1.chamber == pulled_chambers(catalog, pulled["p1"])[1]
        assert setup.p2.chamber == pulled_chambers(catalog, pulled["p2"])[0]
        assert len(setup.p1.deck) == len(setup.p2.deck) == 36


async def test_against_the_computer_only_the_person_opens_and_the_computer_chooses():
    catalog, pulled = pools()
    app = make_app(start="new", seed=SEED, bot=BotSeat("heuristic", player="p2", delay=0))
    async with app.run_test(size=(120, 40)) as pilot:
        await choose_the_format(app, pilot)
        await open_and_choose(app, pilot, "p1", "1")  # no look-away: no one else is looking
        setup = app.session.state.setup
        assert setup.p1.chamber == pulled_chambers(catalog, pulled["p1"])[0]
        assert setup.p2.chamber == computer_chamber(catalog, pulled["p2"])


async def test_going_back_from_the_chamber_starts_no_game():
    app = make_app(start="new", seed=SEED, bot=BotSeat("heuristic", player="p2", delay=0))
    async with app.run_test(size=(120, 40)) as pilot:
        await choose_the_format(app, pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ChamberChoice)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert app.session is None


async def test_two_chambers_of_one_character_are_told_apart_with_what_each_fits():
    from avatar_tui.cardlib.entries import chamber_label
    from avatar_tui.cardlib.formats import fits, open_packs, pool_of

    catalog = default_catalog()

    def twins(seed: int) -> bool:
        pool = pool_of(open_packs(pack_maker(catalog), seed, 4)["p1"])
        labels = [chamber_label(catalog, catalog.chambers[c], number=False)
                  for c in pulled_chambers(catalog, pool)]
        return len(set(labels)) < len(labels)

    seed = next(s for s in range(1, 500) if twins(s))  # the same label twice, before
    pool = open_pools(pack_maker(catalog), seed, 4)["p1"]
    app = make_app(start="new", seed=seed, bot=BotSeat("heuristic", player="p2", delay=0))
    async with app.run_test(size=(120, 40)) as pilot:
        await choose_the_format(app, pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, ChamberChoice)
        labels = list(app.screen.options)
        assert len(set(labels)) == len(labels)
        for label, chamber in zip(labels, pulled_chambers(catalog, pool), strict=True):
            assert f"fits {fits(catalog, pool, chamber)} of your cards" in label
            assert f"({chamber})" in label


def footer(app) -> str:
    return screen_text(app).splitlines()[-1]


async def test_the_footer_has_the_keys_of_each_step_even_under_two_dialogs():
    # The board is under the new-game screen and a step's dialog: the
    # footer's row is drawn through both, and a chamber choice opened from
    # the packs' answer neither suspends nor resumes the board.
    app = make_app(start="new", seed=SEED)
    async with app.run_test(size=(120, 40)) as pilot:
        await choose_the_format(app, pilot)
        await pilot.pause()
        assert isinstance(app.screen, LookAway)
        assert "Open the packs" in footer(app)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("a", "q")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ChamberChoice)
        shown = footer(app)
        assert "Back to the new game" in shown and "Open the packs" not in shown
