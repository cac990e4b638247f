"""The effect interpreter: does what a card's effect entries say.

Each handler is called with the step and, when it asked a question, the
answer. A handler that needs a choice calls `ask` and returns; the engine
waits for `choose WORD` and calls it again with the word. Whatever cannot
be done is skipped (R12.4)."""

from __future__ import annotations

from collections.abc import Callable

from avatar_tui.engine import board
from avatar_tui.engine.stats import InPlay, holds, incoming_force, restricted
from avatar_tui.engine.table import Table
from avatar_tui.engine.turn import push
from avatar_tui.model.common import ZONES, Energy, PlayerId, Zone, other, zone_above, zone_below
from avatar_tui.model.effects import (
    AddEnergy,
    ChangeDefendingZone,
    Charge,
    ChooseOne,
    Count,
    EliminateAlly,
    EliminateEnergy,
    ForceReflip,
    Grant,
    LookAtTop,
    Modify,
    MoveAlly,
    MoveEnergy,
    MoveThis,
    OnCounterattack,
    OnlyIf,
    RevealTop,
    SearchDeck,
    Uncharge,
)
from avatar_tui.model.state import (
    AllyInPlay,
    Armed,
    Choice,
    Context,
    FaceUp,
    Mod,
    OrderStep,
    ResolveStep,
)

NONE = "none"  # the answer that declines a "you may"


def ask(t: Table, step: ResolveStep | OrderStep, chooser: PlayerId, prompt: str,
        options: list[str], kind: str = "effect") -> None:
    t.state.choice = Choice(chooser=chooser, prompt=prompt, options=options, kind=kind,
                            step=step)


def resolve_step(t: Table, step: ResolveStep | OrderStep, answer: str | None) -> None:
    if isinstance(step, OrderStep):
        _order(t, step, answer)
    else:
        HANDLERS[step.effect.effect](t, step, answer)


def queue_effects(t: Table, effects: list, ctx: Context) -> None:
    push(t, *[ResolveStep(effect=e, ctx=ctx) for e in effects])


# ------------------------------------------------------------------ R12.2 ordering


def _order(t: Table, step: OrderStep, answer: str | None) -> None:
    """R12.2: the player whose turn it is orders effects that happen at once."""
    labels = _unique_labels([group[0].ctx.source for group in step.groups])
    if answer is None:
        ask(t, step, t.state.turn or step.groups[0][0].ctx.controller,
            "Several effects happen at once: which first? (R12.2)", labels, "order")
        return
    first = step.groups[labels.index(answer)]
    rest = [g for g in step.groups if g is not first]
    push(t, *first, *_ordering(rest))


def _unique_labels(sources: list[str]) -> list[str]:
    labels: list[str] = []
    for base in sources:
        name, n = base, 2
        while name in labels:
            name, n = f"{base}_{n}", n + 1
        labels.append(name)
    return labels


def _groups(items: list[ResolveStep]) -> list[list[ResolveStep]]:
    """Split triggered effects into one group per card (consecutive effects
    of the same source), each in its printed order."""
    groups: list[list[ResolveStep]] = []
    for item in items:
        key = (item.ctx.controller, item.ctx.source, item.ctx.source_kind, item.ctx.zone)
        last = groups[-1][0].ctx if groups else None
        if last is not None and (last.controller, last.source, last.source_kind,
                                 last.zone) == key:
            groups[-1].append(item)
        else:
            groups.append([item])
    return groups


def _ordering(groups: list[list[ResolveStep]]) -> list[ResolveStep | OrderStep]:
    """The steps for these groups: a question only when the order can matter.
    Pure +/- changes commute, and the same effects from the same card twice
    (a power used twice) give the same result in either order."""
    flat = [item for g in groups for item in g]
    if len(groups) < 2 or all(isinstance(i.effect, Modify) for i in flat):
        return list(flat)
    distinct = {tuple((i.ctx.source, i.ctx.zone, i.effect.model_dump_json()) for i in g)
                for g in groups}
    if len(distinct) < 2:
        return list(flat)
    return [OrderStep(groups=groups)]


def queue_triggered(t: Table, items: list[ResolveStep]) -> None:
    push(t, *_ordering(_groups(items)))


