"""Payment powers (R7.1-R7.3), pitch (R7.5) and reflip (R7.4): what they cost,
whether it can be paid now, and paying it."""

from __future__ import annotations

from avatar_tui.engine import board, signature
from avatar_tui.engine.effects import queue_effects
from avatar_tui.engine.effects.strike import move_flip
from avatar_tui.engine.moves import flipped, payment
from avatar_tui.engine.payment import (
    energy_of,
    spend,
)
from avatar_tui.engine.secrecy import move_named
from avatar_tui.engine.stats import (
    ReflipCost,
    granted_powers,
    reflip_costs,
    restricted,
    strength,
)
from avatar_tui.engine.table import Table
from avatar_tui.engine.turn import flip_into, flow, push
from avatar_tui.model.actions import Action
from avatar_tui.model.cards import StrikeCard
from avatar_tui.model.common import ZONES, Energy, PlayerId, Zone, energy, zone_above, zone_below
from avatar_tui.model.effects import EliminateAlly, Power, Uncharge
from avatar_tui.model.options import Reflip
from avatar_tui.model.state import (
    Choice,
    Context,
    FaceUp,
    Mod,
    ResolveStep,
)


def powers_of(t: Table, pid: PlayerId, ally: bool = False) -> list[tuple[str, Power]]:
    """The payment powers `power N` numbers, as (source card id, power): the
    flipped card's printed powers then those cards in play give it; the
    zone's ally's (`power ally N`); or at the signature step the move's."""
    if t.state.phase == "signature":
        if ally:  # R8.2: allies never affect a signature move
            return []
        move = t.current_move(pid)
        return [(move.id, p) for p in move.powers] + granted_powers(t, pid, None)
    zone, face = flipped(t, pid)
    return powers_on(t, pid, zone, face, ally)


def powers_on(t: Table, pid: PlayerId, zone: Zone, face: FaceUp,
              ally: bool) -> list[tuple[str, Power]]:
    """`powers_of` for the card `pid` flipped in `zone`."""
    if ally:
        ally_in_play = t.zone(pid, zone).ally
        if ally_in_play is None:
            return []
        return [(ally_in_play.card, p) for p in t.card(ally_in_play.card).powers]
    card = t.card(face.card)
    if not isinstance(card, StrikeCard):
        # R7.3 (convention): a flipped ally or advantage is not in play yet,
        # so it has no payment power to use, and nothing grants it one
        return []
    granted = granted_powers(t, pid, zone)
    if not card.powers:
        return granted
    return [(card.id, p) for p in card.powers] + granted


def _power_of(t: Table, a: Action) -> tuple[Power | None, str, Zone | None, FaceUp, str | None]:
    """(the power, its source card id, the zone (None: a signature move), the
    face it works on, why not)."""
    pid = a.player
    n = a.number or 0
    if t.state.phase == "signature":
        if a.ally:
            return None, "", None, FaceUp(card=""), (
                "an ally's power never helps a signature move (R8.2)")
        move = t.current_move(pid)
        face = t.player(pid).chamber.move or FaceUp(card=move.id)  # not revealed yet
        zone, name = None, move_named(t, pid)  # R1.6: unnamed until revealed
    else:
        zone, face = flipped(t, pid)
        name = t.name(face.card)
        if a.ally:
            ally = t.zone(pid, zone).ally
            if ally is None:
                return None, "", zone, face, f"there is no ally in your {zone} zone"
            name = t.name(ally.card)
            if not ally_helps(t, face):
                return None, ally.card, zone, face, (
                    f"{name}'s power works only for a strike in its zone (R7.3)")
    powers = powers_of(t, pid, a.ally)
    if not powers and not a.ally and zone is not None:
        card = t.card(face.card)
        if card.powers and not isinstance(card, StrikeCard):
            return None, "", zone, face, (
                f"{name} is only flipped, not in play: its powers work once it is played "
                "into its space (R7.3)")
    if not 1 <= n <= len(powers):
        count = len(powers)
        has = f"has {count} payment power{'s' if count != 1 else ''}" if count else \
            "has no payment power"
        return None, "", zone, face, f"{name} {has}"
    source, power = powers[n - 1]
    return power, source, zone, face, None


def why_not_power(t: Table, a: Action) -> str | None:
    pid = a.player
    if t.state.phase == "signature":
        blocker = restricted(t, pid, "signature")
        if blocker:
            return f"{blocker} forbids signature moves (R12.3)"
    power, source, zone, face, why = _power_of(t, a)
    if why or power is None:
        return why
    n = (a.number or 1) - 1
    return why_not_use(t, pid, zone, face, power, n, a.ally, source) or \
        why_not_power_cost(t, pid, zone, face, power, a.paid, source)


