"""Auto-flip on the screen (issue 29 point 7): with the setting on, the
board never waits on a flip that is the only move, and the log says so."""

from __future__ import annotations

from .helpers import make_app, new, screen_text


async def test_with_auto_flip_the_board_opens_on_the_flipped_card():
    app = make_app(new(seed=3), start="new")
    app.controller.auto_flip = True
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        while app.session.pending_question:  # the opening defender (R2.4)
            await pilot.press("1")
            await pilot.pause()
        assert app.session.state.phase == "decide"
        assert app.session.state.history[-1].action.verb == "flip"
        assert "Auto-flip" in screen_text(app)
        await pilot.press("u")
        assert "face up" in (app.controller.hint or "")


async def test_without_it_the_board_waits_for_space():
    app = make_app(new(seed=3), start="new")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        while app.session.pending_question:
            await pilot.press("1")
            await pilot.pause()
        assert app.session.state.phase == "flip"
        assert "Auto-flip" not in screen_text(app)
