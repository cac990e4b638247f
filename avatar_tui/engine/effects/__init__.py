"""The effect interpreter: does what a card's effect entries say.

Each handler is called with the step and, when it asked a question, the
answer. A handler that needs a choice calls `ask` and returns; the engine
waits for `choose WORD` and calls it again with the word. Whatever cannot
be done is skipped (R12.4)."""

from __future__ import annotations

from collections.abc import Callable

from avatar_tui.engine.effects import allies, deck, endings, energy, strike, zones
from avatar_tui.engine.effects.allies import eliminate_ally_at
from avatar_tui.engine.effects.common import NONE, ask, queue_effects
from avatar_tui.engine.effects.ordering import order_effects, queue_triggered
from avatar_tui.engine.table import Table
from avatar_tui.model.state import OrderStep, ResolveStep

HANDLERS: dict[str, Callable[[Table, ResolveStep, str | None], None]] = {
    "modify": strike.modify,
    "add_energy": energy.add_energy,
    "eliminate_energy": energy.eliminate_energy,
    "eliminate_ally": allies.eliminate_ally,
    "charge": zones.charge,
    "uncharge": zones.uncharge,
    "move_energy": energy.move_energy,
    "look_at_top": deck.look_at_top,
    "reveal_top": deck.reveal_top,
    "move_ally": allies.move_ally,
    "choose_one": strike.choose_one,
    "on_counterattack": strike.on_counterattack,
    "change_defending_zone": strike.change_defending_zone,
    "move_this": strike.move_this,
    "only_if": strike.only_if,
    "grant": strike.grant,
    "search_deck": allies.search_deck,
    "force_reflip": deck.force_reflip,
}


def resolve_step(t: Table, step: ResolveStep | OrderStep, answer: str | None) -> None:
    if isinstance(step, OrderStep):
        order_effects(t, step, answer)
        return
    endings.begins(t, step)
    events, queued = len(t.events), len(t.state.queue)
    HANDLERS[step.effect.effect](t, step, answer)
    if len(t.events) > events or t.state.choice is not None or len(t.state.queue) > queued:
        return
    # Nothing visible happened: say so, so that no step of the game is silent.
    name, who = t.name(step.ctx.source), step.ctx.controller
    if answer == NONE:
        t.emit("R12.1", f"{who} declines {name}'s effect", who)
    else:
        t.emit("R12.4", f"{name}: nothing to do", who)


__all__ = ["NONE", "ask", "eliminate_ally_at", "queue_effects", "queue_triggered", "resolve_step"]
