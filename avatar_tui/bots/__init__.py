"""Computer players: bots that choose among the engine's legal
actions from what their player may see (R1.6), and a runner that plays
whole games between them headless.

- `observation(state, pid)`: the player's view, hidden cards replaced;
- `RandomBot`, `HeuristicBot`, `make_bot(kind, seed)`;
- `play_game(setup, bots)`, `play_seeded(seed, p1, p2, bot1, bot2)`;
- `BotSeat`: a computer player in one seat of an interactive game;
- `kinds`: the names of the kinds of computer player, a light module.

The names load on first use: importing `avatar_tui.bots.kinds` (as the
command line's `--help` does) loads neither the engine nor pydantic.
"""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from avatar_tui.bots.base import Bot, RandomBot
    from avatar_tui.bots.heuristic import HeuristicBot
    from avatar_tui.bots.match import (
        BOT_KINDS,
        BotError,
        GameError,
        GameResult,
        make_bot,
        play_game,
        play_seeded,
        setup_for,
    )
    from avatar_tui.bots.seat import BotSeat
    from avatar_tui.engine import HIDDEN, Observation, observation

_MATCH = ("BOT_KINDS", "BotError", "GameError", "GameResult", "make_bot", "play_game",
          "play_seeded", "setup_for")
__all__ = [
    "BOT_KINDS",
    "HIDDEN",
    "Bot",
    "BotError",
    "BotSeat",
    "GameError",
    "GameResult",
    "HeuristicBot",
    "Observation",
    "RandomBot",
    "make_bot",
    "observation",
    "play_game",
    "play_seeded",
    "setup_for",
]


def __getattr__(name: str) -> Any:
    # each import written out, so tests/test_import_layers.py sees the arrows
    home: ModuleType
    if name in ("Bot", "RandomBot"):
        from avatar_tui.bots import base as home
    elif name == "HeuristicBot":
        from avatar_tui.bots import heuristic as home
    elif name in _MATCH:
        from avatar_tui.bots import match as home
    elif name == "BotSeat":
        from avatar_tui.bots import seat as home
    elif name in ("HIDDEN", "Observation", "observation"):
        import avatar_tui.engine as home
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(home, name)
    globals()[name] = value  # looked up once
    return value
