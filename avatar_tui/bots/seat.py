"""A computer player in a seat of an interactive game (`avatar-tui play
--vs-bot`): the app asks it, after every change, whether it is to move, and
if so for its move, which it then makes through the engine like a key would.
The seat sees only its observation (R1.6); the pause is the app's to wait."""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from avatar_tui import pauses
from avatar_tui.bots.base import Bot
from avatar_tui.bots.match import make_bot
from avatar_tui.bots.observation import observation
from avatar_tui.engine import legal_actions
from avatar_tui.model.actions import Action
from avatar_tui.model.common import PlayerId
from avatar_tui.model.state import GameState

DEFAULT_DELAY = 0.6  # seconds per move: slow enough for a person to follow


def default_delay() -> float:
    """The pause per computer move: AVATAR_TUI_BOT_DELAY seconds, if set."""
    fixed = pauses.from_env("AVATAR_TUI_BOT_DELAY")
    return DEFAULT_DELAY if fixed is None else fixed


class BotSeat:
    """`kind` ("heuristic" or "random") plays `player`'s seat."""

    def __init__(self, kind: str = "heuristic", player: PlayerId = "p2",
                 seed: int | None = None, delay: float | None = None):
        self.kind = kind
        self.player = player
        # the bot's own generator; a fresh seed per game unless one is given
        self.bot: Bot = make_bot(kind, secrets.randbelow(2**32) if seed is None else seed)
        self.delay = default_delay() if delay is None else pauses.seconds(delay)

    def to_move(self, legal: Sequence[Action]) -> bool:
        """Whether this seat must act now (a move or an answer), given the
        legal actions of the moment."""
        return bool(legal) and legal[0].player == self.player

    def next_action(self, state: GameState) -> Action:
        """This seat's move now, chosen from its observation only."""
        legal = legal_actions(state)
        if not self.to_move(legal):
            raise ValueError(f"it is not {self.player}'s move")
        obs = observation(state, self.player) if self.bot.observes else None
        return self.bot.choose(obs, legal)
