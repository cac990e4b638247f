"""At 80x24, a dialog's footer has the dialog's own keys, and a dialog says
which key puts it again only where one does: `c` the game's questions, the
move's key a chooser of several moves (o: the overpayment), none for the
questions of the review and the deck editor."""

from __future__ import annotations

from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.decks_dialogs import NameScreen

from .helpers import make_app, scenario, screen_text
from .test_decks import editing
from .test_review_screen import review_app

SMALL = (80, 24)


def footer(app) -> str:
    return screen_text(app).splitlines()[-1]


async def test_the_opening_question_is_asked_again_by_c():
    app = make_app(scenario("opening"))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "escape: back to the board (c asks again)" in screen_text(app)
        await pilot.press("escape", "c")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)  # c did ask again


async def test_the_overpay_chooser_is_asked_again_by_o_not_c():
    app = make_app(scenario("overpay"))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        words = screen_text(app)
        assert "(o asks again)" in words and "c asks again" not in words
        await pilot.press("escape", "c")  # c has no question to ask: the board stays
        await pilot.pause()
        assert not isinstance(app.screen, ChoiceScreen)


async def test_play_on_from_a_move_shows_its_own_keys():
    app = review_app()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("right", "right", "p")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        words, keys = screen_text(app), footer(app)
        assert "Play on from move 2" in words and "asks again" not in words
        assert "escape: back to the review" in words
        assert "Back to the review" in keys and "Coach" not in keys and "Leave" not in keys


async def test_the_deck_editors_dialogs_show_their_own_keys(data_dir):
    async with editing(data_dir, size=SMALL) as (app, editor, pilot):
        assert "Add" in footer(app)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        words, keys = screen_text(app), footer(app)
        assert "Open a deck" in words and "asks again" not in words
        assert "Back to the editor" in keys and "Add" not in keys and "Save" not in keys
        await pilot.press("escape", "s")
        await pilot.pause()
        assert isinstance(app.screen, NameScreen)
        keys = footer(app)
        assert "Save" in keys and "Cancel" in keys and "Add" not in keys
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, NameScreen)  # enter saved, as its footer says
        assert editor.deck_name == "new-deck"


def weak_flip():
    """A decision where the flipped card cannot stop the attack (R5.3)."""
    from tests.test_step_hint import cannot_stop_the_attack

    return cannot_stop_the_attack(), []


async def test_at_80x24_the_log_mode_shows_the_log_and_its_keys():
    app = make_app(scenario("midgame"))  # Burning Lash's panel takes the log's place
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#deciding").display  # the card takes the log's place
        await pilot.press("l")
        await pilot.pause()
        words, keys = screen_text(app), footer(app)
        assert app.screen.query_one("#log").region.height > 1
        assert "R5.1 p2 flips Burning Lash" in words  # a line of the log itself
        assert "↑/↓" in keys and "esc Leave the log" in keys and "Discard" not in keys
        await pilot.press("escape")
        await pilot.pause()
        assert "d Discard" in footer(app) and app.screen.query_one("#deciding").display


async def test_at_80x24_the_explain_dialog_keeps_a_footer():
    app = make_app(weak_flip())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert "esc Close" in footer(app)
