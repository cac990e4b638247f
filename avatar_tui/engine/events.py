"""What happened, step by step, each with the rule that made it happen;
and what the board did that cards may react to."""

from __future__ import annotations

from dataclasses import dataclass

from avatar_tui.model.common import PlayerId, Zone


@dataclass(frozen=True, slots=True)
class Event:
    """Made by the engine itself, many per action: a plain dataclass, as
    nothing from outside needs validating here."""

    rule: str  # a docs/rules.md id, e.g. "R4.2"
    text: str  # plain words, e.g. "p1 replenishes: +1 green"
    player: PlayerId | None = None

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"


# Board events: a board operation records one on the table (`Table.happened`)
# instead of starting effects itself; the run loop (flow.py) then asks
# triggers.py what each one starts (R12.2). That keeps the board below the
# effects in the engine's layers.


@dataclass(frozen=True, slots=True)
class Charged:
    """`player`'s `zone` became charged (R11.1: only a real change)."""

    player: PlayerId
    zone: Zone


@dataclass(frozen=True, slots=True)
class Flipped:
    """`player` flipped a card into `zone`'s flip space (R5.1)."""

    player: PlayerId
    zone: Zone


BoardEvent = Charged | Flipped
