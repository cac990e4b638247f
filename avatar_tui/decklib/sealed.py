"""Sealed Deck (docs/formats.md): a pool opened from booster packs, whether
it can make a legal deck, a random legal deck from it, and the computer's
own deck-builder. No Textual here: the deck editor, the command line and
the format plumbing (a sealed game's setup) all ask here.

The sealed rules themselves (a chamber from the pool, R13.2 and R13.3, no
card more often than the pool has it, the pool's deck minimum) are the card
library's (`cardlib.legality.sealed_problems`), so `deck check`, `play
--deck` and the editor judge a sealed deck alike; the pool travels in the
deck file (`cardlib.cardset.SealedPool`).

Every number is a setting of `SealedRules`, its default labelled below.
Pools are drawn with the packs' own generator (`random.Random(seed)`, as
`avatar-tui pack` draws them), and the deck-builder's choices depend on the
pool and its seed alone: the same arguments, the same deck."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from avatar_tui.cardlib.cardset import MAX_COUNT, Catalog, DeckList, SealedPool
from avatar_tui.cardlib.formats import Pool, sealed_pool
from avatar_tui.cardlib.legality import may_use
from avatar_tui.cardlib.packs import Collation, Pack, PackMaker
from avatar_tui.io.terminal_text import quote
from avatar_tui.model.cards import ChamberCard, DeckCard, StrikeCard

# The defaults, chosen by benchmarks/sealed_pools.py (docs/formats.md has
# its table): with them at least 99% of pools can make a legal deck before
# any extra pack is opened.
PACKS = 8  # packs a player opens
MINIMUM = 30  # the least cards a sealed deck holds: a starter deck's (R1.1)
EXTRA_PACKS = 4  # the most packs opened past PACKS for a pool that cannot make a deck


class SealedError(ValueError):
    """Settings under which no deck can be made: one line saying which."""


@dataclass(frozen=True)
class SealedRules:
    """The numbers of a sealed game; each has its labelled default above."""

    packs: int = PACKS
    minimum: int = MINIMUM
    extra_packs: int = EXTRA_PACKS

    def problems(self) -> list[str]:
        out = []
        if not 1 <= self.packs <= 100:
            out.append(f"sealed: packs: {self.packs}, expected 1 to 100")
        if not 1 <= self.minimum <= 99:
            out.append(f"sealed: minimum: {self.minimum}, expected 1 to 99")
        if not 0 <= self.extra_packs <= 100:
            out.append(f"sealed: extra packs: {self.extra_packs}, expected 0 to 100")
        return out


# ------------------------------------------------------------------ pools


def pool_of(packs: Sequence[Pack], catalog: Catalog, minimum: int = MINIMUM,
            seed: int | None = None) -> SealedPool:
    """The cards of `packs` as a pool: the chambers in the order pulled, the
    deck cards counted in the order first pulled (a chamber is told by the
    catalog, whatever the collation calls its slot)."""
    chambers = [p.card for pack in packs for p in pack if p.card in catalog.chambers]
    cards = Counter(p.card for pack in packs for p in pack if p.card not in catalog.chambers)
    return SealedPool(minimum=minimum, chambers=chambers, cards=dict(cards), seed=seed,
                      packs=len(packs))


def open_pool(catalog: Catalog, collation: Collation, seed: int,
              rules: SealedRules = SealedRules()) -> SealedPool:
    """A player's pool: `rules.packs` packs from `seed` (the very packs of
    `avatar-tui pack --seed SEED --count PACKS`). A pool none of whose
    chambers can make a deck of `rules.minimum` opens one more pack from
    the same generator, up to `rules.extra_packs` more, so the pool is still
    fixed by its seed; SealedError when even that is not enough (settings
    that ask too much: the defaults never came close, docs/formats.md)."""
    problems = rules.problems()
    if problems:
        raise SealedError(problems[0])
    maker = PackMaker(catalog, collation)
    rng = random.Random(seed)
    packs = [maker.pack(rng) for _ in range(rules.packs)]
    pool = pool_of(packs, catalog, rules.minimum, seed)
    while not can_make_deck(pool, catalog) and len(packs) < rules.packs + rules.extra_packs:
        packs.append(maker.pack(rng))
        pool = pool_of(packs, catalog, rules.minimum, seed)
    if not can_make_deck(pool, catalog):
        raise SealedError(f"sealed: seed {seed}: {len(packs)} packs hold no chamber with "
                          f"{rules.minimum} cards it may use; open more packs or lower the "
                          "deck minimum")
    return pool


def pool_from_json(data: object, place: str, catalog: Catalog,
                   minimum: int = MINIMUM) -> SealedPool:
    """A pool from the packs of `avatar-tui pack --json` (`{"packs": [[card
    ids], ...]}`, already parsed); SealedError names the first problem,
    `PLACE: packs[i][j]: problem`. A pool no chamber of which can make a
    deck of `minimum` is refused too: no extra pack can be opened from a file."""
    packs = data.get("packs") if isinstance(data, dict) else None
    if not isinstance(packs, list) or not packs:
        raise SealedError(f'{place}: expected {{"packs": [[card ids], ...]}}, as avatar-tui '
                          "pack --json prints")
    chambers: list[str] = []
    cards: Counter[str] = Counter()
    for i, pack in enumerate(packs):
        if not isinstance(pack, list):
            raise SealedError(f"{place}: packs[{i}]: expected a list of card ids")
        for j, card in enumerate(pack):
            known = catalog.canonical(card) if isinstance(card, str) else None
            if isinstance(card, str) and card in catalog.chambers:
                chambers.append(card)
            elif known is not None:
                cards[known] += 1
            else:
                raise SealedError(f"{place}: packs[{i}][{j}]: unknown card "
                                  f"{quote(repr(card))}")
    if not chambers:
        raise SealedError(f"{place}: the packs hold no chamber card")
    if max(cards.values(), default=0) > MAX_COUNT:
        raise SealedError(f"{place}: more than {MAX_COUNT} copies of one card")
    pool = SealedPool(minimum=minimum, chambers=chambers, cards=dict(cards), packs=len(packs))
    if not can_make_deck(pool, catalog):
        raise SealedError(f"{place}: no chamber of these {len(packs)} packs has {minimum} "
                          "cards it may use (the sealed deck minimum)")
    return pool


def computer_deck(catalog: Catalog, collation: Collation, seed: int,
                  rules: SealedRules = SealedRules()) -> DeckList:
    """A computer player's sealed deck: its pool opened from `seed`, built
    by the deck-builder with the same seed; fixed by the arguments."""
    return build_deck(open_pool(catalog, collation, seed, rules), catalog, seed)


def usable(pool: SealedPool, chamber: ChamberCard, catalog: Catalog) -> dict[str, int]:
    """The pool's deck cards a deck headed by `chamber` may hold (R13.2,
    R13.3), with the copies the pool has."""
    return {card_id: n for card_id, n in pool.cards.items()
            if catalog.canonical(card_id) and may_use(catalog.card(card_id), chamber)}


def pool_chambers(pool: SealedPool, catalog: Catalog) -> list[ChamberCard]:
    """The pool's chambers, each once, in the order pulled."""
    found: dict[str, ChamberCard] = {}
    for ref in pool.chambers:
        chamber = catalog.find_chamber(ref)
        if chamber is not None:
            found.setdefault(chamber.id, chamber)
    return list(found.values())


