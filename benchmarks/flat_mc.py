"""A plain flat Monte Carlo player, the yardstick of benchmarks/strength.py:
no knowledge of the game beyond its rules.

At a decision with more than one distinct move it deals `worlds` worlds
consistent with its observation (`determinize`, like the expert, R1.6),
tries every distinct move once in each, plays on with uniformly random
legal moves for both players to the end of the game (R10.5), and plays the
move that won most often (ties: the first listed). Its generators are its
own, seeded: the same seed gives the same moves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from avatar_tui.bots.expert import candidates
from avatar_tui.engine import (
    Observation,
    clone,
    determinize,
    legal_actions,
    playout_apply,
    seeded_rng,
)
from avatar_tui.model.actions import Action
from avatar_tui.model.common import PlayerId
from avatar_tui.model.state import GameState

MAX_STEPS = 2_000  # a random game this long is counted as a draw


class FlatMonteCarloBot:
    kind = "flatmc"
    observes = True

    def __init__(self, seed: int = 0, worlds: int = 8):
        self.worlds = worlds
        self.rng = seeded_rng(seed * 0x9E3779B1 + 11)
        self.moves = random.Random(seed)  # the playouts' own generator

    def choose(self, obs: Observation | None, legal: Sequence[Action]) -> Action:
        assert obs is not None, "flat Monte Carlo reads its observation"
        moves = candidates(legal)
        if len(moves) == 1:
            return moves[0]
        wins = [0.0] * len(moves)
        for _ in range(max(1, self.worlds)):
            world, self.rng = determinize(obs, self.rng)
            for i, move in enumerate(moves):
                state = clone(world)
                playout_apply(state, move)
                wins[i] += self.playout(state, obs.player)
        best = max(range(len(moves)), key=lambda i: (wins[i], -i))
        return moves[best]

    def playout(self, state: GameState, me: PlayerId) -> float:
        for _ in range(MAX_STEPS):
            if state.phase == "over":
                return 1.0 if state.winner == me else 0.0
            legal = legal_actions(state)
            playout_apply(state, legal[self.moves.randrange(len(legal))])
        return 0.5
