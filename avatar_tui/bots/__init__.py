"""Computer players (issue 7): bots that choose among the engine's legal
actions from what their player may see (R1.6), and a runner that plays
whole games between them headless.

- `observation(state, pid)`: the player's view, hidden cards replaced;
- `RandomBot`, `HeuristicBot`, `make_bot(kind, seed)`;
- `play_game(setup, bots)`, `play_seeded(seed, p1, p2, bot1, bot2)`;
- `BotSeat`: a computer player in one seat of an interactive game.
"""

from avatar_tui.bots.base import Bot, RandomBot
from avatar_tui.bots.heuristic import HeuristicBot
from avatar_tui.bots.match import (
    BOT_KINDS,
    BotError,
    GameError,
    GameResult,
    characters,
    make_bot,
    play_game,
    play_seeded,
    setup_for,
)
from avatar_tui.bots.seat import BotSeat
from avatar_tui.engine import HIDDEN, Observation, observation

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
    "characters",
    "make_bot",
    "observation",
    "play_game",
    "play_seeded",
    "setup_for",
]