def room(pool: SealedPool, catalog: Catalog) -> dict[str, int]:
    """For each of the pool's chambers, how many pool cards its deck may hold."""
    return {chamber.id: sum(usable(pool, chamber, catalog).values())
            for chamber in pool_chambers(pool, catalog)}


def can_make_deck(pool: SealedPool, catalog: Catalog) -> bool:
    """Can some chamber of the pool head a legal deck of the pool's minimum?"""
    return any(n >= pool.minimum for n in room(pool, catalog).values())


def sealed_deck(pool: SealedPool, chamber: str, cards: dict[str, int], name: str) -> DeckList:
    return DeckList(name=name, chamber=chamber, cards=cards, sealed=pool)


def random_deck(pool: SealedPool, chamber: ChamberCard, catalog: Catalog, seed: int,
                name: str = "Random sealed deck") -> DeckList:
    """A legal deck of exactly the minimum, its cards drawn at random from
    those of the pool the chamber may use: what the deck-builder is measured
    against (benchmarks/sealed_builder.py)."""
    copies = [card_id for card_id, n in usable(pool, chamber, catalog).items()
              for _ in range(n)]
    if len(copies) < pool.minimum:
        raise SealedError(f"sealed: {chamber.name}: {len(copies)} pool cards it may use, "
                          f"fewer than the deck minimum {pool.minimum}")
    random.Random(seed).shuffle(copies)
    return sealed_deck(pool, chamber.id, _in_pool_order(pool, Counter(copies[:pool.minimum])),
                       name)