def ally_helps(t: Table, face: FaceUp) -> bool:
    """R7.3: an ally's power works only for a strike flipped in its zone."""
    return isinstance(t.card(face.card), StrikeCard)


def why_not_use(t: Table, pid: PlayerId, zone: Zone | None, face: FaceUp, power: Power,
                n: int, ally: bool, source: str) -> str | None:
    """Why power `n` (from 0) cannot be used at all now: spent (R7.1), or
    not in this zone; None if it can, its cost permitting."""
    if power.limit is not None and not ally and n in face.used:
        # R7.1: a face-up strike is decided within one turn, so its "once per
        # turn" is spent as "once" is
        how = "once" if power.limit == "once" else "once per turn"
        return f"{t.name(source)}'s power {n + 1} can be used only {how} (R7.1)"
    if power.limit is not None and ally:
        in_play = t.zone(pid, zone).ally if zone is not None else None
        if in_play is not None and n in in_play.used:
            how = "once" if power.limit == "once" else "once per turn"
            return f"{t.name(source)}'s power {n + 1} can be used only {how} (R7.1)"
    if power.only_in is not None and zone not in power.only_in:
        return (f"{t.name(source)}'s power {n + 1} works only in the "
                f"{' or '.join(power.only_in)} zone")
    return None


def usable_powers(t: Table, pid: PlayerId, ally: bool = False,
                  flip: tuple[Zone, FaceUp] | None = None) -> list[tuple[int, Energy]]:
    """(number, energy cost) of each payment power `power N` (`power ally
    N`) may use now, its energy aside: `legal_actions` lists each with the
    payments of that energy that are legal (R6.3), so nothing is checked
    twice. The checks are `why_not_power`'s own, in parts. `flip`: the
    flipped card's zone and face, when the caller has them."""
    zone: Zone | None
    if t.state.phase == "signature":
        found = powers_of(t, pid, ally)
        if not found or restricted(t, pid, "signature"):
            return []
        zone = None
        face = t.player(pid).chamber.move or FaceUp(card=t.current_move(pid).id)
    else:
        zone, face = flip or flipped(t, pid)
        found = powers_on(t, pid, zone, face, ally)
        if not found or (ally and not ally_helps(t, face)):
            return []
    out = []
    for i, (source, power) in enumerate(found):
        if why_not_use(t, pid, zone, face, power, i, ally, source) is None and \
                why_not_cost_parts(t, pid, zone, face, power, source) is None:
            cost = power.cost
            out.append((i + 1, energy(cost.green, cost.yellow, cost.red)))
    return out


def why_not_power_cost(t: Table, pid: PlayerId, zone: Zone | None, face: FaceUp,
                       power: Power, named: Energy | None, source: str) -> str | None:
    """Whether every part of a payment power's cost can be paid now (R7.2).
    `zone` None: a signature move's power, which is in no zone."""
    cost = power.cost
    amount = energy(cost.green, cost.yellow, cost.red)
    if amount.total or named is not None:
        _, why = payment(amount, energy_of(t, pid), named)
        if why:
            return f"{t.name(source)}'s power costs {amount.short()}: {why}"
    return why_not_cost_parts(t, pid, zone, face, power, source)


