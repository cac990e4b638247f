"""How long the master makes a player wait, and how often it leaves its
policy's move on a lead within the noise (issue 45), at the app's settings.

    nice -n 5 python benchmarks/think_time.py --games 6                # the master
    nice -n 5 python benchmarks/think_time.py --games 6 --player master-v1-clock
    python benchmarks/think_time.py --games 1 --think 0.05 --json      # a smoke run

PLAYER (`master`, at the app's default budget, or any player of
strength.py's specs, `master-v1-clock` for the master before issue 45)
plays OPPONENT (the heuristic by default: it costs nothing, so the machine
is as quiet as it was) on strength.py's pairings, seats alternating. At
each of PLAYER's decisions with more than one legal move it records the
wall and CPU seconds the decision took, the worlds searched, and whether
the chosen move is the policy's own; a move chosen instead of it is a
*departure*, and a departure whose lead over the policy's move, world by
world, is at most two standard errors is *noise*. It prints the median,
90th percentile and largest wait, the worlds, and the departures.

A search by the clock depends on the machine: run it where nothing else
runs (on a busy one, `nice` keeps the figures from other jobs' way only
as far as the scheduler lets it).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

GOAL_MEDIAN = 0.3  # seconds: the goal for the median wait
GOAL_MAX = 1.5  # ... and for the longest


class Watched:
    """A searching bot whose decisions are timed and whose departures from
    its policy's move are recorded with their lead (mean, standard error)."""

    def __init__(self, bot):
        self.bot, self.kind, self.observes = bot, bot.kind, bot.observes
        self.records: list[dict] = []
        self._seen: list = []
        decide = bot._decided

        def seen(ranked):  # the estimates the choice was made from
            self._seen[:] = ranked
            return decide(ranked)

        bot._decided = seen

    def choose(self, obs, legal):
        self._seen.clear()
        wall, cpu = time.perf_counter(), time.process_time()
        action = self.bot.choose(obs, legal)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        if len(legal) > 1:
            chosen = next((e for e in self._seen if e.action == action), None)
            departed = bool(self._seen) and action != self.bot.last_default
            lead = chosen.lead if departed and chosen is not None else None
            self.records.append({
                "wall_s": wall, "cpu_s": cpu,
                "worlds": max((e.worlds for e in self._seen), default=0),
                "departed": departed, "lead": lead})
        return action


def play(job: tuple[int, str, str, str, str, str]) -> list[dict]:
    """One game (seed, p1, p2, PLAYER's seat, PLAYER's spec, OPPONENT's):
    PLAYER's decisions."""
    from avatar_tui.bots import play_game, setup_for
    from avatar_tui.bots.match import bot_seed
    from benchmarks.strength import make_player

    seed, p1, p2, seat, spec, opponent = job
    other = "p2" if seat == "p1" else "p1"
    watched = Watched(make_player(spec, bot_seed(seed, seat)))
    bots = {seat: watched, other: make_player(opponent, bot_seed(seed, other))}
    play_game(setup_for(seed, p1, p2), bots)
    return watched.records


def summary(records: list[dict]) -> dict:
    walls = sorted(r["wall_s"] for r in records)
    cpus = sorted(r["cpu_s"] for r in records)
    departures = [r for r in records if r["departed"]]
    noise = [r for r in departures if r["lead"] is None or r["lead"][0] <= 2 * r["lead"][1]]

    def tenth(values: list[float], k: int) -> float:
        return values[min(len(values) - 1, len(values) * k // 10)]

    return {"decisions": len(records),
            "wall_s": {"median": round(statistics.median(walls), 3),
                       "p90": round(tenth(walls, 9), 3), "max": round(walls[-1], 3)},
            "cpu_s": {"median": round(statistics.median(cpus), 3),
                      "p90": round(tenth(cpus, 9), 3), "max": round(cpus[-1], 3)},
            "worlds": {"median": statistics.median(r["worlds"] for r in records),
                       "max": max(r["worlds"] for r in records)},
            "departures": len(departures), "noise": len(noise)}


def main(argv: list[str] | None = None) -> int:
    from benchmarks.strength import PAIRINGS

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--player", default="master",
                        help="the player timed (default: the master at the app's budget)")
    parser.add_argument("--think", type=float, default=None,
                        help="its `think` seconds (default: the app's, DEFAULT_THINK)")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    spec = args.player + (f":think={args.think}" if args.think is not None else "")
    jobs = []
    for i in range(args.games):
        p1, p2 = PAIRINGS[i % len(PAIRINGS)]
        seat = "p1" if (i // len(PAIRINGS)) % 2 == 0 else "p2"
        jobs.append((args.seed + i, p1, p2, seat, spec, args.opponent))
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play, jobs, chunksize=1))
    else:
        results = [play(j) for j in jobs]
    out = {"player": spec, "opponent": args.opponent, "games": args.games,
           "seeds": [args.seed, args.seed + args.games - 1],
           **summary([r for game in results for r in game])}
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    wall, cpu, worlds = out["wall_s"], out["cpu_s"], out["worlds"]
    print(f"{spec} v {args.opponent}, {args.games} games (seeds {args.seed}–"
          f"{args.seed + args.games - 1}), {out['decisions']} decisions with a choice")
    print(f"  wait (wall): median {wall['median']:.3f} s, 90% {wall['p90']:.3f} s, "
          f"max {wall['max']:.3f} s (goal: median < {GOAL_MEDIAN} s, max < {GOAL_MAX} s)")
    print(f"  CPU:         median {cpu['median']:.3f} s, 90% {cpu['p90']:.3f} s, "
          f"max {cpu['max']:.3f} s")
    print(f"  worlds: median {worlds['median']}, max {worlds['max']}")
    print(f"  departures from the policy's move: {out['departures']}, on a lead within "
          f"two standard errors: {out['noise']} (goal: 0)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
