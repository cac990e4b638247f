"""Continuous effects (R12.7): the cards in play, and what they make of
force, intercept, costs and restrictions right now. Only the list of cards
in play is kept (until what is in play changes); every value is computed
from it and the board each time it is asked, so removing a source removes
its change at once, even for an attack already sent."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, NamedTuple
from weakref import WeakSet

from avatar_tui.cardlib.cardset import Catalog
from avatar_tui.engine.errors import StaleInPlay
from avatar_tui.engine.table import Table
from avatar_tui.model.cards import SignatureMove, StrikeCard
from avatar_tui.model.common import PLAYERS, ZONES, Energy, PlayerId, Zone, energy, other
from avatar_tui.model.effects import (
    Condition,
    ExtraCost,
    GrantPower,
    GrantReflip,
    GrantTrigger,
    Power,
    Restrict,
    Restricted,
    SkipZones,
    Static,
    Strength,
    Trigger,
)
from avatar_tui.model.state import BoardChanges, FaceUp, GameState

OPENING_FORCE = 4  # R3.1


class InPlay(NamedTuple):
    """A card in play that may carry statics and triggers (a tuple: many
    are made at every step, and a tuple is the cheapest thing to make)."""

    controller: PlayerId
    kind: str  # strike | ally | advantage | signature
    card_id: str
    zone: Zone | None  # None for advantages and signature moves
    statics: list[Static]
    triggers: list[Trigger]
    face: FaceUp | None = None  # strikes and signature moves


class InPlayNow:
    """The cards in play, with their statics by kind and their triggers by
    event (each in card order, then printed order), so that a question
    about one kind of effect reads only the cards that have it."""

    __slots__ = ("cards", "statics", "triggers")

    def __init__(self, cards: list[InPlay]):
        self.cards = cards
        self.statics: dict[type, list[tuple[InPlay, Static]]] = {}
        self.triggers: dict[str, list[tuple[InPlay, Trigger]]] = {}
        for src in cards:
            for st in src.statics:
                self.statics.setdefault(type(st), []).append((src, st))
            for trig in src.triggers:
                self.triggers.setdefault(trig.on, []).append((src, trig))


def in_play_now(t: Table) -> InPlayNow:
    """Every card in play: face-up strikes in flip spaces, allies, advantages
    and a revealed signature move (R8).

    It is kept, not rebuilt at every question: for this state (and
    catalog) while no change to what is in play has been counted since it
    was made (model/state.py BoardChanges), so the continuous effects
    (R12.7) computed from it are always those of the board as it is."""
    version = BoardChanges.version
    if t.in_play_version == version:
        return t.in_play_cache
    state = t.state
    kept = _KEPT.get(id(state))
    if kept is not None and kept[0] is state and kept[1] is t.catalog and kept[2] == version:
        now = kept[3]
        if CHECK_KEPT:
            _check_kept(t, now.cards)
    else:
        if t.catalog not in _MET:
            _meet(t.catalog)
        now = InPlayNow(_in_play(t))
        if len(_KEPT) >= _KEPT_LIMIT:
            _KEPT.clear()
        _KEPT[id(state)] = (state, t.catalog, version, now)
    t.in_play_cache, t.in_play_version = now, version
    return now


def in_play(t: Table, only: PlayerId | None = None) -> Iterator[InPlay]:
    """The cards in play (`in_play_now`), or only those `only` controls."""
    cards = in_play_now(t).cards
    if only is None:
        return iter(cards)
    return (s for s in cards if s.controller == only)


def statics_of(t: Table, kind: type) -> list[tuple[InPlay, Any]]:
    """(source, static) for each static of this kind in play, in order."""
    # the table's list when it is still right, as in_play_now (asked often)
    now = t.in_play_cache if t.in_play_version == BoardChanges.version else in_play_now(t)
    return now.statics.get(kind, _NONE)


def triggers_on(t: Table, event: str) -> list[tuple[InPlay, Trigger]]:
    """(source, trigger) for each trigger in play listening for `event`."""
    now = t.in_play_cache if t.in_play_version == BoardChanges.version else in_play_now(t)
    return now.triggers.get(event, _NONE)


_NONE: list = []  # never changed
# What is kept, by state: (state, catalog, BoardChanges.version, cards).
# The state is held, so its id is not reused while the entry lives. Kept
# lists are never changed, only replaced, so one being read stays whole.
_KEPT: dict[int, tuple[GameState, Catalog, int, InPlayNow]] = {}
_KEPT_LIMIT = 64
# AVATAR_TUI_CHECK_IN_PLAY=1: every kept list is compared with one built
# from scratch before it is used (tests/test_simulation.py turns it on).
CHECK_KEPT = os.environ.get("AVATAR_TUI_CHECK_IN_PLAY", "") not in ("", "0")


def _check_kept(t: Table, listed: list[InPlay]) -> None:
    fresh = _in_play(t)
    same = len(fresh) == len(listed) and all(
        a[:6] == b[:6] and a.face is b.face for a, b in zip(fresh, listed, strict=True))
    if not same:
        raise StaleInPlay(f"kept in play: {[s[:4] for s in listed]}; "
                          f"on the board: {[s[:4] for s in fresh]}")


# The catalogs met, and the ids of cards that carry something face up in
# a flip space in any of them (see BoardChanges.blank_faces).
_MET: WeakSet[Catalog] = WeakSet()
_CARRY: set[str] = set()


def _meet(catalog: Catalog) -> None:
    """Before the first list of cards in play made with `catalog`: a card
    blank in it is blank everywhere only if no catalog met has it carrying
    something (so `blank_faces` never gains a card once met carrying)."""
    ids = {**{c: c for c in catalog.cards}, **catalog.aliases}
    for card_id, canonical in ids.items():
        if _carries(catalog.cards[canonical]):
            _CARRY.add(card_id)
            BoardChanges.blank_faces.discard(card_id)
        elif card_id not in _CARRY:
            BoardChanges.blank_faces.add(card_id)
    _MET.add(catalog)


def _carries(card) -> bool:
    """Whether the card, face up in a flip space, is in play with something
    on it: a strike with a static or a trigger (allies and advantages are
    not in play until played)."""
    return isinstance(card, StrikeCard) and bool(card.statics or card.triggers)


def _in_play(t: Table) -> list[InPlay]:
    out: list[InPlay] = []
    card_of = t.catalog.card
    for pid in PLAYERS:
        player = t.state.players[pid]
        zones = player.zones
        for zone in ZONES:
            zs = zones[zone]
            face = zs.flip
            if face is not None:
                card = card_of(face.card)
                # a face with nothing on it is left out: nothing would read it
                if isinstance(card, StrikeCard) and (face.granted or _carries(card)):
                    statics = card.statics + [g.static for g in face.granted] \
                        if face.granted else card.statics
                    out.append(InPlay(pid, "strike", card.id, zone, statics, card.triggers,
                                      face))
            if zs.ally is not None:
                ally = card_of(zs.ally.card)
                out.append(InPlay(pid, "ally", ally.id, zone, ally.statics, ally.triggers))
        for adv in player.advantages:
            card = card_of(adv.card)
            statics = card.statics + adv.granted if adv.granted else card.statics
            out.append(InPlay(pid, "advantage", card.id, None, statics, card.triggers))
        face = player.chamber.move
        if face is not None:
            move = t.move_card(face.card)
            statics = move.statics + [g.static for g in face.granted] if face.granted \
                else move.statics
            out.append(InPlay(pid, "signature", move.id, None, statics, move.triggers, face))
    return out


# ------------------------------------------------------------------ conditions


def holds(t: Table, cond: Condition, src: InPlay, pid: PlayerId | None = None,
          zone: Zone | None = None, face: FaceUp | None = None) -> bool:
    """Whether a static's condition holds, for its source and (where it
    concerns one) the affected strike of player `pid` in `zone`."""
    state = t.state
    if cond.this_zone_charged is not None:
        charged = src.zone is not None and t.zone(src.controller, src.zone).charged
        if charged != cond.this_zone_charged:
            return False
    if cond.in_charged_zone is not None:
        charged = zone is not None and pid is not None and t.zone(pid, zone).charged
        if charged != cond.in_charged_zone:
            return False
    if cond.in_zone is not None and zone != cond.in_zone:
        return False
    if cond.ally_in_zone is not None:
        has = zone is not None and pid is not None and t.zone(pid, zone).ally is not None
        if has != cond.ally_in_zone:
            return False
    if cond.vs_force_at_most is not None:
        stopped = _stopped_force(t, pid, face)
        if stopped is None or stopped > cond.vs_force_at_most:
            return False
    opponent = other(src.controller)
    defending = state.turn == opponent and state.phase not in ("open", "over")
    if cond.opponent_defending is not None and defending != cond.opponent_defending:
        return False
    if cond.opponent_defending_in is not None:
        if not defending or t.player(opponent).defending != cond.opponent_defending_in:
            return False
    return True


def _stopped_force(t: Table, pid: PlayerId | None, face: FaceUp | None) -> int | None:
    """The force of the attack this strike stops: fixed once it has
    counterattacked, otherwise the incoming attack it is defending against."""
    if face is None:
        return None
    if face.counterattacked:
        return face.vs_force
    if t.state.incoming is not None and t.state.turn == pid:
        return incoming_force(t)
    return None


# ------------------------------------------------------------------ force and intercept


def strength(t: Table, pid: PlayerId, zone: Zone | None, face: FaceUp) -> tuple[int, int]:
    """Current (force, intercept) of a face-up strike or signature move
    (zone None), every continuous effect applied (R12.7). Values may be
    negative; comparisons treat them as 0 (R12.5)."""
    base = printed(t, face.card)
    force, intercept = base.force, base.intercept
    for mod in face.mods:
        if mod.zone is None or mod.zone == zone:
            force += mod.force
            intercept += mod.intercept
    allies = None
    for src, st in statics_of(t, Strength):
        if not _applies(st, src, pid, zone, face) or not holds(t, st.when, src, pid, zone, face):
            continue
        times = 1
        if st.per == "ally":
            if allies is None:
                allies = sum(1 for z in ZONES if t.zone(pid, z).ally is not None)
            times = allies
        force += st.force * times
        intercept += st.intercept * times
    return force, intercept


def printed(t: Table, card_id: str) -> StrikeCard | SignatureMove:
    """The printed card of a face-up strike or signature move."""
    if card_id in t.catalog.signatures:
        return t.catalog.signatures[card_id]
    card = t.card(card_id)
    assert isinstance(card, StrikeCard)
    return card


def _applies(st: Strength, src: InPlay, pid: PlayerId, zone: Zone | None, face: FaceUp) -> bool:
    if st.applies == "this":
        return src.face is face
    if st.applies == "your_strikes":
        return src.controller == pid
    if st.applies == "zone_strikes":
        # R8.2: an ally affects only its own zone, never a signature move.
        return src.kind == "ally" and src.controller == pid and zone is not None \
            and src.zone == zone
    return src.controller != pid  # opponent_strikes


def incoming_force(t: Table) -> int | None:
    """The incoming attack's force right now (R3.1, R12.7)."""
    inc = t.state.incoming
    if inc is None:
        return None
    if inc.zone == "opening":
        return OPENING_FORCE
    owner = t.player(inc.owner)
    if inc.zone == "signature":
        face = owner.chamber.move
        zone = None
    else:
        face = owner.zones[inc.zone].flip
        zone = inc.zone
    if face is None:  # its source left play: nothing is attacking any more
        return 0
    return strength(t, inc.owner, zone, face)[0]


