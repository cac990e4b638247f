"""Actions and their notation (docs/notation.md): `p2: pay g=1 y=1`."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict

from avatar_tui.model.common import Energy, PlayerId
from avatar_tui.model.plain_reads import use_plain_reads

Verb = Literal[
    "open", "flip", "signature", "skip", "pay", "power", "pitch",
    "reflip", "focus", "discard", "choose",
]
VERBS: tuple[str, ...] = Verb.__args__  # type: ignore[attr-defined]  # a Literal's members, read at run time
# Verbs that may name an exact payment with g= y= r= (docs/notation.md): every
# verb whose cost can include energy, so an overpay (R6.3) can be written —
# a pitch cost may be "green + pitch" (R7.5).
PAYING_VERBS = {"pay", "power", "pitch", "reflip", "signature"}


class NotationError(ValueError):
    """A line that is not an action."""


class Action(BaseModel):
    # defer_build: built on first validation (a parsed line), not at import;
    # the engine makes its actions from its own values, unvalidated, so a
    # start builds no validator for them
    model_config = ConfigDict(frozen=True, defer_build=True)

    player: PlayerId
    verb: Verb
    number: int | None = None  # power N (1-based)
    ally: bool = False  # power ally N
    word: str | None = None  # open pN / choose WORD
    paid: Energy | None = None  # g= y= r=, when named

    def __str__(self) -> str:
        parts = [f"{self.player}: {self.verb}"]
        if self.ally:
            parts.append("ally")
        if self.number is not None:
            parts.append(str(self.number))
        if self.word is not None:
            parts.append(self.word)
        if self.paid is not None:
            named = [f"{c[0]}={self.paid.of(c)}" for c in ("green", "yellow", "red")
                     if self.paid.of(c)]
            parts.extend(named or ["g=0"])
        return " ".join(parts)



use_plain_reads(Action)  # the legal list is made of these, at every move

_LINE = re.compile(r"^\s*(p[12])\s*:\s*(.*?)\s*$")
# ASCII digits only: `\d` and str.isdigit() also take `²` or `٣`, which int()
# then refuses; and a few digits at most, as int() refuses 4,300 of them.
_PAYMENT = re.compile(r"^([gyr])=([0-9]{1,6})$")
_NUMBER = re.compile(r"^[0-9]{1,6}$")


def parse_action(text: str) -> Action:
    """Parse one action line (without a trailing `!`)."""
    m = _LINE.match(text)
    if not m:
        raise NotationError("expected 'p1: VERB ...' or 'p2: VERB ...'")
    player, rest = m.group(1), m.group(2)
    words = rest.split()
    if not words:
        raise NotationError("missing verb after the player")
    verb, args = words[0], words[1:]
    if verb not in VERBS:
        raise NotationError(f"unknown verb '{verb}' (expected one of: {', '.join(VERBS)})")
    paid: dict[str, int] = {}
    plain = []
    for arg in args:
        pm = _PAYMENT.match(arg)
        if pm:
            colour = {"g": "green", "y": "yellow", "r": "red"}[pm.group(1)]
            if colour in paid:
                raise NotationError(f"'{arg}': {colour} named twice")
            paid[colour] = int(pm.group(2))
        elif re.match(r"^[gyr]=", arg):
            raise NotationError(f"'{arg}': a payment is g=N, y=N or r=N with N a number "
                                "of up to 6 digits")
        else:
            plain.append(arg)
    if paid and verb not in PAYING_VERBS:
        raise NotationError(f"'{verb}' takes no g= y= r= payment")
    fields: dict = {"player": player, "verb": verb}
    if paid:
        fields["paid"] = Energy(**paid)
    if verb in ("open", "choose"):
        if len(plain) != 1:
            what = "p1 or p2" if verb == "open" else "one word"
            raise NotationError(f"'{verb}' takes {what}")
        if verb == "open" and plain[0] not in ("p1", "p2"):
            raise NotationError(f"'open' names p1 or p2, not '{plain[0]}'")
        fields["word"] = plain[0]
    elif verb == "power":
        if plain[:1] == ["ally"]:
            fields["ally"] = True
            plain = plain[1:]
        if len(plain) != 1 or not _NUMBER.match(plain[0]) or int(plain[0]) < 1:
            raise NotationError("'power' takes a power number from 1 (power N / power ally N)")
        fields["number"] = int(plain[0])
    elif plain:
        raise NotationError(f"'{verb}' takes no argument '{plain[0]}'")
    return Action(**fields)
