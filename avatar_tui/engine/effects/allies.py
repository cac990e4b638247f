"""Effects on allies: eliminating (R7.6), moving, rearranging, and taking
one from the deck."""

from __future__ import annotations

from avatar_tui.engine import board
from avatar_tui.engine.effects.common import (
    NONE,
    ask,
    chooser_of,
    players_of,
    queue_effects,
)
from avatar_tui.engine.effects.endings import ally_left
from avatar_tui.engine.effects.registry import handles
from avatar_tui.engine.stats import restricted
from avatar_tui.engine.table import Table
from avatar_tui.engine.turn import push
from avatar_tui.model.common import ZONES, PlayerId, Zone, other
from avatar_tui.model.effects import (
    EliminateAlly,
    MoveAlly,
    SearchDeck,
)
from avatar_tui.model.options import Option, Target
from avatar_tui.model.state import (
    AllyInPlay,
    ResolveStep,
)


def _eliminable_allies(t: Table, pids: list[PlayerId],
                       only: Zone | None = None) -> list[Target]:
    """Ally targets (`p1.green.ally`) that may be eliminated now (R12.3)."""
    out: list[Target] = []
    for pid in pids:
        if restricted(t, pid, "eliminate_allies"):
            continue
        out.extend(Target(pid, z, "ally") for z in ZONES
                   if t.zone(pid, z).ally is not None and only in (None, z))
    return out


def eliminate_ally_at(t: Table, target: Target) -> None:
    """R7.6: the ally goes to its owner's discard pile; its effects stop at once."""
    pid, zone = target.who, target.zone
    zs = t.zone(pid, zone)
    if zs.ally is None:
        return
    ally = zs.ally
    zs.ally = None
    board.to_discard(t, ally.owner, ally.card)
    t.emit("R7.6", f"{t.name(ally.card)} ({pid}'s {zone} zone) is eliminated", ally.owner)
    ally_left(t, pid, zone, ally.card, "is eliminated")


@handles(EliminateAlly)
def eliminate_ally(t: Table, step: ResolveStep, effect: EliminateAlly,
                   answer: Option | None) -> None:
    ctx = step.ctx
    if effect.whose == "this":
        if ctx.zone is None:
            return
        target = Target(ctx.controller, ctx.zone, "ally")
        if target in _eliminable_allies(t, [ctx.controller]):
            eliminate_ally_at(t, target)
        return
    if effect.whose == "each":
        # each player eliminates one of their own, the controller first
        push(t, *[ResolveStep(effect=effect.model_copy(update={"whose": w, "chooser": "owner"}),
                              ctx=ctx) for w in ("you", "opponent")])
        return
    pids = players_of(effect.whose, ctx)
    only = ctx.event_zone if effect.zone == "that" else None
    if effect.zone == "that" and only is None:
        return
    if effect.count == "all":
        for target in _eliminable_allies(t, pids, only):
            eliminate_ally_at(t, target)
        return
    done = step.progress.get("done", 0)
    if answer is not None:
        if not isinstance(answer, Target):  # none
            return
        eliminate_ally_at(t, answer)
        if done == 0:
            queue_effects(t, effect.then, ctx)  # "if you do"
        done += 1
    targets = _eliminable_allies(t, pids, only)
    if done >= effect.count or not targets:
        return
    step.progress["done"] = done
    if len(targets) == 1 and not effect.optional:
        return eliminate_ally(t, step, effect, targets[0])
    chooser = chooser_of(effect.chooser, ctx, set(pids) if len(pids) == 1 else set())
    ask(t, step, chooser, f"{t.name(ctx.source)}: which ally is eliminated?",
        targets + ([NONE] if effect.optional else []), "ally")


@handles(MoveAlly)
def move_ally(t: Table, step: ResolveStep, effect: MoveAlly, answer: Option | None) -> None:
    pid = step.ctx.controller
    zones = t.player(pid).zones
    # R12.3: "your allies can't be moved" protects that player's allies only
    own_allies_fixed = restricted(t, pid, "move_allies") is not None
    if effect.mode in ("swap_with_this", "rearrange") and own_allies_fixed:
        return
    if effect.mode == "swap_with_this":
        here = step.ctx.zone
        options = [Target(pid, z, "ally") for z in ZONES
                   if z != here and zones[z].ally is not None]
        if here is None or zones[here].ally is None or not options:
            return
        if answer is None:
            ask(t, step, pid, f"{t.name(step.ctx.source)}: swap with which ally?",
                options + [NONE], "ally")
            return
        if isinstance(answer, Target):
            there = answer.zone
            zones[here].ally, zones[there].ally = zones[there].ally, zones[here].ally
            t.emit("R12.1", f"{pid} swaps the allies of the {here} and {there} zones", pid)
            for left, now_in in ((here, there), (there, here)):  # R7.3: each left its zone
                moved = zones[now_in].ally
                assert moved is not None
                ally_left(t, pid, left, moved.card, "moves away")
        return
    if effect.mode == "rearrange":
        _rearrange(t, step, answer)
        return
    if effect.mode == "to_this_zone":
        _to_this_zone(t, step, effect, answer)
        return
    _relocate(t, step, effect, answer)


