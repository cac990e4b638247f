"""The computer's sealed deck-builder measured (docs/formats.md): its deck
against a random legal deck from the same pool and the same chamber, both
played by the same bot.

    python benchmarks/sealed_builder.py                 # the figure of docs/formats.md
    python benchmarks/sealed_builder.py --pools 20      # a quick look

Pool i is `open_pool(seed S+i)` under the default sealed rules; the builder
builds from it (decklib.sealed.build_deck, seed S+i), and the random deck
is `random_deck` of the builder's chamber with seed S+i. Each pool plays
two games, seed S+i, the built deck once as p1 and once as p2, so neither
seat favours it. Every number is fixed by the arguments. The win rate is
reported with its 95% Wilson interval (avatar_tui/bots/wilson.py).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    from avatar_tui.bots.match import play_seeded
    from avatar_tui.bots.wilson import wilson
    from avatar_tui.cardlib.catalog import default_catalog
    from avatar_tui.cardlib.packs import load_collation
    from avatar_tui.decklib.sealed import build_deck, open_pool, random_deck

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pools", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--progress", action="store_true")
    args = parser.parse_args(argv)
    catalog = default_catalog()
    collation = load_collation(catalog)
    wins = games = 0
    seats = {"p1": [0, 0], "p2": [0, 0]}
    start = time.perf_counter()
    for i in range(args.pools):
        seed = args.seed + i
        pool = open_pool(catalog, collation, seed)
        built = build_deck(pool, catalog, seed)
        rival = random_deck(pool, catalog.chamber(built.chamber), catalog, seed)
        for seat in ("p1", "p2"):
            p1, p2 = (built, rival) if seat == "p1" else (rival, built)
            result = play_seeded(seed, p1, p2, args.bot, args.bot, catalog=catalog)
            won = result.winner == seat
            wins += won
            games += 1
            seats[seat][0] += won
            seats[seat][1] += 1
        if args.progress:
            print(f"\r{i + 1}/{args.pools} pools, {wins}/{games} won, "
                  f"{time.perf_counter() - start:.0f} s", end="", file=sys.stderr, flush=True)
    if args.progress:
        print(file=sys.stderr)
    low, high = wilson(wins, games)
    summary = {"pools": args.pools, "games": games, "seed": args.seed, "bot": args.bot,
               "built_wins": wins, "win_rate": round(wins / games, 4),
               "ci95": [round(low, 4), round(high, 4)],
               "as_p1": seats["p1"], "as_p2": seats["p2"],
               "elapsed_s": round(time.perf_counter() - start, 1)}
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"built deck v random deck, {args.pools} pools, {games} games ({args.bot}): "
              f"{wins / games:.1%} won (95% {low:.1%}–{high:.1%}); as p1 "
              f"{seats['p1'][0]}/{seats['p1'][1]}, as p2 {seats['p2'][0]}/{seats['p2'][1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
