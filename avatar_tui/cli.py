"""The `avatar-tui` command line: one subcommand per job, each a thin shell
around the package's modules."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from avatar_tui import (
    __version__,
    cards_cli,
    cli_args,
    deck_cli,
    demo_cli,
    games_cli,
    play_cli,
    replay_cli,
    screenshot_cli,
    serve_cli,
    simulate_cli,
)
from avatar_tui.datadir import DataDirError


def _play(args: argparse.Namespace) -> int:
    from avatar_tui.app import heap

    with heap.held():  # no garbage collections while the app loads (app/heap.py)
        return play_cli.run(args)  # Textual loads only when playing


def _decks(args: argparse.Namespace) -> int:
    from avatar_tui.app.decks_app import run

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
    play_cli.add_play_arguments(play)
    play.set_defaults(handler=_play)

    decks = sub.add_parser("decks", help="the deck editor: build, test and keep your decks",
                           description="The deck editor, over the decks saved in the data "
                           "directory's decks/ (? in the editor lists its keys).")
    decks.add_argument("name", nargs="?", metavar="NAME", help="open this saved deck")
    decks.set_defaults(handler=_decks)

    games_cli.add_games_parser(sub)

    replay_cli.add_replay_parser(sub)

    cards_cli.add_cards_parser(sub)

    deck_cli.add_deck_parser(sub)

    demo_cli.add_demo_parser(sub)

    serve_cli.add_serve_parser(sub)

    screenshot_cli.add_screenshot_parser(sub)

    simulate_cli.add_simulate_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
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
