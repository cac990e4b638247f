"""Plain words of the files, with no pydantic, so the command line can
offer them (`avatar-tui cards --trait`, `play --vs-bot`) without loading
the model: card traits and rarities, and the kinds of computer player a
save names (`computer = { p2 = "expert" }`), which the bots are
registered under (bots/kinds.py)."""

from __future__ import annotations

from typing import Literal, get_args

Trait = Literal[
    "bull", "fox", "lion",  # strike animals
    "body", "mind", "spirit",  # advantages
    "light", "shadow", "dark",  # allies
    "air", "earth", "fire", "water",  # elements
]
Rarity = Literal["common", "uncommon", "rare", "zenemental", "promo"]
# a save's computer player: the notation reads it here, at the ground, and
# the bots (bots/kinds.py) are registered under the same names
ComputerKind = Literal["random", "heuristic", "expert", "master", "expert-v1", "master-v1"]
COMPUTER_KINDS: tuple[str, ...] = get_args(ComputerKind)
