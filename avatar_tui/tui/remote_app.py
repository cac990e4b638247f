"""The app as a seat or a watcher of a hosted game (`avatar-tui join`,
`avatar-tui watch`): the same board, keys, dialogs and log, with the play
layer's remote host (play/remote.py) deciding. The link to the host is
given by the command line (`follow`, `send`), so the app knows no network
library: frames come in through `follow(deliver, said)` in a worker of the
app's own event loop, and `send(frame)` goes out the same way."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from avatar_tui.play.remote import RemoteHost
from avatar_tui.tui.app import AvatarApp

Frame = dict[str, Any]


class RemoteApp(AvatarApp):
    def __init__(self, seat: str | None, url: str,
                 follow: Callable[[Callable[[Frame], None], Callable[[str], None]],
                                  Awaitable[None]],
                 send: Callable[[Frame], Awaitable[None]]):
        super().__init__(None)
        if seat in ("p1", "p2"):
            self.bottom = seat  # a seat's own mat nearest its player
        self.follow = follow
        self.send_frame = send
        self.host = RemoteHost(self.game, seat, url, self.send)
        self.sub_title = self.game.mode.subtitle

    def open_game(self) -> None:
        super().open_game()
        self.run_worker(self.follow(self.deliver, self.said), group="link", exit_on_error=False)

    def deliver(self, frame: Frame) -> None:
        self.carry_out(self.host.received(frame))

    def said(self, state: str) -> None:
        self.carry_out(self.host.connection(state))

    def send(self, frame: Frame) -> None:
        self.run_worker(self.send_frame(frame), group="send", exit_on_error=False)
