"""How far the player has come in the built-in lessons and puzzles, as the
data directory keeps it: `lessons.toml` (the lessons finished, and the step
each lesson left halfway was left at, so it resumes there) and
`puzzles.toml` (the puzzles solved).

A file that cannot be read is only lost progress, never a reason not to
start: it reads as no progress, and it is written over at the next step."""

from __future__ import annotations

from pathlib import Path

from avatar_tui.io import files
from avatar_tui.notation.save import write_atomically
from avatar_tui.notation.toml_out import toml_text

LESSONS = "lessons.toml"
PUZZLES = "puzzles.toml"
PROGRESS_BYTES = 64 * 1024  # a line a lesson or puzzle: far more than any player's


class Progress:
    """The names done (in the order they were) under `done_key`, and, when
    `steps`, the step reached in each begun but not done (`at`)."""

    def __init__(self, path: Path, done_key: str, steps: bool):
        self.path = path
        self.done_key = done_key
        self.steps = steps
        self.read_only = False  # another instance writes the data directory

    def _read(self) -> tuple[list[str], dict[str, int]]:
        try:
            table = files.load_toml(self.path, limit=PROGRESS_BYTES)
        except (files.FileProblem, OSError):
            return [], {}
        done = table.get(self.done_key, [])
        at = table.get("at", {})
        return ([name for name in done if isinstance(name, str)] if isinstance(done, list)
                else [],
                {name: step for name, step in at.items()
                 if isinstance(step, int) and not isinstance(step, bool) and step > 0}
                if isinstance(at, dict) and self.steps else {})

    def _write(self, done: list[str], at: dict[str, int]) -> None:
        if self.read_only:
            return
        table: dict[str, object] = {self.done_key: done}
        if self.steps:
            table["at"] = at
        write_atomically(self.path, toml_text(table))

    def done(self) -> list[str]:
        return self._read()[0]

    def mark_done(self, name: str) -> None:
        done, at = self._read()
        if name in done and name not in at:
            return  # nothing new to keep
        at.pop(name, None)
        if name not in done:
            done.append(name)
        self._write(done, at)


class LessonProgress(Progress):
    def __init__(self, directory: Path):
        super().__init__(directory / LESSONS, "finished", steps=True)

    def finished(self) -> list[str]:
        """The names of the lessons finished (in the order they were)."""
        return self.done()

    def left_at(self, name: str) -> int | None:
        """The step lesson `name` was left at (None: not begun, or finished)."""
        return self._read()[1].get(name)

    def reached(self, name: str, step: int) -> None:
        """Lesson `name` is at step `step` (resumed there next time)."""
        done, at = self._read()
        at[name] = step
        self._write(done, at)

    def finish(self, name: str) -> None:
        self.mark_done(name)


class PuzzleProgress(Progress):
    def __init__(self, directory: Path):
        super().__init__(directory / PUZZLES, "solved", steps=False)

    def solved(self) -> list[str]:
        """The names of the puzzles solved (in the order they were)."""
        return self.done()

    def solve(self, name: str) -> None:
        self.mark_done(name)
