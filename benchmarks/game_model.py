"""Fits the master's estimate of who wins the game from a board between
points (bots/game_model.py, GAME_WEIGHTS), and compares it with the
expert's (bots/expert.py, `board_value`) on points held out of the fit.

    python benchmarks/game_model.py --jobs 2   # 6,000 games: prints the weights
    python benchmarks/game_model.py --decks --games 2000 --jobs 2   # with the decks left

`--decks` fits the model with the decks left too (`deck_features`, issue
45's attempt 2: DECK_WEIGHTS) beside the board alone, on the same points,
and prints both held-out log-losses.

Two thrifty players (the master's playout player) play games between random
pairs of house decks. Each time a point is scored and the game goes on,
`game_features` and the expert's `board_value` are noted from p1's side,
and at the end who won the game. A logistic regression without intercept
(the two sides are alike) is fitted by Newton's method on the first two
thirds of the games, its log-loss measured on the rest beside the expert's
and a coin's, then fitted again on all of them for the weights.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

Sample = tuple[list[float], float, int]  # features, the expert's value, p1 won


def after_each_point(state, bots: dict):
    """Plays `bots` (by seat) on `state` to the end of the game, yielding the
    state each time a point is scored (R10.2), the last one included."""
    from avatar_tui.bots import observation
    from avatar_tui.bots.expert import points_scored
    from avatar_tui.engine import legal_actions, playout_apply

    points = 0
    while state.phase != "over":
        legal = legal_actions(state)
        pid = legal[0].player
        action = legal[0] if len(legal) == 1 else \
            bots[pid].choose(observation(state, pid), legal)
        playout_apply(state, action)
        if points_scored(state) != points:
            points = points_scored(state)
            yield state


def one_game(seed: int, decks: bool = False) -> list[Sample]:
    """The points of one game between two thrifty players, from p1's side;
    `decks`: with `deck_features` after `game_features`."""
    from avatar_tui.bots import setup_for
    from avatar_tui.bots.expert import board_value
    from avatar_tui.bots.game_model import deck_features, game_features
    from avatar_tui.bots.thrifty import ThriftyHeuristic
    from avatar_tui.cardlib.catalog import characters
    from avatar_tui.engine import new_game

    names = characters()
    rnd = random.Random(seed)
    state, _ = new_game(setup_for(seed, rnd.choice(names), rnd.choice(names)))
    bots = {"p1": ThriftyHeuristic(2 * seed), "p2": ThriftyHeuristic(2 * seed + 1)}
    boards = [(game_features(s, "p1") + (deck_features(s, "p1") if decks else []),
               board_value(s, "p1"))
              for s in after_each_point(state, bots) if s.phase != "over"]
    won = int(state.winner == "p1")
    return [(x, v, won) for x, v in boards]


def chance(w: list[float], x: list[float]) -> float:
    """A logistic regression's chance for features `x` under weights `w`."""
    from avatar_tui.bots.expert import logistic

    return logistic(sum(a * b for a, b in zip(w, x, strict=True)))


def fit(data: list[tuple[list[float], int]], steps: int = 12, ridge: float = 1.0) -> list[float]:
    """Logistic regression without intercept by Newton's method, with a
    small ridge so that a feature that never varies cannot break it."""
    n = len(data[0][0])
    w = [0.0] * n
    for _ in range(steps):
        grad = [ridge * wi for wi in w]
        hess = [[ridge * (i == j) for j in range(n)] for i in range(n)]
        for x, y in data:
            p = chance(w, x)
            for i in range(n):
                grad[i] += (p - y) * x[i]
                if x[i]:
                    row, s = hess[i], p * (1 - p) * x[i]
                    for j in range(n):
                        row[j] += s * x[j]
        w = [wi - di for wi, di in zip(w, _solve(hess, grad), strict=True)]
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a·x = b, by Gauss-Jordan elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def log_loss(chances: list[float], outcomes: list[int]) -> float:
    total = 0.0
    for p, y in zip(chances, outcomes, strict=True):
        p = min(max(p, 1e-9), 1 - 1e-9)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(outcomes)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=70000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--decks", action="store_true",
                        help="fit with the decks left too, beside the board alone")
    args = parser.parse_args(argv)
    seeds = range(args.seed, args.seed + args.games)
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(one_game, seeds, [args.decks] * len(seeds), chunksize=20))
    cut = len(games) * 2 // 3
    train = [(x, y) for g in games[:cut] for x, _, y in g]
    held = [s for g in games[cut:] for s in g]
    w = fit(train)
    outcomes = [y for _, _, y in held]
    print(f"{sum(map(len, games))} points of {len(games)} games; "
          f"fitted on {len(train)}, tested on {len(held)}")
    mine = log_loss([chance(w, x) for x, _, _ in held], outcomes)
    experts = log_loss([v for _, v, _ in held], outcomes)
    print(f"held-out log-loss: this model {mine:.4f}, the expert's board value {experts:.4f}, "
          f"a coin {math.log(2):.4f}")
    if args.decks:
        from avatar_tui.bots.game_model import GAME_WEIGHTS

        board = len(GAME_WEIGHTS)
        alone = fit([(x[:board], y) for x, y in train])
        print(f"held-out log-loss of the board alone on the same points: "
              f"{log_loss([chance(alone, x[:board]) for x, _, _ in held], outcomes):.4f}")
        # the points of a game share its winner: the noise of the difference
        # is read game by game (each game's summed difference, over the points)
        gains = [sum(log_loss([chance(alone, x[:board])], [y]) - log_loss([chance(w, x)], [y])
                     for x, _, y in g) for g in games[cut:]]
        n, mean = len(gains), sum(gains) / len(held)
        spread = math.sqrt(sum((d - sum(gains) / n) ** 2 for d in gains) / (n - 1) * n) \
            / len(held)
        print(f"the decks' gain: {mean:.4f} (standard error {spread:.4f}, by game)")
    everything = [(x, y) for g in games for x, _, y in g]
    print("weights fitted on all:", tuple(round(x, 3) for x in fit(everything)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
