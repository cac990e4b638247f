"""What happened, step by step, each with the rule that made it happen."""

from __future__ import annotations

from dataclasses import dataclass

from avatar_tui.model.common import PlayerId


@dataclass(frozen=True, slots=True)
class Event:
    """Made by the engine itself, many per action: a plain dataclass, as
    nothing from outside needs validating here."""

    rule: str  # a RULES.md id, e.g. "R4.2"
    text: str  # plain words, e.g. "p1 replenishes: +1 green"
    player: PlayerId | None = None

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"
