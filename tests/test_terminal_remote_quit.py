"""`avatar-tui join` and `avatar-tui watch` leave as a person sees it, each
in its own process on a pseudo-terminal (tests/terminal.py), with a real
`avatar-tui host` on 127.0.0.1: q quits with exit code 0 and nothing on the
terminal after the app (no traceback, no "Unclosed client session"), also
after the seat was taken over by a newer connection or the host died."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import time

import pytest
from hosts import free_port, start_host, stop_host
from terminal import ESCAPE, Terminal

from avatar_tui.net.client import Client

# a host and an app process per test: in the full run, not the edit loop
pytestmark = pytest.mark.slow

URL = re.compile(r"^(p1|p2|watch): avatar-tui (?:join|watch) (ws://\S+)$")


@pytest.fixture
def host(tmp_path):
    """A host on a free port of 127.0.0.1; its URLs by role. Stopped after."""
    env = {**os.environ, "AVATAR_TUI_DATA_DIR": str(tmp_path / "host")}
    proc, lines = start_host(env, "--port", str(free_port()), "--seed", "4")
    urls = dict(URL.match(line).groups() for line in lines if URL.match(line))
    assert set(urls) == {"p1", "p2", "watch"}, lines
    yield proc, urls
    if proc.poll() is None:
        stop_host(proc)


def quits_cleanly(t: Terminal) -> None:
    t.send(ESCAPE)  # a question on the board (who defends first?) closes first
    time.sleep(1)  # alone: an escape with a key right after it is alt+key
    t.send("q")
    assert t.exit_code() == 0, t.text[-3000:]
    assert t.trouble() == [], t.text[-3000:]


@pytest.mark.parametrize("role", ["p1", "watch"])
def test_q_quits_cleanly(host, tmp_path, role):
    _proc, urls = host
    command = "watch" if role == "watch" else "join"
    with Terminal(command, urls[role], data=tmp_path / "app", size=(100, 30)) as t:
        t.expect("Aang")  # the board, from the host's first position
        quits_cleanly(t)


def test_q_quits_cleanly_after_a_takeover(host, tmp_path):
    _proc, urls = host
    with Terminal("join", urls["p2"], data=tmp_path / "app", size=(100, 30)) as t:
        t.expect("Aang")

        async def take_over() -> None:  # the same URL opened elsewhere
            newer = Client(urls["p2"])
            await newer.connect()
            await newer.close()

        asyncio.run(take_over())
        t.expect("taken over")
        quits_cleanly(t)


def test_q_quits_cleanly_after_the_host_died(host, tmp_path):
    proc, urls = host
    with Terminal("join", urls["p2"], data=tmp_path / "app", size=(100, 30)) as t:
        t.expect("Aang")
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        t.expect("connection lost")
        quits_cleanly(t)
