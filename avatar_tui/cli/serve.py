"""`avatar-tui serve`: the game in a web browser, for a projector or a
laptop at the table, with textual-serve (the optional extra `web`). Each
browser tab runs its own `avatar-tui` process. It binds to 127.0.0.1
unless told otherwise (--host), so nothing is reachable from the network
by default."""

from __future__ import annotations

import argparse
import os
import re
import shlex
import sys
import tempfile
from pathlib import Path

from avatar_tui.bots.kinds import COMPUTER_KINDS
from avatar_tui.cli import args as cli_args

DEFAULT_PORT = 8000
# The page's font size in pixels. A browser tab at a laptop keeps
# textual-serve's; a projector's watchers sit metres away: at 28 px a
# 1920x1080 page holds a terminal of about 120x34, the full layout's size
# (tui/layout.py), and every character of it is 28 px tall or more.
FONT_SIZE = 16
PROJECTOR_FONT_SIZE = 28
MISSING = ('avatar-tui serve needs textual-serve, the optional extra "web": '
           'pip install ".[web]"')


def add_arguments(serve: argparse.ArgumentParser) -> None:
    serve.description = (
        "Serve the game to a web browser with textual-serve. Open the printed "
        "address. Every browser tab runs its own avatar-tui, but they share the one saved "
        "game: play in one tab at a time. Ctrl+C stops.")
    serve.add_argument("--port", type=cli_args.port, default=DEFAULT_PORT,
                       help=f"the port (default {DEFAULT_PORT})")
    serve.add_argument("--host", default="127.0.0.1",
                       help="the address to bind (default 127.0.0.1: this computer only)")
    serve.add_argument("--max-sessions", type=_sessions, default=4, metavar="N",
                       help="games (browser tabs) served at once (default 4)")
    serve.add_argument("--font-size", type=_font_size, metavar="PX",
                       help=f"the page's font size in pixels (default {FONT_SIZE}; "
                       f"{PROJECTOR_FONT_SIZE} with --watch); a tab's ?fontsize=PX overrides it")
    what = serve.add_mutually_exclusive_group()
    what.add_argument("--demo", metavar="NAME", help="serve a demo instead of a game")
    what.add_argument("--vs-bot", nargs="?", const="heuristic", choices=COMPUTER_KINDS,
                      metavar="|".join(COMPUTER_KINDS), help="serve a game against the computer")
    what.add_argument("--watch", metavar="URL", type=_ws_url,
                      help="serve avatar-tui watch URL: a hosted game, large, for a projector")
    what.add_argument("--join", metavar="URL", type=_ws_url,
                      help="serve avatar-tui join URL: a seat of a hosted game in a browser tab")


def _sessions(text: str) -> int:
    if not re.fullmatch(r"[0-9]{1,4}", text) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number of sessions from 1")
    return int(text)


def _font_size(text: str) -> int:
    """A number of pixels; its bounds are the server's (serve_guard.FONT_SIZE),
    checked in `run` once textual-serve is known to be installed."""
    if not re.fullmatch(r"[0-9]{1,3}", text):
        raise argparse.ArgumentTypeError(f"'{cli_args.shown(text)}' is not a number of pixels")
    return int(text)


def font_size(args: argparse.Namespace) -> int:
    """The page's font size: --font-size, else the projector's with --watch."""
    given = getattr(args, "font_size", None)
    if given is not None:
        return given
    return PROJECTOR_FONT_SIZE if getattr(args, "watch", None) else FONT_SIZE


def _ws_url(text: str) -> str:
    if not re.fullmatch(r"wss?://[A-Za-z0-9.:\[\]_-]+(/[A-Za-z0-9_-]+){1,2}", text):
        raise argparse.ArgumentTypeError(
            f"'{cli_args.shown(text)}' is not a URL avatar-tui host printed (ws://HOST:PORT/...)")
    return text