# ------------------------------------------------------------------ targets


def _face(t: Table, ctx: Context) -> tuple[FaceUp | None, Zone | None]:
    """The strike an effect of this source works on: the source strike or
    signature move itself, or for an ally the strike in its zone (R7.3)."""
    player = t.player(ctx.controller)
    if ctx.source_kind == "signature":
        return player.chamber.move, None
    if ctx.zone is None:
        return None, None
    return player.zones[ctx.zone].flip, ctx.zone


def _players(whose: str, ctx: Context) -> list[PlayerId]:
    me = ctx.controller
    if whose == "you":
        return [me]
    if whose == "opponent":
        return [other(me)]
    return [me, other(me)]  # any, each


def _zone_of(ref: str, ctx: Context) -> Zone | None:
    if ref == "this":
        return ctx.zone
    if ref == "that":
        return ctx.event_zone
    return ref  # type: ignore[return-value]


def _chooser(chooser: str, ctx: Context, owners: set[PlayerId]) -> PlayerId:
    """Who answers: the controller, the opponent, or the owner of the
    things chosen from ("the opponent eliminates one of their allies")."""
    if chooser == "opponent":
        return other(ctx.controller)
    if chooser == "owner" and len(owners) == 1:
        return next(iter(owners))
    return ctx.controller


def _count(t: Table, count: int | Count, ctx: Context) -> int:
    if isinstance(count, int):
        return count
    n = count.fixed
    me = ctx.controller
    if count.per == "charged_zone":
        n += count.each * sum(1 for z in ZONES if t.zone(me, z).charged)
    elif count.per == "ally":
        n += count.each * sum(1 for z in ZONES if t.zone(me, z).ally is not None)
    elif count.per == "incoming_force":
        n += count.each * max(incoming_force(t) or 0, 0)
    return n


# ------------------------------------------------------------------ handlers


def _modify(t: Table, step: ResolveStep, answer: str | None) -> None:
    effect: Modify = step.effect  # type: ignore[assignment]
    face, zone = _face(t, step.ctx)
    if face is None:
        return
    bound = zone if step.ctx.source_kind == "ally" else None
    force = effect.force
    if effect.force_per == "stopped_force":  # "+X force", X the force it stopped
        stopped = face.vs_force if face.counterattacked else incoming_force(t)
        force += max(stopped or 0, 0)
    face.mods.append(Mod(source=step.ctx.source, force=force,
                         intercept=effect.intercept, zone=bound))
    parts = [f"{v:+d} {k}" for k, v in (("force", force), ("intercept", effect.intercept))
             if v]
    t.emit("R7.1", f"{t.name(face.card)} gets {', '.join(parts)} ({t.name(step.ctx.source)})",
           step.ctx.controller)


def _add_energy(t: Table, step: ResolveStep, answer: str | None) -> None:
    effect: AddEnergy = step.effect  # type: ignore[assignment]
    ctx = step.ctx
    n = _count(t, effect.count, ctx)
    for pid in _players(effect.who, ctx):
        if effect.zone == "each":
            zones: list[Zone] = list(ZONES) * n
        else:
            zone = _zone_of(effect.zone, ctx)
            zones = [zone] * n if zone is not None else []
        board.add_energies(t, pid, zones, "R6.4", t.name(ctx.source))


def _eliminate_energy(t: Table, step: ResolveStep, answer: str | None) -> None:
    effect: EliminateEnergy = step.effect  # type: ignore[assignment]
    ctx = step.ctx
    colours = list(ZONES) if effect.colour == "any" else [_zone_of(effect.colour, ctx)]
    targets = [(pid, z) for pid in _players(effect.whose, ctx) for z in colours
               if z is not None and t.zone(pid, z).energy]
    if effect.count == "all":
        for pid, z in targets:
            while t.zone(pid, z).energy:
                board.eliminate_energy(t, pid, z)
        return
    done = step.progress.get("done", 0)
    if answer is not None:
        if answer == NONE:
            return
        pid, z = answer.split(".")[:2]
        if board.eliminate_energy(t, pid, z) and done == 0:  # type: ignore[arg-type]
            queue_effects(t, effect.then, ctx)  # "if you do"
        done += 1
        targets = [(p, zz) for p, zz in targets if t.zone(p, zz).energy]
    if done >= effect.count or not targets:
        return
    step.progress["done"] = done
    may_stop = effect.optional or effect.up_to
    options = [f"{p}.{z}.energy" for p, z in targets]
    if len(options) == 1 and not may_stop:
        return _eliminate_energy(t, step, options[0])
    chooser = _chooser(effect.chooser, ctx, {p for p, _ in targets})
    ask(t, step, chooser, f"{t.name(ctx.source)}: which energy is eliminated?",
        options + ([NONE] if may_stop else []))


