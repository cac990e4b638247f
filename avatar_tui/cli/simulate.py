"""`avatar-tui simulate`: many games between computer players, headless.

Game i is played with seed S+i (its setup's shuffle and both bots' own
generators derive from it), so a run is fixed by its arguments: `--jobs`
spreads the games over processes, and `--scheduler` over a Dask cluster,
without changing any result."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from avatar_tui.bots.kinds import COMPUTER_KINDS, SEEDED_WORLDS
from avatar_tui.cli import args as cli_args
from avatar_tui.cli.format_args import add_format, format_settings
from avatar_tui.io import terminal_text

DEFAULT_P1, DEFAULT_P2 = "aang", "prince_zuko"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Play many games between computer players, headless, and print the "
        "results: wins per side with a 95% confidence interval (Wilson), average points, "
        "turns and actions per game, and games per second. Game i uses seed SEED+i.")
    parser.add_argument("--games", type=cli_args.whole(1, cli_args.GAMES_MAX, "a number of games"),
                        default=100, metavar="N",
                        help="how many games (default 100)")
    parser.add_argument("--p1", type=_character, metavar="CHARACTER",
                        help="p1's character, one with a starter deck in cards/decks "
                        f"(default {DEFAULT_P1})")
    parser.add_argument("--p2", type=_character, metavar="CHARACTER",
                        help=f"p2's character (default {DEFAULT_P2})")
    parser.add_argument("--deck1", metavar="FILE",
                        help="p1 plays this deck file (or saved deck) instead of --p1's "
                        "house deck; an illegal deck is refused with its problems")
    parser.add_argument("--deck2", metavar="FILE", help="p2's deck, as --deck1")
    parser.add_argument("--bot", default="heuristic", metavar="KIND[,KIND]",
                        help="the computer player of both sides, or 'p1kind,p2kind': "
                        f"{', '.join(COMPUTER_KINDS)} (default heuristic; an unknown kind "
                        "is refused with the list)")
    parser.add_argument("--bot1", type=_bot_kind, metavar="KIND",
                        help="p1's computer player (overrides --bot)")
    parser.add_argument("--bot2", type=_bot_kind, metavar="KIND",
                        help="p2's computer player (overrides --bot)")
    parser.add_argument("--worlds", type=cli_args.whole(1, cli_args.WORLDS_MAX,
                                                        "a number of worlds"),
                        default=SEEDED_WORLDS, metavar="N",
                        help="the expert's or master's worlds searched per decision: a fixed "
                        f"amount of thinking, so the results depend only on the seed (default "
                        f"{SEEDED_WORLDS})")
    parser.add_argument("--think", type=cli_args.seconds, metavar="SECONDS",
                        help="the expert or master thinks this long per decision instead of "
                        "--worlds (the results then depend on the machine's speed)")
    parser.add_argument("--seed", type=cli_args.seed, default=1,
                        help="seed of the first game (default 1)")
    parser.add_argument("--jobs", type=cli_args.whole(1, cli_args.JOBS_MAX, "a number of jobs"),
                        default=1, metavar="J",
                        help="worker processes (default 1; the results do not depend on it)")
    add_format(parser, "each computer player opens its packs and chooses its chamber (in "
               "sealed, builds its deck); the JSON adds each game's characters")
    cli_args.add_scheduler(parser)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")


def _bot_kind(text: str) -> str:
    """A kind of computer player (the bots load only when the option is
    given, so `avatar-tui --help` needs no engine)."""
    if text not in COMPUTER_KINDS:
        raise argparse.ArgumentTypeError(
            f"unknown bot '{cli_args.shown(text)}' (expected one of: {', '.join(COMPUTER_KINDS)})")
    return text


def expert_options(args: argparse.Namespace) -> dict[str, float | int]:
    """The expert's budget: --think seconds, else --worlds worlds."""
    think = getattr(args, "think", None)
    if think is not None:
        return {"think": think}
    return {"worlds": getattr(args, "worlds", SEEDED_WORLDS)}


def _character(text: str) -> str:
    """A character with a starter deck (the card database is read only
    when the option is given, so `avatar-tui` starts no slower)."""
    from avatar_tui.cardlib.catalog import characters

    known = characters()
    if text not in known:
        raise argparse.ArgumentTypeError(
            f"'{cli_args.shown(text)}' has no starter deck (choose from {', '.join(known)})")
    return text


