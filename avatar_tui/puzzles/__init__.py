"""The built-in puzzles: puzzle files (docs/notation.md, "Puzzle files"),
each a position, a goal and its solution.

Each puzzle is a `NN_name.toml` file in this package; the two-digit prefix
gives its number and the order, its `title` the title shown. Read through
importlib.resources, so they are found in an installed wheel too."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from avatar_tui.io.numbered import find_numbered, numbered_files, numbered_text
from avatar_tui.notation.scenario import Scenario, parse_scenario


class UnknownPuzzle(LookupError):
    """No built-in puzzle has that number or name."""


@dataclass(frozen=True)
class BuiltInPuzzle:
    name: str  # the file name without `.toml`, e.g. "01_stop_the_kick"
    title: str
    goal: str
    path: Path

    @property
    def number(self) -> int:
        return int(self.name[:2])


def list_puzzles() -> list[BuiltInPuzzle]:
    """Every built-in puzzle, in order."""
    found = []
    for f in numbered_files(__name__):
        table = f.data.get("puzzle", {})
        found.append(BuiltInPuzzle(f.name, str(f.data.get("title", "")),
                                   str(table.get("goal", "")) if isinstance(table, dict) else "",
                                   f.path))
    return found


def find_puzzle(wanted: str | int) -> BuiltInPuzzle:
    """A puzzle by its number (1, "01") or its file's name (with or without the number)."""
    puzzles = list_puzzles()
    found = find_numbered(puzzles, wanted)
    if found is not None:
        return found
    raise UnknownPuzzle(f"no puzzle {str(wanted)!r} (the puzzles are numbered 1 to "
                        f"{len(puzzles)}: avatar-tui puzzle --list)")


def load_puzzle(name: str | int) -> Scenario:
    """The puzzle's scenario (raises ScenarioError)."""
    puzzle = find_puzzle(name)
    return parse_scenario(numbered_text(__name__, puzzle.name), puzzle.path)
