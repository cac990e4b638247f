"""Answering a pending choice with `choose WORD`: an effect's question, the
R12.2 order, R5.5's replace or keep, or which way to reflip."""

from __future__ import annotations

from avatar_tui.engine.effects import resolve_step
from avatar_tui.engine.moves import (
    do_ally_choice,
    flipped,
)
from avatar_tui.engine.powers import reflip_with
from avatar_tui.engine.stats import (
    reflip_costs,
)
from avatar_tui.engine.table import Table
from avatar_tui.model.actions import Action


def why_not_choose(t: Table, a: Action) -> str | None:
    choice = t.state.choice
    assert choice is not None
    if a.word not in choice.options:
        return f"'{a.word}' is not one of the answers: {', '.join(choice.options)}"
    return None


def do_choose(t: Table, a: Action) -> None:
    choice = t.state.choice
    assert choice is not None and a.word is not None
    t.state.choice = None
    if choice.kind == "reflip":
        zone, face = flipped(t, a.player)
        costs = {c.source: c for c in reflip_costs(t, a.player, zone, face.card)}
        reflip_with(t, a.player, costs[a.word], choice.paid)
        return
    if choice.step is None:  # R5.5 replace / keep
        do_ally_choice(t, a.player, a.word)
        return
    resolve_step(t, choice.step, a.word)
