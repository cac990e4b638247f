"""Card traits and rarities: plain words with no pydantic, so the command
line can offer them (`avatar-tui cards --trait`) without loading the model."""

from __future__ import annotations

from typing import Literal

Trait = Literal[
    "bull", "fox", "lion",  # strike animals
    "body", "mind", "spirit",  # advantages
    "light", "shadow", "dark",  # allies
    "air", "earth", "fire", "water",  # elements
]
Rarity = Literal["common", "uncommon", "rare", "zenemental", "promo"]