def _eliminable_allies(t: Table, pids: list[PlayerId], only: Zone | None = None) -> list[str]:
    """Ally targets `p1.green.ally` that may be eliminated now (R12.3)."""
    out = []
    for pid in pids:
        if restricted(t, pid, "eliminate_allies"):
            continue
        out.extend(f"{pid}.{z}.ally" for z in ZONES
                   if t.zone(pid, z).ally is not None and only in (None, z))
    return out


def eliminate_ally_at(t: Table, target: str) -> None:
    """R7.6: the ally goes to its owner's discard pile; its effects stop at once."""
    pid, zone = target.split(".")[:2]
    zs = t.zone(pid, zone)  # type: ignore[arg-type]
    if zs.ally is None:
        return
    ally = zs.ally
    zs.ally = None
    board.to_discard(t, ally.owner, ally.card)
    t.emit("R7.6", f"{t.name(ally.card)} ({pid}'s {zone} zone) is eliminated", ally.owner)


def _eliminate_ally(t: Table, step: ResolveStep, answer: str | None) -> None:
    effect: EliminateAlly = step.effect  # type: ignore[assignment]
    ctx = step.ctx
    if effect.whose == "this":
        target = f"{ctx.controller}.{ctx.zone}.ally"
        if ctx.zone is not None and target in _eliminable_allies(t, [ctx.controller]):
            eliminate_ally_at(t, target)
        return
    if effect.whose == "each":
        # each player eliminates one of their own, the controller first
        push(t, *[ResolveStep(effect=effect.model_copy(update={"whose": w, "chooser": "owner"}),
                              ctx=ctx) for w in ("you", "opponent")])
        return
    pids = _players(effect.whose, ctx)
    only = ctx.event_zone if effect.zone == "that" else None
    if effect.zone == "that" and only is None:
        return
    if effect.count == "all":
        for target in _eliminable_allies(t, pids, only):
            eliminate_ally_at(t, target)
        return
    done = step.progress.get("done", 0)
    if answer is not None:
        if answer == NONE:
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
        return _eliminate_ally(t, step, targets[0])
    chooser = _chooser(effect.chooser, ctx, set(pids) if len(pids) == 1 else set())
    ask(t, step, chooser, f"{t.name(ctx.source)}: which ally is eliminated?",
        targets + ([NONE] if effect.optional else []), "ally")


def _zone_targets(t: Table, pids: list[PlayerId], charged: bool) -> list[str]:
    """Zones that can change now: charged ones to uncharge, uncharged ones to
    charge, leaving out a player's zones a "cannot" protects (R12.3)."""
    action = "uncharge" if charged else "charge"
    return [f"{pid}.{z}" for pid in pids if not restricted(t, pid, action)
            for z in ZONES if t.zone(pid, z).charged == charged]


def _charge(t: Table, step: ResolveStep, answer: str | None) -> None:
    _charging(t, step, answer, to_charged=True)


def _uncharge(t: Table, step: ResolveStep, answer: str | None) -> None:
    _charging(t, step, answer, to_charged=False)


