"""`avatar-tui learn [N|FILE] [--list] [--share [PORT]]` (docs/notation.md,
"Lesson files"): the built-in lessons' list, lesson N, or a lesson file,
taught on the real board; `--list` prints one line per built-in lesson
(number, title, ✓ once finished); `--share` lets a room follow the lesson
with `avatar-tui watch`, the step's words included (docs/protocol.md), as
`play --share` does for a game. An unknown lesson or an invalid file is one
line (exit 2) before any app starts."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from avatar_tui.cli import args as cli_args
from avatar_tui.io import terminal_text


def add_arguments(learn: argparse.ArgumentParser) -> None:
    learn.description = (
        "Learn to play: lessons that ask for moves on the real board and say why when a move "
        "is not the one asked for. Without LESSON, the list of the built-in lessons.")
    learn.add_argument("lesson", nargs="?", metavar="LESSON",
                       help="a built-in lesson's number (1) or a lesson file (TOML, see "
                       "docs/notation.md)")
    learn.add_argument("--list", action="store_true",
                       help="print the built-in lessons: number, title, ✓ once finished")
    learn.add_argument("--share", nargs="?", const=8766, type=cli_args.port, metavar="PORT",
                       help="let a room follow the lesson on this computer, the step's words "
                       "included: avatar-tui watch ws://127.0.0.1:PORT/watch (default port "
                       "8766; needs the extra net)")


def listing(finished: list[str]) -> list[str]:
    from avatar_tui.lessons import list_lessons

    return [f"{lesson.number:>2}  {lesson.title}" + ("  ✓" if lesson.name in finished else "")
            for lesson in list_lessons()]


def run(args: argparse.Namespace) -> int:
    from avatar_tui.store.storage import SaveStore

    store = SaveStore()
    if args.list:
        for line in listing(store.lessons.finished()):
            print(terminal_text.message(line))
        return 0
    lesson = None
    if args.lesson is not None:
        lesson = _lesson(args.lesson)
        if isinstance(lesson, str):
            terminal_text.say(f"avatar-tui learn: {lesson}")
            return 2

    publisher = None
    if args.share is not None:
        try:
            from avatar_tui.net.share import Share
        except ImportError:
            terminal_text.say('avatar-tui learn: --share needs aiohttp, the optional extra '
                              '"net": pip install ".[net]"')
            return 2
        publisher = Share(args.share)

    from avatar_tui.tui.perf import heap

    with heap.held():  # no garbage collections while the app loads (tui/perf/heap.py)
        from avatar_tui.tui.app import AvatarApp  # Textual loads only to play

        app = AvatarApp(store, start="learn", lesson=lesson, freeze_startup_heap=True,
                        publisher=publisher)
        app.run()
        return app.return_code or 0


def _lesson(wanted: str):
    """The lesson to teach (play/lesson.py), or why there is none: a
    number or name is a built-in lesson, anything else a file."""
    from avatar_tui.lessons import UnknownLesson, find_lesson, load_lesson
    from avatar_tui.notation.lesson import check_lesson
    from avatar_tui.notation.scenario import ScenarioError, load_scenario
    from avatar_tui.play.lesson import Lesson

    path = Path(wanted)
    try:
        if re.fullmatch(r"[0-9]{1,4}", wanted) or not (path.suffix or path.exists()):
            found = find_lesson(wanted)
            return Lesson(load_lesson(found.name), name=found.name)
        scenario = load_scenario(path)
        if not scenario.is_lesson:
            return f"{path}: not a lesson: it has no [[step]] table (docs/notation.md)"
        check_lesson(scenario)
        return Lesson(scenario)
    except UnknownLesson as err:
        return str(err.args[0])
    except ScenarioError as err:
        return str(err)
