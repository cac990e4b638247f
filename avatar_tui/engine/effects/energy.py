"""Effects on energy: adding (R6.4), eliminating (R7.6), moving."""

from __future__ import annotations

from avatar_tui.engine import board
from avatar_tui.engine.effects.common import (
    NONE,
    ask,
    chooser_of,
    count_of,
    players_of,
    queue_effects,
    zone_of,
)
from avatar_tui.engine.effects.registry import handles
from avatar_tui.engine.table import Table
from avatar_tui.model.common import ZONES, Zone
from avatar_tui.model.effects import (
    AddEnergy,
    EliminateEnergy,
    MoveEnergy,
)
from avatar_tui.model.options import Option, Target
from avatar_tui.model.state import (
    ResolveStep,
)


@handles(AddEnergy)
def add_energy(t: Table, step: ResolveStep, effect: AddEnergy, answer: Option | None) -> None:
    ctx = step.ctx
    n = count_of(t, effect.count, ctx)
    for pid in players_of(effect.who, ctx):
        if effect.zone == "each":
            zones: list[Zone] = list(ZONES) * n
        else:
            zone = zone_of(effect.zone, ctx)
            zones = [zone] * n if zone is not None else []
        board.add_energies(t, pid, zones, "R6.4", t.name(ctx.source))


@handles(EliminateEnergy)
def eliminate_energy(t: Table, step: ResolveStep, effect: EliminateEnergy,
                     answer: Option | None) -> None:
    ctx = step.ctx
    colours = list(ZONES) if effect.colour == "any" else [zone_of(effect.colour, ctx)]
    targets = [(pid, z) for pid in players_of(effect.whose, ctx) for z in colours
               if z is not None and t.zone(pid, z).energy]
    if effect.count == "all":
        for pid, z in targets:
            while t.zone(pid, z).energy:
                board.eliminate_energy(t, pid, z)
        return
    done = step.progress.get("done", 0)
    if answer is not None:
        if not isinstance(answer, Target):  # none
            return
        if board.eliminate_energy(t, answer.who, answer.zone) and done == 0:
            queue_effects(t, effect.then, ctx)  # "if you do"
        done += 1
        targets = [(p, zz) for p, zz in targets if t.zone(p, zz).energy]
    if done >= effect.count or not targets:
        return
    step.progress["done"] = done
    may_stop = effect.optional or effect.up_to
    options = [Target(p, z, "energy") for p, z in targets]
    if len(options) == 1 and not may_stop:
        return eliminate_energy(t, step, effect, options[0])
    chooser = chooser_of(effect.chooser, ctx, {p for p, _ in targets})
    ask(t, step, chooser, f"{t.name(ctx.source)}: which energy is eliminated?",
        options + ([NONE] if may_stop else []))


@handles(MoveEnergy)
def move_energy(t: Table, step: ResolveStep, effect: MoveEnergy,
                answer: Option | None) -> None:
    pid = step.ctx.controller
    source, to = t.zone(pid, effect.source), t.zone(pid, effect.to)
    if not source.energy:
        return
    if effect.optional and answer is None:
        ask(t, step, pid, f"{t.name(step.ctx.source)}: move a {effect.source} energy to "
            f"{effect.to}?", [Target(pid, effect.source, "energy"), NONE])
        return
    if answer == NONE:
        return
    for _ in range(effect.count):
        if source.energy:
            to.energy.append(source.energy.pop())
    t.emit("R12.1", f"{pid} moves {effect.source} energy to the {effect.to} zone", pid)
