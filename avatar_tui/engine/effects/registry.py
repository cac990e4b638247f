"""Which function carries out which effect of the language.

A handler is registered by the effect's model class with `@handles(Model)`
and receives the effect already typed. `check_coverage` makes sure every
effect type in `avatar_tui.model.effects.Effect` has exactly one handler;
the package runs it when it is imported, so a forgotten handler stops the
program at once instead of failing in the middle of a game."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel

from avatar_tui.engine.table import Table
from avatar_tui.model.effects import effect_types
from avatar_tui.model.options import Option
from avatar_tui.model.state import ResolveStep

E = TypeVar("E", bound=BaseModel)
Handler = Callable[[Table, ResolveStep, E, "Option | None"], None]

HANDLERS: dict[type[BaseModel], Handler[Any]] = {}


class HandlerCoverageError(RuntimeError):
    """The effect language and its handlers do not match one to one."""


def handles(model: type[E]) -> Callable[[Handler[E]], Handler[E]]:
    """Register the decorated function as the one handler of `model`."""

    def register(fn: Handler[E]) -> Handler[E]:
        register_handler(HANDLERS, model, fn)
        return fn

    return register


def register_handler(table: dict[type[BaseModel], Handler[Any]], model: type[E],
                     fn: Handler[E]) -> None:
    if model in table:
        raise HandlerCoverageError(
            f"effect {model.__name__} has two handlers: {table[model].__qualname__} "
            f"and {fn.__qualname__}")
    table[model] = fn


def check_coverage(table: Mapping[type[BaseModel], Any] | None = None) -> None:
    """Fail unless every effect type has a handler and every handler an effect type."""
    table = HANDLERS if table is None else table
    known = effect_types()
    missing = [m.__name__ for m in known if m not in table]
    stray = [m.__name__ for m in table if m not in known]
    if missing or stray:
        parts = ([f"no handler for {', '.join(missing)}"] if missing else []) + (
            [f"handlers for types outside the language: {', '.join(stray)}"] if stray else [])
        raise HandlerCoverageError("effect handlers: " + "; ".join(parts))


def dispatch(t: Table, step: ResolveStep, answer: Option | None) -> None:
    effect = step.effect
    HANDLERS[type(effect)](t, step, effect, answer)
