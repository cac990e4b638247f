"""The effect interpreter: does what a card's effect entries say.

Each handler is registered for its effect's model class (see `registry`)
and is called with the step, the typed effect and, when it asked a
question, the answer. A handler that needs a choice calls `ask` and
returns; the engine waits for `choose WORD` and calls it again with the
option it names (model/options.py). Whatever cannot
be done is skipped (R12.4)."""

from __future__ import annotations

# Importing the handler modules registers their handlers (`@handles`).
from avatar_tui.engine.effects import allies, deck, endings, energy, strike, zones  # noqa: F401
from avatar_tui.engine.effects.allies import eliminate_ally_at
from avatar_tui.engine.effects.common import NONE, ask, queue_effects
from avatar_tui.engine.effects.ordering import order_effects, queue_triggered
from avatar_tui.engine.effects.registry import check_coverage, dispatch
from avatar_tui.engine.table import Table
from avatar_tui.model.options import Option
from avatar_tui.model.state import OrderStep, ResolveStep

check_coverage()  # every effect of the language has exactly one handler


def resolve_step(t: Table, step: ResolveStep | OrderStep, answer: Option | None) -> None:
    if isinstance(step, OrderStep):
        order_effects(t, step, answer)
        return
    endings.begins(t, step)
    events, queued = len(t.events), len(t.state.queue)
    dispatch(t, step, answer)
    if len(t.events) > events or t.state.choice is not None or len(t.state.queue) > queued:
        return
    # Nothing visible happened: say so, so that no step of the game is silent.
    name, who = t.name(step.ctx.source), step.ctx.controller
    if answer == NONE:
        t.emit("R12.1", f"{who} declines {name}'s effect", who)
    else:
        t.emit("R12.4", f"{name}: nothing to do", who)


__all__ = ["NONE", "ask", "eliminate_ally_at", "queue_effects", "queue_triggered", "resolve_step"]
