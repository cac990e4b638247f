"""Which effects an event sets off (R12.2): counterattacking, focusing,
flipping. Each returns the effects as queued steps, for the turn player to
order when there are several."""

from __future__ import annotations

from avatar_tui.engine.stats import in_play
from avatar_tui.engine.table import Table
from avatar_tui.model.common import PlayerId, Zone, other
from avatar_tui.model.effects import Trigger
from avatar_tui.model.state import Context, FaceUp, ResolveStep


def _steps(trigger: Trigger, ctx: Context) -> list[ResolveStep]:
    return [ResolveStep(effect=e, ctx=ctx) for e in trigger.effects]


def on_counterattack(t: Table, pid: PlayerId, zone: Zone | None, face: FaceUp) -> list[ResolveStep]:
    """R5.3: what happens when `pid` counterattacks with `face` from `zone`
    (None: a signature move, from no zone, R10.1)."""
    charged = zone is not None and t.zone(pid, zone).charged
    kind = "signature" if zone is None else "strike"
    out: list[ResolveStep] = []
    source = t.move_card(face.card) if zone is None else t.card(face.card)
    for trig in source.triggers:
        if trig.on == "counterattack" and (charged or not trig.from_charged_zone):
            out += _steps(trig, Context(controller=pid, source=face.card, source_kind=kind,
                                        zone=zone))
    for armed in face.armed:
        if armed.zone is not None and armed.zone != zone:
            continue
        if armed.from_charged_zone and not charged:
            continue
        ctx = Context(controller=pid, source=armed.source, source_kind=armed.source_kind,
                      zone=zone)
        out += [ResolveStep(effect=e, ctx=ctx) for e in armed.effects]
    for src in in_play(t, pid):
        if src.kind == "ally" and src.zone == zone and zone is not None:
            ctx = Context(controller=pid, source=src.card_id, source_kind="ally", zone=zone)
        elif src.kind == "advantage":
            ctx = Context(controller=pid, source=src.card_id, source_kind="advantage", zone=zone)
        else:
            continue
        for trig in src.triggers:
            if trig.on == "counterattack" and (charged or not trig.from_charged_zone):
                out += _steps(trig, ctx)
    if zone is not None:
        for src in in_play(t, other(pid)):
            for trig in src.triggers:
                if trig.on == "opponent_counterattacks" and trig.from_zone in (None, zone):
                    out += _steps(trig, Context(controller=src.controller, source=src.card_id,
                                                source_kind=_kind(src.kind), zone=src.zone,
                                                zone_owner=pid))
    return out


def on_focus(t: Table, pid: PlayerId, zone: Zone) -> list[ResolveStep]:
    """`pid` focused in `zone`: the opponent's "each time the opponent
    focuses" effects."""
    out: list[ResolveStep] = []
    for src in in_play(t, other(pid)):
        for trig in src.triggers:
            if trig.on == "opponent_focuses":
                out += _steps(trig, Context(controller=src.controller, source=src.card_id,
                                            source_kind=_kind(src.kind), zone=src.zone,
                                            zone_owner=pid))
    return out


def on_flip(t: Table, pid: PlayerId, zone: Zone) -> list[ResolveStep]:
    """`pid` flipped a card in `zone`: that zone's ally's flip effects."""
    ally = t.zone(pid, zone).ally
    if ally is None:
        return []
    out: list[ResolveStep] = []
    for trig in t.card(ally.card).triggers:
        if trig.on == "flip_in_zone":
            out += _steps(trig, Context(controller=pid, source=ally.card, source_kind="ally",
                                        zone=zone))
    return out


def _kind(kind: str):  # narrow an InPlay kind to a Context source kind
    return kind if kind in ("strike", "ally", "advantage", "signature") else "rule"
