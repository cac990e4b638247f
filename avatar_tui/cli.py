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
    demo_cli,
    games_cli,
    replay_cli,
    screenshot_cli,
    serve_cli,
    simulate_cli,
)
from avatar_tui.datadir import DataDirError
from avatar_tui.opponents import COMPUTER_KINDS


def _play(args: argparse.Namespace) -> int:
    from avatar_tui.app import heap

    with heap.held():  # no garbage collections while the app loads (app/heap.py)
        from avatar_tui.app.launch import run  # Textual loads only when playing

        return run(args)


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
    start = play.add_mutually_exclusive_group()
    start.add_argument("--resume", nargs="?", const=True, default=False, metavar="NAME",
                       help="resume the unfinished game, or the kept game NAME "
                       "(avatar-tui games lists them)")
    start.add_argument("--scenario", metavar="FILE",
                       help="set up from a scenario file, replay its actions, and play on")
    play.add_argument("--vs-bot", nargs="?", const="heuristic",
                      choices=COMPUTER_KINDS, metavar="|".join(COMPUTER_KINDS),
                      help="p2 is the computer (default: heuristic; expert searches, random is "
                      "easy); you play p1")
    play.add_argument("--think", type=simulate_cli.seconds, default=None, metavar="SECONDS",
                      help="how long the expert thinks per move (default 1)")
    play.add_argument("--deck1", metavar="FILE",
                      help="p1 plays this deck file (or saved deck by name); an illegal "
                      "deck is refused with its problems before the game")
    play.add_argument("--deck2", metavar="FILE", help="p2's deck, as --deck1")
    play.add_argument("--seed", type=cli_args.seed, metavar="N",
                      help="the seed of a new game: of a game with --deck1/2, else the "
                      "new-game dialog's (which may still change it)")
    play.set_defaults(handler=_play)

    decks = sub.add_parser("decks", help="the deck editor: build, test and keep your decks",
                           description="The deck editor, over the decks saved in the data "
                           "directory's decks/ (? in the editor lists its keys).")
    decks.add_argument("name", nargs="?", metavar="NAME", help="open this saved deck")
    decks.set_defaults(handler=_decks)

    games_cli.add_games_parser(sub)

    replay_cli.add_replay_parser(sub)

    cards_cli.add_cards_parser(sub)

    cards_cli.add_deck_parser(sub)

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
