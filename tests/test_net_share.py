"""`play --share` (net/share.py): a game played on one screen, followed by
watchers through the client code; an undo there is a new `game` for them,
as `seq` never goes back within one. Bound to 127.0.0.1, a free port."""

from __future__ import annotations

import asyncio
import random
import socket

from avatar_tui.bots import setup_for
from avatar_tui.engine import apply, legal_actions, new_game, undo
from avatar_tui.net.client import Client, JoinError
from avatar_tui.net.share import Share


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_watchers_follow_a_shared_game_and_an_undo_starts_their_game_again():
    async def scenario():
        state, log = new_game(setup_for(3, "jojo", "aang"))
        share = Share(free_port())
        share.started = True
        task = asyncio.create_task(share.run(state, log))
        for _ in range(100):
            if share.server is not None and share.server.runner is not None:
                break
            await asyncio.sleep(0.02)
        watcher = Client(share.url)
        await watcher.connect()
        first = await watcher.until(lambda f: f.type == "position")
        assert first.seq == 0 and first.seats == {"p1": "local", "p2": "local"}
        rnd = random.Random(2)
        for n in range(1, 8):
            state, events = apply(state, rnd.choice(legal_actions(state)))
            log = log + events
            share.update(state, log)
            share.update(state, log)  # shown again: nothing new is sent
            frame = await watcher.until(lambda f: f.type == "position", 10)
            assert frame.seq == n and frame.game == 1
        assert watcher.log == [str(e) for e in log]
        taken_back = undo(state, 1)
        share.update(taken_back, log)
        frame = await watcher.until(lambda f: f.type == "position", 10)
        assert frame.game == 2 and frame.seq == 6 and len(frame.log) == len(log)
        seat = Client(share.url.replace("/watch", "/p1/" + "a" * 24))
        try:
            await seat.connect()
            raise AssertionError("a seat was taken on a shared game")
        except JoinError as err:
            assert "only be watched" in str(err)
        await watcher.close()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(asyncio.wait_for(scenario(), 60))
