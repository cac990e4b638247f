"""How strong the expert computer player is: its win rate against the
heuristic one, with seats swapped, over several house-deck pairings.

    python benchmarks/strength.py --games 24 --jobs 2   # the README's figure (288 games)
    python benchmarks/strength.py --games 4 --worlds 2  # a quick look
    python benchmarks/strength.py --json
    python benchmarks/strength.py --horizon 5          # playouts to the game's end

Each pairing (A, B) is played `--games` times with the expert as p1 and as
many times with it as p2, on the same seeds, so neither the seat nor the
deal favours a side. The expert searches a fixed number of worlds per
decision (`--worlds`), not a time budget: the figure depends only on the
arguments, never on the machine's speed. Goal: at least 65%.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

GOAL = 0.65
# the pairings: the two story rivals, and the matchups the house decks had
# furthest from even before they were retuned (README, "Balance")
PAIRINGS = [("aang", "prince_zuko"), ("kinto", "prince_zuko"), ("katara", "uncle_iroh"),
            ("king_bumi", "commander_zhao"), ("malu", "afiko"), ("jojo", "kinto")]


def play(job: tuple[int, str, str, str, int, dict]) -> dict:
    """One game: (seed, p1, p2, the expert's seat, worlds, the expert's
    other options) → its result."""
    from avatar_tui.bots import HeuristicBot, play_game, setup_for
    from avatar_tui.bots.expert import ExpertBot
    from avatar_tui.bots.match import bot_seed

    seed, p1, p2, seat, worlds, options = job
    other = "p2" if seat == "p1" else "p1"
    expert = Timed(ExpertBot(bot_seed(seed, seat), worlds=worlds, **options))
    bots = {seat: expert, other: HeuristicBot(bot_seed(seed, other))}
    _, result = play_game(setup_for(seed, p1, p2), bots)
    return {"seed": seed, "p1": p1, "p2": p2, "expert": seat, "winner": result.winner,
            "decisions": expert.decisions, "think_s": expert.seconds}


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


def main(argv: list[str] | None = None) -> int:
    from avatar_tui.decklib.wilson import wilson

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10,
                        help="games per pairing and seat (default 10)")
    parser.add_argument("--worlds", type=int, default=16,
                        help="the expert's worlds per decision (default 16)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--pairings", type=int, default=len(PAIRINGS),
                        help=f"how many of the {len(PAIRINGS)} pairings (default all)")
    parser.add_argument("--horizon", type=int, default=None,
                        help="points a playout runs for (default: the expert's own)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    pairings = PAIRINGS[:max(1, args.pairings)]
    options = {} if args.horizon is None else {"horizon": args.horizon}
    jobs = [(args.seed + i, p1, p2, seat, args.worlds, options)
            for p1, p2 in pairings for i in range(args.games) for seat in ("p1", "p2")]
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play, jobs))
    else:
        results = [play(j) for j in jobs]
    elapsed = time.perf_counter() - start
    wins = sum(r["winner"] == r["expert"] for r in results)
    n = len(results)
    low, high = wilson(wins, n)
    per_pairing = {}
    for p1, p2 in pairings:
        games = [r for r in results if (r["p1"], r["p2"]) == (p1, p2)]
        per_pairing[f"{p1} v {p2}"] = sum(r["winner"] == r["expert"] for r in games) / len(games)
    decisions = sum(r["decisions"] for r in results)
    think = sum(r["think_s"] for r in results) / max(1, decisions)
    summary = {"games": n, "worlds": args.worlds, "horizon": args.horizon,
               "seed": args.seed, "expert_wins": wins, "decisions": decisions,
               "think_s_per_decision": round(think, 3),
               "win_rate": round(wins / n, 4), "ci95": [round(low, 4), round(high, 4)],
               "goal": GOAL, "per_pairing": per_pairing, "elapsed_s": round(elapsed, 1)}
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    print(f"expert v heuristic, {n} games ({args.games} per pairing and seat, "
          f"{args.worlds} worlds per decision, seeds {args.seed}–{args.seed + args.games - 1})")
    for name, rate in per_pairing.items():
        print(f"  {name:32} {rate:6.1%}")
    verdict = "meets" if low >= GOAL else ("below" if high < GOAL else "not clearly at")
    print(f"expert win rate {wins / n:.1%} (95% CI {low:.1%}–{high:.1%}); goal ≥ {GOAL:.0%}: "
          f"{verdict} the goal · {elapsed:.0f} s; {decisions} decisions with a choice, "
          f"{think:.2f} CPU-s each on average")
    return 0


if __name__ == "__main__":
    sys.exit(main())
