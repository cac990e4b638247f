"""The built-in lessons: lesson files (docs/notation.md, "Lesson files") that
take a newcomer from the playmat to a whole game, one rule at a time, asking
the learner for each move that matters.

Each lesson is a `NN_name.toml` file in this package; the two-digit prefix
gives the order and the lesson's number, and its title is the file's
`title`. Reading a lesson's steps is the lesson engine's work; this package
only finds the files, through importlib.resources, so they are found in an
installed wheel as well as in the source tree."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

_FILE = re.compile(r"^(\d\d)_([a-z0-9_]+)\.toml$")


class UnknownLesson(LookupError):
    """No built-in lesson has that name."""


@dataclass(frozen=True)
class Lesson:
    name: str  # the file name without `.toml`, e.g. "01_the_playmat"
    title: str
    steps: int  # how many `[[step]]` tables the file has
    path: Path

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


def list_lessons() -> list[Lesson]:
    """Every built-in lesson, in order."""
    lessons = []
    for f in _files():
        data = tomllib.loads(f.read_text(encoding="utf-8"))
        lessons.append(Lesson(name=f.name.removesuffix(".toml"), title=str(data.get("title", "")),
                              steps=len(data.get("step", [])), path=Path(str(f))))
    return lessons


def find_lesson(name: str) -> Lesson:
    """A lesson by its full name ("01_the_playmat"), its name without the
    prefix ("the_playmat") or its number ("1", "01")."""
    wanted = name.strip().lower().removesuffix(".toml")
    lessons = list_lessons()
    for lesson in lessons:
        # ASCII digits, a few: `²` passes isdigit() and int() refuses it
        if wanted in (lesson.name, lesson.short_name) or (re.fullmatch(r"[0-9]{1,4}", wanted)
                                                          and int(wanted) == lesson.number):
            return lesson
    known = ", ".join(lesson.name for lesson in lessons)
    raise UnknownLesson(f"no lesson named {name!r} (the lessons: {known})")


def lesson_text(name: str) -> str:
    """The lesson file's text (see `find_lesson` for names)."""
    lesson = find_lesson(name)
    return resources.files(__name__).joinpath(lesson.name + ".toml").read_text(encoding="utf-8")
