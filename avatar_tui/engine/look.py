"""The read model: what a screen or a computer player needs to know of a game
at one moment, worked out once by the rules and handed over as immutable
facts. `look(state)` builds it; nothing in it is a rule of its own, every
number comes from the engine's one computation of it (stats, payment,
powers), so the app shows what the engine enforces.

- `Look.actor`: who acts now (`moves.actor`);
- `Look.question`: the pending question, its options as the state holds them;
- `Look.incoming`: the attack to stop, with its force now (R12.7);
- `Look.players[...]`: score, defending zone, piles, zones, and each face
  up strike, signature move, advantage or ally being decided, with its
  force, intercept and cost *now* (`FaceLook`, continuous effects applied);
- `Look.defended`, `Look.flipped`: the zone the defending player defends
  at the flip and decide steps (R5.1, R5.2) and the card face up in it,
  a question pending or not: the one answer to "which card is this about"
  for every screen and its words;
- `Look.powers`, `Look.reflips`: for the card the defending player is
  deciding on (or the signature move at its step), the numbered payment
  powers `power N` / `power ally N` use (those other cards grant
  included), and each reflip cost (R7.4); empty while a question waits.
  `Look.payment`: what a plain `pay` of that card spends (R6.3), for a
  screen to say what it leaves.

It is cheap (a handful of strength computations) but not free: the engine
never builds it on its own hot path (legal actions, apply); the app and the
bots build it once per position. `view(state)` (docs/notation.md) is derived
from it.
"""

from __future__ import annotations

from dataclasses import dataclass

from avatar_tui.engine.moves import actor, payment, pending
from avatar_tui.engine.payment import cost_now, energy_of, stronger_payment
from avatar_tui.engine.powers import powers_of
from avatar_tui.engine.stats import ReflipCost, incoming_force, printed, reflip_costs, strength
from avatar_tui.engine.table import Table
from avatar_tui.model.cards import AdvantageCard, AllyCard, SignatureMove, StrikeCard
from avatar_tui.model.common import PLAYERS, ZONES, Energy, PlayerId, Zone
from avatar_tui.model.effects import Power
from avatar_tui.model.state import FaceUp, GameState


@dataclass(frozen=True, slots=True)
class FaceLook:
    """A face-up card: a flipped card, or a signature move in play (zone None).
    `force`/`intercept` are now, every continuous effect applied (R12.7);
    None for an advantage or an ally being decided on."""

    player: PlayerId
    zone: Zone | None
    card: str
    counterattacked: bool
    force: int | None
    intercept: int | None
    printed_force: int | None
    printed_intercept: int | None
    cost: Energy  # what paying for it costs its player now (R12.7 surcharges)


@dataclass(frozen=True, slots=True)
class PowerLook:
    """A payment power the acting player may name: `power N` (`ally`:
    `power ally N`). `source` is the card it is printed on; `granted` when
    that is another card in play than the one it works for (R7.3)."""

    number: int
    ally: bool
    source: str
    power: Power
    granted: bool


@dataclass(frozen=True, slots=True)
class QuestionLook:
    """A question the engine waits on (`choose WORD`)."""

    chooser: PlayerId
    kind: str
    prompt: str
    options: tuple  # as the state holds them
    secret: bool  # its answers show cards only the chooser may see (R1.6)


@dataclass(frozen=True, slots=True)
class AttackLook:
    """The incoming attack, with its force now (R3.1, R12.7)."""

    owner: PlayerId
    zone: str  # a zone, "signature" or "opening"
    card: str
    force: int


@dataclass(frozen=True, slots=True)
class ZoneLook:
    zone: Zone
    energy: int
    charged: bool
    ally: str | None
    flip: FaceLook | None


@dataclass(frozen=True, slots=True)
class PlayerLook:
    player: PlayerId
    score: int
    defending: Zone | None
    deck: int
    discard: int
    discard_top: str | None
    advantages: tuple[str, ...]
    chamber: str
    side: str
    energy: Energy  # energy per colour (R6.2)
    zones: tuple[ZoneLook, ZoneLook, ZoneLook]  # green, yellow, red
    signature: FaceLook | None  # the signature move in play, if any

    def zone(self, zone: Zone) -> ZoneLook:
        return self.zones[ZONES.index(zone)]


@dataclass(frozen=True, slots=True)
class Look:
    status: str  # choose_opening | playing | over
    phase: str
    pending: str  # the decision waited on (docs/notation.md `pending`)
    actor: PlayerId | None
    winner: PlayerId | None
    turn: PlayerId | None  # the defending player
    question: QuestionLook | None
    incoming: AttackLook | None
    players: tuple[PlayerLook, PlayerLook]  # p1, p2
    defended: Zone | None  # the zone `turn` defends at the flip and decide steps
    flipped: FaceLook | None  # the card face up in it (R5.2), a question pending or not
    powers: tuple[PowerLook, ...]  # its numbered powers (or the signature move's)
    reflips: tuple[ReflipCost, ...]  # how it may be reflipped now (R7.4)
    overpay: Energy | None  # a payment of it in stronger colours, for `why_not` (R6.3)
    payment: Energy | None  # what a plain `pay` of it spends (None: its colours fall short)

    def player(self, pid: PlayerId) -> PlayerLook:
        return self.players[PLAYERS.index(pid)]

    def face(self, pid: PlayerId, zone: Zone | None) -> FaceLook | None:
        """`pid`'s face-up card in `zone` (None: the signature move in play)."""
        p = self.player(pid)
        return p.signature if zone is None else p.zone(zone).flip

    def power(self, number: int, ally: bool = False) -> PowerLook | None:
        return next((p for p in self.powers if p.number == number and p.ally == ally), None)


