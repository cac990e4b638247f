"""How often a sealed pool can make a legal deck (docs/formats.md), for
several (packs, deck minimum) pairs: the table behind the defaults of
avatar_tui/decklib/sealed.py.

    python benchmarks/sealed_pools.py                   # the table of docs/formats.md
    python benchmarks/sealed_pools.py --pools 1000      # a quick look
    python benchmarks/sealed_pools.py --pairs 6x30 8x30 --json

Pool i is the packs of seed S+i (`avatar-tui pack --seed S+i --count
PACKS`), with no extra pack opened: the share counted is of pools that can
make a deck as opened. For each pair it also reports how many pools needed
1, 2, ... extra packs under the rule of decklib/sealed.py (open one more
pack until the pool can), and how many were still short after EXTRA_PACKS.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

PAIRS = ("6x30", "6x25", "7x30", "8x30", "8x35", "9x35", "10x40")


def measure(packs: int, minimum: int, pools: int, seed: int, extra: int) -> dict:
    from avatar_tui.cardlib.catalog import default_catalog
    from avatar_tui.cardlib.packs import PackMaker, load_collation
    from avatar_tui.decklib.sealed import can_make_deck, pool_of

    catalog = default_catalog()
    maker = PackMaker(catalog, load_collation(catalog))
    ok = 0
    extras: Counter[int] = Counter()
    for i in range(pools):
        rng = random.Random(seed + i)  # as open_pool and `avatar-tui pack` draw them
        opened = [maker.pack(rng) for _ in range(packs)]
        pool = pool_of(opened, catalog, minimum, seed + i)
        ok += can_make_deck(pool, catalog)
        more = 0
        while not can_make_deck(pool, catalog) and more < extra:
            opened.append(maker.pack(rng))
            more += 1
            pool = pool_of(opened, catalog, minimum, seed + i)
        extras[more if can_make_deck(pool, catalog) else -1] += 1
    return {"packs": packs, "minimum": minimum, "pools": pools, "seed": seed,
            "can": ok, "share": ok / pools,
            "extra_packs": {str(k): v for k, v in sorted(extras.items()) if k > 0},
            "still_short": extras[-1]}


def main(argv: list[str] | None = None) -> int:
    from avatar_tui.bots.wilson import wilson
    from avatar_tui.decklib.sealed import EXTRA_PACKS

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pools", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairs", nargs="+", default=list(PAIRS), metavar="PACKSxMINIMUM")
    parser.add_argument("--extra", type=int, default=EXTRA_PACKS,
                        help="the most extra packs a short pool opens")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = []
    for pair in args.pairs:
        packs, minimum = (int(x) for x in pair.split("x"))
        rows.append(measure(packs, minimum, args.pools, args.seed, args.extra))
        if not args.json:
            r = rows[-1]
            low, high = wilson(r["can"], r["pools"])
            print(f"| {packs} | {minimum} | {r['share']:.2%} ({low:.2%}–{high:.2%}) | "
                  f"{r['extra_packs'] or '-'} | {r['still_short']} |", flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
