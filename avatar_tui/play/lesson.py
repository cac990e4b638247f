"""A lesson being taught (docs/notation.md, "Lesson files"): its steps, the
one the learner is at, the misses made in it and what the panel says.

A step with `answer` waits for the learner's move: the answer is made, any
other move is not (the board stays as it was) and counts as a miss, whose
reason is shown beside the step's words; from the third miss the key of the
answer is named too. A step with `play` has its moves made for the learner,
one after each pause. Once a step is done its `then` is shown above the
next step's words. No Textual: the lesson mode (play/modes.py) and the
referee drive it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from avatar_tui.engine import Event, Table
from avatar_tui.io import pauses
from avatar_tui.lessons import UnknownLesson, find_lesson
from avatar_tui.model.actions import Action
from avatar_tui.model.frames import LessonWords
from avatar_tui.model.state import GameState
from avatar_tui.notation import lesson as lesson_file
from avatar_tui.notation.scenario import ActionLine, LessonStep, Scenario
from avatar_tui.play import questions
from avatar_tui.play.demo import MAX_PAUSE, MIN_PAUSE, READING_SPEED
from avatar_tui.play.describe import character
from avatar_tui.play.keys import GAME_KEYS, key_name
from avatar_tui.play.plain import escape, unmarked
from avatar_tui.play.session import Session

MISSES_BEFORE_THE_KEY = 3  # misses in one step before the answer's key is named
PLAYED_PAUSE = 1.5  # seconds between two moves a step plays, once its words are read


class ToLessons:
    """The new-game screen's answer for the lessons' list (LESSONS), which
    no setup or kept game's name can be mistaken for."""


LESSONS = ToLessons()


@dataclass(frozen=True)
class LessonEntry:
    """A built-in lesson as the lessons' list shows it."""

    number: int
    name: str
    title: str
    finished: bool
    left_at: int | None = None  # the step it was left at, halfway


