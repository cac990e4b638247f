"""Playing whole games between bots, headless. The runner is the only code
that holds the real state: each bot is shown its own observation (R1.6)
and the legal actions, and its answer goes through the engine."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass

from avatar_tui.bots.base import Bot, RandomBot
from avatar_tui.bots.expert import ExpertBot
from avatar_tui.bots.heuristic import HeuristicBot
from avatar_tui.bots.kinds import SEARCHING, SEEDED_WORLDS, check_makers
from avatar_tui.bots.master import MASTER_V1, MasterBot
from avatar_tui.cardlib.catalog import Catalog, DeckList, default_catalog
from avatar_tui.decklib.library import player_setup
from avatar_tui.engine import actor_of, apply_in_place, legal_actions, new_game, observation
from avatar_tui.model.common import PLAYERS, PlayerId
from avatar_tui.model.state import GameSetup, GameState, PlayerSetup

MASTER_V1_WORLDS = 12  # the worlds of the master's published tables (docs/computer-players.md)


def master_v1(seed: int, **budget: float | int | None) -> MasterBot:
    """The frozen `master-v1`: the master as it was before issue 45, at
    MASTER_V1_WORLDS whatever `budget` (`think`, `worlds`) it is given, so a
    table or file that names it means the same games forever."""
    return MasterBot(seed, worlds=MASTER_V1_WORLDS, **MASTER_V1)


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "expert": ExpertBot,
    "master": MasterBot,
    "master-v1": master_v1,
}
check_makers(BOTS)  # a kind of the table without its maker stops here, named
BOT_KINDS = tuple(BOTS)
MAX_ACTIONS = 20_000  # a game that long is a bug (an endless loop), not a game


class BotError(RuntimeError):
    """A bot answered with an action that is not legal."""


class GameError(RuntimeError):
    """A game stopped on an error: the message names its seed, to replay it."""


def make_bot(kind: str, seed: int = 0, **options) -> Bot:
    """A bot of `kind` with its own seed; `options` (a searching bot's
    `think` or `worlds`) go to the kinds that take them."""
    try:
        factory = BOTS[kind]
    except KeyError:
        raise ValueError(f"unknown bot '{kind}' (expected one of: "
                         f"{', '.join(BOT_KINDS)})") from None
    return factory(seed, **options) if kind in SEARCHING else factory(seed)


def bot_seed(game_seed: int, pid: PlayerId) -> int:
    """Each bot's own generator seed, fixed by the game's seed and its seat."""
    return game_seed * 2 + (0 if pid == "p1" else 1)


@dataclass(frozen=True)
class GameResult:
    seed: int
    winner: PlayerId | None  # None: stopped at MAX_ACTIONS (never expected)
    points: dict[str, int]
    turns: int  # state.turn_number at the end
    actions: int

    def as_dict(self) -> dict:
        return asdict(self)


def play_game(setup: GameSetup, bots: Mapping[PlayerId, Bot],
              max_actions: int = MAX_ACTIONS) -> tuple[GameState, GameResult]:
    """Play one game to the end (R10.5) and return the final state and its
    result. Raises BotError when a bot answers with an illegal action."""
    state, _ = new_game(setup)
    actions = 0
    while state.phase != "over" and actions < max_actions:
        legal = legal_actions(state)
        pid = actor_of(state)
        assert pid is not None  # the game is not over
        bot = bots[pid]
        obs = observation(state, pid) if bot.observes else None
        action = bot.choose(obs, legal)
        if action not in legal:
            raise BotError(f"{bot.kind} bot ({pid}) chose '{action}', which is not legal; "
                           f"legal: {', '.join(map(str, legal))}")
        apply_in_place(state, action)
        actions += 1
    result = GameResult(
        seed=setup.seed,
        winner=state.winner,
        points={p: state.players[p].score for p in PLAYERS},
        turns=state.turn_number,
        actions=actions,
    )
    return state, result


Side = str | DeckList  # a character's house starter deck, or a deck list


def side_setup(side: Side, seed: int, pid: PlayerId,
               catalog: Catalog | None = None) -> PlayerSetup:
    if isinstance(side, DeckList):
        return player_setup(side, catalog or default_catalog(), seed, pid)
    return PlayerSetup(chamber=side)


def side_name(side: Side) -> str:
    return side.name if isinstance(side, DeckList) else side


def setup_for(seed: int, p1: Side, p2: Side, catalog: Catalog | None = None) -> GameSetup:
    """A game of two sides with this catalog (None: the installed one, as
    the simulation runner and the benchmarks play)."""
    catalog = catalog or default_catalog()
    return GameSetup(seed=seed, p1=side_setup(p1, seed, "p1", catalog),
                     p2=side_setup(p2, seed, "p2", catalog), catalog=catalog)


def play_seeded(seed: int, p1: Side, p2: Side, bot1: str, bot2: str,
                options: Mapping[str, float | int] | None = None,
                catalog: Catalog | None = None) -> GameResult:
    """One game fixed entirely by its arguments: the setup's seed and each
    bot's own seed derive from `seed`. `options` go to an expert bot (its
    `worlds`; a `think` time budget makes the game depend on the clock)."""
    # a fixed search unless told otherwise: the game then depends on the seed alone
    opts = dict(options) if options else {"worlds": SEEDED_WORLDS}
    bots: dict[PlayerId, Bot] = {"p1": make_bot(bot1, bot_seed(seed, "p1"), **opts),
            "p2": make_bot(bot2, bot_seed(seed, "p2"), **opts)}
    try:
        return play_game(setup_for(seed, p1, p2, catalog), bots)[1]
    except Exception as err:
        raise GameError(f"the game with seed {seed} ({side_name(p1)} {bot1} v "
                        f"{side_name(p2)} {bot2}) stopped: "
                        f"{type(err).__name__}: {err}") from err
