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


class ChoiceList(Dialog[str | None]):
    """A list of built-in files to choose one from (the lessons, the
    puzzles): answers the name chosen, or None (escape). The first one not
    yet done is highlighted, where a learner goes on."""

    BINDINGS = [Binding("escape", "back", "Back", id="back")]
    TITLE_WORDS = ""  # the dialog's title
    EMPTY = ""  # said when there is nothing to choose
    PROMPT = ""  # what the choices are
    KEYS = ""  # the keys line
    LIST_ID = ""

    def __init__(self, lines: list[tuple[Text, str, bool]]):
        super().__init__()
        self.lines = lines  # each choice's line, name and whether it is done

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog kept-games"):
            yield Static(f"[b]{self.TITLE_WORDS}[/b]", classes="dialog-title")
            if not self.lines:
                yield Static(self.EMPTY, classes="dialog-prompt")
            else:
                yield Static(self.PROMPT, classes="dialog-prompt")
                yield OptionList(*(Option(line, id=name) for line, name, _ in self.lines),
                                 id=self.LIST_ID, compact=True)
            yield Static(f"[dim]{self.KEYS}[/]", classes="dialog-keys")

    def on_mount(self) -> None:
        if self.lines:
            listing = self.query_one(OptionList)
            listing.focus()
            listing.highlighted = next((i for i, (_, _, done) in enumerate(self.lines)
                                        if not done), 0)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.dismiss(event.option.id)

    def action_back(self) -> None:
        self.dismiss(None)


class LessonsScreen(ChoiceList):
    """Answers the name of the lesson chosen, or None (escape)."""

    BINDINGS = [Binding("p", "puzzles", "Puzzles", id="puzzles")]
    TITLE_WORDS = "Learn to play"
    EMPTY = "No lesson is installed."
    PROMPT = ("Each lesson asks for moves on the real board, with the real keys, and says "
              "why when a move is not the one asked for.")
    KEYS = ("enter starts the highlighted lesson · p the puzzles · escape goes back · "
            "avatar-tui learn --list lists them")
    LIST_ID = "lesson-list"

    def __init__(self, command: ChooseLesson):
        super().__init__([(entry(lesson), lesson.name, lesson.finished)
                          for lesson in command.lessons])
        self.lessons = command.lessons

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


class PuzzlesScreen(ChoiceList):
    """Answers the name of the puzzle chosen, or None (escape)."""

    TITLE_WORDS = "Puzzles"
    EMPTY = "No puzzle is installed."
    PROMPT = ("Each puzzle is a position and a goal: reach it with any legal moves. A failed "
              "try can start again, or show the solution.")
    KEYS = ("enter starts the highlighted puzzle · escape goes back · "
            "avatar-tui puzzle --list lists them")
    LIST_ID = "puzzle-list"

    def __init__(self, command: ChoosePuzzle):
        super().__init__([(puzzle_entry(puzzle), puzzle.name, puzzle.solved)
                          for puzzle in command.puzzles])
        self.puzzles = command.puzzles