class Lesson:
    """`scenario`: the lesson file read and checked; `name`: a built-in
    lesson's name, under which its progress is kept (None: a file of the
    player's, whose progress is not kept)."""

    def __init__(self, scenario: Scenario, name: str | None = None):
        self.scenario = scenario
        self.name = name
        self.title = scenario.title or scenario.path.stem
        self.step = 1  # the step the learner is at; past the last: finished
        self.misses = 0  # in this step
        self.why: str | None = None  # markup: why the last move was not made
        self.then: str | None = None  # the `then` of the step just done
        self.played = 0  # of a `play` step, the moves made so far

    @property
    def total(self) -> int:
        return len(self.scenario.steps)

    @property
    def at_end(self) -> bool:
        return self.step > self.total

    @property
    def current(self) -> LessonStep | None:
        return None if self.at_end else self.scenario.steps[self.step - 1]

    @property
    def playing(self) -> bool:
        """The step makes its moves itself: the learner watches."""
        step = self.current
        return step is not None and bool(step.played)

    def start(self, step: int = 1) -> tuple[GameState, list[Event]]:
        """The board at the start of step `step` (1: the lesson's start; a
        lesson resumed at a later step is replayed to it, through the first
        answers of the steps before)."""
        self.step = max(1, min(step, self.total))
        self.misses, self.why, self.then, self.played = 0, None, None, 0
        if self.step > 1:
            self.then = f"Resumed at step {self.step}, where you left this lesson."
        return lesson_file.at_step(self.scenario, self.step)

    def answers(self, action: Action) -> bool:
        step = self.current
        return step is not None and any(line.action == action for line in step.answers)

    def missed(self, why: str, session: Session | None = None) -> None:
        """A move that is not the answer, not made: `why` (markup) is shown;
        `session`: the game, whose question names a chosen answer."""
        self.misses += 1
        self.why = why
        if self.misses >= MISSES_BEFORE_THE_KEY:
            self.why = f"{why}\n[b]The key:[/b] {self.answer_key(session)}"

    def not_the_answer(self, session: Session | None = None) -> None:
        """A legal move that is not the answer, not made: the step's hint
        says why (or, without one, to read the step again)."""
        step = self.current
        assert step is not None
        asked = step.hint or "this step asks for another one: read it again."
        self.missed(f"[b]Not this move:[/b] {escape(asked)}", session)

    def answer_key(self, session: Session | None = None) -> str:
        """The key that makes the step's (first) answer, in words; an
        answer to a question (the opening's defender, the engine's choices)
        is c and the answer as the question words it."""
        step = self.current
        assert step is not None and step.answers
        action = step.answers[0].action
        for key in GAME_KEYS:
            if key.matches(action):
                return f"press {key.display or key_name(key.key)} ({key.label})"
        asked = questions.pending(session) if session is not None else None
        if asked is not None and action in asked.actions:
            return f"press c (Answer), then “{asked.labels[asked.actions.index(action)]}”"
        return f"press c (Answer) and choose {escape(step.answers[0].text)}"

    def next_played(self) -> ActionLine | None:
        """The next move a `play` step makes (None: it has made them all)."""
        step = self.current
        if step is None or self.played >= len(step.played):
            return None
        line = step.played[self.played]
        self.played += 1
        return line

    def done(self) -> None:
        """The step is answered (or played): its `then` is shown, the next step follows."""
        step = self.current
        assert step is not None
        self.then = step.then
        self.step += 1
        self.misses, self.why, self.played = 0, None, 0

    def pause(self) -> float:
        """Seconds before the next move a `play` step makes: its words read
        first. AVATAR_TUI_DEMO_DELAY fixes it, as for a demo."""
        fixed = pauses.from_env("AVATAR_TUI_DEMO_DELAY")
        if fixed is not None:
            return fixed
        step = self.current
        if step is None or self.played:
            return PLAYED_PAUSE
        chars = len(step.say) + len(self.then or "")
        return min(MAX_PAUSE, max(MIN_PAUSE, 1.0 + chars / READING_SPEED))

    @cached_property
    def number(self) -> int | None:
        """A built-in lesson's number (None: a lesson file's)."""
        if self.name is None:
            return None
        try:
            return find_lesson(self.name).number
        except UnknownLesson:
            return None

    def words(self) -> LessonWords:
        """The step as a shared screen's watchers read it (`learn --share`,
        the position's `lesson`): the learner's panel in plain words."""
        step = self.current
        say = step.say if step is not None else f"{THE_END} {self.title} is finished."
        return LessonWords(
            title=self.title, number=self.number, step=min(self.step, self.total),
            of=self.total, say=say,
            then=self.then, note=unmarked(self.why) if self.why else None,
            finished=step is None)

    def panel(self, state: GameState) -> tuple[str, str]:
        """The lesson's panel: what was just done (`then`), the step's words,
        why the last move was not made; and the panel's title."""
        step = self.current
        watch = None
        if step is not None and step.played:
            who = character(Table(state), step.played[0].action.player)
            watch = f"[dim]Watch: the lesson plays for {who}…[/]"
        return _panel(self.title, self.then, step.say if step is not None else "", self.why,
                      watch, step is None, min(self.step, self.total), self.total)


THE_END = "The end of this lesson."


def words_panel(words: LessonWords) -> tuple[str, str]:
    """A shared lesson's panel, as its watchers see it (play/remote.py): the
    learner's, from the position's plain words."""
    return _panel(words.title, words.then, words.say,
                  escape(words.note) if words.note else None, None, words.finished,
                  words.step, words.of)


def _panel(title: str, then: str | None, say: str, why: str | None, watch: str | None,
           finished: bool, step: int, of: int) -> tuple[str, str]:
    """The panel's markup and title; `why` and `watch` are markup already."""
    parts: list[str] = []
    if then and not why:  # after a miss, the room is the reason's
        parts.append(f"[$success]✓[/] {escape(then)}")
    if finished:
        parts.append(f"[b]{THE_END}[/b] {escape(title)} is finished.")
    else:
        parts.append(escape(say))
        if watch:
            parts.append(watch)
        if why:
            parts.append(f"[$warning]✗[/] {why}")
    # one line apart, no blank between: at 80x24 the panel has six rows
    return "\n".join(parts), f"Lesson · step {step}/{of}"
