"""The command line's numbers, each with its bound: one helper, `whole`,
makes the argparse `type=` of every whole-number option, so a value out of
range (or of 5,000 digits) is refused in one line naming the option, and
the parser whose errors show what was typed made safe (`Parser`)."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable
from typing import NoReturn

from avatar_tui.io import terminal_text

SEED_MAX = 2**63 - 1  # a seed is saved in the game's file, a TOML (64-bit) integer
PORT_MAX = 65535
GAMES_MAX = 1_000_000  # simulate: some days of games on one core
WORLDS_MAX = 1000  # the expert's worlds per decision (16 by default)
JOBS_MAX = 64  # worker processes of simulate
STEP_MAX = 20_000  # a demo step: a scenario has at most this many actions
_DIGITS = re.compile(r"[+-]?[0-9][0-9_]{0,24}")  # read by int() only when this short


def shown(text: str) -> str:
    """What someone typed, in a message: escaped and cut short."""
    return terminal_text.quote(text, 40)


def whole(low: int, high: int, what: str = "a whole number") -> Callable[[str], int]:
    """The `type=` of an option taking a whole number from `low` to `high`."""

    def parse(text: str) -> int:
        value = int(text) if _DIGITS.fullmatch(text.strip()) else None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"'{shown(text)}' is not {what} from {low:,} to {high:,}")
        return value

    parse.__name__ = what  # argparse names the type in some messages
    return parse


seed = whole(0, SEED_MAX, "a seed")
port = whole(1, PORT_MAX, "a port")


SCHEDULER_LONGEST = 200  # an address, not a text


def add_scheduler(parser: argparse.ArgumentParser, games: str = "the games") -> None:
    """`--scheduler`: where `games` are played, on a Dask cluster (bots/batches.py)."""
    parser.add_argument("--scheduler", type=scheduler, metavar="ADDRESS",
                        help=f"play {games} on a Dask cluster: its scheduler's address "
                        "(tcp://HOST:8786), or 'local' for a cluster of --jobs worker "
                        "processes here (the results do not depend on it; needs the extra: "
                        'pip install ".[dask]"; docs/cluster.md)')


def scheduler(text: str) -> str:
    """The `type=` of --scheduler: an address or `local`, one printable line."""
    if not text.strip() or len(text) > SCHEDULER_LONGEST or not text.isprintable():
        raise argparse.ArgumentTypeError(
            f"'{shown(text)}' is not a Dask scheduler's address (tcp://HOST:PORT) or 'local'")
    return text.strip()


def seconds(text: str) -> float:
    """The `type=` of a thinking time: more than 0 and at most 600 seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"'{shown(text)}' is not a number of seconds") from None
    if not 0 < value <= 600:  # nan and inf are refused here too
        raise argparse.ArgumentTypeError(
            f"'{shown(text)}': more than 0 and at most 600 seconds, please")
    return value


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose refusals (which quote what was typed: an
    unknown choice, a stray argument) are made safe to print, on one line
    after the usage."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {terminal_text.message(message)}\n")
