"""Defending with the signature move (R4.3, R10.1)."""

from __future__ import annotations

from avatar_tui.engine.moves import counterattack_effects, payment
from avatar_tui.engine.payment import (
    cost_now,
    energy_of,
    spend,
)
from avatar_tui.engine.secrecy import move_named
from avatar_tui.engine.stats import (
    incoming_force,
    restricted,
    stops,
    strength,
)
from avatar_tui.engine.table import Table
from avatar_tui.engine.turn import attack
from avatar_tui.model.actions import Action
from avatar_tui.model.cards import SignatureMove
from avatar_tui.model.common import ZONES, PlayerId
from avatar_tui.model.state import (
    ChamberState,
    FaceUp,
)


def why_not_signature(t: Table, a: Action) -> str | None:
    pid = a.player
    blocker = restricted(t, pid, "signature")
    if blocker:
        return f"{blocker} forbids signature moves (R12.3)"
    move = t.current_move(pid)
    cost = cost_now(t, pid, move)
    _, why = payment(cost, energy_of(t, pid), a.paid)
    if why:
        return f"{move_named(t, pid)} costs {cost.short()}: {why}"
    return why_not_stop(t, pid, move)


def why_not_stop(t: Table, pid: PlayerId, move: SignatureMove) -> str | None:
    """Why the move cannot stop the incoming attack (R10.1, R5.3), or None."""
    # R10.1: advantages count, allies never do (the move is in no zone)
    face = t.player(pid).chamber.move or FaceUp(card=move.id)
    _, intercept = strength(t, pid, None, face)
    force = incoming_force(t) or 0
    if not stops(intercept, force):
        return (f"{move_named(t, pid)}'s intercept {intercept} is below the incoming force {force} "
                "(R10.1, R5.3)")
    return None


def do_signature(t: Table, a: Action) -> None:
    """R10.1: uncharge all three zones, reveal the move, pay, counterattack
    from no zone."""
    pid = a.player
    player = t.player(pid)
    move = t.current_move(pid)
    cost = cost_now(t, pid, move)
    paid, _ = payment(cost, energy_of(t, pid), a.paid)
    force = incoming_force(t) or 0
    for z in ZONES:
        player.zones[z].charged = False
    t.emit("R10.1", f"{pid} uncharges all three zones and reveals {move.name}", pid)
    spend(t, pid, paid)
    face = player.chamber.move
    if face is None:  # revealed now (R1.6: no longer hidden; undo stops here)
        face = player.chamber.move = FaceUp(card=move.id)
        t.state.seen += 1
        reveal(player.chamber, move.id)
    face.counterattacked = True
    face.vs_force = force
    t.state.incoming = attack(pid, "signature", move.id)
    t.emit("R10.1", f"{pid} counterattacks with the signature move {move.name}", pid)
    counterattack_effects(t, pid, None, face)


def reveal(chamber: ChamberState, move_id: str) -> None:
    """R1.6: a move once face up stays known to both players (a new list:
    clones share the old one)."""
    if move_id not in chamber.revealed:
        chamber.revealed = [*chamber.revealed, move_id]
