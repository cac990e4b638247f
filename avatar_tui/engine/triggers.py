"""Which effects an event sets off (R12.2): counterattacking, focusing,
flipping, playing and charging. Each returns the effects as queued steps,
for the turn player to order when there are several. Every context carries
the event's zone, so "that zone" in a card's text means the zone where it
happened."""

from __future__ import annotations

from avatar_tui.engine.events import BoardEvent, Charged
from avatar_tui.engine.stats import InPlay, granted_triggers, holds, in_play, triggers_on
from avatar_tui.engine.table import Table
from avatar_tui.model.common import ZONES, PlayerId, Zone, other
from avatar_tui.model.effects import Condition, Event, Trigger
from avatar_tui.model.state import Context, FaceUp, ResolveStep

_ALWAYS = Condition.model_construct()


def _steps(t: Table, trigger: Trigger, ctx: Context) -> list[ResolveStep]:
    if trigger.when != _ALWAYS:
        src = InPlay(ctx.controller, ctx.source_kind, ctx.source, ctx.zone, [], [])
        if not holds(t, trigger.when, src, ctx.controller, ctx.zone):
            return []
    return [ResolveStep.of(e, ctx) for e in trigger.effects]


def _kind(kind: str):  # narrow an InPlay kind to a Context source kind
    return kind if kind in ("strike", "ally", "advantage", "signature") else "rule"


def _from_sources(t: Table, owner: PlayerId, event: Event,
                  event_zone: Zone | None) -> list[ResolveStep]:
    """`owner`'s cards in play that listen for `event`."""
    out: list[ResolveStep] = []
    for src, trig in triggers_on(t, event):
        if src.controller == owner:
            out += _steps(t, trig, Context.of(controller=owner, source=src.card_id,
                                           source_kind=_kind(src.kind), zone=src.zone,
                                           event_zone=event_zone))
    return out


def on_counterattack(t: Table, pid: PlayerId, zone: Zone | None, face: FaceUp) -> list[ResolveStep]:
    """R5.3: what happens when `pid` counterattacks with `face` from `zone`
    (None: a signature move, from no zone, R10.1)."""
    charged = zone is not None and t.zone(pid, zone).charged
    kind = "signature" if zone is None else "strike"
    out: list[ResolveStep] = []

    def ctx(source: str, source_kind: str) -> Context:
        return Context.of(controller=pid, source=source, source_kind=source_kind, zone=zone,
                       event_zone=zone)

    source = t.move_card(face.card) if zone is None else t.card(face.card)
    for trig in source.triggers:
        if trig.on == "counterattack" and (charged or not trig.from_charged_zone):
            out += _steps(t, trig, ctx(face.card, kind))
    for ally_id, trig in granted_triggers(t, pid, zone):
        if trig.on == "counterattack" and (charged or not trig.from_charged_zone):
            out += _steps(t, trig, ctx(ally_id, "ally"))
    for armed in face.armed:
        if armed.zone is not None and armed.zone != zone:
            continue
        if armed.from_charged_zone and not charged:
            continue
        # R7.6 convention: an ally's paid effect is dropped if the ally
        # leaves play before it begins (endings.py)
        out += [ResolveStep.of(e, ctx(armed.source, armed.source_kind),
                            ends_with_source=armed.source_kind == "ally")
                for e in armed.effects]
    for src in in_play(t, pid):
        if src.kind == "ally" and src.zone == zone and zone is not None:
            source_kind = "ally"
        elif src.kind == "advantage":
            source_kind = "advantage"
        else:
            continue
        for trig in src.triggers:
            if trig.on == "counterattack" and (charged or not trig.from_charged_zone):
                out += _steps(t, trig, ctx(src.card_id, source_kind))
    if zone is not None:
        for src in in_play(t, other(pid)):
            for trig in src.triggers:
                if trig.on == "opponent_counterattacks" and trig.from_zone in (None, zone):
                    out += _steps(t, trig, Context.of(
                        controller=src.controller, source=src.card_id,
                        source_kind=_kind(src.kind), zone=src.zone,
                        event_zone=zone))
    return out


def on_focus(t: Table, pid: PlayerId, zone: Zone) -> list[ResolveStep]:
    """`pid` focused in `zone`: the opponent's "each time the opponent
    focuses" effects, including those an ally gives their strike."""
    them = other(pid)
    out = _from_sources(t, them, "opponent_focuses", zone)
    for z in ZONES:
        if t.zone(them, z).flip is None:
            continue
        for ally_id, trig in granted_triggers(t, them, z):
            if trig.on == "opponent_focuses":
                out += _steps(t, trig, Context.of(controller=them, source=ally_id,
                                               source_kind="ally", zone=z,
                                               event_zone=zone))
    return out


def before_flip(t: Table, pid: PlayerId, zone: Zone) -> list[ResolveStep]:
    """`pid` is about to flip in `zone`: that zone's ally's effects."""
    return _ally_in_zone(t, pid, zone, "before_flip_in_zone")


def on_flip(t: Table, pid: PlayerId, zone: Zone) -> list[ResolveStep]:
    """`pid` flipped a card in `zone`: the card's own effects, that zone's
    ally's, `pid`'s "whenever you flip", and the opponent's "whenever the
    opponent flips"."""
    face = t.zone(pid, zone).flip
    out: list[ResolveStep] = []
    if face is not None:
        card = t.card(face.card)
        for trig in card.triggers:
            if trig.on == "flipped":
                out += _steps(t, trig, Context.of(controller=pid, source=card.id,
                                               source_kind="strike", zone=zone,
                                               event_zone=zone))
    out += _ally_in_zone(t, pid, zone, "flip_in_zone")
    out += _from_sources(t, pid, "you_flip", zone)
    out += _from_sources(t, other(pid), "opponent_flips", zone)
    return out


def on_play(t: Table, pid: PlayerId, zone: Zone) -> list[ResolveStep]:
    """`pid` played a card in `zone`: the opponent's effects for that."""
    return _from_sources(t, other(pid), "opponent_plays_card", zone)


def on_charge(t: Table, pid: PlayerId, zone: Zone) -> list[ResolveStep]:
    """`pid` charged `zone` (R11.1: only a real change counts)."""
    return _from_sources(t, other(pid), "opponent_charges", zone)


def started_by(t: Table, event: BoardEvent) -> list[ResolveStep]:
    """What a board event sets off (the run loop asks, flow.py)."""
    if isinstance(event, Charged):
        return on_charge(t, event.player, event.zone)
    return on_flip(t, event.player, event.zone)


def _ally_in_zone(t: Table, pid: PlayerId, zone: Zone, event: Event) -> list[ResolveStep]:
    ally = t.zone(pid, zone).ally
    if ally is None:
        return []
    out: list[ResolveStep] = []
    for trig in t.card(ally.card).triggers:
        if trig.on == event:
            out += _steps(t, trig, Context.of(controller=pid, source=ally.card, source_kind="ally",
                                           zone=zone, event_zone=zone))
    return out
