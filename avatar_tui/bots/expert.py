"""The expert computer player: determinized Monte Carlo search with the
heuristic bot as its playout policy, from its observation only (R1.6).

At a decision where the choice matters (more than one distinct move), it
deals many worlds consistent with what it sees (`determinize`: the hidden
deck order, energy and chamber drawn at random), and in each world tries
every candidate move, then lets two heuristic players play on until the
next point is scored (R10.2) or the game ends (R10.5). A playout is worth
the chance of winning the match from the score it reaches: the next point's
chance read from the board it leaves (energy, allies, charges, who names
the opening defender; a model fitted on heuristic games), each later point
counted as even; a move's estimate is its mean over the worlds. Every
candidate is tried in the same worlds, so the deal blurs their difference
less. The heuristic's own move is kept unless another one leads it, world
by world, by more than MARGIN and twice the lead's standard error.

It thinks for `think` seconds per decision, or, when `worlds` is given, by
a fixed count (no clock: the choice is then fixed by the seed, for tests
and benchmarks): half the worlds when the heuristic's move still leads
there, the worlds, or up to EXTEND times as many for a close call. The
playouts use the engine's unchecked fast path (`playout_apply`) on moves
taken from `legal_actions`. Its own generator is the engine's, seeded from
the bot's seed.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from avatar_tui.bots.heuristic import HeuristicBot
from avatar_tui.engine import (
    Observation,
    clone,
    determinize,
    legal_actions,
    playout_apply,
    seeded_rng,
)
from avatar_tui.model.actions import Action
from avatar_tui.model.common import ZONES, PlayerId, other
from avatar_tui.model.state import GameState

DEFAULT_THINK = 1.0  # seconds per decision in interactive play
MIN_WORLDS = 2  # even a short budget compares the moves on a few deals
MAX_PLAYOUT = 600  # actions: a playout that long stops and counts the score so far
WINNING_SCORE = 3  # R10.5
HORIZON = 1  # points scored before a playout stops (R10.2)
MARGIN = 0.03  # how much better than the heuristic's move a move must look
NOISE_Z = 2.0  # ... and by how many standard errors of its lead
# A logistic model of who wins the next point, from the board just after a
# point (`point_features`: energy in green, yellow, red; allies; charged
# zones; who names the opening defender), fitted by benchmarks/point_model.py
# on 728 points of 200 heuristic games (log-loss 0.545 on held-out points,
# a coin's 0.693).
POINT_WEIGHTS = (0.123, 0.358, 0.65, 0.203, 0.347, 0.598)
EXTEND = 3  # a close call in a fixed search gets up to this many times the worlds


@dataclass(frozen=True)
class Estimate:
    """A candidate move and its estimated chance of winning the game."""

    action: Action
    win: float  # 0..1
    worlds: int
    # its lead over the heuristic's move in the same worlds: (mean, standard
    # error); None for the heuristic's move itself or without worlds
    lead: tuple[float, float] | None = None
    futures: Futures | None = None  # what its playouts showed (None: not counted)


@dataclass(frozen=True)
class Futures:
    """What a move's playouts showed, one future a world, from its mover's
    side: who scored the next point (R10.2), and whose deck ran out, a flip
    that found no card even after the deck was rebuilt (R9.1, R9.3). A
    reason in words is made of these counts (play/reasons.py)."""

    worlds: int
    lost: int = 0  # the opponent scored the next point
    won: int = 0  # the mover did
    ran_out: int = 0  # the mover's deck ran out
    their_ran_out: int = 0  # the opponent's deck did
    lost_ran_out: int = 0  # the mover's deck ran out and the point was lost


class FutureCount:
    """The counts of `Futures` for each move of a search, world by world."""

    def __init__(self, moves: int, me: PlayerId):
        self.me = me
        self.counts = [[0] * 5 for _ in range(moves)]  # Futures' fields after `worlds`

    def add(self, i: int, before: GameState, after: GameState, ran_out: set[PlayerId]) -> None:
        """Move `i`'s future in one world: from `before` (the world) to
        `after` (where its playout stopped)."""
        me, them = self.me, other(self.me)
        lost = after.players[them].score > before.players[them].score
        row = self.counts[i]
        row[0] += lost
        row[1] += after.players[me].score > before.players[me].score
        row[2] += me in ran_out
        row[3] += them in ran_out
        row[4] += lost and me in ran_out

    def futures(self, i: int, worlds: int) -> Futures:
        return Futures(worlds, *self.counts[i])


@cache
def match_chance(need: int, their_need: int) -> float:
    """The chance to win when `need` more points are needed against their
    `their_need`, each point an even chance."""
    if need <= 0:
        return 1.0
    if their_need <= 0:
        return 0.0
    return 0.5 * match_chance(need - 1, their_need) + 0.5 * match_chance(need, their_need - 1)


def point_features(state: GameState, me: PlayerId) -> list[float]:
    """What the board says about the next point, as `me`'s minus the
    opponent's: energy in each zone (R6.1), allies (R8), charged zones
    (R11), and who names the opening defender (+1: `me`, R10.5)."""
    mine, theirs = state.players[me], state.players[other(me)]
    out: list[float] = [len(mine.zones[z].energy) - len(theirs.zones[z].energy) for z in ZONES]
    out.append(sum(mine.zones[z].ally is not None for z in ZONES)
               - sum(theirs.zones[z].ally is not None for z in ZONES))
    out.append(sum(mine.zones[z].charged for z in ZONES)
               - sum(theirs.zones[z].charged for z in ZONES))
    out.append(1.0 if state.chooser == me else -1.0)
    return out


def logistic(x: float) -> float:
    """The chance that log-odds `x` stand for (kept within ±30: no overflow)."""
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, x))))


def board_value(state: GameState, me: PlayerId) -> float:
    """`me`'s chance to win the game from a state between points: the next
    point's chance read from the board (`point_features`, POINT_WEIGHTS),
    each later point counted as even."""
    need = WINNING_SCORE - state.players[me].score
    their_need = WINNING_SCORE - state.players[other(me)].score
    x = sum(w * f for w, f in zip(POINT_WEIGHTS, point_features(state, me), strict=True))
    p = logistic(x)
    return p * match_chance(need - 1, their_need) + (1 - p) * match_chance(need, their_need - 1)


def _lead(mine: list[float], theirs: list[float]) -> tuple[float, float]:
    """The mean and standard error of the world-by-world differences."""
    diffs = [a - b for a, b in zip(mine, theirs, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if n < 2:
        return mean, float("inf")
    var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
    return mean, (var / n) ** 0.5


def candidates(legal: Sequence[Action], preferred: Action | None = None) -> list[Action]:
    """The distinct moves: the ways to pay for one move (R6.3) count once,
    by the engine's first (cheapest) payment, or by `preferred` when it is
    one of them."""
    out: dict[tuple, Action] = {}
    for a in legal:
        out.setdefault(_key(a), a)
    if preferred is not None:
        out[_key(preferred)] = preferred
    return list(out.values())


def _key(a: Action) -> tuple:
    return (a.verb, a.number, a.ally, a.word)


class ExpertBot:
    kind = "expert"
    observes = True
    noise_z = NOISE_Z

    def __init__(self, seed: int = 0, think: float = DEFAULT_THINK, worlds: int | None = None,
                 horizon: int = HORIZON, margin: float = MARGIN):
        self.reseed(seed)
        self.think = think
        self.worlds = worlds
        self.horizon = horizon
        self.margin = margin
        self.policy = HeuristicBot(seed)  # for the playouts, and for ties
        self.last_default: Action | None = None

    def reseed(self, seed: int) -> None:
        """Its own generator (the engine's kind) from `seed`."""
        self.rng = seeded_rng(seed * 0x9E3779B1 + 7)

    def choose(self, obs: Observation | None, legal: Sequence[Action]) -> Action:
        assert obs is not None, "the expert reads its observation"
        if len(legal) == 1:
            return legal[0]
        ranked = self.analyse(obs, legal, settle=True)
        best = ranked[0]
        default = next((e for e in ranked if e.action == self.last_default), best)
        if best is default or best.lead is None:
            return default.action
        # the heuristic's own move, unless the search finds a clearly better
        # one: its lead, world by world, beyond the margin and twice its
        # standard error (a lead within the deal's noise is no lead)
        mean, error = best.lead
        return best.action if mean > max(self.margin, self.noise_z * error) else default.action

    def analyse(self, obs: Observation, legal: Sequence[Action],
                settle: bool = False) -> list[Estimate]:
        """Every distinct move with its estimated chance of winning, best
        first (ties: the heuristic's own choice first). A single move is not
        searched: its estimate is 0 worlds. With `settle` (a move to choose,
        not estimates to show) a fixed search stops early or goes on longer
        by `_settled`."""
        default = self.last_default = self.policy.choose(obs, legal)
        moves = candidates(legal, default)
        if len(moves) == 1:
            return [Estimate(moves[0], float("nan"), 0)]
        me = obs.player
        assert me is not None  # a bot plays a seat: it never watches
        values: list[list[float]] = [[] for _ in moves]
        totals = [0.0] * len(moves)
        seen = None if settle else FutureCount(len(moves), me)  # futures to show, not to choose
        worlds = 0
        deadline = None if self.worlds is not None else time.monotonic() + self.think
        while True:
            if self.worlds is not None:
                if worlds >= self.worlds * (EXTEND if settle else 1):
                    break
            elif worlds >= MIN_WORLDS and time.monotonic() >= deadline:  # type: ignore[operator]  # deadline is set whenever worlds is None
                break
            world, self.rng = determinize(obs, self.rng)
            for i, move in enumerate(moves):
                state = clone(world)
                ran_out: set[PlayerId] | None = None if seen is None else set()
                tracked_apply(state, move, ran_out)
                value = self.playout(state, me, ran_out)
                values[i].append(value)
                totals[i] += value
                if seen is not None and ran_out is not None:
                    seen.add(i, world, state, ran_out)
            worlds += 1
            if settle and self.worlds is not None and worlds >= self.worlds // 2 \
                    and worlds % max(1, self.worlds // 2) == 0:
                if self._settled(worlds, values, totals, moves.index(default)):
                    break
        order = sorted(range(len(moves)),
                       key=lambda i: (-totals[i], moves[i] != default, i))
        d = moves.index(default)
        return [Estimate(moves[i], totals[i] / worlds, worlds,
                         None if i == d else _lead(values[i], values[d]),
                         None if seen is None else seen.futures(i, worlds)) for i in order]

    def _settled(self, worlds: int, values: list[list[float]], totals: list[float],
                 d: int) -> bool:
        """Whether a fixed search may stop now (its search spent where the
        choice matters): at half its worlds when the heuristic's move still
        leads; at its worlds unless the best other move leads by more than
        the margin yet within the noise, which gets more worlds (up to
        EXTEND times as many) until its lead is clear or gone."""
        assert self.worlds is not None
        best = max(range(len(totals)), key=lambda i: (totals[i], i == d))
        if best == d:
            return True
        if worlds < self.worlds:
            return False
        mean, error = _lead(values[best], values[d])
        return mean <= self.margin or mean > 2 * error

    def playout(self, state: GameState, me: PlayerId,
                ran_out: set[PlayerId] | None = None) -> float:
        """Heuristic play on `state` until the next point or the end; the
        chance for `me` to win the game from there (`board_value`).
        `ran_out` gets the players whose deck ran out on the way."""
        return play_on(state, self.policy, me, points_scored(state), self.horizon, MAX_PLAYOUT,
                       ran_out=ran_out)


def points_scored(state: GameState) -> int:
    """Both players' points together (R10.2): a playout's horizon counts them."""
    return state.players["p1"].score + state.players["p2"].score


def tracked_apply(state: GameState, action: Action, ran_out: set[PlayerId] | None) -> None:
    """`playout_apply`, and with `ran_out` given, the flipping player added
    to it when their deck was empty and the flip found no card even after
    the deck was rebuilt: the zone goes undefended (R9.1, R9.3)."""
    if ran_out is None or action.verb != "flip":
        playout_apply(state, action)
        return
    player = state.players[action.player]
    zone, empty = player.defending, not player.deck
    playout_apply(state, action)
    if empty and zone is not None and state.players[action.player].zones[zone].flip is None:
        ran_out.add(action.player)


def play_on(state: GameState, policy: HeuristicBot, me: PlayerId, start: int,
            horizon: int | None, limit: int,
            value: Callable[[GameState, PlayerId], float] = board_value,
            ran_out: set[PlayerId] | None = None) -> float:
    """`policy` plays both seats on `state` until `horizon` points have been
    scored since `start` (None: to the end) or `limit` actions; 1 or 0 when
    the game ended, else `value`'s chance for `me` (the expert's: `board_value`).
    `ran_out`, when given, gets the players whose deck ran out (`tracked_apply`)."""
    for _ in range(limit):
        if state.phase == "over" or (horizon is not None
                                     and points_scored(state) - start >= horizon):
            break
        legal = legal_actions(state)
        action = legal[0] if len(legal) == 1 else \
            policy.choose(Observation(player=legal[0].player, state=state), legal)
        tracked_apply(state, action, ran_out)
    if state.phase == "over":
        return 1.0 if state.winner == me else 0.0
    return value(state, me)
