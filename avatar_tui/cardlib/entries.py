"""The card database as rows: one `Entry` per deck card, chamber and
signature move, in collector order, and the filters of the card listing.
The `cards` command prints them; the deck editor lists and searches them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, get_args

from avatar_tui.model.names import Trait

# The card database (pydantic) is read by the caller: making the rows loads
# no engine and no Textual.
if TYPE_CHECKING:
    from avatar_tui.cardlib.catalog import Catalog
    from avatar_tui.model.cards import ChamberCard, DeckCard, SignatureMove
    from avatar_tui.model.common import Energy

TYPES = ["strike", "advantage", "ally", "signature", "chamber"]
TRAITS = [*get_args(Trait), "generic"]


@dataclass(frozen=True)
class Entry:
    """One line of the listing: a deck card, a chamber or a signature move."""

    id: str
    name: str
    type: str
    number: str | None
    rarity: str | None
    traits: list[str]
    cost: Energy
    force: int | None
    intercept: int | None
    keywords: list[str]
    implemented: bool
    text: str = ""  # the card's own short wording (cards/*.toml), our words
    powers: tuple[str, ...] = ()  # its payment and pitch powers, in words

    def as_json(self) -> dict:
        from avatar_tui.model.common import ZONES

        return {
            "id": self.id,
            "name": self.name,
            "type": self.type,
            "number": self.number,
            "rarity": self.rarity,
            "traits": self.traits,
            "cost": {zone: self.cost.of(zone) for zone in ZONES},
            "force": self.force,
            "intercept": self.intercept,
            "keywords": self.keywords,
            "implemented": self.implemented,
            "text": self.text,
            "powers": list(self.powers),
        }


def card_entry(card: DeckCard) -> Entry:
    from avatar_tui.cardlib.words import powers_in_words
    from avatar_tui.model.cards import AdvantageCard

    keywords = [
        word
        for word, present in (
            ("immediate", isinstance(card, AdvantageCard) and card.immediate),
            ("reflip", card.reflip is not None),  # R7.4
            ("pitch", card.pitch is not None),  # R7.5
            ("exclusive", card.exclusive is not None),  # R13.3
        )
        if present
    ]
    return Entry(
        card.id, card.name, card.type, card.number, card.rarity, list(card.traits),
        card.cost, getattr(card, "force", None), getattr(card, "intercept", None),
        keywords, card.implemented, card.text, tuple(powers_in_words(card)),
    )


def chamber_entry(chamber: ChamberCard) -> Entry:
    from avatar_tui.model.common import NO_ENERGY

    return Entry(
        chamber.id, chamber.name, "chamber", chamber.number, chamber.rarity,
        list(chamber.traits), NO_ENERGY, None, None, [], chamber.implemented, chamber.text,
    )


def move_entry(move: SignatureMove) -> Entry:
    from avatar_tui.cardlib.words import powers_in_words

    return Entry(
        move.id, move.name, "signature", None, None, [], move.cost, move.force,
        move.intercept, [], move.implemented, move.text, tuple(powers_in_words(move)),
    )


def by_number(entry: Entry) -> tuple[bool, str]:
    number = entry.number or ""
    return (not number.startswith("AME"), number)  # the set first, then promos


def entries(catalog: Catalog, character: ChamberCard | None = None) -> list[Entry]:
    """Deck cards, then chambers (both by collector number), then signature
    moves. With a chamber: only what a deck headed by it may hold (R13.2,
    R13.3), and that character's chambers and moves."""
    from avatar_tui.cardlib.legality import may_use

    cards = [c for c in catalog.cards.values() if character is None or may_use(c, character)]
    chambers = [
        c for c in catalog.chambers.values()
        if character is None or c.character == character.character
    ]
    move_ids = {m.id for c in chambers for m in catalog.moves_of(c)}
    moves = [
        m for m in catalog.signatures.values() if character is None or m.id in move_ids
    ]
    return [
        *sorted(map(card_entry, cards), key=by_number),
        *sorted(map(chamber_entry, chambers), key=by_number),
        *map(move_entry, moves),
    ]


def select(
    rows: list[Entry], kind: str | None, trait: str | None, unimplemented: bool
) -> list[Entry]:
    def keep(row: Entry) -> bool:
        if kind and row.type != kind:
            return False
        if trait == "generic" and (row.traits or row.type in ("chamber", "signature")):
            return False
        if trait and trait != "generic" and trait not in row.traits:
            return False
        return not (unimplemented and row.implemented)

    return [row for row in rows if keep(row)]


# a rarity as one letter, in the listing's and the editor's columns
RARITY = {"common": "C", "uncommon": "U", "rare": "R", "promo": "P", "zenemental": "Z"}


def chamber_label(catalog: Catalog, chamber: ChamberCard, number: bool = True) -> str:
    """A chamber in a list (the deck editor's, the new game's): its
    character, traits and the names of its signature moves, front / back
    (R1.2), then its number — six Aangs differ only in their moves (a list
    of one chamber a character leaves the number out: `number`)."""
    def move(side: str | SignatureMove) -> str:
        if isinstance(side, str):
            found = catalog.signatures.get(side)
            return found.name if found is not None else side
        return side.name

    traits = " ".join(chamber.traits)
    label = f"{chamber.name} · {traits} · {move(chamber.front)} / {move(chamber.back)}"
    return f"{label} ({chamber.id})" if number else label
