"""The kinds of computer player, in one table.

Every home of a kind reads this table: the bots' makers (bots/match.py,
checked against it when imported), the search settings (`SEARCHING`), the
new-game screen's opponent list (its `label`), the command line's `--vs-bot`,
`--bot1`/`--bot2` and `simulate --bot`, and a save's `computer = { p2 =
"expert" }`: its `ComputerKind` names are the model's words
(model/names.py), so the notation reads a save with no bot, and they are
checked against the table here.

A light module (no pydantic, no engine): the command line's `--help` lists
the kinds without importing the bots.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import get_args

from avatar_tui.model.names import ComputerKind

# the expert's worlds per decision when a game must be reproducible (seeded
# games, simulations): a fixed count, never a clock
SEEDED_WORLDS = 16


class KindError(RuntimeError):
    """The kinds of computer player disagree between their homes."""


@dataclass(frozen=True)
class Kind:
    """A kind of computer player. `label`: its strength in the new-game
    screen's opponent list ("computer: LABEL"); `searching`: it takes a
    search budget (`think` seconds or `worlds`) and its move is worked out
    away from the board; `frozen`: a kind as it played when it was frozen,
    at a fixed number of worlds and never a clock, named by what must not
    change when the computer players improve (the coach, published tables,
    content files); accepted wherever a kind is named, but not offered in
    the new-game screen's list."""

    name: ComputerKind
    label: str
    searching: bool = False
    frozen: bool = False


KINDS: tuple[Kind, ...] = (
    Kind("random", "easy"),
    Kind("heuristic", "normal"),
    Kind("expert", "hard", searching=True),
    Kind("master", "hardest (master)", searching=True),
    Kind("expert-v1", "hard (the expert as frozen in v1)", searching=True, frozen=True),
    Kind("master-v1", "hardest (master as of issue 45)", searching=True, frozen=True),
)


def check_table(kinds: tuple[Kind, ...], names: tuple[str, ...]) -> None:
    """Each kind named once, labelled, and the save's names (`names`) the
    table's own; else one line naming the kinds at fault."""
    listed = [kind.name for kind in kinds]
    problems = [f"{kind.name!r} has no label" for kind in kinds if not kind.label.strip()]
    problems += [f"{name!r} listed twice" for name in sorted(set(listed))
                 if listed.count(name) > 1]
    problems += [f"{name!r} is a save's computer kind but not in the table"
                 for name in names if name not in listed]
    problems += [f"{name!r} is in the table but not a save's computer kind (ComputerKind)"
                 for name in listed if name not in names]
    if problems:
        raise KindError("computer kinds (bots/kinds.py): " + "; ".join(problems))


def check_makers(makers: Collection[str], kinds: tuple[Kind, ...] = KINDS) -> None:
    """Every kind has its maker and every maker its kind (bots/match.py
    calls this as it is imported); else one line naming them."""
    names = [kind.name for kind in kinds]
    problems = [f"{name!r} has no maker" for name in names if name not in makers]
    problems += [f"maker {name!r} is not a kind of the table" for name in makers
                 if name not in names]
    if problems:
        raise KindError("computer kinds (bots/kinds.py): " + "; ".join(problems))


check_table(KINDS, get_args(ComputerKind))
COMPUTER_KINDS: tuple[str, ...] = tuple(kind.name for kind in KINDS)
SEARCHING: frozenset[str] = frozenset(kind.name for kind in KINDS if kind.searching)
FROZEN: frozenset[str] = frozenset(kind.name for kind in KINDS if kind.frozen)
LABELS: dict[str, str] = {kind.name: kind.label for kind in KINDS}
