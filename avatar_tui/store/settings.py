"""The options a player sets once and keeps between runs, as `settings.toml`
in the data directory holds them (store/storage.py reads and writes the file):

- `theme`: the colour theme (None: Textual's default, or TEXTUAL_THEME);
- `auto_flip`: flip for the player when flipping is their only move;
- `hints`: the status line's second line, the keys for the step and what
  paying would leave (a refusal's reason shows either way);
- `think`: the seconds a searching computer player thinks per move;
- `scheduler`: the Dask cluster the deck editor's test plays its games on,
  a scheduler's address or `local` (None: the editor's own process); set by
  hand in the file, and `avatar-tui decks --scheduler` overrides it.

A value of the wrong kind is only a lost preference: its default is used,
and one line names the file, the key and the problem (`read`)."""

from __future__ import annotations

import math
from dataclasses import dataclass

THINK_CHOICES = (0.5, 1.0, 2.0, 3.0, 5.0, 10.0)  # the settings screen's list
THEME_SHOWN = 20  # the most of an unknown theme's name a problem quotes: one line of 80
THINK_LIMIT = 60.0  # seconds: a longer search is a mistake, not a wish
SCHEDULER_LONGEST = 200  # characters: an address, not a text


@dataclass(frozen=True)
class Settings:
    theme: str | None = None
    auto_flip: bool = False
    hints: bool = True
    think: float = 1.0
    scheduler: str | None = None

    def table(self) -> dict[str, object]:
        """As settings.toml keeps it (no theme or scheduler chosen: no line)."""
        found: dict[str, object] = {"auto_flip": self.auto_flip, "hints": self.hints,
                                    "think": self.think}
        if self.theme is not None:
            found = {"theme": self.theme, **found}
        if self.scheduler is not None:
            found["scheduler"] = self.scheduler
        return found


def read(table: dict, name: str) -> tuple[Settings, list[str]]:
    """The settings a parsed settings.toml holds, and a line per value set
    aside (naming `name`, the key and why; its default is used)."""
    problems: list[str] = []
    values: dict[str, object] = {}
    theme = table.get("theme")
    if theme is not None:
        if isinstance(theme, str):
            values["theme"] = theme
        else:
            problems.append(f"{name}: theme: expected a theme's name in quotes, "
                            f"got {theme!r}")
    for key in ("auto_flip", "hints"):
        value = table.get(key)
        if value is None:
            continue
        if isinstance(value, bool):
            values[key] = value
        else:
            problems.append(f"{name}: {key}: expected true or false, got {value!r}")
    think = table.get("think")
    if think is not None:
        if isinstance(think, bool) or not isinstance(think, int | float) \
                or not math.isfinite(think) or not 0 < think <= THINK_LIMIT:
            problems.append(f"{name}: think: expected seconds above 0 and at most "
                            f"{THINK_LIMIT:g}, got {think!r}")
        else:
            values["think"] = float(think)
    scheduler = table.get("scheduler")
    if scheduler is not None:
        if isinstance(scheduler, str) and scheduler.strip() \
                and len(scheduler) <= SCHEDULER_LONGEST and scheduler.isprintable():
            values["scheduler"] = scheduler.strip()
        else:
            shown = repr(scheduler)
            shown = shown if len(shown) <= 40 else shown[:39] + "…"
            problems.append(f"{name}: scheduler: expected a Dask scheduler's address "
                            f"(tcp://HOST:PORT) or 'local' in quotes, got {shown}")
    return Settings(**values), problems  # type: ignore[arg-type]  # the values were checked one by one above


def unknown_theme(name: str, theme: str) -> str:
    """The problem with a theme this app does not have (only the app knows
    its themes), said like the other bad values; a long name is cut so the
    line stays within 80 columns."""
    shown = theme if len(theme) <= THEME_SHOWN else theme[:THEME_SHOWN - 1] + "…"
    return f"{name}: theme: no such theme {shown!r}"
