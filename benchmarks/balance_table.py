"""The Markdown of docs/balance.md's tables, from the JSON of a matchups run.

    python benchmarks/matchups.py --games 10 --bot master-v1 --no-mirror --json > master.json
    python benchmarks/balance_table.py master.json
    python benchmarks/balance_table.py master.json --beside heuristic.json

It prints, for the docs as they are:

- the table of p1 win rates (row: p1, column: p2, the mirror included),
  each row ending with the character's rate over both seats against the
  other nine and its Wilson 95% interval;
- a line per character: that rate, beside the same from `--beside` (the
  same decks played by other bots, as the heuristic's table), whether it
  leaves 45–55% (and clearly: its interval too), and its best and worst
  pairings over both seats, to say why;
- p1's rate over every game (the first seat's edge), the game counts, and
  the command that made the JSON.

Nothing is played here: the numbers are the JSON's, so the table can be
made again from a kept run."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from avatar_tui.bots.wilson import wilson  # noqa: E402  (after the path is set)

EVEN = (0.45, 0.55)  # the balance goal: every house deck's overall rate inside it
EXTREMES = 2  # best and worst pairings named per character


class TableError(ValueError):
    """The file is not a matchups run's JSON: one line naming it and why."""


def load(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise TableError(f"{path}: not readable as JSON ({err})") from None
    matrix = data.get("matrix") if isinstance(data, dict) else None
    if not isinstance(matrix, dict) or not matrix:
        raise TableError(f"{path}: no 'matrix' of pairs: not the JSON of "
                         "benchmarks/matchups.py --json")
    for a, row in matrix.items():
        if not isinstance(row, dict):
            raise TableError(f"{path}: matrix.{a}: expected a row of pairs")
        for b, summary in row.items():
            if summary is not None and not (isinstance(summary, dict)
                                            and {"games", "p1", "p2"} <= summary.keys()):
                raise TableError(f"{path}: matrix.{a}.{b}: expected a simulate summary")
    return data


def names() -> dict[str, str]:
    """Each character's chamber name, as the house decks give it."""
    from matchups import house_characters

    return dict(house_characters())


def record(matrix: dict[str, dict[str, Any]], who: str) -> tuple[int, int]:
    """(wins, games) of `who` against the others, over both seats (mirror
    matches left out), as the matchups' `overall`."""
    wins = games = 0
    for a, row in matrix.items():
        for b, summary in row.items():
            if a == b or summary is None or who not in (a, b):
                continue
            wins += summary["p1" if a == who else "p2"]["wins"]
            games += summary["games"]
    return wins, games


def pairings(matrix: dict[str, dict[str, Any]], who: str) -> list[tuple[str, int, int]]:
    """(opponent, wins, games) of `who` over both seats, each opponent once."""
    found = []
    for other in matrix:
        if other == who:
            continue
        wins = games = 0
        for a, b, side in ((who, other, "p1"), (other, who, "p2")):
            summary = matrix.get(a, {}).get(b)
            if summary is not None:
                wins += summary[side]["wins"]
                games += summary["games"]
        if games:
            found.append((other, wins, games))
    return found


def percent_ci(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{100 * wins / games:.1f} ({100 * low:.1f}–{100 * high:.1f})"


def verdict(wins: int, games: int) -> str:
    """Inside 45–55%, or below or above it; 'clearly' when the whole Wilson
    interval is outside too."""
    rate = wins / games
    low, high = wilson(wins, games)
    if EVEN[0] <= rate <= EVEN[1]:
        return "inside"
    side = "below" if rate < EVEN[0] else "above"
    clearly = high < EVEN[0] if side == "below" else low > EVEN[1]
    return f"clearly {side}" if clearly else side


def matrix_table(matrix: dict[str, dict[str, Any]], shown: dict[str, str]) -> list[str]:
    chars = list(matrix)
    lines = ["| p1 \\ p2 | " + " | ".join(shown.get(c, c) for c in chars)
             + " | overall (95% CI) |",
             "| --- |" + " ---: |" * (len(chars) + 1)]
    for a in chars:
        cells = []
        for b in chars:
            if b not in matrix[a]:  # not played (matchups.py --no-mirror)
                cells.append("–")
                continue
            summary = matrix[a][b]
            cells.append("err" if summary is None else f"{100 * summary['p1']['win_rate']:.0f}")
        wins, games = record(matrix, a)
        cells.append(percent_ci(wins, games) if games else "–")
        lines.append(f"| **{shown.get(a, a)}** | " + " | ".join(cells) + " |")
    return lines


def character_table(matrix: dict[str, dict[str, Any]], shown: dict[str, str],
                    beside: dict[str, dict[str, Any]] | None, label: str,
                    beside_label: str) -> list[str]:
    head = f"| character | {label} (95% CI) |"
    if beside is not None:
        head += f" {beside_label} (95% CI) |"
    head += " 45–55% | best pairings | worst pairings |"
    lines = [head, "| --- |" + " ---: |" * (2 if beside is not None else 1)
             + " --- | --- | --- |"]
    for who in matrix:
        wins, games = record(matrix, who)
        if not games:
            continue
        row = f"| {shown.get(who, who)} | {percent_ci(wins, games)} |"
        if beside is not None:
            other_wins, other_games = record(beside, who)
            row += f" {percent_ci(other_wins, other_games) if other_games else '–'} |"
        ranked = sorted(pairings(matrix, who), key=lambda p: (p[1] / p[2], p[0]))
        said = [f"{shown.get(o, o)} {w}/{g}" for o, w, g in ranked]
        best = ", ".join(reversed(said[-EXTREMES:]))
        worst = ", ".join(said[:EXTREMES])
        lines.append(f"{row} {verdict(wins, games)} | {best} | {worst} |")
    return lines


def seats_line(matrix: dict[str, dict[str, Any]]) -> str:
    wins = games = unfinished = 0
    for row in matrix.values():
        for summary in row.values():
            if summary is not None:
                wins += summary["p1"]["wins"]
                games += summary["games"]
                unfinished += summary.get("unfinished", 0)
    if not games:
        return "No game was played."
    low, high = wilson(wins, games)
    return (f"p1 won {wins} of the {games} games, {100 * wins / games:.1f}% "
            f"({100 * low:.1f}–{100 * high:.1f}); unfinished games: {unfinished}.")


def report(data: dict[str, Any], beside: dict[str, Any] | None = None,
           shown: dict[str, str] | None = None) -> str:
    """The Markdown for docs/balance.md, from a matchups run (and another
    run of the same decks to set beside it)."""
    shown = names() if shown is None else shown
    matrix = data["matrix"]
    games, bot, seed = data.get("games"), data.get("bot", "?"), data.get("seed", 1)
    errors = [e for e in data.get("errors", []) if isinstance(e, dict)]
    pairs = sum(1 for row in matrix.values() for s in row.values() if s is not None)
    out = [f"{pairs} pairs of {games} games, bot `{bot}` on both sides, seeds "
           f"{seed}–{seed + (games or 1) - 1}: "
           f"`python benchmarks/matchups.py --games {games} --bot {bot} --seed {seed}"
           + ("" if data.get("mirror", True) else " --no-mirror") + " --json`"
           + (f"; pairs that stopped on an error: {len(errors)}" if errors else "") + ".",
           "", *matrix_table(matrix, shown), "",
           *character_table(matrix, shown, beside["matrix"] if beside else None,
                            bot, beside.get("bot", "beside") if beside else ""),
           "", seats_line(matrix)]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Print docs/balance.md's tables from a benchmarks/matchups.py --json run, "
                    "with Wilson 95% intervals.")
    parser.add_argument("run", type=Path, metavar="FILE.json", help="the matchups run")
    parser.add_argument("--beside", type=Path, metavar="FILE.json",
                        help="another run of the same decks (the heuristic's), whose "
                             "overall rates are set beside")
    args = parser.parse_args(argv)
    try:
        data = load(args.run)
        beside = load(args.beside) if args.beside is not None else None
    except TableError as err:
        print(f"balance_table.py: {err}", file=sys.stderr)
        return 2
    print(report(data, beside))
    return 0


if __name__ == "__main__":
    sys.exit(main())
