"""The moves a player can make, each as a pair: `why_not_*` says in plain
words why it is not allowed now (or None), `do_*` makes it. `do_*` is only
called after `why_not_*` said None, so it never fails half way."""

from __future__ import annotations

from typing import cast

from avatar_tui.engine import board, triggers
from avatar_tui.engine.effects import queue_effects, queue_triggered
from avatar_tui.engine.effects.endings import ally_left
from avatar_tui.engine.payment import (
    cost_now,
    energy_of,
    legal_payments,
    spend,
    why_not_exact,
    why_not_payment,
)
from avatar_tui.engine.stats import (
    incoming_force,
    restricted,
    stops,
    strength,
)
from avatar_tui.engine.table import Table
from avatar_tui.engine.turn import attack, flip_into, flow, open_attack, push, start_defending
from avatar_tui.model.actions import Action
from avatar_tui.model.cards import AdvantageCard, AllyCard, DeckCard, StrikeCard
from avatar_tui.model.common import Energy, PlayerId, Zone
from avatar_tui.model.options import KEEP, REPLACE, Option
from avatar_tui.model.state import (
    AdvantageInPlay,
    AllyInPlay,
    Choice,
    Context,
    FaceUp,
    GameState,
)


def actor(t: Table) -> PlayerId | None:
    """Who must act next (docs/notation.md `actor`)."""
    return actor_of(t.state)


def actor_of(state: GameState) -> PlayerId | None:
    """Who must act next in `state`: the chooser of a pending question, the
    player naming the opening defender, else the defending player; None once
    the game is over (docs/notation.md `actor`)."""
    if state.phase == "over":
        return None
    if state.choice is not None:
        return state.choice.chooser
    if state.phase == "open":
        return state.chooser
    return state.turn


def pending(t: Table) -> str:
    return "choose" if t.state.choice is not None else t.state.phase


def payment(cost: Energy, have: Energy, named: Energy | None) -> tuple[Energy, str | None]:
    """The energy to spend for `cost`: the cost's own colours for a plain
    action, or exactly what the action names (R6.3)."""
    if named is None:
        return cost, why_not_exact(cost, have)
    return named, why_not_payment(cost, have, named)


def flipped(t: Table, pid: PlayerId) -> tuple[Zone, FaceUp]:
    player = t.state.players[pid]  # (asked at every decision: looked up once)
    zone = player.defending
    assert zone is not None
    face = player.zones[zone].flip
    assert face is not None
    return zone, face


def why_not_open(t: Table, a: Action) -> str | None:
    return None  # the phase check in the dispatcher is all


def do_open(t: Table, a: Action) -> None:
    t.emit("R2.4" if t.state.turn_number == 0 else "R10.5",
           f"{a.player} names {a.word} to defend the opening attack", a.player)
    open_attack(t, a.word)  # type: ignore[arg-type]  # an open action's word is a player id (checked as legal)


def why_not_flip(t: Table, a: Action) -> str | None:
    return None


def do_flip(t: Table, a: Action) -> None:
    zone = t.player(a.player).defending
    assert zone is not None
    first = triggers.before_flip(t, a.player, zone)
    if first:  # "before you flip in this zone" comes first, then the flip itself
        push(t, flow("flip", a.player))
        queue_triggered(t, first)
    else:
        flip_into(t, a.player)


def why_not_skip(t: Table, a: Action) -> str | None:
    return None


def do_skip(t: Table, a: Action) -> None:
    t.emit("R4.3", f"{a.player} does not play a signature move", a.player)
    chamber = t.player(a.player).chamber
    if chamber.move is not None:  # revealed for a power, then not played: it goes back
        chamber.move = None
    start_defending(t, a.player, "green")


def counterattack_effects(t: Table, pid: PlayerId, zone: Zone | None, face: FaceUp) -> None:
    push(t, flow("end_turn", pid))
    played = triggers.on_play(t, pid, zone) if zone is not None else []
    queue_triggered(t, triggers.on_counterattack(t, pid, zone, face) + played)


def why_not_pay(t: Table, a: Action) -> str | None:
    pid = a.player
    zone, face = flipped(t, pid)
    card = t.card(face.card)
    why = why_not_play(t, pid, zone, face, card)
    if why:
        return why
    cost = cost_now(t, pid, card)
    _, why = payment(cost, energy_of(t, pid), a.paid)
    if why:
        return f"{card.name} costs {cost.short()}: {why}"
    return None


def why_not_play(t: Table, pid: PlayerId, zone: Zone, face: FaceUp,
                 card: DeckCard) -> str | None:
    """Why the flipped card cannot be paid for at any price (R5.3: a strike
    too weak to stop the attack; R12.3: a card forbidding it), or None; what
    is left to check is the payment. `legal_actions` asks this once and
    lists only payments that are legal."""
    if isinstance(card, StrikeCard):
        force = incoming_force(t) or 0
        _, intercept = strength(t, pid, zone, face)
        if not stops(intercept, force):
            return f"{card.name}'s intercept {intercept} is below the incoming force {force} (R5.3)"
    elif zone == "green":
        blocker = restricted(t, pid, "play_in_green")
        if blocker:
            return f"{blocker} forbids playing advantages and allies in green (R12.3)"
    return None


