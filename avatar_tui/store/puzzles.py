"""The built-in puzzles solved, as `puzzles.toml` in the data directory
keeps them (beside the lessons' `lessons.toml`).

A file that cannot be read is only lost progress, never a reason not to
start: it reads as nothing solved, and it is written over at the next ✓."""

from __future__ import annotations

from pathlib import Path

from avatar_tui.io import files
from avatar_tui.notation.save import write_atomically
from avatar_tui.notation.toml_out import toml_text

PUZZLES = "puzzles.toml"
PUZZLES_BYTES = 64 * 1024  # a name a puzzle: far more than any player's


class PuzzleProgress:
    def __init__(self, directory: Path):
        self.path = directory / PUZZLES
        self.read_only = False  # another instance writes the data directory

    def solved(self) -> list[str]:
        """The names of the puzzles solved (in the order they were)."""
        try:
            table = files.load_toml(self.path, limit=PUZZLES_BYTES)
        except (files.FileProblem, OSError):
            return []
        solved = table.get("solved", [])
        return [name for name in solved if isinstance(name, str)] if isinstance(solved, list) \
            else []

    def solve(self, name: str) -> None:
        solved = self.solved()
        if self.read_only or name in solved:
            return
        write_atomically(self.path, toml_text({"solved": [*solved, name]}))
