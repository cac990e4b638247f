"""A real `avatar-tui host` as a child process, for the tests that need the
command itself: a free port on 127.0.0.1, its three lines read, and a
Ctrl+C whose end is waited for (bounded, then killed)."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
from typing import Any

from avatar_tui.bots import setup_for
from avatar_tui.net.client import Client
from avatar_tui.net.host import GameServer
from avatar_tui.net.hosted import HostedGame, HostFiles, Seats

# one of the three lines `host` prints: a seat's `join` or the `watch`
LINE = re.compile(r"^(p1|p2|watch): avatar-tui (join|watch) (ws://127\.0\.0\.1:\d+/\S+)$")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_host(env: dict[str, str], *args: str, **popen: Any) -> tuple[subprocess.Popen, list[str]]:
    """The host started with `args`, and the lines it printed (fewer than
    three when it stopped first). `popen` overrides the child's settings
    (stderr, preexec_fn)."""
    settings: dict[str, Any] = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE,
                                "text": True, "env": env, **popen}
    proc = subprocess.Popen([sys.executable, "-m", "avatar_tui", "host", *args], **settings)
    lines: list[str] = []
    while len(lines) < 3:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
    return proc, lines


def urls_of(lines: list[str]) -> dict[str, str]:
    """Each seat's and the watchers' address, by name (p1, p2, watch)."""
    return {m.group(1): m.group(3) for m in map(LINE.match, lines) if m}


def stop_host(proc: subprocess.Popen) -> tuple[int, str]:
    """Ctrl+C; the host's exit code and what it said on stderr ('' when
    its stderr was not kept)."""
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return proc.returncode, err or ""


# ------------------------------------------------------------ a host in this process


async def serving(files: HostFiles, *, resume: bool = False, seed: int = 11,
                  computer: dict[str, str] | None = None, port: int = 0) -> GameServer:
    """A host of Aang v Katara (`seed`) saving into `files`, or of the game
    saved there (`resume`), started on 127.0.0.1 as `host` starts it."""
    if resume:
        seats = Seats.read(files.seats)
        hosted = HostedGame.resume(files, seats.game_number)
    else:
        seats = Seats.fresh()
        hosted = HostedGame.new(setup_for(seed, "aang", "katara"), computer, files)
    server = GameServer(hosted, seats, port=port)
    seats.port = await server.start()
    seats.write(files.seats)
    return server


async def joined(url: str, timeout: float = 20) -> Client:
    """A client at `url` that has its first position."""
    client = Client(url)
    await client.connect()
    await client.until(lambda f: f.type == "position", timeout)
    return client
