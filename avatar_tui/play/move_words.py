"""A move in words: what a player (most often the computer) just did, said
the way a person at the table would say it, never in notation.

`describe_move(before, after, action)` reads the card names from the
state before the move (the flipped card that was paid for, the zone that
was defended) and, where the move turned a card face up, from the state
after it (the card a flip revealed). Markup is Textual's."""

from __future__ import annotations

from avatar_tui.engine import Table, answer_is_secret
from avatar_tui.model.actions import Action
from avatar_tui.model.state import GameState
from avatar_tui.play import describe
from avatar_tui.play.describe import ZONE_STYLE
from avatar_tui.play.plain import escape


def _zone(zone: str | None) -> str:
    if zone is None:
        return "its zone"
    return f"the [{ZONE_STYLE[zone]}]{zone}[/] zone"


def _flipped(t: Table, state: GameState, action: Action) -> tuple[str | None, str | None]:
    """The acting player's zone being defended and its flipped card's name."""
    zone = state.players[action.player].defending
    flip = state.players[action.player].zones[zone].flip if zone else None
    name = escape(t.name(flip.card)) if flip is not None else None
    return zone, name


def describe_move(before: GameState, after: GameState | None, action: Action) -> str:
    """What `action` did, in words, without the player's name: "played
    Burning Lash in the yellow zone, paying in its own colours (R5.3)"."""
    t = Table(before)
    zone, card = _flipped(t, before, action)
    card = card or "the flipped card"
    verb = action.verb
    if verb == "open":
        chosen = action.word or ""
        who = describe.character(t, chosen) if chosen in ("p1", "p2") else chosen
        return f"chose {who} to defend the opening attack (R2.4)"
    if verb == "flip":
        shown = None
        if after is not None and zone is not None:
            face = after.players[action.player].zones[zone].flip
            shown = escape(Table(after).name(face.card)) if face is not None else None
        what = f"and turned up [b]{shown}[/b]" if shown else ""
        return f"flipped the top card of the deck in {_zone(zone)} {what} (R5.1)".replace(
            "  ", " ")
    if verb == "pay":
        how = ("in its own colours" if action.paid is None
               else f"with {describe.pips(action.paid)}")
        return f"played [b]{card}[/b] in {_zone(zone)}, paying {how} (R5.3–R5.5)"
    if verb == "power":
        if action.ally:
            ally = before.players[action.player].zones[zone].ally if zone else None
            name = escape(t.name(ally.card)) if ally is not None else "the ally"
            return f"used power {action.number} of the ally [b]{name}[/b] (R7.3)"
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
