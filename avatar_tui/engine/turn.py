"""The turn sequence (R3, R4), flipping (R5.1), moving down the zones (R5.6),
scoring (R10), and the queue of work that effects and choices interrupt
(R12.2, R12.6); flow.py does that work."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from avatar_tui.engine import board
from avatar_tui.engine.events import Flipped
from avatar_tui.engine.stats import skipped_zones
from avatar_tui.engine.table import Table
from avatar_tui.model.cards import AdvantageCard
from avatar_tui.model.common import ZONES, PlayerId, Zone, other, zone_below
from avatar_tui.model.state import FaceUp, FlowStep, FlowWhat, Incoming, Step

WINNING_SCORE = 3  # R10.5

# R4.2: energy added by the zone the opponent counterattacked from, in order.
REPLENISH: dict[Zone, list[Zone]] = {
    "green": ["green"],
    "yellow": ["yellow", "green"],
    "red": ["red", "yellow", "green"],
}


# ------------------------------------------------------------------ the queue


def push(t: Table, *steps: Step) -> None:
    """Put steps at the front of the queue, in the order given."""
    t.state.queue[0:0] = list(steps)


# Frozen steps and attacks, made once and shared (as model/common.py
# `energy`): validating one was a good part of a move's cost. Trusted
# values, so no validator is built for them either, and a start is quicker.


@lru_cache(maxsize=4096)
def flow(what: FlowWhat, player: PlayerId, card: str | None = None,
         zone: Zone | None = None) -> FlowStep:
    """`FlowStep(what=..., player=..., [card=..., zone=...])`, shared."""
    given: dict[str, Any] = {k: v for k, v in (("card", card), ("zone", zone)) if v is not None}
    return FlowStep.model_construct(what=what, player=player, **given)


@lru_cache(maxsize=4096)
def attack(owner: PlayerId, zone: Zone | Literal["signature", "opening"], card: str) -> Incoming:
    """`Incoming(owner=..., zone=..., card=...)`, shared."""
    return Incoming.model_construct(owner=owner, zone=zone, card=card)


# ------------------------------------------------------------------ turns


def open_attack(t: Table, defender: PlayerId) -> None:
    """R3: the opening attack, force 4, from no card and no zone. Its
    defender first adds a green energy, then takes a turn with no replenish."""
    state = t.state
    state.incoming = attack(other(defender), "opening", "opening")
    t.emit("R3.1", f"{defender} defends the opening attack (force 4)", defender)
    board.add_energies(t, defender, ["green"], "R3.2", "opening attack")
    begin_turn(t, defender, None)


def begin_turn(t: Table, pid: PlayerId, replenish_from: Zone | None) -> None:
    """R4: cleanup, replenish, the signature move step, then the flip step."""
    state = t.state
    state.turn = pid
    state.turn_number += 1
    for p in state.players.values():  # R7.1: "once per turn" resets when a turn begins
        for zs in p.zones.values():
            ally = zs.ally
            if ally is not None and ally.used:
                # a "use only once" power stays spent while the ally is in play
                powers = t.card(ally.card).powers
                ally.used = [n for n in ally.used if powers[n].limit == "once"]
    t.emit("R4", f"turn {state.turn_number}: {pid} defends", pid)
    cleanup(t, pid, "R4.1")
    if replenish_from is not None:  # R4.2; none after a signature move or opening attack
        board.add_energies(t, pid, REPLENISH[replenish_from], "R4.2", "replenish")
    player = t.player(pid)
    player.defending = None
    if all(player.zones[z].charged for z in ZONES):
        state.phase = "signature"  # R4.3
        t.emit("R4.3", f"{pid}'s zones are all charged: the signature move step", pid)
    else:
        start_defending(t, pid, "green")  # R4.4


def cleanup(t: Table, pid: PlayerId, rule: str) -> None:
    """R4.1: the strike that counterattacked, then the advantages oldest
    first, go to the discard pile; a played signature move goes back into the
    chamber, which turns over (R10.6)."""
    player = t.player(pid)
    for z in ZONES:
        face = player.zones[z].flip
        if face is not None:
            player.zones[z].flip = None
            board.to_discard(t, pid, face.card)
            t.emit(rule, f"{pid} cleans up {t.name(face.card)}", pid)
    if player.advantages:  # (setting it counts a change to what is in play)
        for adv in player.advantages:
            board.to_discard(t, pid, adv.card)
            t.emit(rule, f"{pid} cleans up {t.name(adv.card)}", pid)
        player.advantages = []
    if player.chamber.move is not None:
        move = t.move_card(player.chamber.move.card)
        player.chamber.move = None
        if move.keep_chamber_side:
            t.emit("R10.6", f"{move.name} goes back; the chamber stays on its side", pid)
        else:
            player.chamber.side = "back" if player.chamber.side == "front" else "front"
            t.emit("R10.6", f"{move.name} goes back into the chamber, which turns to its "
                   f"{player.chamber.side}", pid)


# trusted, so not validated: validating here, at import, would build
# FaceUp's deferred validator (and the effect models under it) at every start
_BLANK_FACE = FaceUp.model_construct(card="")


def new_face(card: str) -> FaceUp:
    """`FaceUp(card=card)`, made by copying a blank one: validating it
    deep-copies each empty list, a large part of a flip's cost."""
    return _BLANK_FACE.copy_with(card=card, mods=[], granted=[], used=[], armed=[])


