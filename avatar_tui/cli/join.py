"""`avatar-tui join URL`: take a seat in a game that `avatar-tui host`
keeps, in the same app as a game on one screen (docs/protocol.md). The URL
is checked first (reachable, same protocol, same card data), so a wrong
one is said in one line before any app starts."""

from __future__ import annotations

import argparse
import asyncio
import contextlib

from avatar_tui.io import terminal_text

MISSING = 'avatar-tui {cmd} needs aiohttp, the optional extra "net": pip install ".[net]"'


def add_arguments(join: argparse.ArgumentParser) -> None:
    join.description = (
        "Play one seat of a game that avatar-tui host keeps, from this terminal: "
        "the same board and keys; your moves go to the host. A dropped connection rejoins "
        "by itself; opening the URL again elsewhere moves the seat there.")
    join.add_argument("url", metavar="URL", help="the seat's URL: ws://HOST:PORT/p1/TOKEN")
    join.add_argument("--plain", action="store_true",
                      help="plain text, line by line, for screen readers, pipes and scripts "
                      "(help lists the commands)")
    join.add_argument("--brief", action="store_true",
                      help="with --plain: one line per move instead of one per event")


def run_join(args: argparse.Namespace) -> int:
    if getattr(args, "brief", False) and not getattr(args, "plain", False):
        terminal_text.say("avatar-tui join: --brief is for --plain")
        return 2
    return run_remote(args.url, "join", plain=getattr(args, "plain", False),
                      brief=getattr(args, "brief", False))


def run_remote(url: str, command: str, *, plain: bool = False, brief: bool = False) -> int:
    """Check the URL, then run the app on it; the exit code."""
    try:
        import aiohttp  # noqa: F401 - the optional extra `net`
    except ImportError:
        terminal_text.say(MISSING.format(cmd=command))
        return 2
    from avatar_tui.net.client import Client, JoinError, follow

    try:
        role = asyncio.run(_check(Client(url)))
    except JoinError as err:
        terminal_text.say(f"avatar-tui {command}: {err}")
        return 2
    if (command == "watch") != (role == "watch"):
        wanted = "a watch URL (…/watch)" if command == "watch" else "a seat's URL (…/p1/TOKEN)"
        terminal_text.say(f"avatar-tui {command}: {url} is not {wanted}: use avatar-tui "
                          f"{'join' if role != 'watch' else 'watch'} with it")
        return 2
    if plain:
        return asyncio.run(_plain(url, role, brief))
    from avatar_tui.tui.remote_app import RemoteApp

    client = Client(url)
    app = RemoteApp(None if role == "watch" else role, url,
                    lambda deliver, said: follow(client, deliver, said), client.send)
    app.run()
    return app.return_code or 0  # 1: the app died of an exception


async def _check(client) -> str:
    try:
        welcome = await client.connect()
    finally:
        await client.close()
    return welcome.role


async def _plain(url: str, seat: str, brief: bool) -> int:
    """`join --plain`: the seat as lines (play/plain_text.py). The host's
    frames and the person's lines (read in a thread: a pipe or a terminal
    alike) reach the front end on this loop, one at a time; the end of the
    input or `quit` leaves (0), a link that can go on no more ends it (1)."""
    import sys
    import threading

    from avatar_tui.net.client import Client, follow
    from avatar_tui.play.controller import GameController
    from avatar_tui.play.plain_text import PlainText
    from avatar_tui.play.remote import RemoteSeat

    loop = asyncio.get_running_loop()
    client = Client(url)
    sending: set[asyncio.Task] = set()

    def send(frame) -> None:
        task = loop.create_task(client.send(frame))
        sending.add(task)  # kept until done: a task nobody holds may be collected
        task.add_done_callback(sending.discard)

    referee = RemoteSeat(GameController(), seat, url, send)
    front = PlainText(referee, seat, lambda line: print(line, flush=True),  # type: ignore[arg-type]  # a seat's role is p1 or p2
                      brief=brief, remote=True)
    front.run(referee.open())

    def deliver(frame) -> None:
        front.run(referee.received(frame))
        front.prompt()

    def said(state: str) -> None:
        front.run(referee.connection(state))

    lines: asyncio.Queue[str | None] = asyncio.Queue()

    def read() -> None:
        for line in sys.stdin:
            loop.call_soon_threadsafe(lines.put_nowait, line)
        loop.call_soon_threadsafe(lines.put_nowait, None)

    threading.Thread(target=read, name="avatar-tui-plain-input", daemon=True).start()
    link = loop.create_task(follow(client, deliver, said))
    code = 0
    try:
        while not front.left:
            line = loop.create_task(lines.get())
            await asyncio.wait({line, link}, return_when=asyncio.FIRST_COMPLETED)
            if not line.done():  # the link ended by itself: taken over, or a host gone for good
                line.cancel()
                code = 1
                break
            text = line.result()
            if text is None:
                front.ended()
                break
            front.typed(text)
    finally:
        if sending:  # the last move typed goes out before the link closes
            await asyncio.wait(sending, timeout=5)
        link.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await link
    return code