def _charging(t: Table, step: ResolveStep, answer: str | None, to_charged: bool) -> None:
    effect: Charge | Uncharge = step.effect  # type: ignore[assignment]
    ctx = step.ctx
    verb = "charge" if to_charged else "uncharge"

    def do(pid: PlayerId, zone: Zone) -> None:
        if to_charged:
            board.charge(t, pid, zone, t.name(ctx.source))
        elif board.uncharge(t, pid, zone) and isinstance(effect, Uncharge):
            queue_effects(t, effect.then, ctx)  # "if you do"

    pids = _players(effect.whose, ctx)
    if effect.zone != "choose":
        zone = _zone_of(effect.zone, ctx)
        if zone is not None:
            for pid in pids:
                do(pid, zone)
        return
    if answer is not None:
        if answer != NONE:
            pid, zone = answer.split(".")
            do(pid, zone)  # type: ignore[arg-type]
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
    if effect.other_than_this:
        targets = [z for z in targets if z != f"{ctx.controller}.{ctx.zone}"]
    if not targets:
        return
    if len(targets) == 1 and not effect.optional:
        return _charging(t, step, targets[0], to_charged)
    chooser = _chooser(effect.chooser, ctx, set(pids) if len(pids) == 1 else set())
    ask(t, step, chooser, f"{t.name(ctx.source)}: which zone do you {verb}?",
        targets + ([NONE] if effect.optional else []))


def _move_energy(t: Table, step: ResolveStep, answer: str | None) -> None:
    effect: MoveEnergy = step.effect  # type: ignore[assignment]
    pid = step.ctx.controller
    source, to = t.zone(pid, effect.source), t.zone(pid, effect.to)
    if not source.energy:
        return
    if effect.optional and answer is None:
        ask(t, step, pid, f"{t.name(step.ctx.source)}: move a {effect.source} energy to "
            f"{effect.to}?", [f"{pid}.{effect.source}.energy", NONE])
        return
    if answer == NONE:
        return
    for _ in range(effect.count):
        if source.energy:
            to.energy.append(source.energy.pop())
    t.emit("R12.1", f"{pid} moves {effect.source} energy to the {effect.to} zone", pid)


def _look_at_top(t: Table, step: ResolveStep, answer: str | None) -> None:
    """The cards stay on top of the deck while the player decides; they are
    rearranged or discarded only once every answer is in."""
    effect: LookAtTop = step.effect  # type: ignore[assignment]
    pid = step.ctx.controller
    player = t.player(pid)
    if answer is None:
        n = min(effect.count, len(player.deck))
        if n == 0:
            return
        t.state.seen += 1  # the player has seen hidden cards
        step.progress = {"n": n, "order": []}
    n: int = step.progress["n"]
    order: list[str] = step.progress["order"]
    looked = list(player.deck[:n])
    for card in order:
        looked.remove(card)
    name = t.name(step.ctx.source)
    if effect.then == "may_discard":
        if answer is None:
            ask(t, step, pid, f"{name}: your top card is {t.name(looked[0])}. Discard it?",
                ["discard", "keep"])
        elif answer == "discard":
            board.to_discard(t, pid, player.deck.pop(0))
            t.emit("R12.1", f"{pid} discards the top card, {t.name(looked[0])}", pid)
        return
    if answer is not None:
        looked.remove(answer)
        order.append(answer)
    if effect.then == "keep_one" and order:
        del player.deck[:n]
        player.deck[0:0] = order
        for card in looked:
            board.to_discard(t, pid, card)
        t.emit("R12.1", f"{pid} keeps one card on top and discards {len(looked)}", pid)
        return
    if len(looked) <= 1:
        del player.deck[:n]
        player.deck[0:0] = order + looked
        t.emit("R12.1", f"{pid} puts the top cards back in the order chosen", pid)
        return
    prompt = ("which card stays on top (the rest are discarded)?" if effect.then == "keep_one"
              else f"which card goes {'on top' if not order else 'next'}?")
    ask(t, step, pid, f"{name}: {prompt}", sorted(set(looked)))


def _reveal_top(t: Table, step: ResolveStep, answer: str | None) -> None:
    effect: RevealTop = step.effect  # type: ignore[assignment]
    pid = step.ctx.controller
    owner = pid if effect.whose == "you" else other(pid)
    deck = t.player(owner).deck
    if not deck:
        return
    if answer is None:
        t.player(owner).top_revealed = True
        t.state.seen += 1
        t.emit("R12.1", f"{owner}'s top card is turned face up: {t.name(deck[0])}", owner)
        if effect.may_discard:
            ask(t, step, pid, f"Discard {owner}'s top card, {t.name(deck[0])}?",
                ["discard", "keep"])
        return
    if answer == "discard":
        board.to_discard(t, owner, deck.pop(0))
        t.player(owner).top_revealed = False


