"""The "explain" panel's content: every standard move of the moment — pay,
overpay, each payment power of the flipped card, the ally's powers, focus,
discard, reflip, pitch, the signature move, skip, flip — as possible or
not, with the engine's reason.

The app decides no rule here: a move is possible when `legal_actions`
lists it (through the key that stands for it), and a move that is not is
explained by `why_not` on a representative action. The one thing the app
adds is privacy (R1.6): the acting player's signature move is named only
once it is revealed, as the other player sees the screen too."""

from __future__ import annotations

from dataclasses import dataclass

from avatar_tui.app import describe
from avatar_tui.app.keys import BY_NAME, candidates, example
from avatar_tui.app.plain import escape
from avatar_tui.app.session import Session
from avatar_tui.engine.payment import energy_of
from avatar_tui.engine.powers import powers_of
from avatar_tui.engine.stats import strike_cost
from avatar_tui.model.actions import Action
from avatar_tui.model.cards import StrikeCard
from avatar_tui.model.common import Energy, PlayerId

FALLBACK = "it is not possible now"


@dataclass(frozen=True)
class MoveLine:
    key: str  # the key, as shown
    label: str  # "Pay", "Power 1 (Flare)", ...
    possible: bool
    detail: str  # markup: what it does (possible), or the engine's reason (not)

    @property
    def text(self) -> str:
        """`Pay: not possible — <reason>` in plain words (markup)."""
        verdict = "possible" if self.possible else "not possible"
        return f"{self.label}: {verdict} — {self.detail}"


def private(session: Session, pid: PlayerId, text: str) -> str:
    """`text` with the player's unrevealed signature move unnamed (R1.6)."""
    t = session.table
    if t.player(pid).chamber.move is not None:
        return text
    try:
        name = t.current_move(pid).name
    except (KeyError, AssertionError):
        return text
    return text.replace(f"{name}'s", "your signature move's").replace(name,
                                                                      "your signature move")


def reason(session: Session, action: Action | None, fallback: str = FALLBACK) -> str:
    """The engine's reason why `action` is not allowed now (made private)."""
    why = session.why_not(action) if action is not None else None
    return private(session, action.player if action else "p1", why or fallback)


def actor(session: Session) -> PlayerId | None:
    legal = session.legal
    return legal[0].player if legal else None


def moves(session: Session) -> list[MoveLine]:
    """Each standard move now, possible or not, in the engine's words."""
    pid = actor(session)
    if pid is None:
        return []
    legal = session.legal
    state = session.state
    lines: list[MoveLine] = []

    def simple(name: str, verb: str, possible_text: str) -> None:
        key = BY_NAME[name]
        found = candidates(name, legal)
        if found:
            lines.append(MoveLine(_key(name), key.label, True, _ways(session, found,
                                                                      possible_text)))
        else:
            probe = Action(player=pid, verb=verb)  # type: ignore[arg-type]
            lines.append(MoveLine(_key(name), key.label, False, escape(reason(session, probe))))

    simple("pay", "pay", "play the flipped card, paying its cost in its own colours")
    lines.append(_overpay(session, pid))
    lines.extend(_powers(session, pid, ally=False))
    lines.extend(_powers(session, pid, ally=True))
    simple("focus", "focus", "put the card face down as energy here, then defend the next zone")
    simple("discard", "discard", "discard the card, then defend the next zone")
    simple("reflip", "reflip", "pay the reflip cost and flip again in this zone")
    simple("pitch", "pitch", "discard the card for its pitch effect, then defend the next zone")
    simple("signature", "signature", "defend with your signature move (v shows it to you)")
    simple("skip", "skip", "do not play the signature move; defend green")
    simple("flip", "flip", "flip the top card of your deck into the zone")
    if state.choice is not None or state.phase == "open":
        lines.append(MoveLine("c", "Answer", True, "a question waits for your answer "
                              "(c opens it)"))
    return lines


def _key(name: str) -> str:
    key = BY_NAME[name]
    return key.display or key.key


