"""A narrated demo being stepped through: a scenario (docs/notation.md, with
`> text` narration) and how far into it the board is.

Step 0 is the setup, with the scenario's intro; step k is after its k-th
action line. A refused line (`!`) is a step that changes nothing: the
engine's reason is shown instead. Going back rebuilds the board exactly,
by replaying the setup and the first k lines through the engine."""

from __future__ import annotations

from dataclasses import dataclass

from avatar_tui.engine import Event, IllegalAction, Table, apply, new_game, why_not
from avatar_tui.io import pauses, terminal_text
from avatar_tui.model.state import GameState
from avatar_tui.notation.scenario import ActionLine, Scenario
from avatar_tui.play.describe import character
from avatar_tui.play.move_words import describe_move

READING_SPEED = 25  # characters a second: the pause of auto-play grows with the text
MIN_PAUSE, MAX_PAUSE = 2.0, 12.0


class DemoError(ValueError):
    """The demo's scenario does not replay (an action the engine refuses);
    the message made safe to print (terminal_text)."""

    def __init__(self, text: str):
        super().__init__(terminal_text.error(text))


@dataclass
class Step:
    number: int  # 0: the setup
    line: ActionLine | None  # None at the setup
    narration: list[str]
    refused: str | None = None  # the engine's reason, for a `!` line
    words: str | None = None  # the step's move in words (move_words), markup


class Demo:
    def __init__(self, scenario: Scenario, name: str = ""):
        self.scenario = scenario
        self.name = name or scenario.path.stem
        self.title = scenario.title or self.name
        self.step = 0
        self.refused: str | None = None  # the reason of the current step's `!` line
        self.words: str | None = None  # the current step's move in words

    @property
    def total(self) -> int:
        return len(self.scenario.lines)

    @property
    def at_end(self) -> bool:
        return self.step >= self.total

    def current(self) -> Step:
        k = self.step
        if k == 0:
            return Step(0, None, list(self.scenario.intro))
        line = self.scenario.lines[k - 1]
        return Step(k, line, list(line.narration), self.refused, self.words)

    def start(self) -> tuple[GameState, list[Event]]:
        """The board at step 0: the setup."""
        self.step = 0
        self.refused = None
        self.words = None
        return new_game(self.scenario.setup)

    def forward(self, state: GameState) -> tuple[GameState, list[Event]]:
        """Make the next line's action on `state` (the board at this step);
        returns the board after it and its events."""
        if self.at_end:
            return state, []
        line = self.scenario.lines[self.step]
        new, events, self.refused = _play(state, line)
        # every step has words, also one the narration passes over in silence
        who = character(Table(state), line.action.player)
        if self.refused is None:
            self.words = f"[b]{who}[/b] {describe_move(state, new, line.action, events)}"
        else:
            self.words = f"[b]{who}[/b] tries a move the rules forbid"
        self.step += 1
        return new, events

    def rebuild(self, k: int) -> tuple[GameState, list[Event]]:
        """The board after the setup and the first k lines, and every event
        so far, replayed from scratch (exact by construction: the game is
        fixed by its setup and actions)."""
        k = max(0, min(k, self.total))
        state, events = self.start()
        for _ in range(k):
            state, more = self.forward(state)
            events.extend(more)
        return state, events

    def pause(self) -> float:
        """Seconds auto-play waits on this step: time to read it.
        AVATAR_TUI_DEMO_DELAY fixes it."""
        fixed = pauses.from_env("AVATAR_TUI_DEMO_DELAY")
        if fixed is not None:
            return fixed
        step = self.current()
        chars = sum(len(s) for s in step.narration)
        return min(MAX_PAUSE, max(MIN_PAUSE, 1.0 + chars / READING_SPEED))


def _play(state: GameState, line: ActionLine) -> tuple[GameState, list[Event], str | None]:
    reason = why_not(state, line.action)
    if line.rejected:
        return state, [], reason or "(the demo expects a refusal, but the engine allows it)"
    if reason is not None:
        raise DemoError(f"line {line.line}: {line.text}: the engine refuses it: {reason}")
    try:
        new, events = apply(state, line.action)
    except IllegalAction as err:  # pragma: no cover - why_not said yes
        raise DemoError(f"line {line.line}: {line.text}: {err}") from None
    return new, events, None
