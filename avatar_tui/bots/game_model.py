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

from avatar_tui.bots.expert import WINNING_SCORE, logistic, match_chance
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