def _ways(session: Session, found: list[Action], what: str) -> str:
    if len(found) == 1:
        return what
    t = session.table
    ways = " · ".join(describe.action_label(t, a) for a in found)
    return f"{what}; {len(found)} ways: {ways}"


def _overpay(session: Session, pid: PlayerId) -> MoveLine:
    found = candidates("overpay", session.legal)
    label = BY_NAME["overpay"].label
    if found:
        ways = " · ".join(describe.action_label(session.table, a) for a in found)
        return MoveLine("o", label, True, f"your own colours are short; {len(found)} "
                        f"way{'s' if len(found) != 1 else ''}: {ways}")
    probe = _overpay_probe(session, pid)
    return MoveLine("o", label, False, escape(reason(
        session, probe, "no overpayment is needed or possible now (R6.3)")))


def _overpay_probe(session: Session, pid: PlayerId) -> Action:
    """A payment with stronger colours, for the engine to judge: where the
    cost's own colours are short the next stronger ones fill in; where they
    are not, one pip is paid a colour up (which R6.3 forbids by choice)."""
    plain = Action(player=pid, verb="pay")
    state, t = session.state, session.table
    zone = state.players[pid].defending
    if state.phase != "decide" or state.choice is not None or zone is None:
        return plain
    face = state.players[pid].zones[zone].flip
    if face is None:
        return plain
    card = t.card(face.card)
    cost = strike_cost(t, pid, card.cost) if isinstance(card, StrikeCard) else card.cost
    have = energy_of(t, pid)
    green = min(cost.green, have.green)
    yellow = min(cost.yellow + cost.green - green, have.yellow)
    paid = Energy(green=green, yellow=yellow, red=cost.total - green - yellow)
    if paid == cost:  # no shortfall: pay one pip with a stronger colour you have to spare
        spare_yellow, spare_red = have.yellow > cost.yellow, have.red > cost.red
        if cost.green and (spare_yellow or spare_red):
            up = {"yellow": 1} if spare_yellow else {"red": 1}
            paid = Energy(green=cost.green - 1, yellow=cost.yellow + up.get("yellow", 0),
                          red=cost.red + up.get("red", 0))
        elif cost.yellow and spare_red:
            paid = Energy(green=cost.green, yellow=cost.yellow - 1, red=cost.red + 1)
        else:
            return plain
    return Action(player=pid, verb="pay", paid=paid)


def _powers(session: Session, pid: PlayerId, ally: bool) -> list[MoveLine]:
    """One line per payment power of the flipped card (or, at the
    signature step, the move's), or of the ally in this zone."""
    state, t = session.state, session.table
    legal = session.legal
    name = "ally_power" if ally else "power_1"
    probe = example(name, pid)
    assert probe is not None
    at_signature = state.phase == "signature"
    if state.phase not in ("decide", "signature") or state.choice is not None or \
            (ally and at_signature):
        label = "Ally's powers" if ally else "Payment powers"
        return [MoveLine("a" if ally else "1-9", label, False, escape(reason(session, probe)))]
    found_powers = powers_of(t, pid, ally=ally)
    if not found_powers:
        label = "Ally's powers" if ally else "Payment powers"
        return [MoveLine("a" if ally else "1-9", label, False, escape(reason(session, probe)))]
    lines = []
    for n, (source, power) in enumerate(found_powers, start=1):
        if at_signature:
            label, text = f"Power {n}", "your signature move's power"
        else:
            text = f"{escape(t.name(source))}: {describe.power_text(power)}"
            label = f"Power {n}"
        if ally:
            label = f"Ally's power {n}"
            found = [a for a in candidates("ally_power", legal) if a.number == n]
            key = "a"
        else:
            found = candidates(f"power_{n}", legal) if n <= 9 else []
            key = str(n)
        what = text
        if found:
            lines.append(MoveLine(key, label, True, _ways(session, found, what)))
        else:
            action = Action(player=pid, verb="power", number=n, ally=ally)  # type: ignore[arg-type]
            why = escape(reason(session, action))
            lines.append(MoveLine(key, label, False, f"{why} [dim]({text})[/]"))
    return lines
