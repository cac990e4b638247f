"""How far the player has come in the built-in lessons, as `lessons.toml`
in the data directory keeps it: the lessons finished, and the step each
lesson left halfway was left at (so it resumes there).

A file that cannot be read is only lost progress, never a reason not to
start: it reads as no progress, and it is written over at the next step."""

from __future__ import annotations

from pathlib import Path

from avatar_tui.io import files
from avatar_tui.notation.save import write_atomically
from avatar_tui.notation.toml_out import toml_text

LESSONS = "lessons.toml"
LESSONS_BYTES = 64 * 1024  # a line a lesson: far more than any player's


class LessonProgress:
    def __init__(self, directory: Path):
        self.path = directory / LESSONS
        self.read_only = False  # another instance writes the data directory

    def _read(self) -> tuple[list[str], dict[str, int]]:
        try:
            table = files.load_toml(self.path, limit=LESSONS_BYTES)
        except (files.FileProblem, OSError):
            return [], {}
        finished = table.get("finished", [])
        at = table.get("at", {})
        return ([name for name in finished if isinstance(name, str)] if isinstance(finished, list)
                else [],
                {name: step for name, step in at.items()
                 if isinstance(step, int) and not isinstance(step, bool) and step > 0}
                if isinstance(at, dict) else {})

    def finished(self) -> list[str]:
        """The names of the lessons finished (in the order they were)."""
        return self._read()[0]

    def left_at(self, name: str) -> int | None:
        """The step lesson `name` was left at (None: not begun, or finished)."""
        return self._read()[1].get(name)

    def _write(self, finished: list[str], at: dict[str, int]) -> None:
        if self.read_only:
            return
        write_atomically(self.path, toml_text({"finished": finished, "at": at}))

    def reached(self, name: str, step: int) -> None:
        """Lesson `name` is at step `step` (resumed there next time)."""
        finished, at = self._read()
        at[name] = step
        self._write(finished, at)

    def finish(self, name: str) -> None:
        finished, at = self._read()
        at.pop(name, None)
        if name not in finished:
            finished.append(name)
        self._write(finished, at)
