"""Paying energy (R6): which payments are legal, and spending them.

An energy's colour is its zone's: "green energy" is the stack in the green
zone. A payment is a number of energies from each zone, g + y + r."""

from __future__ import annotations

from avatar_tui.engine.stats import strike_cost
from avatar_tui.engine.table import Table
from avatar_tui.model.cards import DeckCard, SignatureMove, StrikeCard
from avatar_tui.model.common import ZONES, Energy, PlayerId, energy


def energy_of(t: Table, pid: PlayerId) -> Energy:
    zones = t.player(pid).zones
    return energy(len(zones["green"].energy), len(zones["yellow"].energy),
                  len(zones["red"].energy))


def cost_now(t: Table, pid: PlayerId, card: DeckCard | SignatureMove) -> Energy:
    """What playing `card` costs `pid` now: a strike or a signature move
    costs its printed cost plus every surcharge the opponent's cards add
    (R12.7); an advantage or an ally costs what is printed."""
    if isinstance(card, StrikeCard | SignatureMove):
        return strike_cost(t, pid, card.cost)
    return card.cost


def why_not_payment(cost: Energy, have: Energy, paid: Energy) -> str | None:
    """Why `paid` is not a legal payment of `cost` with `have` (R6.3), or None.

    The convention: the payment totals the cost; red pips take red; a yellow
    pip takes yellow or red; green takes min(green cost, green you have); at
    least min(yellow cost, yellow you have) yellow is used."""
    for colour in ZONES:
        if paid.of(colour) > have.of(colour):
            return (f"not enough {colour} energy — you name {paid.of(colour)}, "
                    f"you have {have.of(colour)} (R6.2)")
    if paid.total != cost.total:
        return f"the payment must total the cost {cost.short()}, not {paid.total} (R6.3)"
    if paid.red < cost.red:
        return f"a red pip can be paid only with red: needs {cost.red} red (R6.3)"
    if paid.yellow + paid.red - cost.red < cost.yellow:
        return "yellow pips need yellow or red energy (R6.3)"
    need_green = min(cost.green, have.green)
    if paid.green != need_green:
        return (f"green pips must be paid with your green energy first: "
                f"use exactly {need_green} green (R6.3)")
    need_yellow = min(cost.yellow, have.yellow)
    if paid.yellow < need_yellow:
        return (f"yellow pips must be paid with your yellow energy first: "
                f"use at least {need_yellow} yellow (R6.3)")
    return None


def legal_payments(cost: Energy, have: Energy) -> list[Energy]:
    """Every legal payment of `cost` (R6.3), the one spending least red first."""
    g = min(cost.green, have.green)
    candidates = (energy(g, y, cost.total - g - y)
                  for y in range(min(have.yellow, cost.total - g), -1, -1))
    # most yellow (least red) first: red is the scarcest colour
    return [p for p in candidates if why_not_payment(cost, have, p) is None]


def why_not_exact(cost: Energy, have: Energy) -> str | None:
    """Why the cost cannot be paid in its own colours (a plain `pay`), or None."""
    if have.green >= cost.green and have.yellow >= cost.yellow and have.red >= cost.red:
        return None
    short = [f"needs {cost.of(c)} {c}, you have {have.of(c)}"
             for c in ZONES if have.of(c) < cost.of(c)]
    if not short:
        return None
    return "not enough energy in its own colours — " + "; ".join(short) + " (R6.3)"


def stronger_payment(cost: Energy, have: Energy) -> Energy | None:
    """A payment of `cost` in stronger colours (R6.3), legal or not, for
    `why_not` to judge: where the cost's own colours are short the next
    stronger ones fill in; where none is short, one pip is paid a colour up
    (which R6.3 forbids). None when there is no stronger colour to use."""
    green = min(cost.green, have.green)
    yellow = min(cost.yellow + cost.green - green, have.yellow)
    paid = Energy(green=green, yellow=yellow, red=cost.total - green - yellow)
    if paid != cost:
        return paid
    spare_yellow, spare_red = have.yellow > cost.yellow, have.red > cost.red
    if cost.green and (spare_yellow or spare_red):
        up = {"yellow": 1} if spare_yellow else {"red": 1}
        return Energy(green=cost.green - 1, yellow=cost.yellow + up.get("yellow", 0),
                      red=cost.red + up.get("red", 0))
    if cost.yellow and spare_red:
        return Energy(green=cost.green, yellow=cost.yellow - 1, red=cost.red + 1)
    return None


def spend(t: Table, pid: PlayerId, paid: Energy) -> None:
    """Move the energies from the tops of the stacks to the discard pile,
    green first, then yellow, then red (R6.2 convention)."""
    player = t.player(pid)
    for colour in ZONES:
        stack = player.zones[colour].energy
        for _ in range(paid.of(colour)):
            player.discard.append(stack.pop())
    if paid.total:
        t.emit("R6.2", f"{pid} pays {paid.short()}", pid)
