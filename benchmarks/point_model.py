"""Fits the expert's estimate of who wins the next point from the board
right after a point is scored (bots/expert.py, POINT_WEIGHTS).

    python benchmarks/point_model.py --games 300      # prints the weights

Two heuristic players play games between random pairs of house decks; each
time a point is scored and the game goes on, the board is written down as
the differences (one player's minus the other's) that `point_features`
reads, and the next point's winner is noted. A logistic regression without
intercept (the two sides are alike) is fitted by gradient descent in plain
Python; the weights and the fit's log-loss against a coin are printed.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def samples(games: int, seed: int) -> list[tuple[list[float], int]]:
    from avatar_tui.bots import HeuristicBot, setup_for
    from avatar_tui.bots.expert import point_features
    from avatar_tui.cardlib.catalog import characters
    from avatar_tui.engine import new_game
    from benchmarks.game_model import after_each_point

    rnd = random.Random(seed)
    names = characters()
    out: list[tuple[list[float], int]] = []
    for g in range(games):
        game, _ = new_game(setup_for(seed + g, rnd.choice(names), rnd.choice(names)))
        bots = {"p1": HeuristicBot(2 * g), "p2": HeuristicBot(2 * g + 1)}
        pending: list[float] | None = None
        for state in after_each_point(game, bots):
            scorer = 1 if state.winner == "p1" or (
                state.phase != "over" and state.chooser == "p2") else 0
            if pending is not None:
                out.append((pending, scorer))
            pending = point_features(state, "p1") if state.phase != "over" else None
    return out


def fit(data: list[tuple[list[float], int]], steps: int = 3000,
        rate: float = 0.05) -> list[float]:
    from benchmarks.game_model import chance

    n = len(data[0][0])
    w = [0.0] * n
    for _ in range(steps):
        grad = [0.0] * n
        for x, y in data:
            p = chance(w, x)
            for i in range(n):
                grad[i] += (p - y) * x[i]
        w = [wi - rate * gi / len(data) for wi, gi in zip(w, grad, strict=True)]
    return w


def log_loss(w: list[float], data: list[tuple[list[float], int]]) -> float:
    from benchmarks.game_model import chance
    from benchmarks.game_model import log_loss as of_chances

    return of_chances([chance(w, x) for x, _ in data], [y for _, y in data])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    data = samples(args.games, args.seed)
    half = len(data) // 2
    w = fit(data[:half])
    print(f"{len(data)} points; fitted on {half}, tested on {len(data) - half}")
    print(f"log-loss on the rest: {log_loss(w, data[half:]):.4f} (a coin: {math.log(2):.4f})")
    print("weights fitted on all:", [round(x, 3) for x in fit(data)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
