"""Shared by the effect handlers: asking a question, queueing effects, and
reading what an effect refers to (whose, which zone, how many)."""

from __future__ import annotations

from collections.abc import Sequence

from avatar_tui.engine.table import Table
from avatar_tui.engine.turn import push
from avatar_tui.model.common import ZONES, PlayerId, Zone, other
from avatar_tui.model.effects import (
    Count,
)
from avatar_tui.model.options import DECLINE, Option
from avatar_tui.model.state import (
    Choice,
    Context,
    FaceUp,
    OrderStep,
    ResolveStep,
)

NONE = DECLINE  # the answer that declines a "you may" (`none`)


def ask(t: Table, step: ResolveStep | OrderStep, chooser: PlayerId, prompt: str,
        options: Sequence[Option], kind: str = "effect", secret: bool = False) -> None:
    """Wait for `choose WORD`, WORD the word of one of the `options`.
    `secret`: the prompt or answers show cards only the chooser may see (R1.6)."""
    t.state.choice = Choice.of(chooser=chooser, prompt=prompt, options=options, kind=kind,
                               step=step, secret=secret)


def queue_effects(t: Table, effects: list, ctx: Context) -> None:
    push(t, *[ResolveStep.of(e, ctx) for e in effects])


def strike_of(t: Table, ctx: Context) -> tuple[FaceUp | None, Zone | None]:
    """The strike an effect of this source works on: the source strike or
    signature move itself, or for an ally the strike in its zone (R7.3)."""
    player = t.player(ctx.controller)
    if ctx.source_kind == "signature":
        return player.chamber.move, None
    if ctx.zone is None:
        return None, None
    return player.zones[ctx.zone].flip, ctx.zone


def players_of(whose: str, ctx: Context) -> list[PlayerId]:
    me = ctx.controller
    if whose == "you":
        return [me]
    if whose == "opponent":
        return [other(me)]
    return [me, other(me)]  # any, each


def zone_of(ref: str, ctx: Context) -> Zone | None:
    if ref == "this":
        return ctx.zone
    if ref == "that":
        return ctx.event_zone
    return ref  # type: ignore[return-value]  # what is left of ZoneRef is a Zone


def chooser_of(chooser: str, ctx: Context, owners: set[PlayerId]) -> PlayerId:
    """Who answers: the controller, the opponent, or the owner of the
    things chosen from ("the opponent eliminates one of their allies")."""
    if chooser == "opponent":
        return other(ctx.controller)
    if chooser == "owner" and len(owners) == 1:
        return next(iter(owners))
    return ctx.controller


def count_of(t: Table, count: int | Count, ctx: Context) -> int:
    if isinstance(count, int):
        return count
    n = count.fixed
    me = ctx.controller
    if count.per == "charged_zone":
        n += count.each * sum(1 for z in ZONES if t.zone(me, z).charged)
    elif count.per == "ally":
        n += count.each * sum(1 for z in ZONES if t.zone(me, z).ally is not None)
    return n
