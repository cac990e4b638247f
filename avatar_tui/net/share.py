"""`avatar-tui play --share`: watchers follow a game played on this screen
(hot seat, or against the computer) the way they follow a hosted one, with
`avatar-tui watch URL` (docs/protocol.md). Only the watch path is served:
the seats are the local keyboard's. The app hands every game it shows to
`update`; the watchers get a `position` when the game moved.

`learn --share` shares a lesson the same way: `update` is also given the
step's words (the `lesson` field of docs/protocol.md), and a position is
sent when they change as well, so the room reads a miss's reason and the
next step as the learner does.

Undo on the local screen takes moves back, which a watcher's `seq` never
does: the watchers are then sent the game as a new `game` number, its log
whole."""

from __future__ import annotations

import asyncio

from avatar_tui.model.frames import LessonWords
from avatar_tui.model.state import GameState
from avatar_tui.net import frames
from avatar_tui.net.host import GameServer
from avatar_tui.net.hosted import HostedGame, Seats

DEFAULT_PORT = 8766


class Share:
    def __init__(self, port: int = DEFAULT_PORT, host: str = "127.0.0.1"):
        self.port = port
        self.host = host
        self.server: GameServer | None = None
        self.started = False  # run() handed to the app
        self._latest: tuple | None = None
        self._shown: tuple[GameState, LessonWords | None] | None = None

    @property
    def url(self) -> str:
        return f"ws://{self.host}:{self.port}/watch"

    async def run(self, state: GameState, log, lesson: LessonWords | None = None) -> None:
        """Serve the watchers until cancelled (the app's worker, at its end)."""
        hosted = HostedGame(state, frames.log_lines(log), lesson=lesson)
        self.server = GameServer(hosted, Seats.fresh(), host=self.host, port=self.port,
                                 watch_only=True)
        self._shown = (state, lesson)
        try:
            self.port = await self.server.start()
            if self._latest is not None:  # the game moved while the server started
                self.update(*self._latest)
            await asyncio.Event().wait()
        finally:
            await self.server.stop()

    def update(self, state: GameState, log, lesson: LessonWords | None = None) -> None:
        """The game as the local screen shows it now, and the lesson step
        it is at (None: no lesson); any number of times: only a changed
        game or step is sent."""
        self._latest = (state, log, lesson)
        server = self.server
        if server is None or self._shown is not None and state is self._shown[0] \
                and lesson == self._shown[1]:
            return
        self._shown = (state, lesson)
        server.publish(state, frames.log_lines(log), lesson)
