"""Effects on the strike itself: +/- force and intercept, granted statics,
moving it, delayed effects, and the choices and conditions around them."""

from __future__ import annotations

from avatar_tui.engine.effects.common import (
    ask,
    queue_effects,
    strike_of,
)
from avatar_tui.engine.effects.endings import strike_left_zone
from avatar_tui.engine.effects.registry import handles
from avatar_tui.engine.stats import InPlay, holds, incoming_force
from avatar_tui.engine.table import Table
from avatar_tui.model.common import ZONES, PlayerId, Zone, zone_above, zone_below
from avatar_tui.model.effects import (
    ChangeDefendingZone,
    ChooseOne,
    Grant,
    Modify,
    MoveThis,
    OnCounterattack,
    OnlyIf,
)
from avatar_tui.model.options import Named, Option
from avatar_tui.model.state import (
    Armed,
    Granted,
    Mod,
    ResolveStep,
)


@handles(Modify)
def modify(t: Table, step: ResolveStep, effect: Modify, answer: Option | None) -> None:
    face, zone = strike_of(t, step.ctx)
    if face is None:
        return
    bound = zone if step.ctx.source_kind == "ally" else None
    force = effect.force
    if effect.force_per == "stopped_force":  # "+X force", X the force it stopped
        stopped = face.vs_force if face.counterattacked else incoming_force(t)
        force += max(stopped or 0, 0)
    face.mods.append(Mod(source=step.ctx.source, force=force, intercept=effect.intercept,
                         zone=bound, source_kind=step.ctx.source_kind))
    parts = [f"{v:+d} {k}" for k, v in (("force", force), ("intercept", effect.intercept))
             if v]
    t.emit("R7.1", f"{t.name(face.card)} gets {', '.join(parts)} ({t.name(step.ctx.source)})",
           step.ctx.controller)


@handles(Grant)
def grant(t: Table, step: ResolveStep, effect: Grant, answer: Option | None) -> None:
    """Give a static to the strike this effect works on, or (from an
    advantage) to the advantage itself, for as long as it stays in play."""
    ctx = step.ctx
    if ctx.source_kind == "advantage":
        for adv in reversed(t.player(ctx.controller).advantages):
            if adv.card == ctx.source:
                # replaced, not appended to: setting it counts a change to what
                # is in play (model/state.py BoardChanges)
                adv.granted = [*adv.granted, effect.static]
                t.emit("R12.1", f"{t.name(ctx.source)}: {effect.static.static} for your strikes",
                       ctx.controller)
                return
        return
    face, zone = strike_of(t, ctx)
    if face is not None:
        bound = zone if ctx.source_kind == "ally" else None  # R7.3: only in the ally's zone
        face.granted = [*face.granted, Granted(source=ctx.source, source_kind=ctx.source_kind,
                                               zone=bound, static=effect.static)]
        t.emit("R12.1", f"{t.name(face.card)} gains an effect from {t.name(ctx.source)}",
               ctx.controller)


def move_flip(t: Table, pid: PlayerId, zone: Zone, target: Zone) -> None:
    """`pid`'s card in `zone` moves to `target`, where `pid` now defends (a
    power's cost or an effect); what the ally it leaves gave it ends (R7.3)."""
    player = t.player(pid)
    face = player.zones[zone].flip
    player.zones[target].flip, player.zones[zone].flip = face, None
    player.defending = target
    t.emit("R12.1", f"{pid}'s card moves to the {target} zone; {pid} now defends there", pid)
    if face is not None:
        strike_left_zone(t, pid, face, zone)


@handles(MoveThis)
def move_this(t: Table, step: ResolveStep, effect: MoveThis, answer: Option | None) -> None:
    pid, zone = step.ctx.controller, step.ctx.zone
    if zone is None or t.zone(pid, zone).flip is None:
        return
    target = {"up": zone_above(zone), "down": zone_below(zone), "red": "red"}[effect.to]
    if target is not None and target != zone and t.zone(pid, target).flip is None:
        move_flip(t, pid, zone, target)


@handles(OnCounterattack)
def on_counterattack(t: Table, step: ResolveStep, effect: OnCounterattack,
                     answer: Option | None) -> None:
    ctx = step.ctx
    face, zone = strike_of(t, ctx)
    if face is None:
        return
    kind = ctx.source_kind if ctx.source_kind in ("strike", "ally", "signature") else "strike"
    face.armed.append(Armed(source=ctx.source, effects=effect.effects,
                            zone=zone if kind == "ally" else None,
                            from_charged_zone=effect.from_charged_zone,
                            source_kind=kind))
    t.emit("R7.1", f"{t.name(ctx.source)}: an effect waits for the counterattack",
           ctx.controller)


@handles(ChangeDefendingZone)
def change_defending_zone(t: Table, step: ResolveStep, effect: ChangeDefendingZone,
                          answer: Option | None) -> None:
    player = t.player(step.ctx.controller)
    if player.defending is None:
        return
    i = ZONES.index(player.defending) + effect.step
    if 0 <= i < 3:
        player.defending = ZONES[i]
        t.emit("R12.1", f"{step.ctx.controller} now defends in the {ZONES[i]} zone")


@handles(ChooseOne)
def choose_one(t: Table, step: ResolveStep, effect: ChooseOne, answer: Option | None) -> None:
    if not isinstance(answer, Named):
        ask(t, step, step.ctx.controller, f"{t.name(step.ctx.source)}: choose one",
            [Named(name) for name in effect.options])
        return
    queue_effects(t, effect.options[answer.name], step.ctx)


@handles(OnlyIf)
def only_if(t: Table, step: ResolveStep, effect: OnlyIf, answer: Option | None) -> None:
    ctx = step.ctx
    src = InPlay(ctx.controller, ctx.source_kind, ctx.source, ctx.zone, [], [])
    if holds(t, effect.when, src, ctx.controller, ctx.zone):
        queue_effects(t, effect.effects, ctx)
