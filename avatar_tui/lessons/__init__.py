"""The built-in lessons: lesson files (docs/notation.md, "Lesson files") that
take a newcomer from the playmat to a whole game, one rule at a time, asking
the learner for each move that matters on the real board.

Each lesson is a `NN_name.toml` file in this package; the two-digit prefix
gives its number and the order. Its title is the file's `title`. The files
are read through importlib.resources, so they are found in an installed
wheel as well as in the source tree."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from avatar_tui.notation.lesson import check_lesson
from avatar_tui.notation.scenario import Scenario, parse_scenario

_FILE = re.compile(r"^(\d\d)_([a-z0-9_]+)\.toml$")


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


def _files() -> list[Traversable]:
    root = resources.files(__name__)
    return sorted((f for f in root.iterdir() if f.is_file() and _FILE.match(f.name)),
                  key=lambda f: f.name)


def list_lessons() -> list[BuiltInLesson]:
    """Every built-in lesson, in order."""
    found = []
    for f in _files():
        data = tomllib.loads(f.read_text(encoding="utf-8"))
        found.append(BuiltInLesson(f.name.removesuffix(".toml"), str(data.get("title", "")),
                                   Path(str(f)), steps=len(data.get("step", []))))
    return found


def find_lesson(wanted: str | int) -> BuiltInLesson:
    """A lesson by its number (1, "01") or its file's name ("01_the_playmat",
    or without the number)."""
    text = str(wanted).strip().lower().removesuffix(".toml")
    lessons = list_lessons()
    for lesson in lessons:
        if text in (lesson.name, lesson.name[3:]) or (
                re.fullmatch(r"[0-9]{1,4}", text) and int(text) == lesson.number):
            return lesson
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
    lesson = find_lesson(name)
    return resources.files(__name__).joinpath(lesson.name + ".toml").read_text(encoding="utf-8")


def load_lesson(name: str | int) -> Scenario:
    """The lesson's scenario, its steps checked (raises ScenarioError)."""
    lesson = find_lesson(name)
    scenario = parse_scenario(lesson_text(lesson.name), lesson.path)
    check_lesson(scenario)
    return scenario
