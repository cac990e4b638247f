"""The base of every modal dialog: dismissed once only.

Keys typed quickly arrive before the screen is gone: a second answer key
(`1 1` on the opening question) used to dismiss the same dialog again, run
its callback a second time and pop the board itself off the stack
(ScreenStackError). A dialog ignores every dismissal after the first, and
one asked of it while it is not the screen on top."""

from __future__ import annotations

from typing import TypeVar

from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen

ResultType = TypeVar("ResultType")


class Dialog(ModalScreen[ResultType]):
    """A modal screen whose `dismiss` takes effect at most once."""

    dismissed = False

    def dismiss(self, result: ResultType | None = None) -> AwaitComplete:
        if self.dismissed or not self.is_active:
            return AwaitComplete.nothing()
        self.dismissed = True
        return super().dismiss(result)