def do_pay(t: Table, a: Action) -> None:
    pid = a.player
    zone, face = flipped(t, pid)
    card = t.card(face.card)
    paid, _ = payment(cost_now(t, pid, card), energy_of(t, pid), a.paid)
    if isinstance(card, StrikeCard):
        force = incoming_force(t) or 0  # before the attack changes hands
        spend(t, pid, paid)
        face.counterattacked = True
        face.vs_force = force
        t.state.incoming = attack(pid, zone, card.id)
        t.emit("R5.3", f"{pid} counterattacks with {card.name} from the {zone} zone", pid)
        counterattack_effects(t, pid, zone, face)
    elif isinstance(card, AdvantageCard):
        spend(t, pid, paid)
        ctx = Context.of(controller=pid, source=card.id, source_kind="advantage", zone=zone)
        if card.immediate:
            # it stays face up in the flip space while it resolves (R7.7)
            t.emit("R7.7", f"{pid} plays {card.name} (immediate)", pid)
        else:
            t.zone(pid, zone).flip = None
            player = t.player(pid)  # a new list: setting it counts a change (BoardChanges)
            played = AdvantageInPlay(card=card.id, zone=zone)
            player.advantages = [*player.advantages, played]
            t.emit("R5.4", f"{pid} plays the advantage {card.name}", pid)
        push(t, flow("advantage_done", pid, card.id, zone))
        queue_effects(t, card.on_play, ctx)
        queue_triggered(t, triggers.on_play(t, pid, zone))
    else:
        assert isinstance(card, AllyCard)
        spend(t, pid, paid)
        zs = t.zone(pid, zone)
        if zs.ally is None:
            zs.flip = None
            zs.ally = AllyInPlay(card=card.id, owner=pid)
            t.emit("R5.5", f"{pid} plays the ally {card.name} in the {zone} zone", pid)
            push(t, flow("continue", pid))
            queue_triggered(t, triggers.on_play(t, pid, zone))
        else:
            t.state.choice = Choice(
                chooser=pid, kind="ally", options=[REPLACE, KEEP],
                prompt=f"{card.name} replaces {t.name(zs.ally.card)}, or goes to the "
                       "discard pile? (R5.5)")


def do_ally_choice(t: Table, pid: PlayerId, answer: Option) -> None:
    """R5.5: a second ally in a zone replaces the first, or is discarded."""
    zone, face = flipped(t, pid)
    zs = t.zone(pid, zone)
    zs.flip = None
    if answer == REPLACE and zs.ally is not None:
        old = zs.ally
        board.to_discard(t, old.owner, old.card)
        zs.ally = AllyInPlay(card=face.card, owner=pid)
        t.emit("R5.5", f"{t.name(face.card)} replaces {t.name(old.card)}", pid)
        ally_left(t, pid, zone, old.card, "is replaced")
    else:
        board.to_discard(t, pid, face.card)
        t.emit("R5.5", f"{t.name(face.card)} goes to the discard pile", pid)
    push(t, flow("continue", pid))
    queue_triggered(t, triggers.on_play(t, pid, zone))


def why_not_focus(t: Table, a: Action) -> str | None:
    blocker = restricted(t, a.player, "focus")
    return f"{blocker} forbids focusing (R12.3)" if blocker else None


def do_focus(t: Table, a: Action) -> None:
    """R5.6: the card goes face down onto this zone's energy; move down."""
    pid = a.player
    zone, face = flipped(t, pid)
    zs = t.zone(pid, zone)
    zs.flip = None
    zs.energy.append(face.card)
    t.emit("R5.6", f"{pid} focuses {t.name(face.card)} in the {zone} zone", pid)
    push(t, flow("move_down", pid))
    queue_triggered(t, triggers.on_focus(t, pid, zone))


def why_not_discard(t: Table, a: Action) -> str | None:
    return None


def do_discard(t: Table, a: Action) -> None:
    pid = a.player
    zone, face = flipped(t, pid)
    t.zone(pid, zone).flip = None
    board.to_discard(t, pid, face.card)
    t.emit("R5.6", f"{pid} discards {t.name(face.card)}", pid)
    push(t, flow("move_down", pid))


PLAIN: list[Energy | None] = [None]  # never changed
_NO_WAY: list[Energy | None] = []  # never changed


def payments(cost: Energy, have: Energy) -> list[Energy | None]:
    """How an action may pay `cost` with energy `have`: plain (None) when
    its own colours suffice, else each legal overpayment (R6.3); [None]
    also when none is legal (the action is listed, its check says why not)."""
    return payable(cost, have) or PLAIN


def payable(cost: Energy, have: Energy) -> list[Energy | None]:
    """The payments of `cost` that `payment` accepts with energy `have`:
    plain (None) when its own colours suffice, else each legal overpayment
    (R6.3), else none."""
    if why_not_exact(cost, have) is None:
        return PLAIN
    # a new list of payments, never appended to: read as the wider element type
    return cast("list[Energy | None]", legal_payments(cost, have)) or _NO_WAY