def _move_ally(t: Table, step: ResolveStep, answer: str | None) -> None:
    effect: MoveAlly = step.effect  # type: ignore[assignment]
    pid = step.ctx.controller
    zones = t.player(pid).zones
    # R12.3: "your allies can't be moved" protects that player's allies only
    own_allies_fixed = restricted(t, pid, "move_allies") is not None
    if effect.mode in ("swap_with_this", "rearrange") and own_allies_fixed:
        return
    if effect.mode == "swap_with_this":
        here = step.ctx.zone
        options = [f"{pid}.{z}.ally" for z in ZONES if z != here and zones[z].ally is not None]
        if here is None or zones[here].ally is None or not options:
            return
        if answer is None:
            ask(t, step, pid, f"{t.name(step.ctx.source)}: swap with which ally?",
                options + [NONE], "ally")
            return
        if answer != NONE:
            there: Zone = answer.split(".")[1]  # type: ignore[assignment]
            zones[here].ally, zones[there].ally = zones[there].ally, zones[here].ally
            t.emit("R12.1", f"{pid} swaps the allies of the {here} and {there} zones", pid)
        return
    if effect.mode == "rearrange":
        _rearrange(t, step, answer)
        return
    if effect.mode == "to_this_zone":
        _to_this_zone(t, step, answer)
        return
    _relocate(t, step, answer)


def _to_this_zone(t: Table, step: ResolveStep, answer: str | None) -> None:
    """One of your allies moves into this card's zone, if it is empty."""
    pid, here = step.ctx.controller, step.ctx.zone
    if here is None or t.zone(pid, here).ally is not None:
        return
    if answer is None:
        options = [a for a in _movable_allies(t, [pid]) if a.split(".")[1] != here]
        if options:
            ask(t, step, pid, f"{t.name(step.ctx.source)}: move an ally to your {here} zone?",
                options + ([NONE] if step.effect.optional else []), "ally")
        return
    if answer != NONE:
        there = t.zone(pid, answer.split(".")[1])  # type: ignore[arg-type]
        t.zone(pid, here).ally, there.ally = there.ally, None
        t.emit("R12.1", f"{pid} moves an ally into the {here} zone", pid)


def _movable_allies(t: Table, pids: list[PlayerId]) -> list[str]:
    return [f"{pid}.{z}.ally" for pid in pids if not restricted(t, pid, "move_allies")
            for z in ZONES if t.zone(pid, z).ally is not None]


def _relocate(t: Table, step: ResolveStep, answer: str | None) -> None:
    """Move one ally: to another empty space of the same player (`to_empty`),
    into one of the controller's empty spaces (`to_your_empty`, its owner
    choosing which ally), or onto the top of its owner's deck (`to_deck_top`).
    First the ally is chosen, then (for a move) the empty space."""
    effect: MoveAlly = step.effect  # type: ignore[assignment]
    me = step.ctx.controller
    name = t.name(step.ctx.source)
    if answer == NONE:
        return
    picked = step.progress.get("ally")
    if picked is None:
        if answer is None:
            allies = _movable_allies(t, _players(effect.whose, step.ctx))
            if effect.mode == "to_your_empty" and not _empty_spaces(t, me):
                return
            if not allies:
                return
            chooser = other(me) if effect.mode == "to_your_empty" else me
            ask(t, step, chooser, f"{name}: which ally moves?",
                allies + ([NONE] if effect.optional else []), "ally")
            return
        picked = step.progress["ally"] = answer
        answer = None
    pid, zone = picked.split(".")[:2]
    source = t.zone(pid, zone)  # type: ignore[arg-type]
    if source.ally is None:
        return
    if effect.mode == "to_deck_top":
        ally, source.ally = source.ally, None
        t.player(ally.owner).deck.insert(0, ally.card)
        t.emit("R12.1", f"{t.name(ally.card)} goes on top of {ally.owner}'s deck", ally.owner)
        return
    dest_owner: PlayerId = me if effect.mode == "to_your_empty" else pid  # type: ignore
    spaces = _empty_spaces(t, dest_owner)
    if not spaces:
        return
    if answer is None:
        chooser = other(me) if effect.mode == "to_your_empty" else me
        ask(t, step, chooser, f"{name}: to which empty ally space?", spaces)
        return
    dest_zone: Zone = answer.split(".")[1]  # type: ignore[assignment]
    t.zone(dest_owner, dest_zone).ally, source.ally = source.ally, None
    t.emit("R12.1", f"an ally moves from {pid}'s {zone} zone to {dest_owner}'s {dest_zone} zone",
           me)


