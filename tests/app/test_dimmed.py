"""The board dimmed under a dialog (tui/perf/dimmed.py): what Textual's
BackgroundScreen draws, drawn once while the board stays the same."""

from __future__ import annotations

from textual.renderables.background_screen import BackgroundScreen

from avatar_tui.tui.perf.compositor import PartialCompositor
from avatar_tui.tui.perf.dimmed import DimmedScreen
from avatar_tui.tui.screens.dialog import Dialog
from avatar_tui.tui.screens.rules import RulesScreen

from .helpers import make_app, scenario


async def test_the_dimmed_board_is_textuals_and_is_drawn_once_while_it_stays(monkeypatch):
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = app.game_screen
        compositor = board._compositor
        assert isinstance(compositor, PartialCompositor)
        renders: list[int] = []
        real = PartialCompositor.render_strips

        def render_strips(self, size=None):
            renders.append(1)
            return real(self, size)

        monkeypatch.setattr(PartialCompositor, "render_strips", render_strips)
        made: list[object] = []
        real_render = Dialog.render

        def render(self):
            made.append(real_render(self))
            return made[-1]

        monkeypatch.setattr(Dialog, "render", render)
        app.push_screen(RulesScreen())
        await pilot.pause()
        await pilot.pause()  # the footer shows the dialog's keys: the board changed
        dialog = app.screen
        # the dialog painted again, the board the same: not rendered again
        renders.clear()
        made.clear()
        dialog.refresh()
        await pilot.pause()
        assert made and renders == []
        # the board changed under the dialog (under the dialog's box): drawn anew
        board.board.status.set("a status line never seen before")
        await pilot.pause()
        dialog.refresh()
        await pilot.pause()
        assert renders
        # what Textual's own BackgroundScreen draws
        dimmed = [r for r in made if isinstance(r, DimmedScreen)]
        assert dimmed, made
        console, options = app.console, app.console.options
        ours = list(console.render(dimmed[-1], options))
        textuals = list(BackgroundScreen.process_segments(
            console.render(compositor, options), dimmed[-1].color))
        assert ours == textuals
        assert "a status line never seen before" in "".join(seg.text for seg in ours)
