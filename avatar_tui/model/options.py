"""The answers of a pending choice, typed: read by their fields, never parsed from words.

Every question the engine asks offers a list of options; each option is
one of the small frozen records below and carries what it means (whose
zone, which part of it, which card, which payment, which group first).
Its `word` is the answer's notation, `choose WORD` (docs/notation.md): the
word is worked out here, once, when the option is made, and it is only
the option's serialised form. The engine, the app and the bots read the
fields; nothing outside this module builds or splits a word.

`read_option` turns a word back into its option. Some words are the same
for different answers (`keep` is an R5.5 answer, a top card kept, or a
`choose_one` option's name), so the question is needed to read one: its
kind, the effect asking and the word's place in the list."""

# No `from __future__ import annotations` here: pydantic would evaluate
# every field's annotation from its string when the class is made, a good
# part of importing the models at every start. A name defined
# further down is written in quotes.

import re
from dataclasses import dataclass, fields
from typing import Literal

from avatar_tui.model.common import PLAYERS, ZONES, Energy, PlayerId, Zone

Part = Literal["ally", "energy"]
Ruling = Literal["replace", "keep", "discard"]


class _Answer:
    """What every option shares: its `word`, spelled by `_spell` once, when
    the option is made. Options are immutable all the way down, so a copy
    of a game state (the engine deep-copies a pending choice) shares them
    as it shares strings, and a pickled one is made again from its fields."""

    __slots__ = ("word",)
    word: str

    def _spell(self) -> str:
        """The word: unless a kind says otherwise, its first field's value."""
        return getattr(self, self.__match_args__[0])  # type: ignore[attr-defined]  # each kind is a dataclass; this base is not

    def __post_init__(self) -> None:
        object.__setattr__(self, "word", self._spell())  # frozen: set once, here

    def __copy__(self) -> "_Answer":
        return self

    def __deepcopy__(self, memo: dict) -> "_Answer":
        return self

    def __reduce__(self) -> tuple:
        return type(self), tuple(getattr(self, f.name) for f in fields(self))  # type: ignore[arg-type]  # each subclass is a dataclass, this base not


@dataclass(frozen=True, slots=True)
class Target(_Answer):
    """A player's zone (`p1.green`, a place: to charge, or an empty ally
    space), or the ally or energy in it (`p1.green.ally`, `p2.red.energy`)."""

    who: PlayerId
    zone: Zone
    part: Part | None = None

    def _spell(self) -> str:
        return f"{self.who}.{self.zone}" + (f".{self.part}" if self.part else "")


@dataclass(frozen=True, slots=True)
class Decline(_Answer):
    """`none`: decline a "you may", or stop an "up to"."""

    def _spell(self) -> str:
        return "none"


@dataclass(frozen=True, slots=True)
class Verdict(_Answer):
    """What happens to a card: R5.5's `replace` or `keep` for a second ally;
    `discard` or `keep` for a top card looked at or revealed."""

    ruling: Ruling


@dataclass(frozen=True, slots=True)
class TopCard(_Answer):
    """A card among the top cards of the chooser's deck being put in order."""

    card: str


@dataclass(frozen=True, slots=True)
class Payment(_Answer):
    """A way to pay a cost an effect offers (R6.3): `paid` None is the cost
    in its own colours (`pay`); else exactly what is spent (`pay_y1`)."""

    paid: Energy | None = None

    def _spell(self) -> str:
        return "pay" + ("" if self.paid is None else
                        "_" + self.paid.short().replace(" ", "").lower())


@dataclass(frozen=True, slots=True)
class Order(_Answer):
    """R12.2: the group of effects `index` (of the order question's groups)
    happens first. Its word is the group's card id, `_2`, `_3`... added
    when one card has several groups."""

    index: int
    label: str

    def _spell(self) -> str:
        return self.label


@dataclass(frozen=True, slots=True)
class Reflip(_Answer):
    """R7.4: reflip with the reflip cost `source` (a card id) gives."""

    source: str


@dataclass(frozen=True, slots=True)
class Named(_Answer):
    """One of a `choose_one` effect's options, by its name in the card data."""

    name: str


Option = Target | Decline | Verdict | TopCard | Payment | Order | Reflip | Named

DECLINE = Decline()
REPLACE, KEEP, DISCARD = Verdict("replace"), Verdict("keep"), Verdict("discard")


def order_options(sources: list[str]) -> list[Order]:
    """One answer per group of an R12.2 question, in the groups' order;
    a card with several groups gets `_2`, `_3`... from its second on."""
    labels: list[str] = []
    for base in sources:
        name, n = base, 2
        while name in labels:
            name, n = f"{base}_{n}", n + 1
        labels.append(name)
    return [Order(i, label) for i, label in enumerate(labels)]


# ------------------------------------------------------------------ reading words

_TARGET = re.compile(r"^(p[12])\.(green|yellow|red)(?:\.(ally|energy))?$")
_PAID = re.compile(r"^pay_((?:[gyr][0-9]{1,6})+|0)$")
_COLOUR = {c[0]: c for c in ZONES}


def read_target(word: str) -> Target | None:
    """The target a word such as `p1.green.ally` names, or None."""
    m = _TARGET.match(word)
    if m is None:
        return None
    who, zone, part = m.groups()
    assert who in PLAYERS and zone in ZONES
    return Target(who, zone, part)  # type: ignore[arg-type]  # the assert above checks them; mypy does not narrow by it


def _read_payment(word: str) -> Payment | None:
    if word == "pay":
        return Payment()
    m = _PAID.match(word)
    if m is None:
        return None
    amounts = {_COLOUR[p[0]]: int(p[1:]) for p in re.findall(r"[gyr][0-9]+", m.group(1))}
    payment = Payment(Energy(**amounts))
    return payment if payment.word == word else None  # `pay_y1g1`, `pay_g0`: not as written


def read_option(word: str, kind: str = "effect", effect: str | None = None,
                index: int = 0) -> Option:
    """The option `word` answers in a question of this `kind` (a Choice's),
    asked by the effect named `effect` (its `effect` tag; None for no
    effect), the word being the `index`-th of the answers. Raises
    ValueError for a word no such question offers."""
    if kind == "order":
        return Order(index, word)
    if kind == "reflip":
        return Reflip(word)
    if effect is None and word in ("replace", "keep"):  # R5.5
        return REPLACE if word == "replace" else KEEP
    if word == "none":
        return DECLINE
    if effect == "choose_one":
        return Named(word)
    if word in ("discard", "keep") and effect in ("look_at_top", "reveal_top"):
        return DISCARD if word == "discard" else KEEP
    if effect == "look_at_top":
        return TopCard(word)
    option = read_target(word) or (_read_payment(word) if effect == "force_reflip" else None)
    if option is None:
        raise ValueError(f"{word!r} is not an answer of a {kind} question"
                         + (f" asked by {effect}" if effect else ""))
    return option

