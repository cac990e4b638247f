"""How often a player uses a payment power that changes nothing that
matters (issue 30: no pointless moves), counted in the real game.

    python benchmarks/pointless.py --games 200 --jobs 2          # master v expert
    python benchmarks/pointless.py --games 40 --player expert:16 --opponent master:12

Each game pits PLAYER against OPPONENT on one of strength.py's pairings,
seats alternating. Every power use (R7.1) PLAYER makes is checked, in the
full state of the game where it was made (not a world the player dealt),
by `bots.master.changes_something`: an energy spent for no change of
energy beyond its cost, charge, ally, advantage, incoming force, upward
intercept, or a counterattack's force, counts as pointless. It prints the
power uses, the pointless ones, and up to five of them with their game.
"""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def play(job: tuple[int, str, str, str, str, str]) -> dict:
    """One game (seed, p1, p2, PLAYER's seat, PLAYER's spec, OPPONENT's):
    PLAYER's power uses and the pointless ones among them."""
    from avatar_tui.bots import observation, setup_for
    from avatar_tui.bots.master import changes_something
    from avatar_tui.bots.match import MAX_ACTIONS, bot_seed
    from avatar_tui.engine import actor_of, apply_in_place, legal_actions, new_game
    from benchmarks.strength import make_player

    seed, p1, p2, seat, spec, opponent = job
    other = "p2" if seat == "p1" else "p1"
    bots = {seat: make_player(spec, bot_seed(seed, seat)),
            other: make_player(opponent, bot_seed(seed, other))}
    state, _ = new_game(setup_for(seed, p1, p2))
    uses, found = 0, []
    for _ in range(MAX_ACTIONS):
        if state.phase == "over":
            break
        legal = legal_actions(state)
        pid = actor_of(state)
        action = bots[pid].choose(observation(state, pid), legal)
        if pid == seat and action.verb == "power":
            uses += 1  # checked in the full state, before it is made
            if not changes_something(state, action):
                found.append(f"seed {seed}, {p1} v {p2}, {seat}: {action}")
        apply_in_place(state, action)
    return {"uses": uses, "pointless": found}


def main(argv: list[str] | None = None) -> int:
    from benchmarks.strength import PAIRINGS

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--player", default="master:12")
    parser.add_argument("--opponent", default="expert:16")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    jobs = []
    for i in range(args.games):
        p1, p2 = PAIRINGS[i % len(PAIRINGS)]
        seat = "p1" if (i // len(PAIRINGS)) % 2 == 0 else "p2"
        jobs.append((args.seed + i, p1, p2, seat, args.player, args.opponent))
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play, jobs, chunksize=1))
    else:
        results = [play(j) for j in jobs]
    uses = sum(r["uses"] for r in results)
    found = [f for r in results for f in r["pointless"]]
    print(f"{args.player} v {args.opponent}, {args.games} games (seeds {args.seed}–"
          f"{args.seed + args.games - 1}): {uses} power uses, {len(found)} pointless")
    for line in found[:5]:
        print(" ", line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
