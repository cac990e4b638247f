"""Charging and uncharging zones by an effect (R11)."""

from __future__ import annotations

from avatar_tui.engine import board
from avatar_tui.engine.effects.common import (
    NONE,
    ask,
    chooser_of,
    players_of,
    queue_effects,
    zone_of,
)
from avatar_tui.engine.effects.registry import handles
from avatar_tui.engine.stats import restricted
from avatar_tui.engine.table import Table
from avatar_tui.engine.turn import push
from avatar_tui.model.common import ZONES, PlayerId, Zone
from avatar_tui.model.effects import (
    Charge,
    Restricted,
    Uncharge,
)
from avatar_tui.model.options import Option, Target
from avatar_tui.model.state import (
    ResolveStep,
)


def _zone_targets(t: Table, pids: list[PlayerId], charged: bool) -> list[Target]:
    """Zones that can change now: charged ones to uncharge, uncharged ones to
    charge, leaving out a player's zones a "cannot" protects (R12.3)."""
    action: Restricted = "uncharge" if charged else "charge"
    return [Target(pid, z) for pid in pids if not restricted(t, pid, action)
            for z in ZONES if t.zone(pid, z).charged == charged]


@handles(Charge)
def charge(t: Table, step: ResolveStep, effect: Charge, answer: Option | None) -> None:
    _charging(t, step, effect, answer, to_charged=True)


@handles(Uncharge)
def uncharge(t: Table, step: ResolveStep, effect: Uncharge, answer: Option | None) -> None:
    _charging(t, step, effect, answer, to_charged=False)


def _charging(t: Table, step: ResolveStep, effect: Charge | Uncharge, answer: Option | None,
              to_charged: bool) -> None:
    ctx = step.ctx
    verb = "charge" if to_charged else "uncharge"

    def do(pid: PlayerId, zone: Zone) -> None:
        if to_charged:
            board.charge(t, pid, zone, t.name(ctx.source))
        elif board.uncharge(t, pid, zone) and isinstance(effect, Uncharge):
            queue_effects(t, effect.then, ctx)  # "if you do"

    pids = players_of(effect.whose, ctx)
    if effect.zone != "choose":
        zone = zone_of(effect.zone, ctx)
        if zone is not None:
            for pid in pids:
                do(pid, zone)
        return
    if answer is not None:
        if isinstance(answer, Target):
            do(answer.who, answer.zone)
        return
    if isinstance(effect, Uncharge) and effect.count == "all":
        for pid in pids:
            for z in ZONES:
                do(pid, z)
        return
    if effect.whose == "each":
        push(t, *[ResolveStep(effect=effect.model_copy(update={"whose": w, "chooser": "owner"}),
                              ctx=ctx) for w in ("you", "opponent")])
        return
    targets = _zone_targets(t, pids, charged=not to_charged)
    if effect.other_than_this and ctx.zone is not None:
        this = Target(ctx.controller, ctx.zone)
        targets = [z for z in targets if z != this]
    if not targets:
        return
    if len(targets) == 1 and not effect.optional:
        return _charging(t, step, effect, targets[0], to_charged)
    chooser = chooser_of(effect.chooser, ctx, set(pids) if len(pids) == 1 else set())
    ask(t, step, chooser, f"{t.name(ctx.source)}: which zone do you {verb}?",
        targets + ([NONE] if effect.optional else []))