def _in_pool_order(pool: SealedPool, chosen: Counter[str]) -> dict[str, int]:
    return {card_id: chosen[card_id] for card_id in pool.cards if chosen[card_id]}


# ------------------------------------------------------------------ the deck-builder

# The deck-builder's taste. A defender plays a strike when its intercept
# meets the incoming force (R5.3) and its cost can be paid (R6); its force is
# what the opponent must meet in turn; a card not played is still energy
# (R5.6). Advantages and allies only help when their effects do, and a
# deck that counterattacks more often scores more (R10.2): measured with the
# heuristic bot (benchmarks/sealed_builder.py, docs/formats.md), a deck of
# strikes first beats a random deck of the same pool by far more than any
# weighing of the cards among themselves, so strikes come first and the
# weights below only order the cards within their kind.
FORCE = 1.0
INTERCEPT = 1.0
COST = 1.0  # per pip of any colour
COST_RED = 0.5  # more per red pip: red is the scarcest energy (R6.3)
EFFECT = 1.0  # per power, trigger, static, pitch, reflip or on-play effect


def card_worth(card: DeckCard) -> float:
    """The builder's worth of one copy of a card, against others of its kind."""
    cost = COST * card.cost.total + COST_RED * card.cost.red
    effects = EFFECT * (len(card.powers) + len(card.triggers) + len(card.statics)
                        + (card.pitch is not None) + (card.reflip is not None)
                        + len(getattr(card, "on_play", ())))
    if isinstance(card, StrikeCard):
        return FORCE * card.force + INTERCEPT * card.intercept + effects - cost
    return effects - cost


@dataclass(frozen=True)
class Built:
    """The builder's deck for one chamber: its cards, how many are strikes,
    and their worth."""

    chamber: ChamberCard
    cards: dict[str, int]
    strikes: int
    worth: float


def best_cards(pool: SealedPool, chamber: ChamberCard, catalog: Catalog) -> Built | None:
    """The deck of exactly the minimum the builder likes best for `chamber`:
    its best strikes, then, if they are too few, its best other cards; None
    when the chamber cannot make a deck."""
    copies = [(catalog.card(card_id).type != "strike", -card_worth(catalog.card(card_id)),
               card_id)
              for card_id, n in usable(pool, chamber, catalog).items() for _ in range(n)]
    if len(copies) < pool.minimum:
        return None
    # strikes first, best first; ties by id, so the pool's order never matters
    chosen = sorted(copies)[:pool.minimum]
    strikes = sum(1 for other, _, _ in chosen if not other)
    return Built(chamber, _in_pool_order(pool, Counter(c for _, _, c in chosen)), strikes,
                 -sum(w for _, w, _ in chosen))


def build_deck(pool: SealedPool, catalog: Catalog, seed: int = 0,
               name: str | None = None) -> DeckList:
    """The computer's sealed deck: for each chamber of the pool the best
    deck of the minimum it allows (best_cards), then the chamber whose deck
    holds the most strikes, and of those the one worth most. `seed` settles
    only exact ties between chambers, so the deck is fixed by the pool and
    the seed. SealedError when no chamber of the pool can make a deck."""
    built = [b for chamber in pool_chambers(pool, catalog)
             if (b := best_cards(pool, chamber, catalog)) is not None]
    if not built:
        raise SealedError(f"sealed: no chamber of the pool has {pool.minimum} cards it may use")
    top = max((b.strikes, b.worth) for b in built)
    tied = sorted((b for b in built if (b.strikes, b.worth) == top), key=lambda b: b.chamber.id)
    choice = tied[random.Random(seed).randrange(len(tied))]
    return sealed_deck(pool, choice.chamber.id, choice.cards,
                       name or f"Sealed {choice.chamber.name} (computer)")


def format_deck(catalog: Catalog, pool: Pool, settings: Mapping[str, int],
                seed: int) -> tuple[str, list[str]]:
    """A computer seat's deck in a Sealed Deck game (cardlib/formats.py's
    `DeckBuilder`): build_deck on the side's packs under the game's deck
    minimum; its chamber and its cards, one entry per copy."""
    deck = build_deck(sealed_pool(catalog, pool, settings["minimum"]), catalog, seed)
    return deck.chamber, [card for card, n in deck.cards.items() for _ in range(n)]
