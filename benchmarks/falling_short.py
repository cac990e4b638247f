"""How often a flipped strike falls short of the attack it meets (R5.3), by
the defending character, in the balance tables' seeded games
(docs/balance.md, "At the master's strength").

    python benchmarks/falling_short.py --bot master-v1 --games 1 --jobs 2
    python benchmarks/falling_short.py --bot heuristic --games 10

For every ordered pair of different house decks and seeds 1..N it plays the
games `benchmarks/matchups.py --no-mirror` plays (same setups, same bots'
seeds) and looks at each flipped strike when its defender first decides on
it (the engine's `look`: its intercept now against the incoming force now,
R12.7). Printed per character: the strikes seen, the share whose intercept
is below the force (it cannot be played, R5.7), and the average force met.
Measured and printed, never asserted."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def tally(game: tuple[str, str, int, str]) -> Counter:
    """(character, what) -> count over one game: strikes seen, short, force summed."""
    from avatar_tui.bots.kinds import SEEDED_WORLDS
    from avatar_tui.bots.match import bot_seed, make_bot, setup_for
    from avatar_tui.engine import (
        actor_of,
        apply_in_place,
        legal_actions,
        look,
        new_game,
        observation,
    )

    p1, p2, seed, kind = game
    bots = {pid: make_bot(kind, bot_seed(seed, pid), worlds=SEEDED_WORLDS) for pid in ("p1", "p2")}
    who = {"p1": p1, "p2": p2}
    state, _ = new_game(setup_for(seed, p1, p2, None))
    counts: Counter = Counter()
    seen = None
    while state.phase != "over":
        lk = look(state)
        face = lk.flipped
        if face is not None and face.intercept is not None and lk.incoming is not None:
            key = (state.turn_number, face.player, face.zone, face.card)
            if key != seen:  # its first look, before any power or payment
                seen = key
                counts[(who[face.player], "strikes")] += 1
                counts[(who[face.player], "short")] += face.intercept < lk.incoming.force
                counts[(who[face.player], "force")] += lk.incoming.force
        pid = actor_of(state)
        assert pid is not None  # the game is not over
        bot = bots[pid]
        obs = observation(state, pid) if bot.observes else None
        apply_in_place(state, bot.choose(obs, legal_actions(state)))
    return counts


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from matchups import house_characters

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="heuristic", help="both sides' bot (default heuristic)")
    parser.add_argument("--games", type=int, default=1, help="seeds 1..N of every pair")
    parser.add_argument("--characters", help="comma-separated subset (default: all ten)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    chars = [c for c, _ in house_characters()]
    if args.characters:
        chars = [c.strip() for c in args.characters.split(",")]
    games = [(a, b, s, args.bot) for a in chars for b in chars if a != b
             for s in range(1, args.games + 1)]
    total: Counter = Counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            for counts in pool.map(tally, games):
                total.update(counts)
    else:
        for game in games:
            total.update(tally(game))
    rows = {c: {"strikes": total[(c, "strikes")], "short": total[(c, "short")],
                "force": round(total[(c, "force")] / max(1, total[(c, "strikes")]), 2)}
            for c in chars}
    if args.json:
        print(json.dumps({"bot": args.bot, "games": args.games, "characters": rows}, indent=2))
        return 0
    print(f"{len(games)} games, bot {args.bot} on both sides, seeds 1–{args.games}")
    print("| character | strikes | short of the force | force met |\n| --- | ---: | ---: | ---: |")
    for c, row in rows.items():
        share = 100 * row["short"] / row["strikes"] if row["strikes"] else 0.0
        print(f"| {c} | {row['strikes']} | {share:.1f}% | {row['force']:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
