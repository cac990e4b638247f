"""Small shared vocabulary: players, zones, colours, energy amounts."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from avatar_tui.model.names import Rarity as Rarity  # the card words, kept apart
from avatar_tui.model.names import Trait as Trait
from avatar_tui.model.plain_reads import use_plain_reads

PlayerId = Literal["p1", "p2"]
PLAYERS: tuple[PlayerId, PlayerId] = ("p1", "p2")

# R1.4: the three zones, top to bottom. An energy's colour is its zone's (R6.1).
Zone = Literal["green", "yellow", "red"]
ZONES: tuple[Zone, Zone, Zone] = ("green", "yellow", "red")


def other(player: PlayerId) -> PlayerId:
    return "p2" if player == "p1" else "p1"


def zone_below(zone: Zone) -> Zone | None:
    i = ZONES.index(zone)
    return ZONES[i + 1] if i < 2 else None


def zone_above(zone: Zone) -> Zone | None:
    i = ZONES.index(zone)
    return ZONES[i - 1] if i > 0 else None


class Strict(BaseModel):
    """Base for data read from files: unknown keys are errors, values are frozen."""

    # defer_build: a model's validator is built when something is first
    # validated with it, not at import (the cached catalog validates nothing)
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        use_plain_reads(cls)  # the engine reads cards, costs and effects at every move


class Energy(Strict):
    """An amount of energy by colour (R1.3): a sidebar cost, a payment, a surcharge."""

    green: int = Field(default=0, ge=0)
    yellow: int = Field(default=0, ge=0)
    red: int = Field(default=0, ge=0)

    @property
    def total(self) -> int:
        return self.green + self.yellow + self.red

    def of(self, zone: Zone) -> int:
        return getattr(self, zone)

    def short(self) -> str:
        """`G1 Y2` style, `0` for nothing."""
        return _short(self.green, self.yellow, self.red)


@lru_cache(maxsize=1024)
def _short(green: int, yellow: int, red: int) -> str:
    """`Energy.short`, worked out once per amount: every payment is told."""
    parts = [f"{c}{n}" for c, n in (("G", green), ("Y", yellow), ("R", red)) if n]
    return " ".join(parts) or "0"


NO_ENERGY = Energy.model_construct()  # trusted: no validator needed at import


@lru_cache(maxsize=4096)
def energy(green: int, yellow: int, red: int) -> Energy:
    """The amount, made once and shared (Energy is frozen): the engine
    asks for the same few small amounts at every step. Checked here, not by
    building Energy's validator, which would delay the first frame."""
    if min(green, yellow, red) < 0:
        raise ValueError(f"a negative amount of energy: {green}, {yellow}, {red}")
    return Energy.model_construct(green=green, yellow=yellow, red=red)
