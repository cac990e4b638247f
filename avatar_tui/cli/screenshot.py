"""`avatar-tui screenshot FILE [--size 120x40] [--out board.svg] [--step N]`:
the position a scenario (or a saved game) reaches, drawn as the app draws
it, to an SVG — for a rules write-up or a bug report. With `--step N` the
file (or a built-in demo's name or number) is shown as a demo at step N,
narration and all. `--press` presses keys first (`--press e` for the
explain panel). The theme is fixed, so the same file gives the same
picture on any machine.

Every number is bounded before anything is drawn: the size at most
MAX_SIZE (a picture of 10000x10000 cells took most of a minute and more
than a gigabyte), the step within the demo, at most MAX_KEYS keys, each
one the app knows."""

from __future__ import annotations

import argparse
import asyncio
import re
from pathlib import Path

from avatar_tui.cli import args as cli_args
from avatar_tui.io import terminal_text

_SIZE = re.compile(r"^([0-9]{1,6})x([0-9]{1,6})$")
MIN_SIZE, MAX_SIZE = (20, 10), (500, 200)  # columns x rows
MAX_KEYS = 100


def terminal_size(text: str) -> tuple[int, int]:
    m = _SIZE.match(text.strip().lower())
    size = (int(m.group(1)), int(m.group(2))) if m else None
    if size is None or not all(low <= n <= high
                               for n, low, high in zip(size, MIN_SIZE, MAX_SIZE, strict=True)):
        raise argparse.ArgumentTypeError(
            f"'{cli_args.shown(text)}' is not a size such as 120x40 (at least "
            f"{MIN_SIZE[0]}x{MIN_SIZE[1]}, at most {MAX_SIZE[0]}x{MAX_SIZE[1]})")
    return size


def key_list(text: str) -> list[str]:
    """The `type=` of --press: comma-separated keys, each one the app knows,
    at most MAX_KEYS of them."""
    keys = [k.strip() for k in text.split(",") if k.strip()]
    if len(keys) > MAX_KEYS:
        raise argparse.ArgumentTypeError(f"{len(keys)} keys; at most {MAX_KEYS}, please")
    from avatar_tui.tui.keynames import known_key  # Textual's key names, in the app's package

    unknown = [k for k in keys if not known_key(k)]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown key '{cli_args.shown(unknown[0])}' (keys are named as in the help: "
            "e, question_mark, escape, ctrl+q, comma-separated)")
    return keys


def add_arguments(shot: argparse.ArgumentParser) -> None:
    shot.description = ("Replays a scenario file (or a saved game) and writes the board the "
                        "app shows at that point as an SVG picture.")
    shot.add_argument("file", help="a scenario or save file; with --step also a demo's "
                                   "name or number")
    shot.add_argument("--size", type=terminal_size, default=(120, 40), metavar="WxH",
                      help="the terminal size (default: 120x40)")
    shot.add_argument("--out", metavar="SVG",
                      help="the picture's file (default: FILE's name with .svg, here)")
    shot.add_argument("--step", type=cli_args.whole(0, cli_args.STEP_MAX, "a step"),
                      metavar="N",
                      help="show FILE as a demo, at step N (0: the setup)")
    shot.add_argument("--press", type=key_list, default=[], metavar="KEYS",
                      help="keys to press first, comma-separated (e.g. e, or "
                           "question_mark,r)")


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
    from avatar_tui.tui.screenshots import pin_environment

    pin_environment()  # before Textual is imported
    from avatar_tui.notation.scenario import ScenarioError

    out = Path(args.out) if args.out else Path(Path(args.file).stem + ".svg")
    try:
        if args.step is not None:
            from avatar_tui.play.demo import Demo, DemoError

            scenario = _demo_scenario(args.file)
            demo = Demo(scenario)
            if args.step > demo.total:
                raise ScenarioError(f"--step {args.step}: the demo has {demo.total} steps "
                                    f"after its setup (0 to {demo.total})")
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
        terminal_text.say(f"avatar-tui screenshot: {err}")
        return 2
    except OSError as err:
        terminal_text.say(f"avatar-tui screenshot: {out}: {err.strerror}")
        return 2
    print(terminal_text.message(written))
    return 0


async def _shoot(game, demo, step: int, args: argparse.Namespace) -> Path:
    from avatar_tui.tui import AvatarApp
    from avatar_tui.tui.screenshots import snap

    app = AvatarApp(None, game=game, demo=demo, seed=1)
    out = Path(args.out) if args.out else Path(Path(args.file).stem + ".svg")
    keys = args.press

    async def before(pilot) -> None:
        if demo is not None and step:
            for _ in range(step):  # forward from the setup, as the player steps
                app.action_demo_step(1)
            await pilot.pause()

    return await snap(app, args.size, keys, out, before)