def stops(intercept: int, force: int) -> bool:
    """R5.3 with R12.5: intercept at least the force, negatives counting as 0."""
    return max(intercept, 0) >= max(force, 0)


# ------------------------------------------------------------------ costs and limits


def strike_cost(t: Table, pid: PlayerId, printed: Energy) -> Energy:
    """A strike's cost with every surcharge the opponent's cards add."""
    green = yellow = red = 0
    them = other(pid)
    for src, st in statics_of(t, ExtraCost):
        if src.controller == them:
            green, yellow, red = green + st.green, yellow + st.yellow, red + st.red
    if not green + yellow + red:
        return printed
    return energy(printed.green + green, printed.yellow + yellow, printed.red + red)


def restricted(t: Table, pid: PlayerId, what: Restricted) -> str | None:
    """The name of a card that forbids `pid` to do `what` now, or None (R12.3)."""
    for src, st in statics_of(t, Restrict):
        if what not in st.what:
            continue
        target = other(src.controller) if st.who == "opponent" else src.controller
        if target == pid and holds(t, st.when, src):
            return t.name(src.card_id)
    return None


def skipped_zones(t: Table, pid: PlayerId) -> set[Zone]:
    """Zones `pid` skips defending in, by the opponent's cards."""
    skipped: set[Zone] = set()
    them = other(pid)
    for src, st in statics_of(t, SkipZones):
        if src.controller == them:
            skipped.update(st.zones)
    return skipped


