"""The `avatar-tui` command line: one subcommand per job, each a thin shell
around the package's modules, one module each in this package, each a row
of `COMMANDS`. Nothing outside the command line imports it: a command's
library functions live in the layers below."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from avatar_tui import __version__
from avatar_tui.cli import args as cli_args
from avatar_tui.cli import (
    cards,
    deck,
    decks,
    demo,
    games,
    learn,
    pack,
    puzzle,
    replay,
    review,
    screenshot,
    serve,
    simulate,
    ssh,
)
from avatar_tui.cli import host as host_command
from avatar_tui.cli import join as join_command
from avatar_tui.cli import play as play_command
from avatar_tui.cli import watch as watch_command
from avatar_tui.io.datadir import DataDirError, ready_data_dir


def _play(args: argparse.Namespace) -> int:
    from avatar_tui.tui.perf import heap

    with heap.held():  # no garbage collections while the app loads (tui/perf/heap.py)
        return play_command.run(args)  # Textual loads only when playing


@dataclass(frozen=True)
class Subcommand:
    """A row of the command table. `add_arguments(parser)` gives the
    command its options (and its description); `run(args)` carries it out
    and returns the exit code (None: each of its actions names its own, as
    `deck check`); `uses_data`: it keeps games or decks in the data
    directory, which is made ready before it runs (an action may say so
    itself, with `set_defaults(uses_data=True)`)."""

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int] | None
    uses_data: bool = False


# every command, in the order `avatar-tui --help` lists them: the parser and
# the dispatch are built from this table alone
COMMANDS: tuple[Subcommand, ...] = (
    Subcommand("play", "play a hot-seat game (the default)",
               play_command.add_play_arguments, _play, uses_data=True),
    Subcommand("decks", "the deck editor: build, test and keep your decks",
               decks.add_arguments, decks.run, uses_data=True),
    Subcommand("games", "the kept games: list them, delete one",
               games.add_arguments, games.run_list, uses_data=True),
    Subcommand("replay", "replay a scenario file and check its expectations",
               replay.add_arguments, replay.run_replay),
    Subcommand("review", "look back on a game: step through it, export it, ask the coach",
               review.add_arguments, review.run, uses_data=True),
    Subcommand("cards", "list the card database", cards.add_arguments, cards.run_cards),
    Subcommand("deck", "deck files: check, random starter, import and export a text list",
               deck.add_arguments, None),
    Subcommand("pack", "open booster packs: --box, --json, --open card by card",
               pack.add_arguments, pack.run),
    Subcommand("learn", "learn to play: lessons on the real board (--list: the lessons, ✓ done)",
               learn.add_arguments, learn.run, uses_data=True),
    Subcommand("puzzle", "puzzles: positions with a goal to reach (--list: the puzzles, ✓ solved)",
               puzzle.add_arguments, puzzle.run, uses_data=True),
    Subcommand("demo", "step through narrated demos of the rules", demo.add_arguments, demo.run),
    Subcommand("serve", 'serve the game to a web browser (needs the extra: pip install ".[web]")',
               serve.add_arguments, serve.run),
    Subcommand("ssh", 'serve the game over SSH, a lobby per guest (needs the extra: '
               'pip install ".[ssh]")', ssh.add_arguments, ssh.run, uses_data=True),
    Subcommand("host", "host a game for two screens: prints the URLs to join and to watch",
               host_command.add_arguments, host_command.run_host, uses_data=True),
    Subcommand("join", "take a seat in a hosted game (the URL avatar-tui host printed)",
               join_command.add_arguments, join_command.run_join),
    Subcommand("watch", "watch a hosted game (the watch URL avatar-tui host printed)",
               watch_command.add_arguments, watch_command.run_watch),
    Subcommand("screenshot", "draw the position a scenario or save reaches, as an SVG",
               screenshot.add_arguments, screenshot.run),
    Subcommand("simulate", "play many games between computer players",
               simulate.add_arguments, simulate.run_simulate),
)


def build_parser() -> argparse.ArgumentParser:
    parser = cli_args.Parser(
        prog="avatar-tui",
        description="The Avatar: The Last Airbender trading card game (QuickStrike), "
        "hot seat in the terminal. With no subcommand, starts a game.",
    )
    parser.add_argument("--version", action="version", version=f"avatar-tui {__version__}")
    parser.set_defaults(handler=_play, uses_data=True)  # no command: play
    sub = parser.add_subparsers(title="subcommands", metavar="COMMAND")
    for command in COMMANDS:
        each = sub.add_parser(command.name, help=command.help)
        each.set_defaults(handler=command.run, uses_data=command.uses_data)
        command.add_arguments(each)  # after: an action's own defaults win
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.uses_data:
            ready_data_dir()
        return args.handler(args)
    except DataDirError as err:  # no home to keep games in: one line, before any app starts
        print(f"avatar-tui: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader stopped early (`avatar-tui cards --json | head`): end
        # quietly, with stdout pointed at nothing so the last flush cannot fail
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