def _empty_spaces(t: Table, pid: PlayerId) -> list[str]:
    return [f"{pid}.{z}" for z in ZONES if t.zone(pid, z).ally is None]


def _rearrange(t: Table, step: ResolveStep, answer: str | None) -> None:
    """Put each of your allies in a zone of your choice, one per zone: one
    question per ally, in zone order."""
    pid = step.ctx.controller
    zones = t.player(pid).zones
    if answer is None:
        allies = [z for z in ZONES if zones[z].ally is not None]
        if not allies:
            return
        step.progress = {"from": allies, "to": []}
    elif answer == NONE:
        return
    else:
        step.progress["to"].append(answer.split(".")[1])
    origin, placed = step.progress["from"], step.progress["to"]
    if len(placed) == len(origin):
        moved = {z: zones[z].ally for z in origin}
        for z in origin:
            zones[z].ally = None
        for src, dst in zip(origin, placed, strict=True):
            zones[dst].ally = moved[src]
        t.emit("R12.1", f"{pid} rearranges their allies", pid)
        return
    ally = zones[origin[len(placed)]].ally
    assert ally is not None
    free = [f"{pid}.{z}" for z in ZONES if z not in placed]
    ask(t, step, pid, f"Where does {t.name(ally.card)} go?",
        free + ([NONE] if not placed else []))


def _choose_one(t: Table, step: ResolveStep, answer: str | None) -> None:
    effect: ChooseOne = step.effect  # type: ignore[assignment]
    if answer is None:
        ask(t, step, step.ctx.controller, f"{t.name(step.ctx.source)}: choose one",
            list(effect.options))
        return
    queue_effects(t, effect.options[answer], step.ctx)


def _on_counterattack(t: Table, step: ResolveStep, answer: str | None) -> None:
    effect: OnCounterattack = step.effect  # type: ignore[assignment]
    ctx = step.ctx
    face, zone = _face(t, ctx)
    if face is None:
        return
    kind = ctx.source_kind if ctx.source_kind in ("strike", "ally", "signature") else "strike"
    face.armed.append(Armed(source=ctx.source, effects=effect.effects,
                            zone=zone if kind == "ally" else None,
                            from_charged_zone=effect.from_charged_zone,
                            source_kind=kind))  # type: ignore[arg-type]
    t.emit("R7.1", f"{t.name(ctx.source)}: an effect waits for the counterattack",
           ctx.controller)


def _change_defending_zone(t: Table, step: ResolveStep, answer: str | None) -> None:
    effect: ChangeDefendingZone = step.effect  # type: ignore[assignment]
    player = t.player(step.ctx.controller)
    if player.defending is None:
        return
    i = ZONES.index(player.defending) + effect.step
    if 0 <= i < 3:
        player.defending = ZONES[i]
        t.emit("R12.1", f"{step.ctx.controller} now defends in the {ZONES[i]} zone")


def _move_this(t: Table, step: ResolveStep, answer: str | None) -> None:
    from avatar_tui.engine.moves import move_flip

    effect: MoveThis = step.effect  # type: ignore[assignment]
    pid, zone = step.ctx.controller, step.ctx.zone
    if zone is None or t.zone(pid, zone).flip is None:
        return
    target = {"up": zone_above(zone), "down": zone_below(zone), "red": "red"}[effect.to]
    if target is not None and target != zone and t.zone(pid, target).flip is None:
        move_flip(t, pid, zone, target)  # type: ignore[arg-type]


def _only_if(t: Table, step: ResolveStep, answer: str | None) -> None:
    effect: OnlyIf = step.effect  # type: ignore[assignment]
    ctx = step.ctx
    src = InPlay(ctx.controller, ctx.source_kind, ctx.source, ctx.zone, [], [])
    if holds(t, effect.when, src, ctx.controller, ctx.zone):
        queue_effects(t, effect.effects, ctx)


