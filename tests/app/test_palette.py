"""Textual's command palette (ctrl+p) on a terminal too small for it: it is
not opened there, the refusal is said where the too-small message is, and
no palette key crashes the app, not even in a palette opened on a larger
terminal that then shrank."""

from __future__ import annotations

import pytest
from textual.command import CommandPalette

from avatar_tui.tui.decks_app import DecksApp

from .helpers import make_app, scenario, screen_text

# the keys of the palette's list (home and end go to its input)
PALETTE_KEYS = ("pagedown", "pageup", "up", "down", "end", "home", "ctrl+end", "shift+home")


async def test_ctrl_p_then_pagedown_on_three_rows_is_refused_and_said():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(80, 3)) as pilot:
        await pilot.pause()
        before = app.session.state
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert not isinstance(app.screen, CommandPalette)
        assert "ctrl+p does nothing" in screen_text(app)  # seen on the three rows
        await pilot.press("pagedown")
        await pilot.pause()
        assert "PgDn does nothing" in screen_text(app)
        assert app.session.state is before


@pytest.mark.parametrize("size", [(1, 1), (80, 1), (80, 2), (80, 4), (2, 5), (79, 40)])
async def test_no_palette_key_crashes_a_terminal_too_small_for_the_board(size):
    app = make_app(scenario("midgame"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for key in PALETTE_KEYS:
            await pilot.press("ctrl+p")
            await pilot.pause()
            await pilot.press(key)
            await pilot.pause()
            assert not isinstance(app.screen, CommandPalette), key
        await pilot.press("q")  # q still quits
        await pilot.pause()
    assert app.return_code == 0


async def test_the_palette_still_opens_at_80x24():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("pagedown", "down", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, CommandPalette)


@pytest.mark.parametrize("size", [(80, 3), (80, 1), (2, 5)])
async def test_a_palette_open_when_the_terminal_shrinks_does_not_crash(size):
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.resize_terminal(*size)
        await pilot.pause()
        for key in ("t", "h", *PALETTE_KEYS, "backspace", "pagedown"):
            await pilot.press(key)
            await pilot.pause()
        await pilot.resize_terminal(80, 24)  # and grown again, the palette works
        await pilot.pause()
        if isinstance(app.screen, CommandPalette):
            await pilot.press("escape")
            await pilot.pause()
        assert not isinstance(app.screen, CommandPalette)
        assert "Burning Lash" in screen_text(app)  # the board again


async def test_the_deck_editors_palette_on_three_rows_does_not_crash():
    """The deck editor opens the palette on three rows; its page keys wait
    for room instead of crashing, and it works once the terminal grows."""
    app = DecksApp()
    async with app.run_test(size=(80, 3)) as pilot:
        await pilot.pause()
        editor = app.screen
        for key in ("pagedown", "pageup", "down"):
            await pilot.press("ctrl+p")
            await pilot.pause()
            assert isinstance(app.screen, CommandPalette)
            await pilot.press(key)
            await pilot.pause()
            assert app.is_running and isinstance(app.screen, CommandPalette), key
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.press("pagedown", "escape")
        await pilot.pause()
        assert app.screen is editor and "New deck not saved yet" in screen_text(app)
    assert app.return_code in (None, 0)
