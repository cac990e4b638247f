"""The master's estimate of who wins the game from a board between points.

The expert values a playout's last board by the next point alone and counts
every later point as a coin flip (`expert.board_value`). But a board's edge
lasts: energy stays in its zones (R6.2), allies stay in play (R8.1), and a
charge lasts until a signature move or an effect ends it (R11.1). This
model reads the game's outcome straight from the board and the score.

`game_features` are `me`'s minus the opponent's, so the model has no
intercept and the two players' chances add up to one:
- the energy in each zone, and the same capped at three (the first few
  energy in a zone are what stop an attack there, R5.3, R6.2);
- an ally in each zone (R8.1) and a charge in each zone (R11.1);
- all three zones charged, which makes the signature move possible (R10.1);
- who names the next opening defender (+1 for `me`, R10.5);
- the score, as the log-odds of winning the game when every later point is
  an even chance (`expert.match_chance`, R10.5).

GAME_WEIGHTS were fitted by `benchmarks/game_model.py` on the points of
thrifty players' games (the master's playout player, `bots/thrifty.py`),
as a logistic regression on who won the game.
"""

from __future__ import annotations

import math
from weakref import WeakKeyDictionary

from avatar_tui.bots.expert import WINNING_SCORE, logistic, match_chance
from avatar_tui.cardlib.cardset import Catalog
from avatar_tui.engine import Table
from avatar_tui.model.cards import StrikeCard
from avatar_tui.model.common import ZONES, PlayerId, other
from avatar_tui.model.state import GameState

ENERGY_CAP = 3  # energy in a zone counted again up to this many
# fitted by `python benchmarks/game_model.py --games 6000 --jobs 2` on the
# 21,970 points of 6,000 games (held-out log-loss 0.588; the expert's board
# value 0.625 on the same points, a coin 0.693)
GAME_WEIGHTS = (
    -0.018, 0.091, 0.292,  # energy: green, yellow, red
    0.136, 0.279, 0.162,  # energy up to ENERGY_CAP: green, yellow, red
    0.184, 0.346, 0.483,  # an ally: green, yellow, red
    -0.097, 0.027, 0.179,  # a charge: green, yellow, red
    0.741,  # all three zones charged
    0.31,  # names the next opening defender
    1.647,  # the score's log-odds
)


def _score_log_odds(need: int, their_need: int) -> float:
    """The log-odds of winning from a score, every point even; worked out
    for the leader and negated for the other, so that the two sides' add
    up to exactly zero."""
    if need > their_need:
        return -_score_log_odds(their_need, need)
    chance = min(max(match_chance(need, their_need), 1e-3), 1 - 1e-3)
    return math.log(chance / (1 - chance))


def game_features(state: GameState, me: PlayerId) -> list[float]:
    """The board and the score as `me`'s minus the opponent's (see the
    module's docstring), in GAME_WEIGHTS' order."""
    mine, theirs = state.players[me].zones, state.players[other(me)].zones
    out: list[float] = [len(mine[z].energy) - len(theirs[z].energy) for z in ZONES]
    out += [min(len(mine[z].energy), ENERGY_CAP) - min(len(theirs[z].energy), ENERGY_CAP)
            for z in ZONES]
    out += [(mine[z].ally is not None) - (theirs[z].ally is not None) for z in ZONES]
    out += [mine[z].charged - theirs[z].charged for z in ZONES]
    out.append(all(mine[z].charged for z in ZONES) - all(theirs[z].charged for z in ZONES))
    out.append(1.0 if state.chooser == me else -1.0)
    out.append(_score_log_odds(WINNING_SCORE - state.players[me].score,
                               WINNING_SCORE - state.players[other(me)].score))
    return out


def game_value(state: GameState, me: PlayerId) -> float:
    """`me`'s chance to win the game from a state between points."""
    return logistic(sum(w * f for w, f in zip(GAME_WEIGHTS, game_features(state, me),
                                             strict=True)))