def _grant(t: Table, step: ResolveStep, answer: str | None) -> None:
    """Give a static to the strike this effect works on, or (from an
    advantage) to the advantage itself, for as long as it stays in play."""
    effect: Grant = step.effect  # type: ignore[assignment]
    ctx = step.ctx
    if ctx.source_kind == "advantage":
        for adv in reversed(t.player(ctx.controller).advantages):
            if adv.card == ctx.source:
                adv.granted.append(effect.static)
                t.emit("R12.1", f"{t.name(ctx.source)}: {effect.static.static} for your strikes",
                       ctx.controller)
                return
        return
    face, _ = _face(t, ctx)
    if face is not None:
        face.granted.append(effect.static)
        t.emit("R12.1", f"{t.name(face.card)} gains an effect from {t.name(ctx.source)}",
               ctx.controller)


def _search_deck(t: Table, step: ResolveStep, answer: str | None) -> None:
    """Take a named ally from your deck into one of your empty ally spaces."""
    effect: SearchDeck = step.effect  # type: ignore[assignment]
    pid = step.ctx.controller
    deck = t.player(pid).deck
    if effect.card not in deck:
        if answer is None:
            t.state.seen += 1  # the deck was searched
            t.emit("R12.4", f"{pid} searches the deck: no {t.name(effect.card)}", pid)
        return
    spaces = [f"{pid}.{z}" for z in ZONES if t.zone(pid, z).ally is None]
    if not spaces:
        return
    if answer is None:
        t.state.seen += 1
        ask(t, step, pid, f"{t.name(step.ctx.source)}: put {t.name(effect.card)} where?",
            spaces + ([NONE] if effect.optional else []))
        return
    if answer != NONE:
        deck.remove(effect.card)
        zone: Zone = answer.split(".")[1]  # type: ignore[assignment]
        t.zone(pid, zone).ally = AllyInPlay(card=effect.card, owner=pid)
        t.emit("R12.1", f"{pid} puts {t.name(effect.card)} from the deck into the {zone} "
               "zone", pid)


def _force_reflip(t: Table, step: ResolveStep, answer: str | None) -> None:
    """You may pay: the opponent's card just flipped is discarded and they
    flip again in that zone."""
    from avatar_tui.engine.moves import flip_into
    from avatar_tui.engine.payment import energy_of, spend, why_not_exact

    effect: ForceReflip = step.effect  # type: ignore[assignment]
    me, them, zone = step.ctx.controller, other(step.ctx.controller), step.ctx.event_zone
    cost = Energy(green=effect.green, yellow=effect.yellow, red=effect.red)
    if zone is None or t.zone(them, zone).flip is None:
        return
    if why_not_exact(cost, energy_of(t, me)) is not None:
        return
    card = t.zone(them, zone).flip.card  # type: ignore[union-attr]
    if answer is None:
        ask(t, step, me, f"{t.name(step.ctx.source)}: pay {cost.short()} to make {them} "
            f"discard {t.name(card)} and flip again?", ["pay", NONE])
        return
    if answer == "pay":
        spend(t, me, cost)
        t.zone(them, zone).flip = None
        board.to_discard(t, them, card)
        t.emit("R12.1", f"{them} discards {t.name(card)} and flips again", them)
        flip_into(t, them)


HANDLERS: dict[str, Callable[[Table, ResolveStep, str | None], None]] = {
    "modify": _modify,
    "add_energy": _add_energy,
    "eliminate_energy": _eliminate_energy,
    "eliminate_ally": _eliminate_ally,
    "charge": _charge,
    "uncharge": _uncharge,
    "move_energy": _move_energy,
    "look_at_top": _look_at_top,
    "reveal_top": _reveal_top,
    "move_ally": _move_ally,
    "choose_one": _choose_one,
    "on_counterattack": _on_counterattack,
    "change_defending_zone": _change_defending_zone,
    "move_this": _move_this,
    "only_if": _only_if,
    "grant": _grant,
    "search_deck": _search_deck,
    "force_reflip": _force_reflip,
}