def why_not_cost_parts(t: Table, pid: PlayerId, zone: Zone | None, face: FaceUp,
                       power: Power, source: str) -> str | None:
    """Whether the parts of a payment power's cost other than energy can
    be paid now (R7.2)."""
    cost = power.cost
    if cost.intercept:
        _, intercept = strength(t, pid, zone, face)
        if intercept < cost.intercept:
            return (f"{t.name(source)}'s intercept {intercept} cannot pay -{cost.intercept} "
                    "(never below 0, R7.2)")
    if cost.eliminate_ally:
        if restricted(t, pid, "eliminate_allies") or not any(
                t.zone(pid, z).ally is not None for z in ZONES):
            return f"{t.name(source)}'s power needs one of your allies to eliminate (R7.2)"
    if zone is None and (cost.eliminate_energy_here or cost.uncharge == "this" or cost.move):
        return f"{t.name(source)}'s power works only in a zone"
    if cost.eliminate_energy_here and not t.zone(pid, zone).energy:  # type: ignore[arg-type]  # zone None returned above for these costs
        return (f"{t.name(source)}'s power needs an energy in your {zone} zone to eliminate "
                "(R7.2)")
    if cost.uncharge == "this" and not t.zone(pid, zone).charged:  # type: ignore[arg-type]  # zone None returned above for these costs
        return f"{t.name(source)}'s power needs your {zone} zone charged, to uncharge it"
    if cost.uncharge == "other" and not any(
            t.zone(pid, z).charged for z in ZONES if z != zone):
        return (f"{t.name(source)}'s power needs another of your zones charged, to uncharge "
                "it")
    if cost.move == "down" and zone_below(zone) is None:  # type: ignore[arg-type]  # zone None returned above for these costs
        return f"{t.name(source)} cannot move down from the red zone"
    if cost.move == "up" and zone_above(zone) is None:  # type: ignore[arg-type]  # zone None returned above for these costs
        return f"{t.name(source)} cannot move up from the green zone"
    if cost.move == "red" and zone == "red":
        return f"{t.name(source)} is in the red zone already"
    if cost.turn_chamber_to_front and t.player(pid).chamber.side != "back":
        return f"{t.name(source)}'s power needs your chamber on its back"
    if cost.pitch:
        return f"{t.name(source)}'s pitch power is used with `pitch` (R7.5)"
    return None


def pay_power_cost(t: Table, pid: PlayerId, zone: Zone | None, face: FaceUp, power: Power,
                   named: Energy | None, source: str) -> None:
    cost = power.cost
    amount = energy(cost.green, cost.yellow, cost.red)
    if amount.total:
        paid, _ = payment(amount, energy_of(t, pid), named)
        spend(t, pid, paid)
    if cost.intercept:
        face.mods.append(Mod(source=source, intercept=-cost.intercept, source_kind="cost"))
        t.emit("R7.2", f"{t.name(face.card)} pays -{cost.intercept} intercept", pid)
    if cost.turn_chamber_to_front:
        t.player(pid).chamber.side = "front"
    if zone is None:
        return
    if cost.eliminate_energy_here:
        board.eliminate_energy(t, pid, zone)
    if cost.uncharge == "this":
        board.uncharge(t, pid, zone, "R7.2")
    if cost.move is not None:
        target = {"down": zone_below(zone), "up": zone_above(zone), "red": "red"}[cost.move]
        move_flip(t, pid, zone, target)  # type: ignore[arg-type]  # a legal move has a target (checked by why_not)


def do_power(t: Table, a: Action) -> None:
    power, source, zone, face, _ = _power_of(t, a)
    assert power is not None
    pid = a.player
    n = (a.number or 1) - 1
    if zone is None and t.player(pid).chamber.move is None:
        # R7.3 before R10.1's payment: using the move's power reveals it
        t.player(pid).chamber.move = face
        t.state.seen += 1
        signature.reveal(t.player(pid).chamber, face.card)
        t.emit("R10.1", f"{pid} reveals the signature move {t.name(face.card)}", pid)
    kind = "ally" if a.ally else ("signature" if zone is None else "strike")
    t.emit("R7.1", f"{pid} uses {t.name(source)}'s power {n + 1}", pid)
    if a.ally:
        ally = t.zone(pid, zone).ally  # type: ignore[arg-type]  # an ally's power is used from a zone
        assert ally is not None
        if power.limit is not None:
            ally.used.append(n)
    elif power.limit is not None:
        face.used.append(n)
    pay_power_cost(t, pid, zone, face, power, a.paid, source)
    here = t.player(pid).defending if zone is not None else None
    ctx = Context.of(controller=pid, source=source, source_kind=kind, zone=here)
    queue_effects(t, power.effects, ctx)
    # costs that need a choice are settled first
    if power.cost.uncharge == "other":
        push(t, ResolveStep(effect=Uncharge(effect="uncharge", whose="you",
                                            other_than_this=True), ctx=ctx))
    if power.cost.eliminate_ally:
        push(t, ResolveStep(effect=EliminateAlly(effect="eliminate_ally", whose="you"),
                            ctx=ctx))


def why_not_pitch(t: Table, a: Action) -> str | None:
    pid = a.player
    zone, face = flipped(t, pid)
    card = t.card(face.card)
    if card.pitch is None:
        return f"{card.name} has no pitch power (R7.5)"
    blocker = restricted(t, pid, "pitch")
    if blocker:
        return f"{blocker} forbids pitching (R12.3)"
    return why_not_power_cost(t, pid, zone, face, _as_power(card.pitch), a.paid, card.id)


