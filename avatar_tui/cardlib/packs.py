"""Booster packs made from the card data: the collation (`cards/collation.toml`,
what a pack holds, slot by slot, an assumption documented in the file and in
docs/formats.md) read and checked, and packs drawn from it.

A pack is fixed by its seed: the draw uses a generator of its own
(`random.Random(seed)`, whose sequence for an integer seed is the same on
every Python), never the global `random` and never the clock. Promo cards
are never drawn: a collation naming the promo rarity is refused."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated, Literal, NamedTuple

from pydantic import Field, ValidationError

from avatar_tui.cardlib.catalog import (
    COLLATION_FILE,
    CardDataError,
    Catalog,
    card_data_dir,
    describe_validation_error,
)
from avatar_tui.io import files
from avatar_tui.model.cards import ChamberCard, DeckCard
from avatar_tui.model.common import Strict

# the rarities a pack may hold: the set's own, never "promo"
PackRarity = Literal["common", "uncommon", "rare", "zenemental"]
# rarest last, as a pack is opened
RARITY_RANK: dict[str, int] = {"common": 0, "uncommon": 1, "rare": 2, "zenemental": 3}

COLLATION_BYTES = 64 * 1024


class Slot(Strict):
    """`count` cards of `kind`, each of a rarity drawn by the weights of `odds`."""

    name: str
    count: Annotated[int, Field(ge=1, le=100)]
    kind: Literal["deck", "chamber"]
    odds: dict[PackRarity, Annotated[int, Field(ge=1, le=1_000_000)]] = Field(min_length=1)


class Collation(Strict):
    assumption: str  # what is assumed and from where (docs/formats.md)
    cards: Annotated[int, Field(ge=1, le=100)]
    packs_per_box: Annotated[int, Field(ge=1, le=1000)]
    slot: list[Slot] = Field(min_length=1)


class Pulled(NamedTuple):
    """A card as it came out of a pack: its id, the slot and the rarity drawn."""

    card: str
    slot: str
    rarity: str


Pack = tuple[Pulled, ...]


def _pools(catalog: Catalog) -> dict[tuple[str, str], list[str]]:
    """The cards of each (kind, rarity), in collector-number order."""
    pools: dict[tuple[str, str], list[str]] = {}
    everything: list[tuple[str, DeckCard | ChamberCard]] = [
        ("deck", c) for c in catalog.cards.values()]
    everything += [("chamber", c) for c in catalog.chambers.values()]
    for kind, card in sorted(everything, key=lambda kc: (kc[1].number or "", kc[1].id)):
        if card.rarity in RARITY_RANK:  # promo and unmarked cards are never in a pack
            pools.setdefault((kind, card.rarity), []).append(card.id)
    return pools


def check_collation(collation: Collation, catalog: Catalog) -> list[str]:
    """What the schema alone cannot see: the slots fill the pack, exactly one
    chamber comes in it (printed on the pack), and every rarity named has
    cards enough."""
    problems = []
    total = sum(slot.count for slot in collation.slot)
    if total != collation.cards:
        problems.append(f"{COLLATION_FILE}: slot: the slots hold {total} cards, "
                        f"not the pack's {collation.cards}")
    chambers = sum(slot.count for slot in collation.slot if slot.kind == "chamber")
    if chambers != 1:
        problems.append(f"{COLLATION_FILE}: slot: a pack holds exactly one chamber card "
                        f"(printed on the pack), not {chambers}")
    pools = _pools(catalog)
    needed: dict[tuple[str, str], int] = {}
    for slot in collation.slot:
        for rarity in slot.odds:
            needed[(slot.kind, rarity)] = needed.get((slot.kind, rarity), 0) + slot.count
    for i, slot in enumerate(collation.slot):
        for rarity in slot.odds:
            have = len(pools.get((slot.kind, rarity), []))
            if have < needed[(slot.kind, rarity)]:
                problems.append(
                    f"{COLLATION_FILE}: slot.{i}.odds.{rarity}: {have} {rarity} "
                    f"{slot.kind} cards, too few for the {needed[(slot.kind, rarity)]} "
                    "a pack may draw")
                break
    return problems


def load_collation(catalog: Catalog, path: Path | None = None) -> Collation:
    """The collation file read and checked; CardDataError names each problem
    in one line (`collation.toml: place: problem`)."""
    path = path or card_data_dir() / COLLATION_FILE
    try:
        raw = files.load_toml(path, limit=COLLATION_BYTES)
    except files.FileProblem as err:
        raise CardDataError([err.named(path.name)]) from None
    try:
        collation = Collation.model_validate(raw)
    except ValidationError as err:
        raise CardDataError(describe_validation_error(path.name, err, raw)) from None
    problems = check_collation(collation, catalog)
    if problems:
        raise CardDataError(problems)
    return collation


class PackMaker:
    """Draws packs by a checked collation from a catalog."""

    def __init__(self, catalog: Catalog, collation: Collation):
        self.collation = collation
        pools = _pools(catalog)
        # per slot: its rarities, their cumulative weights, and their pools
        self._slots = []
        for slot in collation.slot:
            rarities = list(slot.odds)
            cumulative, total = [], 0
            for rarity in rarities:
                total += slot.odds[rarity]
                cumulative.append(total)
            self._slots.append((slot, rarities, cumulative,
                                [pools[(slot.kind, r)] for r in rarities]))

    def pack(self, rng: random.Random) -> Pack:
        """One pack, in slot order; no card twice in one pack."""
        pulled: list[Pulled] = []
        taken: set[str] = set()
        for slot, rarities, cumulative, pools in self._slots:
            for _ in range(slot.count):
                which = rng.choices(range(len(rarities)), cum_weights=cumulative)[0]
                pool = pools[which]
                card = pool[rng.randrange(len(pool))]
                while card in taken:  # the pool has more cards than the pack draws
                    card = pool[rng.randrange(len(pool))]
                taken.add(card)
                pulled.append(Pulled(card, slot.name, rarities[which]))
        return tuple(pulled)

    def packs(self, seed: int, count: int) -> list[Pack]:
        """`count` packs, the same for the same seed."""
        rng = random.Random(seed)
        return [self.pack(rng) for _ in range(count)]


def opening_order(pack: Pack) -> list[Pulled]:
    """The pack as it is turned over: rarest last (a stable sort, so cards of
    one rarity keep the pack's order)."""
    return sorted(pack, key=lambda p: RARITY_RANK[p.rarity])


def name_and_type(catalog: Catalog, card_id: str) -> tuple[str, str]:
    """A pulled card's name and type (a chamber, or a deck card's)."""
    if card_id in catalog.chambers:
        return catalog.chambers[card_id].name, "chamber"
    card = catalog.card(card_id)
    return card.name, card.type
