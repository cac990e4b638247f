"""The kinds of computer player, named in one place.

A light module (no pydantic, no engine): the command line's `--help` lists
them without importing the bots, and a save's `computer = { p2 = "expert" }`
is checked against the same names the bots are registered under
(tests/test_opponents.py keeps the three in step).
"""

from __future__ import annotations

from typing import Literal, get_args

ComputerKind = Literal["random", "heuristic", "expert", "master"]
COMPUTER_KINDS: tuple[str, ...] = get_args(ComputerKind)
# the expert's worlds per decision when a game must be reproducible (seeded
# games, simulations): a fixed count, never a clock
SEEDED_WORLDS = 16
