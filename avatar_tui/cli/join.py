"""`avatar-tui join URL`: take a seat in a game that `avatar-tui host`
keeps, in the same app as a game on one screen (docs/protocol.md). The URL
is checked first (reachable, same protocol, same card data), so a wrong
one is said in one line before any app starts."""

from __future__ import annotations

import argparse
import asyncio

from avatar_tui.io import terminal_text

MISSING = 'avatar-tui {cmd} needs aiohttp, the optional extra "net": pip install ".[net]"'


def add_arguments(join: argparse.ArgumentParser) -> None:
    join.description = (
        "Play one seat of a game that avatar-tui host keeps, from this terminal: "
        "the same board and keys; your moves go to the host. A dropped connection rejoins "
        "by itself; opening the URL again elsewhere moves the seat there.")
    join.add_argument("url", metavar="URL", help="the seat's URL: ws://HOST:PORT/p1/TOKEN")


def run_join(args: argparse.Namespace) -> int:
    return run_remote(args.url, "join")


def run_remote(url: str, command: str) -> int:
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
