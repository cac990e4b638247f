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

and the best move itself is "best". The coach marks a move made with `?!`
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


def gap(estimates: Sequence[Estimate], estimate: Estimate) -> float:
    """How far `estimate` is below the best of `estimates` (best first)."""
    return max(0.0, estimates[0].win - estimate.win)


def ranked(estimates: Sequence[Estimate], top: int) -> list[tuple[Estimate, str]]:
    """The first `top` moves with their words; the first is "best", and a
    move level with it (a gap of 0) is "about as good"."""
    return [(e, BEST if i == 0 else band(max(gap(estimates, e), 1e-9)))
            for i, e in enumerate(estimates[:top])]
