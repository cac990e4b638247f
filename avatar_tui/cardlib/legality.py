"""The deckbuilding rules (R13), the starter-deck size (R1.1), and the
formats that change them (casual play, sealed decks: docs/formats.md),
checked against the card database. Pure functions: the `deck check` command and the
card list's `--character` filter both ask here."""

from __future__ import annotations

from collections import Counter

from avatar_tui.cardlib.cardset import Catalog, DeckList, SealedPool, deck_references
from avatar_tui.model.cards import ChamberCard, DeckCard

MIN_CARDS = 60  # R13.1
MAX_COPIES = 4  # R13.1
STARTER_CARDS = 30  # R1.1


def shares_trait(card: DeckCard, chamber: ChamberCard) -> bool:
    """R13.2: the card has a trait of the chamber's, or none (generic)."""
    return not card.traits or any(t in chamber.traits for t in card.traits)


def exclusive_ok(card: DeckCard, chamber: ChamberCard) -> bool:
    """R13.3: an Exclusive card only with its own character's chamber."""
    return card.exclusive is None or card.exclusive == chamber.character


def may_use(card: DeckCard, chamber: ChamberCard) -> bool:
    """May a deck headed by this chamber hold the card (R13.2, R13.3)?"""
    return shares_trait(card, chamber) and exclusive_ok(card, chamber)


def check_deck(deck: DeckList, catalog: Catalog, place: str) -> list[str]:
    """One line per problem, `place: field: problem (rule)`; [] when legal.

    A starter deck (`starter = true`) is exempt from R13 but must hold
    exactly 30 cards (R1.1); a casual deck (`casual = true`) from R13
    altogether; a sealed deck (`[sealed]`) keeps R13.2 and R13.3 but takes
    its cards, chamber and minimum from its pool (sealed_problems). Card ids
    may be aliases (`katara_waterbender_in_training`)."""
    problems, copies, written = deck_references(deck, catalog, place)
    chamber = catalog.find_chamber(deck.chamber)
    total = sum(copies.values())
    if deck.casual:  # casual play lifts R13: only what the file names must exist
        return problems
    if deck.sealed is not None:
        return problems + sealed_problems(deck.sealed, chamber, copies, written, catalog, place)
    if deck.starter:
        if total != STARTER_CARDS:
            problems.append(
                f"{place}: cards: {total} cards, a starter deck has {STARTER_CARDS} (R1.1)"
            )
        return problems
    if total < MIN_CARDS:
        problems.append(f"{place}: cards: {total} cards, at least {MIN_CARDS} needed (R13.1)")
    for canonical, count in copies.items():
        card_id = written[canonical]
        if count > MAX_COPIES:
            problems.append(
                f"{place}: cards.{card_id}: {count} copies, at most {MAX_COPIES} allowed (R13.1)"
            )
        if chamber is not None:
            problems += trait_problems(card_id, catalog.card(canonical), chamber, place)
    return problems


def trait_problems(card_id: str, card: DeckCard, chamber: ChamberCard, place: str) -> list[str]:
    """R13.2 and R13.3 for one card of the deck, one line each it breaks."""
    problems = []
    if not shares_trait(card, chamber):
        problems.append(
            f"{place}: cards.{card_id}: trait {', '.join(card.traits)} is not one of "
            f"the chamber's ({', '.join(chamber.traits)}) (R13.2)"
        )
    if not exclusive_ok(card, chamber):
        problems.append(
            f"{place}: cards.{card_id}: exclusive to {card.exclusive}, but the chamber "
            f"is {chamber.character} (R13.3)"
        )
    return problems


def sealed_problems(pool: SealedPool, chamber: ChamberCard | None, copies: Counter[str],
                    written: dict[str, str], catalog: Catalog, place: str) -> list[str]:
    """The sealed rules (docs/formats.md): the chamber is one of the pool's,
    the deck holds at least the pool's minimum, no card more often than the
    pool has it (R13.1's four copies and sixty cards give way to these), and
    every card shares a trait with the chamber (R13.2, R13.3)."""
    problems = []
    pooled = Counter({catalog.canonical(c) or c: n for c, n in pool.cards.items()})
    pooled_chambers = {found.id for ref in pool.chambers
                       if (found := catalog.find_chamber(ref)) is not None}
    if chamber is not None and chamber.id not in pooled_chambers:
        problems.append(f"{place}: chamber: {chamber.name} ({chamber.id}) is not one of "
                        "the pool's chambers (sealed)")
    total = sum(copies.values())
    if total < pool.minimum:
        problems.append(f"{place}: cards: {total} cards, at least {pool.minimum} needed "
                        "(sealed deck minimum)")
    for canonical, count in copies.items():
        card_id = written[canonical]
        if count > pooled[canonical]:
            held = f"holds {pooled[canonical]}" if pooled[canonical] else "does not hold it"
            problems.append(f"{place}: cards.{card_id}: {count} copies, the pool {held} "
                            "(sealed)")
        if chamber is not None:
            problems += trait_problems(card_id, catalog.card(canonical), chamber, place)
    return problems
