"""A computer player in a seat of an interactive game (`avatar-tui play
--vs-bot`): the app asks it, after every change, whether it is to move, and
if so for its move, which it then makes through the engine like a key would.
The seat sees only its observation (R1.6); the pause is the app's to wait."""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from avatar_tui.bots.base import Bot
from avatar_tui.bots.expert import DEFAULT_THINK, ExpertBot
from avatar_tui.bots.kinds import SEARCHING
from avatar_tui.bots.match import make_bot
from avatar_tui.engine import Observation, legal_actions, observation
from avatar_tui.io import pauses
from avatar_tui.model.actions import Action
from avatar_tui.model.common import PlayerId
from avatar_tui.model.state import GameState

DEFAULT_DELAY = 0.6  # seconds per move: slow enough for a person to follow


def default_delay() -> float:
    """The pause per computer move: AVATAR_TUI_BOT_DELAY seconds, if set."""
    fixed = pauses.from_env("AVATAR_TUI_BOT_DELAY")
    return DEFAULT_DELAY if fixed is None else fixed


def position_seed(state: GameState) -> int:
    """A searching bot's seed for this position, fixed by the game's seed and
    how far it has gone (mixed, so the deal cannot be read back from it)."""
    return (state.setup.seed * 0x9E3779B97F4A7C15 + len(state.history) * 0xBF58476D1CE4E5B9) \
        & ((1 << 63) - 1)


class BotSeat:
    """`kind` ("heuristic", "random", "expert" or "master") plays `player`'s
    seat. A searching bot (the expert, the master: an `ExpertBot`) thinks
    `think` seconds a move: the app runs it in a thread (`thinks`), from an
    observation taken beforehand (`snapshot`)."""

    def __init__(self, kind: str = "heuristic", player: PlayerId = "p2",
                 seed: int | None = None, delay: float | None = None,
                 think: float = DEFAULT_THINK, worlds: int | None = None):
        self.kind = kind
        self.player = player
        self.fixed_seed = seed
        # the bot's own generator; a fresh seed per game unless one is given
        options = {"think": think, "worlds": worlds} if kind in SEARCHING else {}
        self.bot: Bot = make_bot(kind, secrets.randbelow(2**32) if seed is None else seed,
                                 **options)
        self.delay = default_delay() if delay is None else pauses.seconds(delay)
        if kind in SEARCHING:  # the thinking is the pause; a short one shows it started
            self.delay = min(self.delay, 0.2)

    @property
    def thinks(self) -> bool:
        """Its move takes long enough to be made away from the screen."""
        return isinstance(self.bot, ExpertBot)

    def to_move(self, legal: Sequence[Action]) -> bool:
        """Whether this seat must act now (a move or an answer), given the
        legal actions of the moment."""
        return bool(legal) and legal[0].player == self.player

    def snapshot(self, state: GameState) -> tuple[Observation | None, list[Action]]:
        """What the bot decides from: its observation and the legal actions
        (detached from `state`, so it may think on while the game is shown)."""
        legal = legal_actions(state)
        if not self.to_move(legal):
            raise ValueError(f"it is not {self.player}'s move")
        if isinstance(self.bot, ExpertBot) and self.fixed_seed is None:
            self.bot.reseed(position_seed(state))
        obs = observation(state, self.player) if self.bot.observes else None
        return obs, legal

    def choose(self, obs: Observation | None, legal: list[Action]) -> Action:
        return self.bot.choose(obs, legal)