def pitch_cost(t: Table, pid: PlayerId, zone: Zone, face: FaceUp) -> Energy | None:
    """The energy pitching the card `pid` flipped in `zone` costs, when
    pitching it is allowed now, its energy aside (the rest of
    `why_not_pitch`); else None."""
    card = t.card(face.card)
    if card.pitch is None or restricted(t, pid, "pitch"):
        return None
    power = _as_power(card.pitch)
    if why_not_cost_parts(t, pid, zone, face, power, card.id) is not None:
        return None
    cost = power.cost
    return energy(cost.green, cost.yellow, cost.red)


_AS_POWER: dict[int, tuple[Power, Power]] = {}


def _as_power(pitch: Power) -> Power:
    """A pitch power as a power paid like any other (its cost without the
    pitch itself), made once per card: cards never change."""
    kept = _AS_POWER.get(id(pitch))
    if kept is None or kept[0] is not pitch:
        cost = pitch.cost.model_copy(update={"pitch": False})
        if len(_AS_POWER) >= 4096:
            _AS_POWER.clear()
        kept = _AS_POWER[id(pitch)] = (pitch, pitch.model_copy(update={"cost": cost}))
    return kept[1]


def do_pitch(t: Table, a: Action) -> None:
    """R7.5: pay, put the card into the discard pile, get the effect, then
    defend in the next zone down."""
    pid = a.player
    zone, face = flipped(t, pid)
    card = t.card(face.card)
    assert card.pitch is not None
    pay_power_cost(t, pid, zone, face, _as_power(card.pitch), a.paid, card.id)
    t.zone(pid, zone).flip = None
    board.to_discard(t, pid, card.id)
    t.emit("R7.5", f"{pid} pitches {card.name}", pid)
    push(t, flow("move_down", pid))
    queue_effects(t, card.pitch.effects,
                  Context.of(controller=pid, source=card.id, source_kind="strike", zone=zone))


def _payable_reflips(t: Table, a: Action) -> tuple[list[ReflipCost], str | None]:
    """The reflip costs the player can pay now (R7.4), or why none."""
    zone, face = flipped(t, a.player)
    costs = reflip_costs(t, a.player, zone, face.card)
    if not costs:
        return [], f"{t.name(face.card)} has no reflip (R7.4)"
    have = energy_of(t, a.player)
    payable = [c for c in costs if payment(c.energy, have, a.paid)[1] is None]
    if not payable:
        cost = costs[0].energy
        why = payment(cost, have, a.paid)[1]
        return [], f"reflipping {t.name(face.card)} costs {cost.short()}: {why}"
    return payable, None


def why_not_reflip(t: Table, a: Action) -> str | None:
    return _payable_reflips(t, a)[1]


def do_reflip(t: Table, a: Action) -> None:
    """R7.4: pay the reflip cost, discard the card, flip again in the same
    zone. With several ways to pay for it, the player picks one."""
    payable, _ = _payable_reflips(t, a)
    if len(payable) == 1:
        reflip_with(t, a.player, payable[0], a.paid)
        return
    t.state.choice = Choice(
        chooser=a.player, kind="reflip", options=[Reflip(c.source) for c in payable],
        paid=a.paid,
        prompt="Reflip how? " + "; ".join(f"{c.source}: {_reflip_price(t, c)}" for c in payable))


def _reflip_price(t: Table, cost: ReflipCost) -> str:
    parts = [cost.energy.short()] if cost.energy.total else []
    if cost.eliminate:
        parts.append(f"eliminate {t.name(cost.eliminate)}")
    return " and ".join(parts) or "free"


def reflip_with(t: Table, pid: PlayerId, cost: ReflipCost, named: Energy | None) -> None:
    zone, face = flipped(t, pid)
    paid, _ = payment(cost.energy, energy_of(t, pid), named)
    spend(t, pid, paid)
    if cost.eliminate is not None:
        player = t.player(pid)
        for i, adv in enumerate(player.advantages):
            if adv.card == cost.eliminate:  # a new list: setting it counts a change
                player.advantages = player.advantages[:i] + player.advantages[i + 1:]
                board.to_discard(t, pid, adv.card)
                t.emit("R7.6", f"{t.name(adv.card)} is eliminated to pay for the reflip", pid)
                break
    t.zone(pid, zone).flip = None
    board.to_discard(t, pid, face.card)
    t.emit("R7.4", f"{pid} reflips {t.name(face.card)}", pid)
    flip_into(t, pid)
