"""A host is cheap to attack (net/door.py, net/host.py): a real host on
127.0.0.1 given frames it cannot read, stale moves, connections that never
finish their handshake, too many watchers from one address, wrong tokens,
and — in a child process whose file limit is 200 — 220 half-open sockets
while a seat moves. Every wait is bounded; every server stops by itself."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import time

import aiohttp
import pytest
from hosts import free_port, joined, serving, start_host, stop_host, urls_of

from avatar_tui.net import host as host_module
from avatar_tui.net.frames import act
from avatar_tui.net.hosted import HostFiles

# real servers and processes on 127.0.0.1: in the full run, not the edit loop
pytestmark = pytest.mark.slow

LIMIT = 90  # seconds a whole test may take
DEEP = "[" * 1000 + "]" * 1000  # Python's JSON reader gives up (RecursionError) near here


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, LIMIT))


async def started(tmp_path):
    return await serving(HostFiles(tmp_path / "host"))


async def watcher_from(address: str, url: str) -> dict:
    """The first frame a watcher connecting from `address` (a loopback one) is sent."""
    connector = aiohttp.TCPConnector(local_addr=(address, 0))
    async with aiohttp.ClientSession(connector=connector) as session, \
            session.ws_connect(url) as ws:
        return json.loads((await ws.receive(timeout=10)).data)


def test_a_frame_nested_too_deep_gets_an_error_and_the_game_goes_on(tmp_path):
    async def scenario():
        server = await started(tmp_path)
        urls = server.urls()
        p1, p2 = await joined(urls["p1"]), await joined(urls["p2"])
        watcher = await joined(urls["watch"])
        actor = p1 if p1.legal else p2
        for client in (actor, watcher):  # the token-less watcher too
            await client.send_text(DEEP)
            error = await client.until(lambda f: f.type == "error")
            assert "nested more than" in error.message, error
        await actor.act(actor.legal[0])
        for client in (p1, p2, watcher):
            await client.until(lambda f: f.type == "position" and f.seq == 1)
        for client in (p1, p2, watcher):
            await client.close()
        await server.stop()

    run(scenario())


def test_an_act_answering_an_older_position_is_refused_as_stale(tmp_path):
    async def scenario():
        server = await started(tmp_path)
        urls = server.urls()
        p1, p2 = await joined(urls["p1"]), await joined(urls["p2"])
        actor = p1 if p1.legal else p2
        move = actor.legal[0]
        await actor.send(act(move, seq=7))  # not the position it sees
        refused = await actor.until(lambda f: f.type in ("refused", "position"))
        assert refused.type == "refused" and "stale" in refused.reason, refused
        assert server.hosted.seq == 0
        await actor.send(act(move, seq=0))  # the current one
        await actor.until(lambda f: f.type == "position" and f.seq == 1)
        for client in (p1, p2):
            await client.close()
        await server.stop()

    run(scenario())


def test_a_connection_that_never_finishes_its_handshake_is_closed(tmp_path, monkeypatch):
    monkeypatch.setattr(host_module, "HANDSHAKE", 0.5, raising=False)

    async def scenario():
        server = await started(tmp_path)
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(b"GET /watch HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the rest
        await writer.drain()
        start = time.monotonic()
        assert await asyncio.wait_for(reader.read(), 10) == b""  # closed by the host
        assert time.monotonic() - start < 5
        writer.close()
        await server.stop()

    run(scenario())


def test_at_most_16_watchers_come_from_one_address(tmp_path):
    async def scenario():
        server = await started(tmp_path)
        url = server.urls()["watch"]
        watchers = [await joined(url) for _ in range(16)]
        seventeenth = await watcher_from("127.0.0.1", url)
        assert seventeenth["type"] == "error" and "one address" in seventeenth["message"]
        # another address (loopback too) still watches
        assert (await watcher_from("127.0.0.2", url))["type"] == "welcome"
        for client in watchers:
            await client.close()
        await server.stop()

    run(scenario())


def test_a_wrong_token_gets_an_error_and_keeps_nothing(tmp_path):
    async def scenario():
        server = await started(tmp_path)
        wrong = server.urls()["p1"].rsplit("/", 1)[0] + "/" + "x" * 24
        async with aiohttp.ClientSession() as session:
            for _ in range(20):
                # a browser asks for per-message compression: a refusal does not take it
                async with session.ws_connect(wrong, compress=15) as ws:
                    assert ws.compress == 0
                    frame = json.loads((await ws.receive(timeout=10)).data)
                    assert frame["type"] == "error" and "token" in frame["message"]
        deadline = time.monotonic() + 10
        while server.runner.server.connections and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        assert server.runner.server.connections == []  # nothing held after the close
        assert not server.door.sockets and not server.seat_conn and not server.watchers
        await server.stop()

    run(scenario())


def limit_files() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (200, 200))


def test_half_open_sockets_never_cost_a_seat_its_saved_move(tmp_path):
    env = {**os.environ, "AVATAR_TUI_DATA_DIR": str(tmp_path), "AVATAR_TUI_BOT_DELAY": "0"}

    def start(*args):
        proc, lines = start_host(env, *args, stderr=subprocess.DEVNULL, preexec_fn=limit_files)
        return proc, urls_of(lines)

    async def move_through_a_flood(urls):
        seats = [await joined(urls["p1"]), await joined(urls["p2"])]
        port = int(urls["p1"].split(":")[2].split("/")[0])
        half_open = []
        for _ in range(220):  # a handshake begun and never finished, from one address
            with_timeout = socket.socket()
            with_timeout.settimeout(2)
            try:
                with_timeout.connect(("127.0.0.1", port))
                with_timeout.sendall(b"GET /watch HTTP/1.1\r\n")
            except OSError:
                pass
            half_open.append(with_timeout)
        try:
            actor = next(seat for seat in seats if seat.legal)
            await actor.act(actor.legal[0])
            frame = await actor.until(lambda f: f.type in ("position", "refused"), 20)
            assert frame.type == "position" and frame.seq == 1, frame
            # a seat rejoining through the flood: a half-open socket makes way
            seats.append(await joined(urls["p2"]))
            assert seats[-1].position.seq == 1
        finally:
            for s in half_open:
                s.close()
        for seat in seats:
            await seat.close()

    proc, urls = start("--seed", "4", "--port", str(free_port()))
    try:
        assert set(urls) == {"p1", "p2", "watch"}
        run(move_through_a_flood(urls))
    finally:
        stop_host(proc)
    proc, urls = start("--resume")

    async def look():
        watcher = await joined(urls["watch"])
        await watcher.close()
        return watcher.position.seq

    try:
        assert run(look()) == 1  # the move was saved
    finally:
        stop_host(proc)


def test_the_watchers_position_is_built_once_for_all_of_them(tmp_path):
    async def scenario():
        server = await started(tmp_path)
        urls = server.urls()
        p1, p2 = await joined(urls["p1"]), await joined(urls["p2"])
        watchers = [await joined(urls["watch"]) for _ in range(5)]
        built = []
        position = server.hosted.position

        def counted(receiver, *args, **kwargs):
            built.append(receiver)
            return position(receiver, *args, **kwargs)

        server.hosted.position = counted
        actor = p1 if p1.legal else p2
        await actor.act(actor.legal[0])
        for client in (p1, p2, *watchers):
            await client.until(lambda f: f.type == "position" and f.seq == 1)
        assert built.count(None) == 1, built  # one for the five watchers
        for client in (p1, p2, *watchers):
            await client.close()
        await server.stop()

    run(scenario())
