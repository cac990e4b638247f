"""The built-in lessons' list (`avatar-tui learn`, "Learn to play" and
"Lessons" of the new-game screen): one line a lesson, its number, title and
✓ once finished (or the step it was left at). Enter starts the highlighted
lesson; p opens the puzzles' list; escape goes back. The puzzles' list
(`avatar-tui puzzle`, "Puzzles" of the new-game screen and p here) is the
same screen over the puzzles: number, title, goal, ✓ once solved."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from avatar_tui.io.terminal_text import visible
from avatar_tui.play.commands import ChooseLesson, ChoosePuzzle
from avatar_tui.play.lesson import LessonEntry
from avatar_tui.play.puzzle import GOAL_TITLES, TO_PUZZLES, PuzzleEntry
from avatar_tui.tui.screens.dialog import Dialog


def entry(lesson: LessonEntry) -> Text:
    """The lesson's line. Text, never markup: a title is a file's words."""
    text = Text(f"{lesson.number:>2}. ", style="bold")
    text.append(visible(lesson.title))
    if lesson.finished:
        text.append("  ✓", style="bold green")
    elif lesson.left_at is not None:
        text.append(f"  (left at step {lesson.left_at})", style="dim")
    return text


class LessonsScreen(Dialog[str | None]):
    """Answers the name of the lesson chosen, or None (escape)."""

    BINDINGS = [Binding("escape", "back", "Back", id="back"),
                Binding("p", "puzzles", "Puzzles", id="puzzles")]

    def __init__(self, command: ChooseLesson):
        super().__init__()
        self.lessons = command.lessons

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog kept-games"):
            yield Static("[b]Learn to play[/b]", classes="dialog-title")
            if not self.lessons:
                yield Static("No lesson is installed.", classes="dialog-prompt")
            else:
                yield Static("Each lesson asks for moves on the real board, with the real "
                             "keys, and says why when a move is not the one asked for.",
                             classes="dialog-prompt")
                yield OptionList(*(Option(entry(lesson), id=lesson.name)
                                   for lesson in self.lessons), id="lesson-list", compact=True)
            yield Static("[dim]enter starts the highlighted lesson · p the puzzles · escape "
                         "goes back · avatar-tui learn --list lists them[/]",
                         classes="dialog-keys")

    def on_mount(self) -> None:
        if self.lessons:
            listing = self.query_one(OptionList)
            listing.focus()
            # the first lesson not finished: where a learner goes on
            listing.highlighted = next((i for i, lesson in enumerate(self.lessons)
                                        if not lesson.finished), 0)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.dismiss(event.option.id)

    def action_back(self) -> None:
        self.dismiss(None)

    def action_puzzles(self) -> None:
        self.dismiss(TO_PUZZLES)


def puzzle_entry(puzzle: PuzzleEntry) -> Text:
    """The puzzle's line. Text, never markup: a title is a file's words."""
    text = Text(f"{puzzle.number:>2}. ", style="bold")
    text.append(visible(puzzle.title))
    text.append(f"  · {GOAL_TITLES.get(puzzle.goal, puzzle.goal)}", style="dim")
    if puzzle.solved:
        text.append("  ✓", style="bold green")
    return text


class PuzzlesScreen(Dialog[str | None]):
    """Answers the name of the puzzle chosen, or None (escape)."""

    BINDINGS = [Binding("escape", "back", "Back", id="back")]

    def __init__(self, command: ChoosePuzzle):
        super().__init__()
        self.puzzles = command.puzzles

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog kept-games"):
            yield Static("[b]Puzzles[/b]", classes="dialog-title")
            if not self.puzzles:
                yield Static("No puzzle is installed.", classes="dialog-prompt")
            else:
                yield Static("Each puzzle is a position and a goal: reach it with any legal "
                             "moves. A failed try can start again, or show the solution.",
                             classes="dialog-prompt")
                yield OptionList(*(Option(puzzle_entry(puzzle), id=puzzle.name)
                                   for puzzle in self.puzzles), id="puzzle-list", compact=True)
            yield Static("[dim]enter starts the highlighted puzzle · escape goes back · "
                         "avatar-tui puzzle --list lists them[/]", classes="dialog-keys")

    def on_mount(self) -> None:
        if self.puzzles:
            listing = self.query_one(OptionList)
            listing.focus()
            listing.highlighted = next((i for i, puzzle in enumerate(self.puzzles)
                                        if not puzzle.solved), 0)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.dismiss(event.option.id)

    def action_back(self) -> None:
        self.dismiss(None)