def face_look(t: Table, pid: PlayerId, zone: Zone | None, face: FaceUp) -> FaceLook:
    """One face-up card's facts now: the one computation of its force,
    intercept and cost that the look, the view and the screen share."""
    card: StrikeCard | SignatureMove | AdvantageCard | AllyCard
    if zone is None or face.card in t.catalog.signatures:
        card = printed(t, face.card)
    else:
        card = t.card(face.card)
    cost = cost_now(t, pid, card)
    if zone is not None and not isinstance(card, StrikeCard):
        return FaceLook(pid, zone, face.card, face.counterattacked, None, None, None, None,
                        cost)
    force, intercept = strength(t, pid, zone, face)
    return FaceLook(pid, zone, face.card, face.counterattacked, force, intercept,
                    card.force, card.intercept, cost)  # type: ignore[union-attr]  # zone None: printed()


def status(state: GameState) -> str:
    if state.phase == "over":
        return "over"
    if state.phase == "open" and state.choice is None:
        return "choose_opening"
    return "playing"


def look(state: GameState, t: Table | None = None) -> Look:
    """The facts of `state` a screen or a bot reads (works on an observation's
    state too: it reads nothing hidden)."""
    t = t or Table(state, read_only=True)
    players = tuple(_player(t, pid) for pid in PLAYERS)
    inc = state.incoming
    incoming = None if inc is None else AttackLook(inc.owner, inc.zone, inc.card,
                                                   incoming_force(t) or 0)
    choice = state.choice
    question = None if choice is None else QuestionLook(
        choice.chooser, choice.kind, choice.prompt, tuple(choice.options), choice.secret)
    defended = _defended(state)
    flipped = None if defended is None else \
        players[PLAYERS.index(state.turn)].zone(defended).flip
    powers, reflips, overpay, plain = _deciding(t, players, flipped)
    return Look(
        status=status(state), phase=state.phase,
        pending="over" if state.phase == "over" else pending(t),
        actor=actor(t), winner=state.winner, turn=state.turn,
        question=question, incoming=incoming, players=players,  # type: ignore[arg-type]  # one per player (zone), built from a generator
        defended=defended, flipped=flipped, powers=powers, reflips=reflips, overpay=overpay,
        payment=plain)


def _defended(state: GameState) -> Zone | None:
    """The zone being defended: only at the flip and decide steps (R5), as
    a finished game may still hold the zone its last point was lost in."""
    if state.turn is None or state.phase not in ("flip", "decide"):
        return None
    return state.players[state.turn].defending


def _player(t: Table, pid: PlayerId) -> PlayerLook:
    p = t.player(pid)
    zones = []
    for z in ZONES:
        zs = p.zones[z]
        flip = face_look(t, pid, z, zs.flip) if zs.flip is not None else None
        zones.append(ZoneLook(z, len(zs.energy), zs.charged,
                              zs.ally.card if zs.ally else None, flip))
    move = p.chamber.move
    return PlayerLook(
        player=pid, score=p.score, defending=p.defending, deck=len(p.deck),
        discard=len(p.discard), discard_top=p.discard[-1] if p.discard else None,
        advantages=tuple(a.card for a in p.advantages), chamber=p.chamber.id,
        side=p.chamber.side, energy=energy_of(t, pid),
        zones=tuple(zones),  # type: ignore[arg-type]  # one per player (zone), built from a generator
        signature=face_look(t, pid, None, move) if move is not None else None)


def _deciding(t: Table, players: tuple[PlayerLook, ...], flipped: FaceLook | None) -> tuple[
        tuple[PowerLook, ...], tuple[ReflipCost, ...], Energy | None, Energy | None]:
    """For the `flipped` card being decided on: its numbered powers, its
    reflip costs, a stronger payment of it and the plain payment (the
    engine's `payment`, as `pay` spends it: R6.3); at the signature step
    (R4.3) the move's powers. Nothing while a question is pending: then
    the question is all that may be answered."""
    state = t.state
    pid = state.turn
    if pid is None or state.phase not in ("decide", "signature") or state.choice is not None:
        return (), (), None, None
    if state.phase == "signature":
        if t.catalog.find_chamber(state.players[pid].chamber.id) is None:
            return (), (), None, None  # someone else's hidden chamber, in an observation
        move = t.current_move(pid)
        return _numbered(powers_of(t, pid), move.id, False), (), None, None
    if flipped is None or flipped.zone is None:
        return (), (), None, None
    zone, mine = flipped.zone, players[PLAYERS.index(pid)]
    powers = _numbered(powers_of(t, pid), flipped.card, False) + \
        _numbered(powers_of(t, pid, ally=True), None, True)
    reflips = tuple(reflip_costs(t, pid, zone, flipped.card))
    paid, refused = payment(flipped.cost, mine.energy, None)
    return (powers, reflips, stronger_payment(flipped.cost, mine.energy),
            None if refused else paid)


def _numbered(found: list[tuple[str, Power]], own: str | None,
              ally: bool) -> tuple[PowerLook, ...]:
    return tuple(PowerLook(n, ally, source, power, own is not None and source != own)
                 for n, (source, power) in enumerate(found, start=1))
