"""Pauses set in seconds by environment variables (the computer's move,
a demo's auto-play). A timer of 0 s makes Textual divide by zero, and
`nan`, `inf` or a negative number mean nothing sensible: every value is
kept between a millisecond and an hour."""

from __future__ import annotations

import math
import os

SHORTEST = 0.001
LONGEST = 3600.0


def seconds(value: float) -> float:
    """`value` within [SHORTEST, LONGEST] (nan: the shortest)."""
    if math.isnan(value):
        return SHORTEST
    return min(LONGEST, max(SHORTEST, value))


def from_env(name: str) -> float | None:
    """The pause the variable `name` sets, or None if unset or not a number."""
    try:
        return seconds(float(os.environ[name]))
    except (KeyError, ValueError):
        return None
