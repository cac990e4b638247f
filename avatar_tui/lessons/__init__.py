"""The built-in lessons: lesson files (docs/notation.md, "Lesson files") that
take a newcomer from the playmat to a whole game, one rule at a time, asking
the learner for each move that matters on the real board.

Each lesson is a `NN_name.toml` file in this package; the two-digit prefix
gives its number and the order. Its title is the file's `title`. The files
are read through importlib.resources, so they are found in an installed
wheel as well as in the source tree."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from avatar_tui.io.numbered import find_numbered, numbered_files, numbered_text
from avatar_tui.notation.lesson import check_lesson
from avatar_tui.notation.scenario import Scenario, parse_scenario


class UnknownLesson(LookupError):
    """No built-in lesson has that number or name."""


@dataclass(frozen=True)
class BuiltInLesson:
    name: str  # the file name without `.toml`, e.g. "01_the_playmat"
    title: str
    path: Path
    steps: int = 0  # how many `[[step]]` tables the file has

    @property
    def number(self) -> int:
        return int(self.name[:2])

    @property
    def short_name(self) -> str:
        """The name without its order prefix, e.g. "the_playmat"."""
        return self.name[3:]


def list_lessons() -> list[BuiltInLesson]:
    """Every built-in lesson, in order."""
    return [BuiltInLesson(f.name, str(f.data.get("title", "")), f.path,
                          steps=len(f.data.get("step", [])))
            for f in numbered_files(__name__)]


def find_lesson(wanted: str | int) -> BuiltInLesson:
    """A lesson by its number (1, "01") or its file's name ("01_the_playmat",
    or without the number)."""
    lessons = list_lessons()
    found = find_numbered(lessons, wanted)
    if found is not None:
        return found
    raise UnknownLesson(f"no lesson {str(wanted)!r} (the lessons are numbered 1 to "
                        f"{len(lessons)}: avatar-tui learn --list)")


def next_lesson(name: str) -> BuiltInLesson | None:
    """The built-in lesson after `name`, if any."""
    lessons = list_lessons()
    names = [lesson.name for lesson in lessons]
    if name not in names or names.index(name) + 1 >= len(lessons):
        return None
    return lessons[names.index(name) + 1]


def lesson_text(name: str | int) -> str:
    """The lesson file's text (see `find_lesson` for names)."""
    return numbered_text(__name__, find_lesson(name).name)


def load_lesson(name: str | int) -> Scenario:
    """The lesson's scenario, its steps checked (raises ScenarioError)."""
    lesson = find_lesson(name)
    scenario = parse_scenario(lesson_text(lesson.name), lesson.path)
    check_lesson(scenario)
    return scenario
