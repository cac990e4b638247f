"""The kinds of computer player, as the bots know them.

A light module (no pydantic, no engine): the command line's `--help` lists
them without importing the bots. Their names are the model's words
(model/names.py), where a save's `computer = { p2 = "expert" }` is read
with them too, so the notation needs no bot to check a save
(tests/test_opponents.py keeps the names and the bots in step).
"""

from __future__ import annotations

from avatar_tui.model.names import COMPUTER_KINDS, ComputerKind

__all__ = ["COMPUTER_KINDS", "SEEDED_WORLDS", "ComputerKind"]

# the expert's worlds per decision when a game must be reproducible (seeded
# games, simulations): a fixed count, never a clock
SEEDED_WORLDS = 16
