"""An action in words, never in notation: the one home of every way the
app says a move, each naming the card, zone and ally it is about from the
engine's look (`subject`):

- `describe_move(before, after, action, events)`: what a player (most
  often the computer) just did, as a person at the table would say it;
  the card a flip revealed is read from the state after it, and a deck
  that ran out from the move's events (R9.1, R9.3);
- `short(t, action)`: a move in a few words, for the hint ("pay for
  Skewer", "focus");
- `label(t, action)`: one of several legal actions behind one key, in a
  chooser: what it spends.

Markup is Textual's."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from avatar_tui.engine import Event, Look, Table, answer_is_secret, look
from avatar_tui.model.actions import Action
from avatar_tui.model.common import PLAYERS, Zone
from avatar_tui.model.state import GameState
from avatar_tui.play import describe
from avatar_tui.play.describe import ZONE_STYLE
from avatar_tui.play.plain import escape

_MARKUP = re.compile(r"\[/?[^\]]*\]")


@dataclass(frozen=True)
class Subject:
    """What the defending player's move is about, as the look has it: the
    zone defended, the card face up in it and the ally beside it (names
    escaped for markup; None where there is none)."""

    zone: Zone | None
    card: str | None
    ally: str | None


def subject(t: Table, lk: Look | None = None) -> Subject:
    lk = lk or look(t.state, t)
    if lk.turn is None or lk.defended is None:
        return Subject(None, None, None)
    place = lk.player(lk.turn).zone(lk.defended)
    card = escape(t.name(lk.flipped.card)) if lk.flipped is not None else None
    ally = escape(t.name(place.ally)) if place.ally is not None else None
    return Subject(lk.defended, card, ally)


def _zone(zone: str | None) -> str:
    if zone is None:
        return "its zone"
    return f"the [{ZONE_STYLE[zone]}]{zone}[/] zone"


def describe_move(before: GameState, after: GameState | None, action: Action,
                  events: Sequence[Event] = ()) -> str:
    """What `action` did, in words, without the player's name: "played
    Burning Lash in the yellow zone, paying in its own colours (R5.3)".
    `events`: the engine's events of the move, which tell a deck that ran
    out (R9.1, R9.3): the board alone cannot."""
    t = Table(before)
    about = subject(t)
    zone, card = about.zone, about.card or "the flipped card"
    verb = action.verb
    if verb == "open":
        chosen = action.word or ""
        rule = "R2.4" if before.turn_number == 0 else "R10.5"  # the first, or after a point
        if chosen == action.player:
            return f"chose to defend the opening attack ({rule})"
        who = describe.character(t, chosen) if chosen in PLAYERS else chosen
        return f"chose {who} to defend the opening attack ({rule})"
    if verb == "flip":
        rules = [e.rule for e in events]
        if "R9.3" in rules:
            return _no_card_to_flip(zone, rules)
        shown = None
        if after is not None and zone is not None:
            seen = Table(after)
            face = look(after, seen).face(action.player, zone)
            shown = escape(seen.name(face.card)) if face is not None else None
        what = f"and turned up [b]{shown}[/b]" if shown else ""
        said = f"flipped the top card of the deck in {_zone(zone)} {what} (R5.1)".replace(
            "  ", " ")
        flipped = rules.index("R5.1") if "R5.1" in rules else len(rules)
        if "R9.1" in rules[:flipped]:
            said = f"found the deck empty and rebuilt it (R9.1), then {said}"
        if "R9.1" in rules[flipped:]:
            said += "; it was the last card, so the deck is rebuilt (R9.1)"
        return said
    if verb == "pay":
        how = ("in its own colours" if action.paid is None
               else f"with {describe.pips(action.paid)}")
        return f"played [b]{card}[/b] in {_zone(zone)}, paying {how} (R5.3–R5.5)"
    if verb == "power":
        if action.ally:
            return f"used power {action.number} of the ally [b]{about.ally or 'the ally'}[/b] " \
                "(R7.3)"
        return f"used power {action.number} of [b]{card}[/b] (R7.1–R7.3)"
    if verb == "pitch":
        return f"pitched [b]{card}[/b] for its effect and moved on to the next zone (R7.5)"
    if verb == "reflip":
        return f"paid to reflip [b]{card}[/b] and flips again in {_zone(zone)} (R7.4)"
    if verb == "focus":
        return f"focused [b]{card}[/b] as energy in {_zone(zone)} (R5.6)"
    if verb == "discard":
        point = " and gives up a point (R10.2)" if zone == "red" else ""
        return f"discarded [b]{card}[/b] from {_zone(zone)}{point} (R5.6)"
    if verb == "signature":
        move = after.players[action.player].chamber.move if after is not None else None
        name = f" [b]{escape(Table(after).name(move.card))}[/b]" if move and after else ""
        return f"answered with the signature move{name} (R4.3, R10.1)"
    if verb == "skip":
        return "did not play the signature move and defends green (R4.3)"
    if verb == "choose":
        if answer_is_secret(before, action):  # R1.6: it names cards only its player saw
            return "answered a secret question (R1.6)"
        prompt = before.choice.prompt if before.choice is not None else "a question"
        answer = describe.answer_label(t, before, action.word)
        return f"answered “{escape(prompt)}”: {answer}"
    return escape(str(action))  # pragma: no cover - every verb is named above


def _no_card_to_flip(zone: Zone | None, rules: list[str]) -> str:
    """A flip that found no card (R9.3): the deck ran out, its rebuilding
    (R9.1) left none to flip, and the zone goes undefended, in red the
    point with it (R10.2)."""
    said = f"had no card to flip in {_zone(zone)}"
    if "R9.1" in rules[:rules.index("R9.3")]:
        said += ": the deck ran out and rebuilding it left none (R9.1)"
    said += ", so the zone goes undefended (R9.3)"
    if "R10.2" in rules:
        said += " and the point is lost (R10.2)"
    return said


def short(t: Table, action: Action) -> str:
    """A move in a few plain words: "pay for Skewer", "focus"."""
    state, pid = t.state, action.player
    about = subject(t)
    card = about.card or "the card"
    verb = action.verb
    if verb == "pay":
        extra = f" with {describe.pips(action.paid)}" if action.paid is not None else ""
        return f"pay for {card}{extra}"
    if verb == "power":
        if action.ally:
            return f"{about.ally or 'the ally'}'s power {action.number}"
        if about.zone is None:  # no zone is defended at the signature step (R4.3)
            return f"your signature move's power {action.number}"
        return f"{card}'s power {action.number}"
    if verb == "open":  # a noun phrase: "you chose yourself to defend ..." (play/coach.py)
        who = "yourself" if action.word == pid else describe.character(t, action.word)  # type: ignore[arg-type]  # an open action's word is a player id
        return f"{who} to defend the opening attack"
    if verb == "choose":
        return _MARKUP.sub("", describe.answer_label(t, state, action.word))
    return {
        "flip": "flip", "focus": "focus", "discard": "discard", "reflip": "reflip",
        "pitch": f"pitch {card}", "signature": "your signature move",
        "skip": "skip the signature move",
    }.get(verb, str(action))


def label(t: Table, action: Action) -> str:
    """One of several legal actions behind one key, in a chooser: what it spends."""
    if action.verb == "power" and action.ally:
        name = subject(t).ally or "ally"
        return f"{name}: power {action.number} — {describe.payment_label(action.paid)}"
    if action.paid is not None:
        return f"Spend {describe.pips(action.paid)}"
    return escape(str(action))
