"""A real host on 127.0.0.1 (a free port), two seats and a watcher through
the client code `join` and `watch` use (net/client.py): a whole game played
by choosing from `legal`, a seat dropped and rejoined mid-game, the host
stopped and started again from its save with the same URLs, and the faults
docs/protocol.md names. Every wait is bounded; the server stops by itself."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from hosts import joined, serving

from avatar_tui.engine import legal_actions
from avatar_tui.net.client import Client, JoinError
from avatar_tui.net.frames import rematch
from avatar_tui.net.host import MESSAGE_LIMIT
from avatar_tui.net.hosted import HostFiles, Seats

# real servers and processes on 127.0.0.1: in the full run, not the edit loop
pytestmark = pytest.mark.slow

LIMIT = 120  # seconds a whole test may take


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, LIMIT))


async def started(tmp_path, port=0, resume=False, computer=None, seed=11):
    return await serving(HostFiles(tmp_path / "host"), resume=resume, seed=seed,
                         computer=computer, port=port)


def is_position(frame):
    return frame.type == "position"


async def settle(*clients, seq):
    """Every client has the position after action `seq`."""
    for c in clients:
        if c.position is None or c.position.seq < seq:
            await c.until(lambda f: is_position(f) and f.seq >= seq)


async def play(seats, watcher, rnd, steps):
    """Up to `steps` actions, each seat choosing from the `legal` it was sent."""
    for _ in range(steps):
        mover = next((c for c in seats.values() if c.legal), None)
        if mover is None:
            return
        seq = mover.position.seq
        await mover.act(rnd.choice(mover.legal))
        await settle(*seats.values(), watcher, seq=seq + 1)


def test_a_whole_game_with_a_rejoin_and_a_restart(tmp_path):
    async def scenario():
        rnd = random.Random(5)
        server = await started(tmp_path)
        urls = server.urls()
        assert set(urls) == {"p1", "p2", "watch"}
        assert all(urls[p].startswith("ws://127.0.0.1:") for p in urls)
        seats = {p: await joined(urls[p]) for p in ("p1", "p2")}
        watcher = await joined(urls["watch"])
        assert (seats["p1"].role, seats["p2"].role, watcher.role) == ("p1", "p2", "watch")
        assert watcher.position.legal == [] and watcher.position.question is None
        await play(seats, watcher, rnd, 15)

        # p2 drops while it must act, and rejoins with its URL: the current
        # position, its legal actions and its question, if one is pending
        for _ in range(200):
            if seats["p2"].legal:
                break
            await play(seats, watcher, rnd, 1)
        assert seats["p2"].legal
        before = seats["p2"].position
        seq = before.seq
        await seats["p2"].close()
        await seats["p1"].until(lambda f: f.type == "seats"
                                and f.seats["p2"] == "disconnected")
        seats["p2"] = await joined(urls["p2"])
        again = seats["p2"].position
        assert again.seq == seq and again.legal == before.legal
        assert again.question == before.question and again.view == before.view
        assert again.legal == [str(a) for a in legal_actions(server.hosted.state)]
        assert seats["p2"].log == watcher.log  # the game so far, to a late joiner
        await play(seats, watcher, rnd, 15)

        # the host stops and starts again from its save, on the same URLs
        seq = server.hosted.seq
        port = server.port
        for c in (*seats.values(), watcher):
            await c.close()
        await server.stop()
        server = await started(tmp_path, port=port, resume=True)
        assert server.urls() == urls and server.hosted.seq == seq
        seats = {p: await joined(urls[p]) for p in ("p1", "p2")}
        watcher = await joined(urls["watch"])
        assert watcher.position.seq == seq
        await play(seats, watcher, rnd, 2000)
        assert watcher.position.view["status"] == "over"
        assert server.hosted.over
        for c in (*seats.values(), watcher):
            await c.close()
        await server.stop()
        return server.hosted.saves

    assert run(scenario()) > 30


def test_out_of_turn_garbage_and_a_takeover(tmp_path):
    async def scenario():
        server = await started(tmp_path)
        urls = server.urls()
        p1, p2 = await joined(urls["p1"]), await joined(urls["p2"])
        actor, other = (p1, p2) if p1.legal else (p2, p1)
        seq = actor.position.seq
        # out of turn: refused with the engine's reason, nothing changed
        wrong = actor.legal[0].replace(actor.role, other.role, 1)
        await other.act(wrong)
        refused = await other.until(lambda f: f.type in ("refused", "position"))
        assert refused.type == "refused" and refused.action == wrong
        assert "(R" in refused.reason and server.hosted.seq == seq
        # an action naming the other seat
        await other.act(actor.legal[0])
        refused = await other.until(lambda f: f.type == "refused")
        assert "your own seat" in refused.reason
        # garbage, an unknown type, a binary frame, an oversized frame: errors, the host goes on
        for text in ("{not json", "[1, 2]", json.dumps({"type": "dance"}),
                     json.dumps({"type": "act", "action": 5})):
            await other.send_text(text)
            error = await other.until(lambda f: f.type == "error")
            assert error.message
        await other.send_text(json.dumps({"type": "act", "action": "x" * (MESSAGE_LIMIT + 10)}))
        error = await other.until(lambda f: f.type == "error")
        assert "64 KiB" in error.message
        await actor.act(actor.legal[0])
        await actor.until(lambda f: is_position(f) and f.seq == seq + 1)
        # a watcher that speaks is told it sends nothing
        watcher = await joined(urls["watch"])
        await watcher.act("p1: focus")
        assert "sends nothing" in (await watcher.until(lambda f: f.type == "error")).message
        # a second connection on p1 takes the seat; the first gets an error and is closed
        newer = await joined(urls["p1"])
        error = await p1.until(lambda f: f.type == "error")
        assert "taken over" in error.message
        assert await p1.receive(timeout=5) is None
        assert newer.position.seq == seq + 1
        # a wrong token
        with pytest.raises(JoinError, match="unknown seat or token"):
            await Client(urls["p2"][:-3] + "abc").connect()
        for c in (p1, p2, newer, watcher):
            await c.close()
        await server.stop()

    run(scenario())


def test_a_flood_is_cut_off_and_the_game_goes_on(tmp_path):
    async def scenario():
        server = await started(tmp_path)
        urls = server.urls()
        p1, p2 = await joined(urls["p1"]), await joined(urls["p2"])
        flooder = await joined(urls["watch"])
        for _ in range(200):
            try:
                await flooder.send_text("x")
            except Exception:
                break
        frames = []
        while (frame := await flooder.receive(timeout=10)) is not None:
            frames.append(frame)
        assert any("frames a second" in getattr(f, "message", "") for f in frames)
        actor = p1 if p1.legal else p2
        seq = actor.position.seq
        await actor.act(actor.legal[0])
        await p1.until(lambda f: is_position(f) and f.seq == seq + 1)
        for c in (p1, p2, flooder):
            await c.close()
        await server.stop()

    run(scenario())


def test_a_computer_seat_plays_through_the_bots(tmp_path):
    async def scenario():
        server = await started(tmp_path, computer={"p2": "heuristic"})
        urls = server.urls()
        assert set(urls) == {"p1", "watch"}
        p1 = await joined(urls["p1"])
        assert p1.position.seats["p2"] == "computer"
        rnd = random.Random(3)
        for _ in range(3000):
            if p1.position.view["status"] == "over":
                break
            if p1.legal:
                seq = p1.position.seq
                await p1.act(rnd.choice(p1.legal))
                await p1.until(lambda f, seq=seq: is_position(f) and f.seq > seq)
            else:
                await p1.until(is_position)
        assert p1.position.view["status"] == "over"
        # a rematch: the same seats and URLs, the game counter counts up
        await p1.send(rematch())
        frame = await p1.until(lambda f: is_position(f) and f.game == 2)
        assert frame.seq <= 1 and Seats.read(tmp_path / "host" / "seats.json").game_number == 2
        await p1.close()
        await server.stop()

    run(scenario())


def test_a_client_that_never_reads_never_stalls_the_game(tmp_path, monkeypatch):
    """A watcher that opens the connection and then reads nothing: its frames
    pile up in its own queue until it is closed; the seats play on."""
    import base64
    import os
    import socket

    from avatar_tui.net import host as host_module

    monkeypatch.setattr(host_module, "SEND_TIMEOUT", 0.5)
    monkeypatch.setattr(host_module, "QUEUE", 4)
    monkeypatch.setattr(host_module, "BEHIND", 32 * 1024)

    async def scenario():
        rnd = random.Random(8)
        server = await started(tmp_path)
        urls = server.urls()
        stuck = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        stuck.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        key = base64.b64encode(os.urandom(16)).decode()
        stuck.sendall((f"GET /watch HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                       f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                       "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        for _ in range(100):
            if server.watchers:
                break
            await asyncio.sleep(0.02)
        assert len(server.watchers) == 1
        # small buffers on the host's side too, so its sends block soon
        transport = next(iter(server.watchers)).ws._writer.transport
        transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
        transport.set_write_buffer_limits(high=4096)
        seats = {p: await joined(urls[p]) for p in ("p1", "p2")}
        watcher = await joined(urls["watch"])
        await play(seats, watcher, rnd, 150)  # every move answered at once all the same
        assert server.hosted.seq >= 100 or server.hosted.over
        for _ in range(100):
            if len(server.watchers) == 1:
                break
            await asyncio.sleep(0.05)
        assert len(server.watchers) == 1  # the stuck one was closed; the reading one stays
        stuck.close()
        for c in (*seats.values(), watcher):
            await c.close()
        await server.stop()

    run(scenario())


def test_a_seat_faster_than_the_rate_is_slowed_not_cut_off(tmp_path, monkeypatch):
    """A program on a seat may send faster than RATE (here a tiny rate and
    burst): its frames wait their turn and every one is answered; the
    connection stays open."""
    from avatar_tui.net import host as host_module

    monkeypatch.setattr(host_module, "RATE", 50.0)
    monkeypatch.setattr(host_module, "BURST", 2)

    async def scenario():
        server = await started(tmp_path)
        urls = server.urls()
        p1 = await joined(urls["p1"])
        for _ in range(12):  # out of turn or not: each gets its answer
            await p1.act("p1: focus")
        answers = []
        while len(answers) < 12:
            frame = await p1.receive(timeout=10)
            assert frame is not None, "the seat was cut off"
            if frame.type in ("refused", "position"):
                answers.append(frame)
        assert all(f.type == "refused" for f in answers)
        await p1.close()
        await server.stop()

    run(scenario())
