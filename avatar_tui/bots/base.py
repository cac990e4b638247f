"""What a computer player is: something that picks one of the legal actions,
given only what its player may see (R1.6)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from avatar_tui.engine import Observation
from avatar_tui.model.actions import Action


class Bot(Protocol):
    """A computer player.

    `choose(obs, legal)` returns one of `legal` (the engine's legal actions
    now, all of the bot's player). `obs` is that player's observation, or
    None for a bot that declares `observes = False` (it chooses from the
    legal actions alone, and the runner spares the copy). A bot has its own
    seeded `random.Random`: never the global generator, never the game's."""

    kind: str
    observes: bool

    def choose(self, obs: Observation | None, legal: Sequence[Action]) -> Action: ...


class RandomBot:
    """Uniform over the legal actions (every overpayment allocation counts
    as one action), from its own seeded generator."""

    kind = "random"
    observes = False

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, obs: Observation | None, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]
