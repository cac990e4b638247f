"""Lesson files (docs/notation.md): a scenario with `[[step]]` tables. The
reader (notation/scenario.py) checks each step's form; here the moves are
checked where they stand: the file's actions played first, then every
answer of a step must be legal at its start, and the step's first answer
(or its played moves) leads to the next. A move the engine refuses makes
the whole lesson invalid, in one line naming the file and the step."""

from __future__ import annotations

from avatar_tui.engine import Event, IllegalAction, apply, new_game, why_not
from avatar_tui.model.state import GameState
from avatar_tui.notation.scenario import ActionLine, Scenario, ScenarioError


def _refused(scenario: Scenario, place: str, line: ActionLine, reason: str) -> ScenarioError:
    return ScenarioError(f"{scenario.path}: {place}: {line.text!r} is not legal there: {reason}")


def start(scenario: Scenario) -> tuple[GameState, list[Event]]:
    """The position the lesson starts from: the setup and the file's
    actions, played without asking (a `!` line is only checked refused)."""
    state, events = new_game(scenario.setup)
    for line in scenario.lines:
        reason = why_not(state, line.action)
        if line.rejected:
            if reason is None:
                raise ScenarioError(f"{scenario.path}: line {line.line}: {line.text!r} should "
                                    "be refused but is legal")
            continue
        if reason is not None:
            raise _refused(scenario, f"line {line.line}", line, reason)
        state, more = apply(state, line.action)
        events += more
    return state, events


def play_step(scenario: Scenario, number: int, state: GameState,
              events: list[Event]) -> tuple[GameState, list[Event]]:
    """Step `number` (1-based) as a replay makes it, from `state` at its start:
    each answer checked legal, then the first made; or its moves played."""
    step = scenario.steps[number - 1]
    place = f"step {number}"
    for line in step.answers:
        reason = why_not(state, line.action)
        if reason is not None:
            raise _refused(scenario, f"{place}.answer", line, reason)
    for line in step.moves:
        try:
            state, more = apply(state, line.action)
        except IllegalAction as err:
            raise _refused(scenario, place, line, str(err)) from None
        events = events + more
    return state, events


def check_lesson(scenario: Scenario) -> None:
    """Raise ScenarioError, naming the step, unless every move of the lesson is
    legal where it stands."""
    state, events = start(scenario)
    for number in range(1, len(scenario.steps) + 1):
        state, events = play_step(scenario, number, state, events)


def at_step(scenario: Scenario, number: int) -> tuple[GameState, list[Event]]:
    """The position at the start of step `number` (a lesson resumed there),
    reached through the first answers of the steps before it."""
    state, events = start(scenario)
    for before in range(1, min(number, len(scenario.steps) + 1)):
        state, events = play_step(scenario, before, state, events)
    return state, events
