"""The "explain" panel's content: every standard move of the moment — pay,
overpay, each payment power of the flipped card, the ally's powers, focus,
discard, reflip, pitch, the signature move, skip, flip — as possible or
not, with the engine's reason.

The app decides no rule here: a move is possible when `legal_actions`
lists it (through the key that stands for it), a move that is not is
explained by `why_not` on a representative action, and the powers and the
overpayment to ask about come from the engine's look. Reasons pass through
the engine's R1.6 wording: the acting player's signature move is named
only once it is revealed, as the other player sees the screen too."""

from __future__ import annotations

from dataclasses import dataclass

from avatar_tui.engine import without_secret_move
from avatar_tui.model.actions import Action
from avatar_tui.model.common import PlayerId
from avatar_tui.play import describe, move_words
from avatar_tui.play.keys import BY_NAME, candidates, example
from avatar_tui.play.plain import escape
from avatar_tui.play.session import Session

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


def reason(session: Session, action: Action | None, fallback: str = FALLBACK) -> str:
    """The engine's reason why `action` is not allowed now (made private)."""
    why = session.why_not(action) if action is not None else None
    return without_secret_move(session.table, action.player if action else "p1",
                               why or fallback)


def moves(session: Session) -> list[MoveLine]:
    """Each standard move now, possible or not, in the engine's words."""
    pid = session.actor
    if pid is None:
        return []
    legal = session.legal
    lines: list[MoveLine] = []

    def simple(name: str, verb: str, possible_text: str) -> None:
        key = BY_NAME[name]
        found = candidates(name, legal)
        if found:
            lines.append(MoveLine(_key(name), key.label, True, _ways(session, found,
                                                                      possible_text)))
        else:
            probe = Action(player=pid, verb=verb)
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
    if session.look.pending in ("choose", "open"):
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
    ways = " · ".join(move_words.label(t, a) for a in found)
    return f"{what}; {len(found)} ways: {ways}"


def _overpay(session: Session, pid: PlayerId) -> MoveLine:
    found = candidates("overpay", session.legal)
    label = BY_NAME["overpay"].label
    if found:
        ways = " · ".join(move_words.label(session.table, a) for a in found)
        return MoveLine("o", label, True, f"your own colours are short; {len(found)} "
                        f"way{'s' if len(found) != 1 else ''}: {ways}")
    probe = _overpay_probe(session, pid)
    return MoveLine("o", label, False, escape(reason(
        session, probe, "no overpayment is needed or possible now (R6.3)")))


def _overpay_probe(session: Session, pid: PlayerId) -> Action:
    """A payment in stronger colours for the engine to judge (the look's
    `overpay`), or a plain pay when there is none."""
    lk = session.look
    if lk.question is not None or lk.overpay is None or lk.turn != pid:
        return Action(player=pid, verb="pay")
    return Action(player=pid, verb="pay", paid=lk.overpay)


def _powers(session: Session, pid: PlayerId, ally: bool) -> list[MoveLine]:
    """One line per payment power of the flipped card (or, at the
    signature step, the move's), or of the ally in this zone."""
    t, lk = session.table, session.look
    legal = session.legal
    name = "ally_power" if ally else "power_1"
    probe = example(name, pid)
    assert probe is not None
    at_signature = lk.pending == "signature"
    # the look numbers powers only while a card (or the signature move) is
    # decided on and no question waits; an ally has none at the signature step
    found_powers = [p for p in lk.powers if p.ally == ally]
    if not found_powers:
        label = "Ally's powers" if ally else "Payment powers"
        return [MoveLine("a" if ally else "1-9", label, False, escape(reason(session, probe)))]
    lines = []
    for shown in found_powers:
        n = shown.number
        if at_signature:
            label, text = f"Power {n}", "your signature move's power"
        else:
            text = f"{escape(t.name(shown.source))}: {describe.power_text(shown.power)}"
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
            action = Action(player=pid, verb="power", number=n, ally=ally)
            why = escape(reason(session, action))
            lines.append(MoveLine(key, label, False, f"{why} [dim]({text})[/]"))
    return lines
