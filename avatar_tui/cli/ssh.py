"""`avatar-tui ssh`: the game for anyone with an SSH client and nothing
installed, with asyncssh (the optional extra `ssh`). Each session opens the
lobby (tui/lobby.py) in a process of its own; what a guest may and may not
reach is in tui/ssh_server.py and docs/ssh.md."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import socket
import sys
import warnings
from pathlib import Path

from avatar_tui.cli import args as cli_args

DEFAULT_PORT = 2222
MISSING = 'avatar-tui ssh needs asyncssh, the optional extra "ssh": pip install ".[ssh]"'


def add_arguments(ssh: argparse.ArgumentParser) -> None:
    ssh.description = (
        "Serve the game over SSH: anyone who reaches the port plays with `ssh -p PORT "
        "guest@HOST`, in a lobby of their own (play the computer, host or join a game by "
        "a code, watch, the cards). No shell, no files, no forwarding. Ctrl+C stops.")
    ssh.add_argument("--port", type=cli_args.port, default=DEFAULT_PORT,
                     help=f"the port (default {DEFAULT_PORT})")
    ssh.add_argument("--host", default="127.0.0.1",
                     help="the address to listen on (default 127.0.0.1: this computer only)")
    ssh.add_argument("--host-key", metavar="FILE", type=Path,
                     help="the server's private key, made when missing (default: ssh/host_key "
                     "in the data directory)")
    ssh.add_argument("--max-sessions", type=cli_args.whole(1, 1000, "a number of sessions"),
                     default=8, metavar="N", help="sessions played at once (default 8)")
    ssh.add_argument("--idle", type=cli_args.whole(1, 7 * 24 * 3600, "a number of seconds"),
                     default=1800, metavar="SECONDS",
                     help="a session with no key for this long is closed (default 1800)")
    ssh.add_argument("--authorized-keys", metavar="FILE", type=Path,
                     help="admit only these public keys (an authorized_keys file); each key "
                     "keeps its games and decks. Without it anyone plays as a guest.")


def run(args: argparse.Namespace) -> int:
    try:
        with warnings.catch_warnings():  # cryptography's notice about DSA, which we never use
            warnings.simplefilter("ignore")
            import asyncssh  # the optional extra `ssh`
    except ImportError:
        print(f"avatar-tui: {MISSING}", file=sys.stderr)
        return 2
    from avatar_tui.io.datadir import user_data_dir
    from avatar_tui.tui import ssh_server

    state = user_data_dir() / "ssh"
    keys = None
    if args.authorized_keys is not None:
        try:
            keys = asyncssh.read_authorized_keys(str(args.authorized_keys))
        except (OSError, ValueError, asyncssh.KeyImportError) as err:
            print(f"avatar-tui ssh: {args.authorized_keys}: not a list of keys: {err}",
                  file=sys.stderr)
            return 2
    try:
        key = ssh_server.host_key(args.host_key or state / "host_key")
    except (OSError, ValueError, asyncssh.KeyImportError) as err:
        print(f"avatar-tui ssh: {args.host_key or state / 'host_key'}: not a host key: {err}",
              file=sys.stderr)
        return 2
    warning = ssh_server.exposure_warning(args.host)
    if warning:
        print(f"\n{'!' * 72}\n{warning}\n{'!' * 72}\n", file=sys.stderr, flush=True)
    lobbies = ssh_server.Lobbies(ssh_server.lobby_command(), state,
                                 max_sessions=args.max_sessions, idle=args.idle, keys=keys)
    return asyncio.run(_serve(lobbies, args, key))


async def _serve(lobbies, args: argparse.Namespace, key) -> int:
    from avatar_tui.tui import ssh_server

    try:
        server = await ssh_server.start(lobbies, args.host, args.port, key)
    except OSError as err:
        print(f"avatar-tui ssh: cannot listen on {args.host} port {args.port}: "
              f"{err.strerror or err}", file=sys.stderr)
        return 2
    who = (f"the keys of {args.authorized_keys}" if args.authorized_keys
           else "anyone, as a guest")
    from avatar_tui.io.addresses import EVERY_ADDRESS

    name = socket.gethostname() if args.host in EVERY_ADDRESS else args.host
    print(f"avatar-tui: ssh -p {args.port} guest@{name} — admits {who}; ctrl+c stops.",
          flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        server.close()
        await server.wait_closed()
    return 0
