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
from avatar_tui.model.options import Reflip


def why_not_choose(t: Table, a: Action) -> str | None:
    choice = t.state.choice
    assert choice is not None
    if choice.option(a.word) is None:
        answers = ", ".join(o.word for o in choice.options)
        return f"'{a.word}' is not one of the answers: {answers}"
    return None


def do_choose(t: Table, a: Action) -> None:
    """Carry out the answer: the typed option `choose WORD` names."""
    choice = t.state.choice
    assert choice is not None
    option = choice.option(a.word)
    assert option is not None
    t.state.choice = None
    if isinstance(option, Reflip):
        zone, face = flipped(t, a.player)
        costs = {c.source: c for c in reflip_costs(t, a.player, zone, face.card)}
        reflip_with(t, a.player, costs[option.source], choice.paid)
        return
    if choice.step is None:  # R5.5 replace / keep
        do_ally_choice(t, a.player, option)
        return
    resolve_step(t, choice.step, option)
