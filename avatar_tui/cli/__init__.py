"""The `avatar-tui` command line: one subcommand per job, each a thin shell
around the package's modules, one module each in this package (`decks`,
which only starts the deck editor, is here). Nothing outside the command
line imports it: a command's library functions live in the layers below."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from avatar_tui import __version__
from avatar_tui.cli import args as cli_args
from avatar_tui.cli import (
    cards,
    deck,
    demo,
    games,
    replay,
    review,
    screenshot,
    serve,
    simulate,
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


def _decks(args: argparse.Namespace) -> int:
    from avatar_tui.tui.decks_app import run

    return run(args.name)


def build_parser() -> argparse.ArgumentParser:
    parser = cli_args.Parser(
        prog="avatar-tui",
        description="The Avatar: The Last Airbender trading card game (QuickStrike), "
        "hot seat in the terminal. With no subcommand, starts a game.",
    )
    parser.add_argument("--version", action="version", version=f"avatar-tui {__version__}")
    parser.set_defaults(handler=_play)
    sub = parser.add_subparsers(title="subcommands", metavar="COMMAND")

    play = sub.add_parser("play", help="play a hot-seat game (the default)")
    play_command.add_play_arguments(play)
    play.set_defaults(handler=_play)

    decks = sub.add_parser("decks", help="the deck editor: build, test and keep your decks",
                           description="The deck editor, over the decks saved in the data "
                           "directory's decks/ (? in the editor lists its keys).")
    decks.add_argument("name", nargs="?", metavar="NAME", help="open this saved deck")
    decks.set_defaults(handler=_decks)

    games.add_games_parser(sub)

    replay.add_replay_parser(sub)

    review.add_review_parser(sub)

    cards.add_cards_parser(sub)

    deck.add_deck_parser(sub)

    demo.add_demo_parser(sub)

    serve.add_serve_parser(sub)

    host_command.add_host_parser(sub)
    join_command.add_join_parser(sub)
    watch_command.add_watch_parser(sub)

    screenshot.add_screenshot_parser(sub)

    simulate.add_simulate_parser(sub)
    return parser


# the commands that keep games or decks in the data directory: it must be
# usable before they start (a missing one is made), else one line
USES_DATA = {_play, _decks, games.run_list, games.run_delete, review.run,
             host_command.run_host, deck.run_list, deck.run_import, deck.run_export}


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.handler in USES_DATA:
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