def bot_kinds(args: argparse.Namespace) -> tuple[str, str]:
    """(p1's kind, p2's kind) from --bot, --bot1 and --bot2."""
    parts = [p.strip() for p in args.bot.split(",")]
    if len(parts) == 1:
        parts = parts * 2
    if len(parts) != 2:
        raise ValueError(f"--bot takes one kind or two separated by a comma, not "
                         f"'{cli_args.shown(args.bot)}'")
    for kind in parts:
        if kind not in COMPUTER_KINDS:
            raise ValueError(f"--bot: unknown bot '{cli_args.shown(kind)}' (expected one of: "
                             f"{', '.join(COMPUTER_KINDS)})")
    return args.bot1 or parts[0], args.bot2 or parts[1]


def run_simulate(args: argparse.Namespace) -> int:
    from avatar_tui.bots import GameError
    from avatar_tui.bots.batches import ClusterError

    try:
        bot1, bot2 = bot_kinds(args)
    except ValueError as err:
        terminal_text.say(f"avatar-tui simulate: {err}")
        return 2
    show_progress = not args.json and sys.stderr.isatty()
    settings = format_settings(args)
    if isinstance(settings, str):
        terminal_text.say(f"avatar-tui simulate: {settings}")
        return 2
    fmt = getattr(args, "format", None)
    if fmt and (getattr(args, "deck1", None) or getattr(args, "deck2", None)
                or args.p1 or args.p2):
        terminal_text.say("avatar-tui simulate: --format makes each side's chamber and deck "
                          "from its packs: not with --p1, --p2, --deck1 or --deck2")
        return 2
    args.p1, args.p2 = args.p1 or DEFAULT_P1, args.p2 or DEFAULT_P2
    sides = []
    for character, ref in ((args.p1, getattr(args, "deck1", None)),
                           (args.p2, getattr(args, "deck2", None))):
        if ref is None:
            sides.append(character)
            continue
        from avatar_tui.decklib.playable import playable_deck

        deck = playable_deck(ref)
        if isinstance(deck, str):
            terminal_text.say(deck)
            return 2
        sides.append(deck)
    try:
        summary = simulate(args.games, sides[0], sides[1], bot1, bot2, args.seed, args.jobs,
                           progress=show_progress, options=expert_options(args),
                           scheduler=getattr(args, "scheduler", None),
                           format_name=fmt, settings=settings)
    except GameError as err:
        terminal_text.say(f"avatar-tui simulate: {err}")
        return 1
    except ClusterError as err:
        terminal_text.say(f"avatar-tui simulate: --scheduler: {err}")
        return 2
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print_table(summary)
    return 0


def simulate(games: int, p1: Any, p2: Any, bot1: str, bot2: str, seed: int, jobs: int,
             progress: bool, options: dict, scheduler: str | None = None,
             format_name: str | None = None,
             settings: dict[str, int] | None = None) -> dict[str, Any]:
    """The simulation's summary, with a progress bar on stderr when `progress`."""
    from avatar_tui.bots.simulation import simulate as run

    if not progress:
        return run(games, p1, p2, bot1, bot2, seed, jobs, options=options,
                   scheduler=scheduler, format_name=format_name, settings=settings)
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    bar = Progress(TextColumn("[bold]simulating"), BarColumn(), MofNCompleteColumn(),
                   TimeRemainingColumn(), console=Console(stderr=True), transient=True)
    with bar:
        task = bar.add_task("games", total=games)
        return run(games, p1, p2, bot1, bot2, seed, jobs, lambda n: bar.advance(task, n),
                   options, scheduler, format_name, settings)


# -------------------------------------------------------------------- summary


def print_table(summary: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    n = summary["games"]
    table = Table(title=f"{n} games · seeds {summary['seed']}–{summary['seed'] + n - 1}")
    table.add_column("side")
    table.add_column("character")
    table.add_column("bot")
    table.add_column("wins", justify="right")
    table.add_column("win rate (95% CI)", justify="right")
    table.add_column("avg points", justify="right")
    for pid in ("p1", "p2"):
        side = summary[pid]
        low, high = side["ci95"]
        table.add_row(pid, side["character"], side["bot"], str(side["wins"]),
                      f"{side['win_rate']:.1%} ({low:.1%}–{high:.1%})",
                      f"{side['avg_points']:.2f}")
    extra = f" · unfinished {summary['unfinished']}" if summary["unfinished"] else ""
    rate = summary["games_per_s"]
    jobs = summary["jobs"]
    table.caption = (f"per game: {summary['avg_turns']:.1f} turns, {summary['avg_actions']:.1f} "
                     f"actions · {rate if rate is not None else '-'} games/s "
                     f"({summary['elapsed_s']:.2f} s, {jobs} job{'s' if jobs != 1 else ''})"
                     f"{extra}")
    Console().print(table)
