"""How strong the searching computer players are: head-to-head comparisons at
stated budgets, seats swapped, over several house-deck pairings, each with
its Wilson 95% interval and each side's measured CPU per decision.

    python benchmarks/strength.py --games 24 --jobs 2      # expert v heuristic (288 games)
    python benchmarks/strength.py --fair --total 400 --jobs 2   # master-v1's comparisons
    python benchmarks/strength.py --fair --total 48 --jobs 2    # a quicker look
    python benchmarks/strength.py --match master:8 expert:16 --games 4
    python benchmarks/strength.py --match master master-v1-clock --total 400  # by the clock
    python benchmarks/strength.py --match master:12 master-v1 --weak --total 400  # issue 45
    python benchmarks/strength.py --match master:12:z=0.5:prune_discard=0:decks=1 master-v1 \
        --weak --games 6 --seed 6001   # issue 45's attempt 2 (keep=5:keep_to_replace=8: 3)
    python benchmarks/strength.py --games 1 --worlds 1 --pairings 1 --json  # a smoke run

A player is `KIND[:WORLDS][:KEY=VALUE...]`: `expert:16`, `master:8`,
`master:12:z=2.0:margin=0.03` (the master with the expert's guard),
`flatmc:4` (benchmarks/flat_mc.py, the plain flat Monte Carlo yardstick),
`heuristic`, `thrifty` (the master's playout player, bots/thrifty.py;
`thrifty:keep=5:keep_to_replace=8` with other thresholds),
`master-v1-clock:think=1.0` (the frozen master-v1's search by the clock, as
the app played it before issue 45; with `think` the master plays by the
clock too, and the game depends on the machine).
WORLDS is a fixed search per decision, never a clock, so a result depends
on the arguments alone; the budgets of `--fair` (FAIR) were chosen to cost
about the same CPU per decision, and every comparison prints what each
side really spent (CPU seconds of its process, decisions with more than
one legal move), so the claim of equal budgets can be checked on each run.

Measured (docs/computer-players.md, "The master"; `--fair --total 400 --seed 2026`, 408
games a comparison, with the master that is now frozen as `master-v1`, 12
worlds): v expert:16 62.0% (95% CI 57.2–66.6, 0.049 s v 0.054 s CPU a
decision) and v flatmc:26 92.4% (89.4–94.6, 0.045 s v 0.046 s). The goal
is met against both.

Each pairing (A, B) is played `--games` times with the first player as p1
and as many times with it as p2, on the same seeds, so neither the seat
nor the deal favours a side. `--total N` sets `--games` so that each
comparison has at least N games.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

GOAL = 0.65  # the expert against the heuristic
FAIR_GOAL = 0.60  # the master against each yardstick, its interval's low end above 0.55
FAIR_LOW = 0.55
# the pairings: the two story rivals, and the matchups the house decks had
# furthest from even before they were retuned (docs/balance.md)
PAIRINGS = [("aang", "prince_zuko"), ("kinto", "prince_zuko"), ("katara", "uncle_iroh"),
            ("king_bumi", "commander_zhao"), ("malu", "afiko"), ("jojo", "kinto")]
# the master's published comparisons at about equal CPU per decision, by
# the frozen kind they were measured with (master-v1: 12 worlds, whatever
# becomes of the master; docs/computer-players.md, "The master")
FAIR = [("master-v1", "expert:16"), ("master-v1", "flatmc:26")]
# the pairings of the decks where the master was level with the expert or
# behind it (issue 45: Malu, Kinto v Zuko, Jojo, Commander Zhao)
WEAK = [("malu", "afiko"), ("kinto", "prince_zuko"), ("jojo", "kinto"),
        ("king_bumi", "commander_zhao")]


def make_player(spec: str, seed: int):
    """A bot from its spec (`KIND[:WORLDS][:KEY=VALUE...]`)."""
    from avatar_tui.bots import make_bot

    kind, *rest = spec.split(":")
    options: dict = {}
    for part in rest:
        if "=" in part:
            key, value = part.split("=", 1)
            options[key] = None if value == "none" else float(value) if "." in value \
                else int(value)
        else:
            options["worlds"] = int(part)
    if kind == "flatmc":
        from benchmarks.flat_mc import FlatMonteCarloBot

        return FlatMonteCarloBot(seed, **options)
    if kind == "master-v1-clock":  # the master before issue 45, by the clock (`think`)
        from avatar_tui.bots.master import MASTER_V1, MasterBot

        return MasterBot(seed, **{**MASTER_V1, **options})
    if kind == "thrifty":  # the master's playout player, alone (bots/thrifty.py)
        from avatar_tui.bots.thrifty import ThriftyHeuristic

        return ThriftyHeuristic(seed, **options)
    return make_bot(kind, seed, **options)


def play(job: tuple[int, str, str, str, str, str]) -> dict:
    """One game: (seed, p1's character, p2's, the first player's seat, the
    first player's spec, the second's) → its result."""
    from avatar_tui.bots import play_game, setup_for
    from avatar_tui.bots.match import bot_seed

    seed, p1, p2, seat, first, second = job
    other = "p2" if seat == "p1" else "p1"
    a = Timed(make_player(first, bot_seed(seed, seat)))
    b = Timed(make_player(second, bot_seed(seed, other)))
    _, result = play_game(setup_for(seed, p1, p2), {seat: a, other: b})
    return {"seed": seed, "p1": p1, "p2": p2, "first": seat, "winner": result.winner,
            "decisions": [a.decisions, b.decisions], "think_s": [a.seconds, b.seconds]}


class Timed:
    """A bot whose thinking is timed: the CPU seconds spent on the decisions
    with more than one legal move (the clock is the benchmark's, never the
    bot's: the moves depend on the seeds alone)."""

    def __init__(self, bot):
        self.bot, self.kind, self.observes = bot, bot.kind, bot.observes
        self.decisions, self.seconds = 0, 0.0

    def choose(self, obs, legal):
        start = time.process_time()  # CPU time: a busy machine does not move it
        action = self.bot.choose(obs, legal)
        if len(legal) > 1:
            self.decisions += 1
            self.seconds += time.process_time() - start
        return action


def summarise(first: str, second: str, results: list[dict], pairings, goal: float,
              low_goal: float | None) -> dict:
    from avatar_tui.bots.wilson import wilson

    n = len(results)
    wins = sum(r["winner"] == r["first"] for r in results)
    low, high = wilson(wins, n)
    per_pairing = {}
    for p1, p2 in pairings:
        games = [r for r in results if (r["p1"], r["p2"]) == (p1, p2)]
        per_pairing[f"{p1} v {p2}"] = sum(r["winner"] == r["first"] for r in games) / len(games)
    per_deck: dict[str, list[int]] = {}  # the first player's deck: [wins, games]
    for r in results:
        deck = per_deck.setdefault(f"{r[r['first']]} (v {r['p2' if r['first'] == 'p1' else 'p1']})",
                                   [0, 0])
        deck[0] += r["winner"] == r["first"]
        deck[1] += 1
    decisions = [sum(r["decisions"][i] for r in results) for i in (0, 1)]
    think = [sum(r["think_s"][i] for r in results) / max(1, decisions[i]) for i in (0, 1)]
    return {"first": first, "second": second, "games": n, "wins": wins,
            "win_rate": round(wins / n, 4), "ci95": [round(low, 4), round(high, 4)],
            "goal": goal, "goal_low": low_goal, "per_pairing": per_pairing,
            "per_deck": {deck: {"wins": w, "games": g}
                         for deck, (w, g) in sorted(per_deck.items())},
            "decisions": decisions, "cpu_s_per_decision": [round(t, 4) for t in think]}


def verdict(c: dict) -> str:
    low, high = c["ci95"]
    if c["goal_low"] is not None:
        met = c["win_rate"] >= c["goal"] and low > c["goal_low"]
        return "meets the goal" if met else "does not meet the goal"
    return "meets" if low >= c["goal"] else ("below" if high < c["goal"] else "not clearly at")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10,
                        help="games per pairing and seat (default 10)")
    parser.add_argument("--total", type=int, default=None,
                        help="at least this many games per comparison (sets --games)")
    parser.add_argument("--worlds", type=int, default=16,
                        help="the expert's worlds per decision in expert v heuristic (default 16)")
    parser.add_argument("--match", nargs=2, action="append", metavar=("FIRST", "SECOND"),
                        help="a comparison of two players (repeatable)")
    parser.add_argument("--fair", action="store_true",
                        help="the master's comparisons at equal CPU: " +
                        ", ".join(f"{a} v {b}" for a, b in FAIR))
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--pairings", type=int, default=len(PAIRINGS),
                        help=f"how many of the {len(PAIRINGS)} pairings (default all)")
    parser.add_argument("--weak", action="store_true",
                        help="the pairings of the decks where the master was weakest "
                        f"({', '.join(f'{a} v {b}' for a, b in WEAK)})")
    parser.add_argument("--horizon", type=int, default=None,
                        help="expert v heuristic: points a playout runs for")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--log", type=Path, default=None,
                        help="append each game's result to this file as it ends (a JSON "
                        "line), so a long run stopped early still tells what it played")
    args = parser.parse_args(argv)
    pairings = WEAK if args.weak else PAIRINGS[:max(1, args.pairings)]
    games = args.games if args.total is None else math.ceil(args.total / (2 * len(pairings)))
    matches: list[tuple[str, str, float, float | None]] = []
    if args.fair:
        matches += [(a, b, FAIR_GOAL, FAIR_LOW) for a, b in FAIR]
    for a, b in args.match or []:
        matches.append((a, b, FAIR_GOAL, FAIR_LOW))
    if not matches:
        expert = f"expert:{args.worlds}" + (f":horizon={args.horizon}" if args.horizon else "")
        matches.append((expert, "heuristic", GOAL, None))
    for spec in {s for a, b, _, _ in matches for s in (a, b)}:
        try:
            make_player(spec, 0)  # a bad player spec: one line now, not a worker's traceback
        except (TypeError, ValueError) as error:
            parser.error(f"player '{spec}': {error}")
    jobs = [(args.seed + i, p1, p2, seat, a, b)
            for a, b, _, _ in matches
            for p1, p2 in pairings for i in range(games) for seat in ("p1", "p2")]
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play, jobs, chunksize=1))
    else:
        results = []
        for job in jobs:
            results.append(play(job))
            if args.log is not None:
                with args.log.open("a", encoding="utf-8") as log:
                    log.write(json.dumps(results[-1]) + "\n")
    elapsed = time.perf_counter() - start
    per_match = len(pairings) * games * 2
    comparisons = [summarise(a, b, results[k * per_match:(k + 1) * per_match], pairings, g, lg)
                   for k, (a, b, g, lg) in enumerate(matches)]
    if args.json:
        head = comparisons[0]
        # the first comparison's figures at the top, under the names they had
        # when expert v heuristic was the only one
        legacy = {"games": head["games"], "expert_wins": head["wins"],
                  "win_rate": head["win_rate"], "ci95": head["ci95"], "goal": head["goal"],
                  "decisions": head["decisions"][0],
                  "think_s_per_decision": head["cpu_s_per_decision"][0],
                  "per_pairing": head["per_pairing"]}
        print(json.dumps({**legacy, "seed": args.seed, "elapsed_s": round(elapsed, 1),
                          "comparisons": comparisons}, indent=2))
        return 0
    print(f"{games} games per pairing and seat, {len(pairings)} pairings, seeds "
          f"{args.seed}–{args.seed + games - 1}; budgets are worlds per decision")
    for c in comparisons:
        low, high = c["ci95"]
        cpu = c["cpu_s_per_decision"]
        print(f"\n{c['first']} v {c['second']}: {c['wins']}/{c['games']} = {c['win_rate']:.1%} "
              f"(95% CI {low:.1%}–{high:.1%}); CPU per decision {cpu[0]:.3f} s v "
              f"{cpu[1]:.3f} s over {c['decisions'][0]} and {c['decisions'][1]} decisions")
        for name, rate in c["per_pairing"].items():
            print(f"  {name:32} {rate:6.1%}")
        for deck, n in c["per_deck"].items():
            print(f"  {c['first']} playing {deck:40} {n['wins']:3}/{n['games']}")
        goal = f"≥ {c['goal']:.0%}" + (f", low end > {c['goal_low']:.0%}" if c["goal_low"]
                                       else "")
        print(f"  goal {goal}: {verdict(c)}")
    print(f"\n{elapsed:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
