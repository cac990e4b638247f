"""The base of every modal dialog: dismissed once only, over the board
dimmed (drawn once while the board stays the same: tui/perf/dimmed.py).

Keys typed quickly arrive before the screen is gone: a second answer key
(`1 1` on the opening question) used to dismiss the same dialog again, run
its callback a second time and pop the board itself off the stack
(ScreenStackError). A dialog ignores every dismissal after the first, and
one asked of it while it is not the screen on top."""

from __future__ import annotations

from typing import TypeVar

from rich.console import RenderableType
from textual.await_complete import AwaitComplete
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import ModalScreen

from avatar_tui.tui.perf.compositor import PartialCompositor
from avatar_tui.tui.perf.dimmed import DimmedScreen
from avatar_tui.tui.textual_private import compositor_of

ResultType = TypeVar("ResultType")


class Dialog(ModalScreen[ResultType]):
    """A modal screen whose `dismiss` takes effect at most once."""

    dismissed = False

    def dismiss(self, result: ResultType | None = None) -> AwaitComplete:
        if self.dismissed or not self.is_active:
            return AwaitComplete.nothing()
        self.dismissed = True
        return super().dismiss(result)

    def render(self) -> RenderableType:
        """The screen under it, dimmed: the board's, from the render kept
        while the board stays the same (tui/perf/dimmed.py)."""
        renderable = super().render()
        if isinstance(renderable, BackgroundScreen):
            compositor = compositor_of(renderable.screen)
            if isinstance(compositor, PartialCompositor):
                return DimmedScreen(renderable.screen, renderable.color, compositor)
        return renderable
