"""Replaying a scenario: every action in order, every `!` line refused,
every `[[expect]]` checked at its point (docs/notation.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from avatar_tui.engine import IllegalAction, apply, new_game, view
from avatar_tui.engine.view import lookup
from avatar_tui.model.state import GameState
from avatar_tui.notation.answered import AnsweredAlready
from avatar_tui.notation.scenario import Expect, Scenario


@dataclass
class ReplayResult:
    state: GameState
    failures: list[str] = field(default_factory=list)
    applied: int = 0  # action lines gone through (refused `!` lines count)

    @property
    def ok(self) -> bool:
        return not self.failures


def _same(actual: Any, expected: Any) -> bool:
    """TOML equality, without Python's True == 1."""
    if isinstance(actual, bool) or isinstance(expected, bool):
        return type(actual) is type(expected) and actual == expected
    if isinstance(actual, list) and isinstance(expected, list):
        return len(actual) == len(expected) and all(map(_same, actual, expected))
    if isinstance(actual, dict) and isinstance(expected, dict):
        return actual.keys() == expected.keys() and all(_same(actual[k], expected[k])
                                                        for k in actual)
    return actual == expected


def check_expect(exp: Expect, data: dict[str, Any]) -> str | None:
    actual = lookup(data, exp.path)
    where = "at the end" if exp.after is None else f"after action {exp.after}"
    if exp.is_null is not None:
        if (actual is None) != exp.is_null:
            want = "null" if exp.is_null else "not null"
            return f"{exp.path} {where}: expected {want}, got {_show(actual)}"
        return None
    if not _same(actual, exp.equals):
        return f"{exp.path} {where}: expected {_show(exp.equals)}, got {_show(actual)}"
    return None


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def replay(scenario: Scenario) -> ReplayResult:
    state, _ = new_game(scenario.setup)
    result = ReplayResult(state)
    by_point: dict[int | None, list[Expect]] = {}
    for exp in scenario.expects:
        by_point.setdefault(exp.after, []).append(exp)

    def check(point: int | None) -> None:
        if point in by_point:
            data = view(result.state)
            for exp in by_point[point]:
                problem = check_expect(exp, data)
                if problem:
                    result.failures.append(problem)

    check(0)
    answered = AnsweredAlready()
    for n, line in enumerate(scenario.replayed, start=1):  # a lesson's steps too
        try:
            new_state, _ = apply(result.state, line.action)
        except IllegalAction as err:
            if not line.rejected and answered.covers(result.state, line.action):
                pass  # an answer the engine gave by itself (answered.py)
            elif not line.rejected:
                result.failures.append(f"line {line.line}: {line.text!r} was refused: {err}")
                unreached = [e for p, es in by_point.items()
                             if p is None or p >= n for e in es]
                if unreached:
                    result.failures.append(f"{len(unreached)} expectation(s) not checked: "
                                           "the replay stopped")
                return result
        else:
            if line.rejected:
                result.failures.append(f"line {line.line}: {line.text!r} should be refused "
                                       "but was accepted")
            else:
                result.state = new_state
        result.applied = n
        check(n)
    check(None)
    return result
