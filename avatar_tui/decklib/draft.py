"""The deck being edited, apart from the screen: its cards, the chamber,
what the deckbuilding rules say about it now, and its statistics. The deck
editor screen shows this; the rules are asked of `check_deck`, the very
function of `deck check`, so the two never disagree."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from avatar_tui.cardlib.cardset import SealedPool
from avatar_tui.cardlib.catalog import MAX_COUNT, Catalog, DeckList
from avatar_tui.cardlib.legality import check_deck, may_use
from avatar_tui.model.cards import ChamberCard, DeckCard, StrikeCard
from avatar_tui.model.common import ZONES

CURVE = ("0", "1", "2", "3+")  # cost columns of the curve, per colour
TYPES = ("strike", "advantage", "ally")


@dataclass
class DeckDraft:
    """A deck under construction. `cards` keeps the order cards were first
    added, which is the order of the file."""

    catalog: Catalog
    chamber: str
    title: str = "New deck"
    starter: bool = False
    cards: dict[str, int] = field(default_factory=dict)
    casual: bool = False  # casual play: R13 lifted (docs/formats.md)
    sealed: SealedPool | None = None  # the pool a sealed deck is built from

    @classmethod
    def from_deck(cls, deck: DeckList, catalog: Catalog) -> DeckDraft:
        chamber = catalog.find_chamber(deck.chamber)
        cards: dict[str, int] = {}
        for card_id, count in deck.cards.items():
            key = catalog.canonical(card_id) or card_id
            cards[key] = min(MAX_COUNT, cards.get(key, 0) + count)  # two aliases of one card
        return cls(catalog, chamber.id if chamber else deck.chamber, deck.name,
                   deck.starter, cards, deck.casual, deck.sealed)

    # ---------------------------------------------------------------- editing

    def refusal(self, card_id: str) -> str | None:
        """Why one more copy of the card cannot be added, or None: a deck
        file holds at most MAX_COUNT; a sealed deck only the pool's cards,
        no more copies than the pool has (unless casual lifts the rules)."""
        had = self.cards.get(card_id, 0)
        if had >= MAX_COUNT:
            return f"At most {MAX_COUNT} copies of a card in a deck file"
        pooled = self.in_pool(card_id)
        if pooled is not None and had >= pooled:
            name = self.catalog.card(card_id).name if self.catalog.canonical(card_id) \
                else card_id
            if not pooled:
                return f"{name} is not in the pool: a sealed deck holds only the pool's cards"
            return f"The pool holds {pooled} {name}: a sealed deck has no more copies than that"
        return None

    def in_pool(self, card_id: str) -> int | None:
        """The copies of the card the sealed pool holds; None when the deck
        is not held to a pool (not sealed, or casual)."""
        if self.sealed is None or self.casual:
            return None
        canonical = self.catalog.canonical(card_id) or card_id
        return sum(n for c, n in self.sealed.cards.items()
                   if (self.catalog.canonical(c) or c) == canonical)

    def pool_chambers(self) -> list[str] | None:
        """The chambers a sealed deck may choose from; None: any."""
        if self.sealed is None or self.casual:
            return None
        return [found.id for ref in self.sealed.chambers
                if (found := self.catalog.find_chamber(ref)) is not None]

    def add(self, card_id: str, n: int = 1) -> bool:
        """One more copy (n more), up to MAX_COUNT, the most a deck file
        holds; False when there were as many already. What the rules of
        the format refuse is `refusal`'s to say."""
        had = self.cards.get(card_id, 0)
        self.cards[card_id] = min(MAX_COUNT, had + n)
        return self.cards[card_id] > had

    def remove(self, card_id: str, n: int = 1) -> None:
        left = self.cards.get(card_id, 0) - n
        if left > 0:
            self.cards[card_id] = left
        else:
            self.cards.pop(card_id, None)

    def count(self, card_id: str) -> int:
        return self.cards.get(card_id, 0)

    def retitle(self, title: str) -> None:
        self.title = title

    def choose_chamber(self, chamber: str) -> None:
        self.chamber = chamber

    def toggle_starter(self) -> None:
        """The starter format (30 cards, R1.1) or constructed (R13)."""
        self.starter = not self.starter

    def toggle_casual(self) -> None:
        """Casual play (R13 lifted: any cards, any number, any chamber), or
        back to the deck's own format."""
        self.casual = not self.casual

    @property
    def total(self) -> int:
        return sum(self.cards.values())

    def deck(self) -> DeckList:
        return DeckList(name=self.title, chamber=self.chamber, starter=self.starter,
                        casual=self.casual,
                        cards={c: n for c, n in self.cards.items() if n > 0},
                        sealed=self.sealed)

    # ---------------------------------------------------------------- the rules

    @property
    def chamber_card(self) -> ChamberCard | None:
        return self.catalog.find_chamber(self.chamber)

    def problems(self) -> list[str]:
        """One line per problem, `field: problem (rule)`: the lines of
        `deck check` without the file name in front."""
        marker = "\x00"
        return [line.removeprefix(f"{marker}: ")
                for line in check_deck(self.deck(), self.catalog, marker)]

    def usable(self, card: DeckCard) -> bool:
        """May the chamber's deck hold this card (R13.2, R13.3; anything
        in casual play)?"""
        chamber = self.chamber_card
        return self.casual or chamber is None or may_use(card, chamber)

    # ---------------------------------------------------------------- statistics

    def stats(self) -> DeckStats:
        return deck_stats(self.cards, self.catalog)


@dataclass(frozen=True)
class DeckStats:
    total: int
    curve: dict[str, list[int]]  # colour -> cards costing 0, 1, 2, 3+ of it
    types: dict[str, int]
    avg_force: float | None  # over the strikes, copies counted
    avg_intercept: float | None
    traits: list[tuple[str, int]]  # most common first; "generic" for none


def deck_stats(cards: dict[str, int], catalog: Catalog) -> DeckStats:
    curve: dict[str, list[int]] = {zone: [0] * len(CURVE) for zone in ZONES}
    types: Counter[str] = Counter()
    traits: Counter[str] = Counter()
    forces: list[int] = []
    intercepts: list[int] = []
    for card_id, n in cards.items():
        if catalog.canonical(card_id) is None:
            continue  # an unknown id (a hand-edited file): its problem is listed instead
        card = catalog.card(card_id)
        types[card.type] += n
        for zone in ZONES:
            curve[zone][min(card.cost.of(zone), len(CURVE) - 1)] += n
        for trait in card.traits or ("generic",):
            traits[trait] += n
        if isinstance(card, StrikeCard):
            forces += [card.force] * n
            intercepts += [card.intercept] * n
    return DeckStats(
        total=sum(types.values()),
        curve=curve,
        types={t: types[t] for t in TYPES},
        avg_force=sum(forces) / len(forces) if forces else None,
        avg_intercept=sum(intercepts) / len(intercepts) if intercepts else None,
        traits=sorted(traits.items(), key=lambda kv: (-kv[1], kv[0])),
    )
