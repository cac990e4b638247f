"""The footer shows the keys of the screen on top: a dialog's own keys over
the board, never the board's keys while the board is covered; and the
board's hint and log keys are in it."""

from __future__ import annotations

from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.privacy import PrivacyScreen

from .helpers import make_app, scenario, screen_text


def footer(app) -> str:
    return screen_text(app).splitlines()[-1]


async def test_over_the_overpay_chooser_the_footer_has_its_keys_not_the_boards():
    app = make_app(scenario("overpay"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "Overpay" in footer(app)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        shown = footer(app)
        assert "Power" not in shown and "Overpay" not in shown and "Quit" not in shown
        assert "Back to the board" in shown  # the dialog's escape
        await pilot.press("escape")
        await pilot.pause()
        assert "Overpay" in footer(app)  # the board's keys again


async def test_over_the_privacy_screen_the_footer_has_no_flip():
    app = make_app(scenario("opening"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("1")  # p1 defends the opening attack: p2 flips
        await pilot.pause()
        assert "Flip" in footer(app)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, PrivacyScreen)
        shown = footer(app)
        assert "Flip" not in shown and "Why?" not in shown
        assert "Show my moves" in shown and "Close" in shown
        await pilot.press("enter")  # the moves shown: enter does nothing more
        await pilot.pause()
        shown = footer(app)
        assert "Show my moves" not in shown and "Close" in shown


async def test_the_hint_and_log_keys_are_in_the_footer():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shown = footer(app)
        assert "h Hint" in shown and "l Log" in shown
        assert "q Quit" in shown and "…" not in shown


async def test_a_narrow_footer_leaves_out_the_spare_keys_never_a_move_or_quit():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = footer(app)
        for words in ("p Pay", "1 Power 1", "a Ally", "f Focus", "d Discard", "? Help",
                      "q Quit"):
            assert words in shown
        assert "…" not in shown and len(shown.rstrip()) <= 80
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert "h Hint" in footer(app)  # room again: shown again