@dataclass(frozen=True)
class ReflipCost:
    """One way to reflip a card (R7.4): its own keyword, or one a card in
    play grants (Herbalist, Pai Sho Mastery, Scouring-Earth Kick)."""

    energy: Energy
    eliminate: str | None  # a card to eliminate as the cost, or None
    source: str  # the card giving it: the answer naming it when there is a choice


def reflip_costs(t: Table, pid: PlayerId, zone: Zone, card_id: str) -> list[ReflipCost]:
    """Every reflip cost the card flipped in `zone` has now (none: no reflip)."""
    card = t.card(card_id)
    out = [ReflipCost(card.reflip, None, card.id)] if card.reflip is not None else []
    for src, st in statics_of(t, GrantReflip):
        if st.to == "zone_strikes":
            ok = (src.controller == pid and src.zone == zone and src.kind == "ally"
                  and isinstance(card, StrikeCard))
        elif st.to == "your_cards":
            ok = src.controller == pid
        else:
            ok = src.controller != pid
        if ok:
            cost = ReflipCost(energy(st.green, st.yellow, st.red),
                              src.card_id if st.eliminate_source else None, src.card_id)
            if all((c.energy, c.eliminate) != (cost.energy, cost.eliminate) for c in out):
                out.append(cost)
    return out


def granted_powers(t: Table, pid: PlayerId, zone: Zone | None) -> list[tuple[str, Power]]:
    """Payment powers the strike `pid` has flipped in `zone` gains from cards
    in play: (granting card id, power), after its printed powers."""
    out = []
    for src, st in statics_of(t, GrantPower):
        if st.to == "opponent_strikes":
            ok = src.controller != pid
        elif st.to == "your_strikes":
            ok = src.controller == pid
        else:
            ok = src.controller == pid and src.kind == "ally" and src.zone == zone \
                and zone is not None
        if ok:
            out.append((src.card_id, st.power))
    return out


def granted_triggers(t: Table, pid: PlayerId, zone: Zone | None) -> list[tuple[str, Trigger]]:
    """Triggered effects `pid`'s strike in `zone` gains from an ally there."""
    if zone is None:
        return []
    ally = t.zone(pid, zone).ally
    if ally is None:
        return []
    return [(ally.card, st.trigger) for st in t.card(ally.card).statics
            if isinstance(st, GrantTrigger)]
