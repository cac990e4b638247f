"""The deckbuilding rules (R13) and the starter-deck size (R1.1), checked
against the card database. Pure functions: the `deck check` command and the
card list's `--character` filter both ask here."""

from __future__ import annotations

from avatar_tui.cardlib.cardset import Catalog, DeckList, deck_references
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
    exactly 30 cards (R1.1). Card ids may be aliases (`katara_waterbender_in_training`)."""
    problems, copies, written = deck_references(deck, catalog, place)
    chamber = catalog.find_chamber(deck.chamber)
    total = sum(copies.values())
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
        if chamber is None:
            continue
        card = catalog.card(canonical)
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
