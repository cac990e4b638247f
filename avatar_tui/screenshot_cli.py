"""`avatar-tui screenshot FILE [--size 120x40] [--out board.svg] [--step N]`:
the position a scenario (or a saved game) reaches, drawn as the app draws
it, to an SVG — for a rules write-up or a bug report. With `--step N` the
file (or a built-in demo's name or number) is shown as a demo at step N,
narration and all. `--press` presses keys first (`--press e` for the
explain panel). The theme is fixed, so the same file gives the same
picture on any machine."""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
from pathlib import Path

_SIZE = re.compile(r"^(\d+)x(\d+)$")


def terminal_size(text: str) -> tuple[int, int]:
    m = _SIZE.match(text.strip().lower())
    if not m or int(m.group(1)) < 20 or int(m.group(2)) < 10:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size such as 120x40 "
                                         "(at least 20x10)")
    return int(m.group(1)), int(m.group(2))


def add_screenshot_parser(sub) -> None:
    shot = sub.add_parser(
        "screenshot", help="draw the position a scenario or save reaches, as an SVG",
        description="Replays a scenario file (or a saved game) and writes the board the "
                    "app shows at that point as an SVG picture.")
    shot.add_argument("file", help="a scenario or save file; with --step also a demo's "
                                   "name or number")
    shot.add_argument("--size", type=terminal_size, default=(120, 40), metavar="WxH",
                      help="the terminal size (default: 120x40)")
    shot.add_argument("--out", metavar="SVG",
                      help="the picture's file (default: FILE's name with .svg, here)")
    shot.add_argument("--step", type=int, metavar="N",
                      help="show FILE as a demo, at step N (0: the setup)")
    shot.add_argument("--press", default="", metavar="KEYS",
                      help="keys to press first, comma-separated (e.g. e, or "
                           "question_mark,r)")
    shot.set_defaults(handler=run)


def _demo_scenario(name: str):
    from avatar_tui.demos import UnknownDemo, load_demo
    from avatar_tui.notation.scenario import load_scenario

    if Path(name).is_file():
        return load_scenario(name)
    try:
        return load_demo(name)
    except UnknownDemo as err:
        raise FileNotFoundError(str(err)) from None


def run(args: argparse.Namespace) -> int:
    from avatar_tui.screenshots import pin_environment

    pin_environment()  # before Textual is imported
    from avatar_tui.notation.scenario import ScenarioError

    out = Path(args.out) if args.out else Path(Path(args.file).stem + ".svg")
    try:
        if args.step is not None:
            from avatar_tui.app.demo import Demo, DemoError

            scenario = _demo_scenario(args.file)
            demo = Demo(scenario)
            try:
                demo.rebuild(args.step)  # checks every step up to N replays
            except DemoError as err:
                raise ScenarioError(str(err)) from None
            written = asyncio.run(_shoot(None, demo, args.step, args))
        else:
            from avatar_tui.notation.save import load_game

            game = load_game(args.file)
            written = asyncio.run(_shoot(game, None, 0, args))
    except (ScenarioError, FileNotFoundError) as err:
        print(f"avatar-tui screenshot: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"avatar-tui screenshot: {out}: {err.strerror}", file=sys.stderr)
        return 2
    print(written)
    return 0


async def _shoot(game, demo, step: int, args: argparse.Namespace) -> Path:
    from avatar_tui.app import AvatarApp
    from avatar_tui.screenshots import snap

    app = AvatarApp(None, game=game, demo=demo, seed=1)
    out = Path(args.out) if args.out else Path(Path(args.file).stem + ".svg")
    keys = [k.strip() for k in args.press.split(",") if k.strip()]

    async def before(pilot) -> None:
        if demo is not None and step:
            for _ in range(step):  # forward from the setup, as the player steps
                app.action_demo_step(1)
            await pilot.pause()

    return await snap(app, args.size, keys, out, before)
