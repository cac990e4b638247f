"""The app as a seat or a watcher of a hosted game (`avatar-tui join`,
`avatar-tui watch`): the same board, keys, dialogs and log, with the play
layer's remote seat (play/remote.py) deciding. The link to the host is
given by the command line (`follow`, `send`), so the app knows no network
library: frames come in through `follow(deliver, said)` in a worker of the
app's own event loop, and `send(frame)` goes out the same way."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextlib import suppress

from textual.worker import Worker, WorkerCancelled, WorkerFailed

from avatar_tui.model.common import PLAYERS
from avatar_tui.model.frames import HostFrame, SeatFrame
from avatar_tui.play.remote import RemoteSeat
from avatar_tui.tui.app import AvatarApp
from avatar_tui.tui.screens.game import GameScreen


class RemoteApp(AvatarApp):
    referee: RemoteSeat  # a remote seat's (the positions come from the host)

    def __init__(self, seat: str | None, url: str,
                 follow: Callable[[Callable[[HostFrame], None], Callable[[str], None]],
                                  Awaitable[None]],
                 send: Callable[[SeatFrame], Awaitable[None]]):
        super().__init__(None)
        if seat in PLAYERS:
            self.bottom = seat  # a seat's own mat nearest its player
        self.follow = follow
        self.send_frame = send
        self.referee = RemoteSeat(self.controller, seat, url, self.send)
        self.link: Worker[None] | None = None  # following the host, once the board is up
        self.sub_title = self.controller.mode.subtitle

    def get_default_screen(self) -> GameScreen:
        """A watcher's board fills the screen (app.tcss: `-watching`): it is
        the projector's view (`serve --watch`), and nobody acts at it."""
        screen = super().get_default_screen()
        screen.set_class(self.referee.own_seat is None, "-watching")
        return screen

    def open_game(self) -> None:
        super().open_game()
        self.link = self.run_worker(self.follow(self.deliver, self.said), group="link",
                                    exit_on_error=False)

    async def on_unmount(self) -> None:  # type: ignore[override]  # Textual awaits either kind
        """The link, cancelled as the app closes, closes its connection on
        the way out (`follow`'s own business): wait for it while the event
        loop still runs, or the connection is left open at exit."""
        if self.link is not None:
            with suppress(WorkerCancelled, WorkerFailed):
                await self.link.wait()

    def deliver(self, frame: HostFrame) -> None:
        self.carry_out(self.referee.received(frame))

    def said(self, state: str) -> None:
        self.carry_out(self.referee.connection(state))

    def send(self, frame: SeatFrame) -> None:
        self.run_worker(self.send_frame(frame), group="send", exit_on_error=False)