def _to_this_zone(t: Table, step: ResolveStep, effect: MoveAlly,
                  answer: Option | None) -> None:
    """One of your allies moves into this card's zone, if it is empty."""
    pid, here = step.ctx.controller, step.ctx.zone
    if here is None or t.zone(pid, here).ally is not None:
        return
    if answer is None:
        options = [a for a in _movable_allies(t, [pid]) if a.zone != here]
        if options:
            ask(t, step, pid, f"{t.name(step.ctx.source)}: move an ally to your {here} zone?",
                options + ([NONE] if effect.optional else []), "ally")
        return
    if isinstance(answer, Target):
        from_zone = answer.zone
        there = t.zone(pid, from_zone)
        moved = there.ally
        t.zone(pid, here).ally, there.ally = there.ally, None
        t.emit("R12.1", f"{pid} moves an ally into the {here} zone", pid)
        if moved is not None:
            ally_left(t, pid, from_zone, moved.card, "moves away")


def _movable_allies(t: Table, pids: list[PlayerId]) -> list[Target]:
    return [Target(pid, z, "ally") for pid in pids if not restricted(t, pid, "move_allies")
            for z in ZONES if t.zone(pid, z).ally is not None]


def _relocate(t: Table, step: ResolveStep, effect: MoveAlly, answer: Option | None) -> None:
    """Move one ally: to another empty space of the same player (`to_empty`),
    into one of the controller's empty spaces (`to_your_empty`, its owner
    choosing which ally), or onto the top of its owner's deck (`to_deck_top`).
    First the ally is chosen, then (for a move) the empty space."""
    me = step.ctx.controller
    name = t.name(step.ctx.source)
    if answer == NONE:
        return
    picked = step.progress.get("ally")
    if picked is None:
        if answer is None:
            allies = _movable_allies(t, players_of(effect.whose, step.ctx))
            if effect.mode == "to_your_empty" and not _empty_spaces(t, me):
                return
            if not allies:
                return
            chooser = other(me) if effect.mode == "to_your_empty" else me
            ask(t, step, chooser, f"{name}: which ally moves?",
                allies + ([NONE] if effect.optional else []), "ally")
            return
        if not isinstance(answer, Target):
            return
        picked = step.progress["ally"] = answer
        answer = None
    pid, zone = picked.who, picked.zone
    source = t.zone(pid, zone)
    if source.ally is None:
        return
    if effect.mode == "to_deck_top":
        ally, source.ally = source.ally, None
        t.player(ally.owner).deck.insert(0, ally.card)
        t.emit("R12.1", f"{t.name(ally.card)} goes on top of {ally.owner}'s deck", ally.owner)
        ally_left(t, pid, zone, ally.card, "leaves play")
        return
    dest_owner: PlayerId = me if effect.mode == "to_your_empty" else pid
    spaces = _empty_spaces(t, dest_owner)
    if not spaces:
        return
    if answer is None:
        chooser = other(me) if effect.mode == "to_your_empty" else me
        ask(t, step, chooser, f"{name}: to which empty ally space?", spaces)
        return
    if not isinstance(answer, Target):
        return
    dest_zone = answer.zone
    moved = source.ally
    t.zone(dest_owner, dest_zone).ally, source.ally = source.ally, None
    t.emit("R12.1", f"an ally moves from {pid}'s {zone} zone to {dest_owner}'s {dest_zone} zone",
           me)
    ally_left(t, pid, zone, moved.card, "moves away")


def _empty_spaces(t: Table, pid: PlayerId) -> list[Target]:
    """The places (`p1.green`) where `pid` has no ally."""
    return [Target(pid, z) for z in ZONES if t.zone(pid, z).ally is None]


def _rearrange(t: Table, step: ResolveStep, answer: Option | None) -> None:
    """Put each of your allies in a zone of your choice, one per zone: one
    question per ally, in zone order."""
    pid = step.ctx.controller
    zones = t.player(pid).zones
    if answer is None:
        allies = [z for z in ZONES if zones[z].ally is not None]
        if not allies:
            return
        step.progress = {"from": allies, "to": []}
    elif not isinstance(answer, Target):  # none
        return
    else:
        step.progress["to"].append(answer.zone)
    origin, placed = step.progress["from"], step.progress["to"]
    if len(placed) == len(origin):
        moved = {z: zones[z].ally for z in origin}
        for z in origin:
            zones[z].ally = None
        for src, dst in zip(origin, placed, strict=True):
            zones[dst].ally = moved[src]
        t.emit("R12.1", f"{pid} rearranges their allies", pid)
        for src, dst in zip(origin, placed, strict=True):
            if src != dst:  # R7.3: it left its strike's zone
                left = moved[src]
                assert left is not None
                ally_left(t, pid, src, left.card, "moves away")
        return
    ally = zones[origin[len(placed)]].ally
    assert ally is not None
    free = [Target(pid, z) for z in ZONES if z not in placed]
    ask(t, step, pid, f"Where does {t.name(ally.card)} go?",
        free + ([NONE] if not placed else []))


@handles(SearchDeck)
def search_deck(t: Table, step: ResolveStep, effect: SearchDeck,
                answer: Option | None) -> None:
    """Take a named ally from your deck into one of your empty ally spaces."""
    pid = step.ctx.controller
    deck = t.player(pid).deck
    if effect.card not in deck:
        if answer is None:
            t.state.seen += 1  # the deck was searched
            t.emit("R12.4", f"{pid} searches the deck: no {t.name(effect.card)}", pid)
        return
    spaces = _empty_spaces(t, pid)
    if not spaces:
        return
    if answer is None:
        t.state.seen += 1
        ask(t, step, pid, f"{t.name(step.ctx.source)}: put {t.name(effect.card)} where?",
            spaces + ([NONE] if effect.optional else []))
        return
    if isinstance(answer, Target):
        deck.remove(effect.card)
        zone = answer.zone
        t.zone(pid, zone).ally = AllyInPlay(card=effect.card, owner=pid)
        t.emit("R12.1", f"{pid} puts {t.name(effect.card)} from the deck into the {zone} "
               "zone", pid)
