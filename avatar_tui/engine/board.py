"""Moving cards on a playmat: energy (R6.4, R7.6), charges (R11), and
running out of cards (R9). Each function does as much as it can (R12.4)."""

from __future__ import annotations

from avatar_tui.engine import rng
from avatar_tui.engine.events import Charged
from avatar_tui.engine.stats import restricted
from avatar_tui.engine.table import Table
from avatar_tui.model.common import ZONES, PlayerId, Zone

DISCARD_AFTER_DEAL = 4  # R2.3, R9.1, R9.2


def to_discard(t: Table, pid: PlayerId, card_id: str) -> None:
    t.player(pid).discard.append(card_id)


def take_from_deck(t: Table, pid: PlayerId) -> str | None:
    """The deck's top card, taken; a hidden card is now seen (undo stops here)."""
    player = t.player(pid)
    if not player.deck:
        return None
    if player.top_revealed:  # (set only when it changes: setting a field has a cost)
        player.top_revealed = False
    t.state.seen += 1
    return player.deck.pop(0)


def deck_to_discard(t: Table, pid: PlayerId, n: int = DISCARD_AFTER_DEAL) -> int:
    """Put the top n cards of the deck face up into the discard pile, in deck
    order, so the last one ends on top (R2.3, R9.2). Returns how many moved."""
    moved = 0
    for _ in range(n):
        card = take_from_deck(t, pid)
        if card is None:
            break
        to_discard(t, pid, card)
        moved += 1
    return moved


def add_energy(t: Table, pid: PlayerId, zone: Zone, rule: str = "R6.4") -> bool:
    """R6.4: the top card of the discard pile goes face down onto the zone's
    energy; an empty discard pile is first refilled from the deck (R9.2)."""
    player = t.player(pid)
    if not player.discard:
        if deck_to_discard(t, pid):
            t.emit("R9.2", f"{pid}'s discard pile was empty: 4 cards from the deck refill it", pid)
    if not player.discard:
        t.emit("R12.4", f"{pid} has no card to add as {zone} energy", pid)
        return False
    player.zones[zone].energy.append(player.discard.pop())
    return True


def add_energies(t: Table, pid: PlayerId, zones: list[Zone], rule: str, why: str) -> None:
    added = [z for z in zones if add_energy(t, pid, z, rule)]
    if added:
        text = ", ".join(f"+1 {z}" for z in added)
        t.emit(rule, f"{why}: {pid} adds {text}", pid)


def eliminate_energy(t: Table, pid: PlayerId, zone: Zone) -> bool:
    """R7.6: the top energy of the zone goes face up to its owner's discard pile."""
    stack = t.zone(pid, zone).energy
    if not stack:
        return False
    to_discard(t, pid, stack.pop())
    t.emit("R7.6", f"{pid}'s {zone} energy is eliminated", pid)
    return True


def charge(t: Table, pid: PlayerId, zone: Zone, why: str) -> bool:
    """R11: charge a zone. Charging a charged zone does nothing (R11.1)."""
    zs = t.zone(pid, zone)
    if zs.charged:
        t.emit("R11.1", f"{pid}'s {zone} zone is already charged: nothing changes", pid)
        return False
    blocker = restricted(t, pid, "charge")
    if blocker:
        t.emit("R12.3", f"{pid}'s {zone} zone cannot be charged ({blocker})", pid)
        return False
    zs.charged = True
    t.emit("R11.2" if why == "advantage" else "R11.1", f"{pid} charges the {zone} zone", pid)
    t.happened.append(Charged(pid, zone))  # the run loop asks what it starts (R12.2)
    return True


def uncharge(t: Table, pid: PlayerId, zone: Zone, rule: str = "R11.1") -> bool:
    zs = t.zone(pid, zone)
    if not zs.charged:
        return False
    blocker = restricted(t, pid, "uncharge")
    if blocker:
        t.emit("R12.3", f"{pid}'s {zone} zone cannot be uncharged ({blocker})", pid)
        return False
    zs.charged = False
    t.emit(rule, f"{pid}'s {zone} zone is uncharged", pid)
    return True


def rebuild_deck(t: Table, pid: PlayerId) -> None:
    """R9.1: energy and discard pile are shuffled into a new deck; the same
    energy counts are dealt again (green, yellow, red), then 4 cards go to
    the discard pile. Charges stay. Never the chamber, allies, advantages or
    flip-space cards."""
    player = t.player(pid)
    counts = {z: len(player.zones[z].energy) for z in ZONES}
    pool: list[str] = []
    for z in ZONES:
        pool.extend(player.zones[z].energy)
        player.zones[z].energy = []
    pool.extend(player.discard)
    player.discard = []
    t.state.rng = rng.shuffle(t.state.rng, pool)
    player.deck = pool + player.deck
    player.top_revealed = False
    for z in ZONES:
        for _ in range(counts[z]):
            card = take_from_deck(t, pid)
            if card is None:
                break
            player.zones[z].energy.append(card)
    deck_to_discard(t, pid)
    t.emit("R9.1", f"{pid}'s deck ran out: energy and discard pile are shuffled into a new "
           f"deck, {counts['green']}/{counts['yellow']}/{counts['red']} energy dealt again", pid)
