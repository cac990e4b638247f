"""Effects on the top of a deck: looking, revealing, and a forced reflip."""

from __future__ import annotations

from avatar_tui.engine import board
from avatar_tui.engine.effects.common import (
    NONE,
    ask,
)
from avatar_tui.engine.effects.registry import handles
from avatar_tui.engine.payment import energy_of, legal_payments, spend, why_not_exact
from avatar_tui.engine.table import Table
from avatar_tui.engine.turn import flip_into
from avatar_tui.model.common import Energy, other
from avatar_tui.model.effects import (
    ForceReflip,
    LookAtTop,
    RevealTop,
)
from avatar_tui.model.options import DISCARD, KEEP, Option, Payment, TopCard
from avatar_tui.model.state import (
    ResolveStep,
)


@handles(LookAtTop)
def look_at_top(t: Table, step: ResolveStep, effect: LookAtTop, answer: Option | None) -> None:
    """The cards stay on top of the deck while the player decides; they are
    rearranged or discarded only once every answer is in."""
    pid = step.ctx.controller
    player = t.player(pid)
    if answer is None:
        n = min(effect.count, len(player.deck))
        if n == 0:
            return
        t.state.seen += 1  # the player has seen hidden cards
        step.progress = {"n": n, "order": []}
    n = step.progress["n"]
    order: list[str] = step.progress["order"]
    looked = list(player.deck[:n])
    for card in order:
        looked.remove(card)
    name = t.name(step.ctx.source)
    if effect.then == "may_discard":
        if answer is None:
            ask(t, step, pid, f"{name}: your top card is {t.name(looked[0])}. Discard it?",
                [DISCARD, KEEP], secret=True)
        elif answer == DISCARD:
            board.to_discard(t, pid, player.deck.pop(0))
            t.emit("R12.1", f"{pid} discards the top card, {t.name(looked[0])}", pid)
        else:  # R1.6: the card kept stays secret, so the log does not name it
            t.emit("R12.1", f"{pid} keeps the top card on the deck", pid)
        return
    if isinstance(answer, TopCard):
        looked.remove(answer.card)
        order.append(answer.card)
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
    ask(t, step, pid, f"{name}: {prompt}", [TopCard(c) for c in sorted(set(looked))],
        secret=True)


@handles(RevealTop)
def reveal_top(t: Table, step: ResolveStep, effect: RevealTop, answer: Option | None) -> None:
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
                [DISCARD, KEEP])
        return
    card = deck[0]
    if answer == DISCARD:
        board.to_discard(t, owner, deck.pop(0))
        t.player(owner).top_revealed = False
        t.emit("R12.1", f"{pid} has {owner} discard the revealed top card, {t.name(card)}",
               owner)
    else:
        t.emit("R12.1", f"{pid} lets {owner}'s revealed top card, {t.name(card)}, stay on "
               "top of the deck", owner)


@handles(ForceReflip)
def force_reflip(t: Table, step: ResolveStep, effect: ForceReflip, answer: Option | None) -> None:
    """You may pay: the opponent's card just flipped is discarded and they
    flip again in that zone. The cost is paid like any other (R6.3): in its
    own colours (`pay`), or with a stronger colour when short (`pay_y1`)."""
    me, them, zone = step.ctx.controller, other(step.ctx.controller), step.ctx.event_zone
    cost = Energy(green=effect.green, yellow=effect.yellow, red=effect.red)
    if zone is None or t.zone(them, zone).flip is None:
        return
    have = energy_of(t, me)
    payments = {Payment(): cost} if why_not_exact(cost, have) is None else {
        Payment(p): p for p in legal_payments(cost, have)}
    if not payments:
        return  # R12.4: it cannot be paid, so nothing happens
    card = t.zone(them, zone).flip.card  # type: ignore[union-attr]  # the flipped card there was checked before paying
    if answer is None:
        ask(t, step, me, f"{t.name(step.ctx.source)}: pay {cost.short()} to make {them} "
            f"discard {t.name(card)} and flip again?", [*payments, NONE])
        return
    if isinstance(answer, Payment) and answer in payments:
        spend(t, me, payments[answer])
        t.zone(them, zone).flip = None
        board.to_discard(t, them, card)
        t.emit("R12.1", f"{them} discards {t.name(card)} and flips again", them)
        flip_into(t, them)
