"""A child process of benchmarks/run.py: random playouts through the
engine's fast path, timed in CPU seconds of this process, reported as one
JSON line.

    PYTHONPATH=TREE python benchmarks/playout_probe.py STEPS FIRST_SEED

It imports `avatar_tui` from whatever tree PYTHONPATH names (this
installed package, a checkout, or an older commit unpacked for
comparison), so it uses only the
engine's public API as it has been since the fast path exists:
`new_game`, `legal_actions`, `playout_apply`, `bots.setup_for` and
`bots.RandomBot`. It does not put its own checkout on the path.

The workload: games of Aang against Katara from seeds FIRST_SEED+1,
FIRST_SEED+2, ..., each move chosen by a seeded random bot, until STEPS
moves are made. Only the moves are timed (`time.process_time()` around
`legal_actions` + the bot + `playout_apply`); setting a game up and
importing are not. A warm-up of a few hundred moves from other seeds runs
first, unmeasured. `games` and `digest` describe the games played, so the
parent can check that two engines played exactly the same games: the
two house decks must be the same in both trees, so the pairing is one
whose decks have not changed since the baseline commit (Prince Zuko's
did, in a balance round).
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from importlib.machinery import EXTENSION_SUFFIXES

WARM_UP_STEPS = 500
PAIRING = ("aang", "katara")  # house decks unchanged since benchmarks/run.py's BASELINE


def playouts(steps: int, first_seed: int) -> dict:
    from avatar_tui.bots import RandomBot, setup_for
    from avatar_tui.engine import legal_actions, new_game, playout_apply

    done, cpu, seed = 0, 0.0, first_seed
    digest = hashlib.sha256()
    while done < steps:
        seed += 1
        state, _ = new_game(setup_for(seed, *PAIRING))
        bot = RandomBot(seed)
        start = time.process_time()
        while state.phase != "over" and done < steps:
            playout_apply(state, bot.choose(None, legal_actions(state)))
            done += 1
        cpu += time.process_time() - start
        scores = tuple(state.players[p].score for p in ("p1", "p2"))
        digest.update(f"{seed}:{state.phase}:{state.turn_number}:{scores};".encode())
    return {"steps": done, "cpu_s": cpu, "games": seed - first_seed,
            "digest": digest.hexdigest()[:16]}


def main(argv: list[str]) -> int:
    steps, first_seed = int(argv[0]), int(argv[1])
    import avatar_tui

    playouts(min(steps, WARM_UP_STEPS), 900_000)  # unmeasured: fills caches
    result = playouts(steps, first_seed)
    result["package"] = avatar_tui.__file__
    # Compiled (setup.py's mypyc build) when the engine's modules are
    # extension modules; asked of the module, as older trees have no flag.
    game_file = sys.modules["avatar_tui.engine.game"].__file__ or ""
    result["compiled"] = game_file.endswith(tuple(EXTENSION_SUFFIXES))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
