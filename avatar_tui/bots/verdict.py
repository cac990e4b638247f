"""A decision's estimates in words: how each move ranks against the best.

The expert's win chances are not calibrated (over 30,357 decisions, moves rated
40-50% winning 63% of the time), so a learner is never shown them as
percentages. What the search does tell apart is the gap between two moves
tried in the same worlds; that gap, in points of estimated chance, is put
in a band:

    gap < ABOUT_AS_GOOD (3 points)      "about as good"   (inside the deal's noise,
                                                           the expert's own MARGIN)
    gap < A_LITTLE_WEAKER (8 points)    "a little weaker"
    gap < WEAKER (15 points)            "weaker"
    otherwise                           "much weaker"

and the best move itself is "best". Which move is best is read as the
expert plays (`settled`): the heuristic's own move, unless another one
leads it clearly (by more than ABOUT_AS_GOOD and LEVEL_Z standard errors
of its lead, world by world); the move with the highest estimate but no
clear lead is "about as good". Read that way, the best move stays the
same when only the search's own seed changes (docs/learning.md, "How
steady the coach is"). The coach marks a move made with `?!`
(an inaccuracy) from INACCURACY (8 points) and `??` (a mistake) from
MISTAKE (15 points): the same edges as "weaker" and "much weaker", so a
mark and its words always agree. Textual-free: the hint, the coach and the
Markdown report all read these words."""

from __future__ import annotations

import math
from collections.abc import Sequence

from avatar_tui.bots.expert import MARGIN, Estimate

ABOUT_AS_GOOD = MARGIN  # 0.03: the expert itself does not change its move for less
A_LITTLE_WEAKER = 0.08
WEAKER = 0.15
INACCURACY = A_LITTLE_WEAKER
MISTAKE = WEAKER
LEVEL_Z = 2.0  # standard errors a lead must pass to count (expert-v1's guard, bots/match.py)

BEST = "best"
BANDS = ("about as good", "a little weaker", "weaker", "much weaker")


def band(gap: float) -> str:
    """The words for a move `gap` (0..1) below the best move's estimate."""
    if gap <= 0:
        return BEST
    if gap < ABOUT_AS_GOOD:
        return BANDS[0]
    if gap < A_LITTLE_WEAKER:
        return BANDS[1]
    if gap < WEAKER:
        return BANDS[2]
    return BANDS[3]


def mark(gap: float) -> str:
    """The coach's mark for a move made `gap` below the best: `??` a
    mistake, `?!` an inaccuracy, '' otherwise."""
    if gap >= MISTAKE:
        return "??"
    if gap >= INACCURACY:
        return "?!"
    return ""


def searched(estimates: Sequence[Estimate]) -> bool:
    """Whether there was anything to compare: more than one move, searched."""
    return len(estimates) > 1 and estimates[0].worlds > 0 and not math.isnan(estimates[0].win)


def settled(estimates: Sequence[Estimate]) -> Estimate:
    """The best move as the expert would play it: the heuristic's own move
    (the estimate without a lead) unless the highest estimate leads it,
    world by world, by more than ABOUT_AS_GOOD and LEVEL_Z standard errors.
    A lead inside the deal's noise is no lead: under another seed of the
    search it would as likely be the other way round."""
    top = estimates[0]
    default = next((e for e in estimates if e.lead is None), None)
    if top.lead is None or default is None:
        return top
    mean, error = top.lead
    return top if mean > max(ABOUT_AS_GOOD, LEVEL_Z * error) else default


def gap(estimates: Sequence[Estimate], estimate: Estimate) -> float:
    """How far `estimate` is below the best move of `estimates` (`settled`)."""
    return max(0.0, settled(estimates).win - estimate.win)


def ranked(estimates: Sequence[Estimate], top: int) -> list[tuple[Estimate, str]]:
    """The first `top` moves with their words: the best move (`settled`)
    first, "best"; the others by their estimates, and a move level with the
    best or above it without a clear lead is "about as good"."""
    best = settled(estimates)
    order = [best, *(e for e in estimates if e is not best)]
    return [(e, BEST if i == 0 else band(max(gap(estimates, e), 1e-9)))
            for i, e in enumerate(order[:top])]
