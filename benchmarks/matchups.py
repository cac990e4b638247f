"""The matchup table of the house starter decks (docs/balance.md).

    python benchmarks/matchups.py                       # the table of docs/balance.md
    python benchmarks/matchups.py --games 20 --jobs 4   # a quick look
    python benchmarks/matchups.py --json                # every pair's summary

For every ordered pair of characters with a starter deck in cards/decks
(p1 = row, p2 = column, the mirror included unless `--no-mirror`) it plays what

    avatar-tui simulate --games N --p1 A --p2 B --bot KIND --seed S --json

plays, through the same function, so each cell is that command's p1
win_rate and can be checked one pair at a time. Game i of every pair uses
seed S+i; neither --jobs nor --scheduler (a Dask cluster, docs/cluster.md)
changes any number. The characters come in chamber-number order (Aang,
Katara, ... Kinto).

A pair whose games stop on an error is reported on stderr with its command
and traceback, its cell shows "err", the others still run, and the exit
status is 1.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from avatar_tui.cli import args as cli_args  # noqa: E402  (after the path is set)


def house_characters() -> list[tuple[str, str]]:
    """(character, chamber name) of every house starter deck, in the order
    of the decks' chamber numbers."""
    from avatar_tui.cardlib.catalog import default_catalog

    catalog = default_catalog()
    found = {}
    for deck in catalog.decks.values():
        chamber = catalog.find_chamber(deck.chamber)
        if deck.starter and chamber is not None and chamber.character:
            found[chamber.character] = (chamber.number, chamber.name)
    return [(c, name) for c, (_, name) in sorted(found.items(), key=lambda kv: kv[1])]


def command(games: int, p1: str, p2: str, bot: str, seed: int) -> str:
    return (f"python -m avatar_tui simulate --games {games} --p1 {p1} --p2 {p2} "
            f"--bot {bot} --seed {seed} --json")


def play_matrix(characters: list[str], games: int, bot: str, seed: int, jobs: int,
                progress: bool, scheduler: str | None = None, mirror: bool = True
                ) -> tuple[dict[str, dict[str, Any]], list[dict[str, str]]]:
    """{p1: {p2: simulate summary}} and the pairs that stopped on an error.
    Every pair's games go out together (bots/batches.py), so the workers are
    kept busy across pairs; a pair's summary has no time of its own (its
    elapsed_s is 0), the run's is the JSON's `elapsed_s`."""
    from avatar_tui.bots.batches import Failed, SeededGame, play_outcomes
    from avatar_tui.bots.simulation import summarise

    pairs = [(a, b) for a in characters for b in characters if mirror or a != b]
    every = [SeededGame(seed + i, a, b, bot, bot) for a, b in pairs for i in range(games)]
    played = 0
    start = time.perf_counter()

    def advance(n: int) -> None:
        nonlocal played
        played += n
        if progress:
            print(f"\r{played}/{len(every)} games, {time.perf_counter() - start:.0f} s",
                  end="", file=sys.stderr, flush=True)

    outcomes = play_outcomes(every, jobs, scheduler, advance)
    if progress:
        print(file=sys.stderr)
    matrix: dict[str, dict[str, Any]] = {a: {} for a in characters}
    errors = []
    for n, (a, b) in enumerate(pairs):
        share = outcomes[n * games:(n + 1) * games]
        failed = [o for o in share if isinstance(o, Failed)]
        if failed:  # report the pair; the others are still summed up
            errors.append({"p1": a, "p2": b, "command": command(games, a, b, bot, seed),
                           "traceback": failed[0].traceback})
            matrix[a][b] = None
            continue
        results = [o.as_dict() for o in share if not isinstance(o, Failed)]
        matrix[a][b] = summarise(results, p1=a, p2=b, bot1=bot, bot2=bot, seed=seed,
                                 jobs=jobs, elapsed=0.0)
    return matrix, errors


def overall(matrix: dict[str, dict[str, Any]], who: str) -> float | None:
    """The character's win rate over all its games against the others, as p1
    and as p2 (mirror matches left out)."""
    wins = games = 0
    for a, row in matrix.items():
        for b, summary in row.items():
            if a == b or summary is None or who not in (a, b):
                continue
            side = "p1" if a == who else "p2"
            wins += summary[side]["wins"]
            games += summary["games"]
    return wins / games if games else None


def markdown(matrix: dict[str, dict[str, Any]], names: dict[str, str]) -> str:
    """Rows: p1; columns: p2; cells: p1's win % (rounded); last column: the
    row character's win % over both seats against the other nine."""
    chars = list(matrix)
    lines = ["| p1 \\ p2 | " + " | ".join(names[c] for c in chars) + " | overall |",
             "| --- |" + " ---: |" * (len(chars) + 1)]
    for a in chars:
        cells = []
        for b in chars:
            if b not in matrix[a]:  # not played (--no-mirror)
                cells.append("–")
                continue
            summary = matrix[a][b]
            cells.append("err" if summary is None else f"{100 * summary['p1']['win_rate']:.0f}")
        total = overall(matrix, a)
        cells.append("–" if total is None else f"{100 * total:.0f}")
        lines.append(f"| **{names[a]}** | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Play every ordered pair of house starter decks and print the "
                    "table of p1 win rates (docs/balance.md).")
    parser.add_argument("--games", type=int, default=200, help="games per pair (default 200)")
    parser.add_argument("--bot", default="heuristic", help="both sides' bot (default heuristic)")
    parser.add_argument("--seed", type=int, default=1, help="seed of each pair's first game "
                        "(default 1)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes (default 1; the numbers do not depend on it)")
    cli_args.add_scheduler(parser)
    parser.add_argument("--characters", help="comma-separated subset (default: every "
                        "character with a starter deck)")
    parser.add_argument("--no-mirror", action="store_true",
                        help="leave out the mirror matches: a character's overall rate "
                             "does not count them, and the searching bots' tables are "
                             "dear (their cells are then absent from the JSON)")
    parser.add_argument("--json", action="store_true",
                        help="print {p1: {p2: summary}} and the errors as JSON")
    args = parser.parse_args(argv)
    from avatar_tui.bots.batches import ClusterError

    known = house_characters()
    names = dict(known)
    characters = [c for c, _ in known]
    if args.characters:
        wanted = [c.strip() for c in args.characters.split(",")]
        unknown = [c for c in wanted if c not in names]
        if unknown:
            parser.error(f"no starter deck for: {', '.join(unknown)}")
        characters = wanted

    start = time.perf_counter()
    try:
        matrix, errors = play_matrix(characters, args.games, args.bot, args.seed, args.jobs,
                                     progress=not args.json and sys.stderr.isatty(),
                                     scheduler=args.scheduler, mirror=not args.no_mirror)
    except ClusterError as err:
        print(f"matchups.py: --scheduler: {err}", file=sys.stderr)
        return 2
    elapsed = time.perf_counter() - start
    for error in errors:
        print(f"error: {error['command']}\n{error['traceback']}", file=sys.stderr)
    if args.json:
        print(json.dumps({"games": args.games, "bot": args.bot, "seed": args.seed,
                          "mirror": not args.no_mirror,
                          "elapsed_s": round(elapsed, 3), "matrix": matrix, "errors": errors},
                         indent=2))
    else:
        print(markdown(matrix, names))
        unfinished = sum(s["unfinished"] for row in matrix.values() for s in row.values() if s)
        print(f"\n{args.games} games per pair, bot {args.bot}, seeds {args.seed}–"
              f"{args.seed + args.games - 1}; unfinished games: {unfinished}; "
              f"pairs with an error: {len(errors)}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
