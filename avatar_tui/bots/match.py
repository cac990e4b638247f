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
from avatar_tui.cardlib.formats import FORMATS, computer_setup, pack_maker
from avatar_tui.decklib.library import player_setup
from avatar_tui.decklib.sealed import format_deck
from avatar_tui.engine import actor_of, apply_in_place, legal_actions, new_game, observation
from avatar_tui.model.common import PLAYERS, PlayerId
from avatar_tui.model.state import GameSetup, GameState, PlayerSetup

EXPERT_V1_WORLDS = 16  # expert-v1's worlds per decision unless a count is named with it


def expert_v1(seed: int, think: float | None = None, worlds: int | None = None) -> ExpertBot:
    """`expert-v1`: the expert frozen as it was when the coach first named
    it (issue 41), its settings written out here so that a change to the
    expert's defaults leaves it alone (tests/test_frozen_expert.py pins
    its moves). A fixed search, EXPERT_V1_WORLDS or the `worlds` named
    with it ("expert-v1, 48 worlds"); never a clock, so `think` is taken
    and ignored: the same position, seed and worlds, the same move."""
    del think  # a frozen kind's moves depend on its seed and worlds alone
    bot = ExpertBot(seed, worlds=worlds or EXPERT_V1_WORLDS, horizon=1, margin=0.03)
    bot.kind = "expert-v1"
    return bot


MASTER_V1_WORLDS = 12  # the worlds of the master's published tables (docs/computer-players.md)


def master_v1(seed: int, **budget: float | int | None) -> MasterBot:
    """The frozen `master-v1`: the master as it was before issue 45, at
    MASTER_V1_WORLDS whatever `budget` (`think`, `worlds`) it is given, so a
    table or file that names it means the same games forever."""
    return MasterBot(seed, worlds=MASTER_V1_WORLDS, **MASTER_V1)


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "expert": ExpertBot,
    "master": MasterBot,
    "expert-v1": expert_v1,
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
    # a format game's characters, each side's from its packs (p1, p2); None
    # for a game of characters or decks chosen beforehand
    characters: tuple[str, str] | None = None

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
        characters=_characters(setup) if setup.format is not None else None,
    )
    return state, result


def _characters(setup: GameSetup) -> tuple[str, str]:
    catalog = setup.catalog or default_catalog()
    names = []
    for ps in (setup.p1, setup.p2):
        chamber = catalog.find_chamber(ps.chamber)
        names.append(chamber.character or chamber.id if chamber is not None else ps.chamber)
    return names[0], names[1]


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


def format_setup_for(seed: int, format_name: str, catalog: Catalog | None = None,
                     settings: Mapping[str, int] | None = None) -> GameSetup:
    """A format game (docs/formats.md) where each side opens its packs from
    `seed` and chooses its chamber by the computer's rule (in Sealed Deck,
    builds its deck with decklib's deck-builder, which chooses the chamber)."""
    catalog = catalog or default_catalog()
    return computer_setup(FORMATS[format_name], catalog, pack_maker(catalog), seed, settings,
                          builder=format_deck)


def play_seeded(seed: int, p1: Side, p2: Side, bot1: str, bot2: str,
                options: Mapping[str, float | int] | None = None,
                catalog: Catalog | None = None, format_name: str | None = None,
                settings: Mapping[str, int] | None = None) -> GameResult:
    """One game fixed entirely by its arguments: the setup's seed and each
    bot's own seed derive from `seed`. `options` go to an expert bot (its
    `worlds`; a `think` time budget makes the game depend on the clock).
    With `format_name`, the sides' decks come from packs (p1 and p2 unused)."""
    # a fixed search unless told otherwise: the game then depends on the seed alone
    opts = dict(options) if options else {"worlds": SEEDED_WORLDS}
    bots: dict[PlayerId, Bot] = {"p1": make_bot(bot1, bot_seed(seed, "p1"), **opts),
            "p2": make_bot(bot2, bot_seed(seed, "p2"), **opts)}
    try:
        setup = format_setup_for(seed, format_name, catalog, settings) if format_name \
            else setup_for(seed, p1, p2, catalog)
        return play_game(setup, bots)[1]
    except Exception as err:
        sides = f"{format_name}: {bot1} v {bot2}" if format_name else \
            f"{side_name(p1)} {bot1} v {side_name(p2)} {bot2}"
        raise GameError(f"the game with seed {seed} ({sides}) stopped: "
                        f"{type(err).__name__}: {err}") from err
