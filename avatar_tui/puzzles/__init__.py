"""The built-in puzzles: puzzle files (docs/notation.md, "Puzzle files"),
each a position, a goal and its solution.

Each puzzle is a `NN_name.toml` file in this package; the two-digit prefix
gives its number and the order, its `title` the title shown. Read through
importlib.resources, so they are found in an installed wheel too."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from avatar_tui.notation.scenario import Scenario, parse_scenario

_FILE = re.compile(r"^(\d\d)_([a-z0-9_]+)\.toml$")


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


def _files() -> list[Traversable]:
    root = resources.files(__name__)
    return sorted((f for f in root.iterdir() if f.is_file() and _FILE.match(f.name)),
                  key=lambda f: f.name)


def list_puzzles() -> list[BuiltInPuzzle]:
    """Every built-in puzzle, in order."""
    found = []
    for f in _files():
        data = tomllib.loads(f.read_text(encoding="utf-8"))
        table = data.get("puzzle", {})
        found.append(BuiltInPuzzle(f.name.removesuffix(".toml"), str(data.get("title", "")),
                                   str(table.get("goal", "")) if isinstance(table, dict) else "",
                                   Path(str(f))))
    return found


def find_puzzle(wanted: str | int) -> BuiltInPuzzle:
    """A puzzle by its number (1, "01") or its file's name (with or without the number)."""
    text = str(wanted).strip().lower().removesuffix(".toml")
    puzzles = list_puzzles()
    for puzzle in puzzles:
        if text in (puzzle.name, puzzle.name[3:]) or (
                re.fullmatch(r"[0-9]{1,4}", text) and int(text) == puzzle.number):
            return puzzle
    raise UnknownPuzzle(f"no puzzle {str(wanted)!r} (the puzzles are numbered 1 to "
                        f"{len(puzzles)}: avatar-tui puzzle --list)")


def load_puzzle(name: str | int) -> Scenario:
    """The puzzle's scenario (raises ScenarioError)."""
    puzzle = find_puzzle(name)
    text = resources.files(__name__).joinpath(puzzle.name + ".toml").read_text(encoding="utf-8")
    return parse_scenario(text, puzzle.path)
