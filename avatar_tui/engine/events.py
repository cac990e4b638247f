"""What happened, step by step, each with the rule that made it happen."""

from __future__ import annotations

from pydantic import BaseModel

from avatar_tui.model.common import PlayerId


class Event(BaseModel):
    rule: str  # a RULES.md id, e.g. "R4.2"
    text: str  # plain words, e.g. "p1 replenishes: +1 green"
    player: PlayerId | None = None

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"
