"""The card query language of the deck editor and of `cards --search`.

A query is terms separated by spaces; a card matches when every term does.

- a plain word matches the card's name, id or text (`sandwich`, `"look at"`
  in quotes for a phrase);
- `field:value` for words: `type:strike` (or `t:`; a prefix such as
  `type:adv` will do), `trait:fox` (`trait:generic`: no trait), `rarity:rare`,
  `name:`, `text:`, `id:`, `kw:reflip` (immediate, reflip, pitch, exclusive),
  and `in:deck` (a card of the deck being edited);
- `field OP number` for numbers, OP one of `= : != < <= > >=`: `f` force,
  `i` intercept, `g` `y` `r` the green, yellow and red cost, `cost` the
  whole cost, `n` copies in the deck being edited: `f>=5 g<=1`;
- `-` before a term negates it: `-trait:generic`, `-in:deck`.

A term that means nothing raises QueryError saying which term and why."""

from __future__ import annotations

import operator
import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

WORD_FIELDS = {
    "type": "type", "t": "type",
    "trait": "trait", "tr": "trait",
    "rarity": "rarity", "rar": "rarity",
    "name": "name",
    "text": "text", "x": "text",
    "id": "id",
    "kw": "kw", "keyword": "kw",
    "in": "in",
}
NUMBER_FIELDS = {
    "f": "force", "force": "force",
    "i": "intercept", "int": "intercept", "intercept": "intercept",
    "g": "green", "green": "green",
    "y": "yellow", "yellow": "yellow",
    "r": "red", "red": "red",
    "cost": "cost",
    "n": "copies", "copies": "copies",
}
OPS: dict[str, Callable[[int, int], bool]] = {
    "<=": operator.le, ">=": operator.ge, "!=": operator.ne, "<": operator.lt,
    ">": operator.gt, "=": operator.eq, ":": operator.eq,
}
TYPES = ("strike", "advantage", "ally", "chamber", "signature")
KEYWORDS = ("immediate", "reflip", "pitch", "exclusive")
_TERM = re.compile(r"^(?P<field>[a-z]+)(?P<op><=|>=|!=|<|>|=|:)(?P<value>.*)$")

HELP = """\
Plain words search the name, id and text; "quotes" keep a phrase.
type:strike  t:adv  trait:fox  trait:generic  rarity:rare  kw:reflip
name:WORD  text:WORD  id:WORD  in:deck
f>=5  i<4  g<=1  y=0  r>0  cost<=2  n>=1   (force, intercept, green,
yellow and red cost, whole cost, copies in the deck; = : != < <= > >=)
-TERM negates: -trait:generic  -in:deck"""


class QueryError(ValueError):
    """A query term that means nothing: the message names it."""


# A card as a query reads it: anything with the attributes of cardlib.entries.Entry
# (id, name, type, rarity, traits, cost, force, intercept, keywords, text).
Searchable = Any


Test = Callable[[Searchable, Callable[[str], int]], bool]


@dataclass(frozen=True)
class Query:
    """A parsed query: call `matches(card)`; `copies(card_id)` answers
    `in:deck` and `n`."""

    text: str
    tests: tuple[Test, ...]

    def matches(self, card: Searchable, copies: Callable[[str], int] = lambda _: 0) -> bool:
        return all(test(card, copies) for test in self.tests)

    def filter(self, cards, copies: Callable[[str], int] = lambda _: 0) -> list:
        return [c for c in cards if self.matches(c, copies)]


def parse(text: str) -> Query:
    """The query, or QueryError naming the first term that means nothing."""
    try:
        terms = shlex.split(text)
    except ValueError:
        raise QueryError("a quote is not closed") from None
    return Query(text, tuple(_term(term) for term in terms))


def _term(term: str) -> Test:
    negate = term.startswith("-") and len(term) > 1
    body = term[1:] if negate else term
    test = _positive(body.lower(), term)
    if negate:
        return lambda card, copies: not test(card, copies)
    return test


def _positive(body: str, term: str) -> Test:
    found = _TERM.match(body)
    if found is None or (found["field"] not in WORD_FIELDS and
                         found["field"] not in NUMBER_FIELDS):
        if found is not None and found["op"] == ":":
            known = ", ".join(sorted({*WORD_FIELDS, *NUMBER_FIELDS}))
            raise QueryError(f"'{term}': unknown field '{found['field']}' (known: {known})")
        return lambda card, copies: _words(body, card)
    field, op, value = found["field"], found["op"], found["value"]
    if field in NUMBER_FIELDS:
        return _number(NUMBER_FIELDS[field], op, value, term)
    if op != ":" and op != "=":
        raise QueryError(f"'{term}': {field} takes ':' and a word, not '{op}'")
    if not value:
        raise QueryError(f"'{term}': nothing after '{field}{op}'")
    return _word_field(WORD_FIELDS[field], value, term)


def _words(word: str, card: Searchable) -> bool:
    return (word in card.name.lower() or word in card.id.lower()
            or word in card.text.lower())


def _word_field(field: str, value: str, term: str) -> Test:
    if field == "type":
        kinds = [t for t in TYPES if t.startswith(value)]
        if not kinds:
            raise QueryError(f"'{term}': unknown type (one of {', '.join(TYPES)})")
        return lambda card, copies: card.type in kinds
    if field == "trait":
        if value == "generic":
            return lambda card, copies: not card.traits and card.type not in (
                "chamber", "signature")
        return lambda card, copies: value in card.traits
    if field == "rarity":
        return lambda card, copies: (card.rarity or "").startswith(value)
    if field == "kw":
        words = [k for k in KEYWORDS if k.startswith(value)]
        if not words:
            raise QueryError(f"'{term}': unknown keyword (one of {', '.join(KEYWORDS)})")
        return lambda card, copies: any(k in card.keywords for k in words)
    if field == "in":
        if value != "deck":
            raise QueryError(f"'{term}': only in:deck is known")
        return lambda card, copies: copies(card.id) > 0
    attribute = {"name": "name", "text": "text", "id": "id"}[field]
    return lambda card, copies: value in getattr(card, attribute).lower()


def _number(field: str, op: str, value: str, term: str) -> Test:
    try:
        wanted = int(value)
    except ValueError:
        raise QueryError(f"'{term}': '{value}' is not a whole number") from None
    compare = OPS[op]

    def test(card: Searchable, copies: Callable[[str], int]) -> bool:
        have = _value(card, field, copies)
        return have is not None and compare(have, wanted)

    return test


def _value(card: Searchable, field: str, copies: Callable[[str], int]) -> int | None:
    if field == "force":
        return card.force
    if field == "intercept":
        return card.intercept
    if field == "copies":
        return copies(card.id)
    if field == "cost":
        return card.cost.total
    return card.cost.of(field)