def flip_into(t: Table, pid: PlayerId) -> None:
    """R5.1: flip the top card into the flip space of the zone defended.
    An empty deck is rebuilt first (R9.1); with no card even then, the zone
    is not defended (R9.3). Flipping the last card rebuilds at once."""
    player = t.player(pid)
    zone = player.defending
    assert zone is not None
    if not player.deck:
        board.rebuild_deck(t, pid)
    card = board.take_from_deck(t, pid)
    if card is None:
        t.emit("R9.3", f"{pid} has no card to flip and fails to defend the {zone} zone", pid)
        push(t, flow("move_down", pid))
        return
    player.zones[zone].flip = new_face(card)
    t.emit("R5.1", f"{pid} flips {t.name(card)} in the {zone} zone", pid)
    if not player.deck:
        board.rebuild_deck(t, pid)
    t.state.phase = "decide"
    t.happened.append(Flipped(pid, zone))  # the run loop asks what it starts (R12.2)


def start_defending(t: Table, pid: PlayerId, zone: Zone | None) -> None:
    """Defend in `zone` (R4.4, R5), passing over zones the opponent's cards
    make you skip; below red, the opponent scores (R10.2)."""
    skipped = skipped_zones(t, pid)
    while zone is not None and zone in skipped:
        t.emit("R12.1", f"{pid} skips defending in the {zone} zone", pid)
        zone = zone_below(zone)
    if zone is None:
        score(t, other(pid))
        return
    t.player(pid).defending = zone
    t.state.phase = "flip"


def move_down(t: Table, pid: PlayerId) -> None:
    """R5.6, R7.5: after a card is focused, discarded or pitched, defend in
    the next zone down; after red, the opponent scores (R10.2)."""
    current = t.player(pid).defending
    below = zone_below(current) if current is not None else None
    if below is None:
        t.player(pid).defending = None
        score(t, other(pid))
    else:
        start_defending(t, pid, below)


def end_turn(t: Table, pid: PlayerId) -> None:
    """R5.3, R12.6: after a counterattack and its effects, the opponent's turn."""
    inc = t.state.incoming
    t.player(pid).defending = None
    from_zone = inc.zone if inc is not None and inc.zone in ZONES else None
    begin_turn(t, other(pid), from_zone)


def advantage_done(t: Table, pid: PlayerId, card_id: str, zone: Zone | None) -> None:
    """R5.4: an Immediate advantage goes to the discard pile after its effect
    (R7.7); then the zone it was played in is charged (R11.2) — even when an
    effect moved the defence (Yip Yip!); keep defending."""
    card = t.card(card_id)
    zone = zone or t.player(pid).defending
    if zone is None:
        return
    if isinstance(card, AdvantageCard) and card.immediate:
        zs = t.zone(pid, zone)
        if zs.flip is not None and zs.flip.card == card_id:
            zs.flip = None
        board.to_discard(t, pid, card_id)
    board.charge(t, pid, zone, "advantage")
    if t.state.phase != "over" and t.state.choice is None:
        t.state.phase = "flip"


# ------------------------------------------------------------------ points


def score(t: Table, scorer: PlayerId) -> None:
    """R10.2-R10.5: a point; the game ends at 3 at once. Otherwise the scorer
    celebrates, both clean up (scorer first), and the player scored against
    chooses who defends the next opening attack."""
    state = t.state
    loser = other(scorer)
    t.player(scorer).score += 1
    points = t.player(scorer).score
    t.emit("R10.2", f"{scorer} scores a point ({points})", scorer)
    state.queue = []
    if points >= WINNING_SCORE:
        state.winner = scorer
        state.phase = "over"
        state.choice = None
        t.emit("R10.5", f"{scorer} wins the game {points}-{t.player(loser).score}", scorer)
        return
    allied = [z for z in ZONES if t.zone(scorer, z).ally is not None]
    board.add_energies(t, scorer, allied, "R10.3", "celebration")
    cleanup(t, scorer, "R10.4")
    cleanup(t, loser, "R10.4")
    for p in state.players.values():
        p.defending = None
    state.incoming = None
    state.turn = None
    state.choice = None
    state.chooser = loser
    state.phase = "open"
    t.emit("R10.5", f"{loser} chooses who defends the next opening attack", loser)
