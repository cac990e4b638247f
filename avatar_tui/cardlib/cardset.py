"""The catalog type: every card, chamber and signature move of a game, by
id, with the deck lists, and what can be asked of them. No file is read
here: the engine imports this module alone of the card library, and the
installed database is read, checked and cached by `cardlib/catalog.py`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Annotated, Literal

from pydantic import Field

from avatar_tui.model.cards import AnyCard, ChamberCard, DeckCard, SignatureMove
from avatar_tui.model.common import Strict

MAX_COUNT = 99  # copies of one card a deck file or list may name: R13.1 allows far fewer

DeckFormat = Literal["constructed", "starter", "sealed", "casual"]


class SealedPool(Strict):
    """The cards a sealed deck is built from (docs/formats.md): the chambers
    and deck cards its packs held, and the deck minimum it was opened under.
    Kept in the deck file (`[sealed]`), so the deck is judged by its own
    pool wherever it goes. `seed` and `packs` say where the pool came from,
    when it was opened from a seed (decklib/sealed.py)."""

    minimum: Annotated[int, Field(ge=1, le=MAX_COUNT)]
    chambers: list[str] = Field(min_length=1)
    cards: dict[str, Annotated[int, Field(ge=1, le=MAX_COUNT)]] = Field(default_factory=dict)
    seed: int | None = None
    packs: int | None = None


class DeckList(Strict):
    """A deck file: its chamber, and its cards with counts (R13). A count
    past MAX_COUNT is refused when the file is read: the editor's statistics
    and a game's deck hold one entry per copy.

    Its format, by the keys it has: `casual` lifts R13 altogether (any
    cards, any number, any chamber), `sealed` holds the pool a sealed deck
    is built from, `starter` marks a 30-card starter deck, and none of them
    means constructed (R13)."""

    name: str
    chamber: str
    starter: bool = False  # a house starter deck: 30 cards, exempt from R13
    casual: bool = False  # casual play: R13 lifted, as players may agree to
    cards: dict[str, Annotated[int, Field(le=MAX_COUNT)]] = Field(default_factory=dict)
    sealed: SealedPool | None = None

    @property
    def format(self) -> DeckFormat:
        """The rules the deck is judged by; casual first, as it lifts the others."""
        if self.casual:
            return "casual"
        if self.sealed is not None:
            return "sealed"
        return "starter" if self.starter else "constructed"


class Catalog:
    """Every card, chamber and signature move, by id, plus the deck lists."""

    def __init__(
        self,
        cards: Mapping[str, DeckCard],
        chambers: Mapping[str, ChamberCard],
        signatures: Mapping[str, SignatureMove],
        decks: Mapping[str, DeckList] | None = None,
    ):
        self.cards = dict(cards)
        self.chambers = dict(chambers)
        self.signatures = dict(signatures)
        self.decks = dict(decks or {})
        self.aliases = {a: c.id for c in self.cards.values() for a in c.aliases}

    # ---- look-ups

    def card(self, card_id: str) -> DeckCard:
        return self.cards[self.aliases.get(card_id, card_id)]

    def canonical(self, card_id: str) -> str | None:
        """The card's own id for an id or alias; None when unknown."""
        card_id = self.aliases.get(card_id, card_id)
        return card_id if card_id in self.cards else None

    def signature(self, move_id: str) -> SignatureMove:
        return self.signatures[move_id]

    def names(self) -> dict[str, str]:
        """Every deck card's and signature move's name, by id and alias, as
        `card` and `signature` find them (a signature move first, then an
        alias), made on first use: the engine names cards in every event."""
        names: dict[str, str] | None = getattr(self, "_names", None)  # (not in old pickles)
        if names is None:
            names = {card_id: card.name for card_id, card in self.cards.items()}
            names.update((alias, self.cards[card].name) for alias, card in self.aliases.items())
            names.update((move_id, move.name) for move_id, move in self.signatures.items())
            self._names = names
        return names

    def find_chamber(self, ref: str) -> ChamberCard | None:
        """A chamber by id or collector number, or a character's first chamber
        card in collector-number order (docs/notation.md)."""
        if ref in self.chambers:
            return self.chambers[ref]
        upper = ref.upper()
        for chamber in self.chambers.values():
            if chamber.number and chamber.number.upper() == upper:
                return chamber
        by_character = [c for c in self.chambers.values() if c.character == ref]
        if by_character:
            return min(by_character, key=lambda c: c.number or c.id)
        return None

    def chamber(self, ref: str) -> ChamberCard:
        found = self.find_chamber(ref)
        if found is None:
            raise KeyError(ref)
        return found

    def moves_of(self, chamber: ChamberCard) -> tuple[SignatureMove, SignatureMove]:
        """The (front, back) signature moves of a chamber."""
        return self._move(chamber.front), self._move(chamber.back)

    def _move(self, ref: str | SignatureMove) -> SignatureMove:
        return ref if isinstance(ref, SignatureMove) else self.signatures[ref]

    def starter_deck(self, character: str) -> DeckList | None:
        for deck in self.decks.values():
            chamber = self.find_chamber(deck.chamber)
            if deck.starter and chamber is not None and chamber.character == character:
                return deck
        return None

    def deck_cards(self, deck: DeckList) -> list[str]:
        """The deck's card ids (aliases resolved), each repeated by its count,
        in file order."""
        return [self.canonical(c) or c for c, n in deck.cards.items() for _ in range(n)]

    def with_house_deck(self, chamber: ChamberCard, cards: Mapping[str, int]) -> Catalog:
        """This catalog with `cards` (ids with counts, in order) as the house
        deck of the chamber's character: a save's own copy of the deck it
        was played with, so a later retune of the deck leaves the game as it
        was. The catalog itself when its deck is that already. The chamber
        has a character (only a character's chamber is dealt a house deck)."""
        character = chamber.character
        assert character, "only a character's chamber has a house deck"
        found = self.starter_deck(character)
        if found is not None and dict(found.cards) == dict(cards) \
                and list(found.cards) == list(cards):
            return self
        decks = {name: deck for name, deck in self.decks.items() if deck is not found}
        decks[f"{character} (the game's own)"] = DeckList(
            name=found.name if found is not None else f"{character} — the game's own",
            chamber=chamber.id, starter=True, cards=dict(cards))
        return Catalog(self.cards, self.chambers, self.signatures, decks)

    # ---- layering scenario cards on top

    def with_inline(self, entries: Iterable[AnyCard]) -> Catalog:
        """A catalog with a scenario's inline cards added. An inline id that
        is already a database id is an error (docs/notation.md)."""
        cards, chambers, signatures = dict(self.cards), dict(self.chambers), dict(self.signatures)
        for entry in entries:
            if entry.id in cards or entry.id in chambers or entry.id in signatures:
                raise KeyError(entry.id)
            if isinstance(entry, ChamberCard):
                chambers[entry.id] = entry
                for move in (entry.front, entry.back):
                    if isinstance(move, SignatureMove):
                        signatures[move.id] = move
            else:
                cards[entry.id] = entry
        return Catalog(cards, chambers, signatures, self.decks)


def deck_references(deck: DeckList, catalog: Catalog, place: str
                    ) -> tuple[list[str], Counter[str], dict[str, str]]:
    """What a deck file names must exist: its chamber, its card ids, counts of
    at least 1. Returns (problems, copies by card id, the id as written)."""
    problems: list[str] = []
    if catalog.find_chamber(deck.chamber) is None:
        problems.append(f"{place}: chamber: unknown chamber '{deck.chamber}'")
    copies: Counter[str] = Counter()
    written: dict[str, str] = {}  # canonical id -> the id as the file spells it
    for card_id, count in deck.cards.items():
        canonical = catalog.canonical(card_id)
        if canonical is None:
            problems.append(f"{place}: cards.{card_id}: unknown card id")
        elif count < 1:
            problems.append(f"{place}: cards.{card_id}: {count} copies, at least 1 needed")
        else:
            copies[canonical] += count
            written.setdefault(canonical, card_id)
    return problems, copies, written