def app_command(args: argparse.Namespace) -> list[str]:
    """The command each browser tab runs: this Python, this package."""
    command = [sys.executable, "-m", "avatar_tui"]
    for remote in ("watch", "join"):
        if getattr(args, remote, None):
            return [*command, remote, getattr(args, remote)]
    if getattr(args, "demo", None):
        return [*command, "demo", args.demo]
    if getattr(args, "vs_bot", None):
        return [*command, "play", "--vs-bot", args.vs_bot]
    return [*command, "play"]


def run(args: argparse.Namespace) -> int:
    try:
        import textual_serve.server  # noqa: F401 - the optional extra `web`
    except ImportError:
        print(f"avatar-tui: {MISSING}", file=sys.stderr)
        return 2
    if not 0 < args.port < 65536:
        print(f"avatar-tui serve: --port {args.port} is not a port (1-65535)", file=sys.stderr)
        return 2
    if getattr(args, "demo", None):
        from avatar_tui.demos import UnknownDemo, find_demo

        try:
            find_demo(args.demo)
        except UnknownDemo as err:
            print(f"avatar-tui serve: {err}", file=sys.stderr)
            return 2
    # the app processes find this very package, installed or not
    here = str(Path(__file__).resolve().parents[2])  # the folder holding avatar_tui/
    path = os.environ.get("PYTHONPATH", "")
    os.environ["PYTHONPATH"] = here + (os.pathsep + path if path else "")
    from avatar_tui.tui.serve_guard import (
        FONT_SIZE as FONT_BOUNDS,
    )
    from avatar_tui.tui.serve_guard import (
        GuardedServer,
        address_problem,
        exposure_warning,
    )

    if not FONT_BOUNDS[0] <= font_size(args) <= FONT_BOUNDS[1]:
        print(f"avatar-tui serve: --font-size {font_size(args)} is not from {FONT_BOUNDS[0]} "
              f"to {FONT_BOUNDS[1]} pixels", file=sys.stderr)
        return 2

    problem = address_problem(args.host, args.port)
    if problem is not None:
        print(f"avatar-tui serve: cannot serve on {args.host} port {args.port}: {problem}",
              file=sys.stderr)
        return 2
    warning = exposure_warning(args.host)
    if warning:
        print(f"\n{'!' * 72}\n{warning}\n{'!' * 72}\n", file=sys.stderr, flush=True)
    with tempfile.TemporaryDirectory(prefix="avatar-tui-serve-") as pages:
        server = GuardedServer(shlex.join(app_command(args)), host=args.host, port=args.port,
                               title="avatar-tui", templates_path=page_templates(Path(pages)),
                               max_sessions=args.max_sessions, font_size=font_size(args))
        print(f"avatar-tui: serving on {server.public_url} — open it in a browser; ctrl+c "
              "stops.", flush=True)
        try:
            server.serve()
        except OSError as err:  # the port taken in the meantime, ...
            print(f"avatar-tui serve: cannot serve on {args.host} port {args.port}: "
                  f"{err.strerror or err}", file=sys.stderr)
            return 2
    return 0


# The page's terminal starts at the very top of the window, and the browser
# draws the first row's glyphs a few pixels above their cell, so the top row
# of the board (the upper mat's border and title) was cut off. A little room
# above the terminal, taken from its height before it counts its rows, keeps
# every row whole.
PAGE_CSS = """
      body {
        overflow: hidden;
      }
      .textual-terminal {
        position: fixed;
        top: 8px;
        left: 0;
        right: 0;
        bottom: 0;
        width: auto;
        height: auto;
      }
"""


def page_templates(directory: Path) -> Path:
    """textual-serve's own page, with PAGE_CSS added to its styles, written
    to `directory` (the Server's templates_path)."""
    import textual_serve

    original = Path(textual_serve.__file__).parent / "templates" / "app_index.html"
    html = original.read_text(encoding="utf-8")
    if "</style>" in html:  # a textual-serve that changed its page: served as it is
        html = html.replace("</style>", PAGE_CSS + "    </style>", 1)
    (directory / "app_index.html").write_text(html, encoding="utf-8")
    return directory