# Issue 45, attempt 2: the decks left. In a determinized world (a playout's)
# each deck is known, and the board above says nothing of it: a deck whose
# strong strikes are spent defends worse than the same board with them to
# come (R5.3). DECK_FEATURES more features, again `me`'s minus the
# opponent's, read from the cards left in each deck:
DECK_TOP = 5  # the next cards flipped: about one defence (R5.1)
DECK_FEATURES = (
    "cards left, in tens",  # a rebuild (R9.1) comes sooner for the fewer
    "share of strikes",
    "force per card",  # the strikes' printed force over all the cards left
    "intercept per card",
    "share of allies",
    "cost per card",  # every pip counted once (R1.3)
    "top: strikes that stop the opening",  # intercept at least 4 (R3.1, R5.3)
    "top: force per card",
)
# GAME_WEIGHTS' board and score, then DECK_FEATURES, fitted by `python
# benchmarks/game_model.py --decks --games 6000` on GAME_WEIGHTS' 21,970 points
# (held-out log-loss 0.5844, the board alone 0.5875; docs/computer-players.md,
# "Stronger where it is weakest", attempt 2: measured, not adopted)
DECK_WEIGHTS = (
    -0.015, 0.094, 0.293,  # energy: green, yellow, red
    0.132, 0.279, 0.164,  # energy up to ENERGY_CAP
    0.165, 0.337, 0.477,  # an ally
    -0.102, 0.019, 0.179,  # a charge
    0.749,  # all three zones charged
    0.319,  # names the next opening defender
    1.679,  # the score's log-odds
    -0.078, 1.154, -0.126, -0.171, -0.111, 0.369,  # the whole deck left (DECK_FEATURES)
    0.086, 0.025,  # its top DECK_TOP cards
)

# a card's (is a strike, force, intercept, is an ally, cost), by catalog and id
_CARD_STATS: WeakKeyDictionary[Catalog, dict[str, tuple[int, int, int, int, int]]] = \
    WeakKeyDictionary()


def _card_stats(catalog: Catalog, card_id: str) -> tuple[int, int, int, int, int]:
    known = _CARD_STATS.get(catalog)
    if known is None:
        known = _CARD_STATS[catalog] = {}
    stats = known.get(card_id)
    if stats is None:
        card = catalog.card(card_id)
        if isinstance(card, StrikeCard):
            stats = (1, card.force, card.intercept, 0, card.cost.total)
        else:
            stats = (0, 0, 0, int(card.type == "ally"), card.cost.total)
        known[card_id] = stats
    return stats


def _deck_profile(catalog: Catalog, deck: list[str]) -> list[float]:
    """DECK_FEATURES of one deck (top first), not yet differenced."""
    n = len(deck)
    if n == 0:
        return [0.0] * len(DECK_FEATURES)
    strikes = force = intercept = allies = cost = 0
    for card_id in deck:
        s, f, i, a, c = _card_stats(catalog, card_id)
        strikes += s
        force += f
        intercept += i
        allies += a
        cost += c
    top = deck[:DECK_TOP]
    stoppers = top_force = 0
    for card_id in top:
        s, f, i, _, _ = _card_stats(catalog, card_id)
        stoppers += s and i >= 4
        top_force += f
    return [n / 10, strikes / n, force / n, intercept / n, allies / n, cost / n,
            float(stoppers), top_force / len(top)]


def deck_features(state: GameState, me: PlayerId) -> list[float]:
    """DECK_FEATURES as `me`'s minus the opponent's (a full state: in a
    player's own view the decks are unknown)."""
    catalog = Table(state, read_only=True).catalog  # the setup's, with a scenario's own cards
    mine = _deck_profile(catalog, state.players[me].deck)
    theirs = _deck_profile(catalog, state.players[other(me)].deck)
    return [a - b for a, b in zip(mine, theirs, strict=True)]


def game_value_with_decks(state: GameState, me: PlayerId) -> float:
    """`game_value` with the decks left read too (DECK_WEIGHTS)."""
    x = game_features(state, me) + deck_features(state, me)
    return logistic(sum(w * f for w, f in zip(DECK_WEIGHTS, x, strict=True)))
