"""The card database agrees with the card facts of the shared reference,
frozen in tests/fixtures/card_facts.toml (by tests/fixtures/make_fixtures.py):
every card of the set is there exactly once, with the name, type, rarity,
traits, cost and stats the facts give; the house starter decks are well
formed (R1.1: 30 cards; rarity split 1/8/21; R13.2 traits) and fully
implemented."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest

from avatar_tui.cardlib.catalog import Catalog, load_catalog
from avatar_tui.cardlib.legality import may_use
from avatar_tui.model.cards import ChamberCard, StrikeCard

FACTS = Path(__file__).resolve().parent / "fixtures" / "card_facts.toml"


def read_facts(path: Path) -> tuple[list, list, dict]:
    """The cards, signature moves and chambers of the fixture; each fact
    carries `where` (its section and row) for failure messages."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))

    def fact(kind: str, entry: dict) -> SimpleNamespace:
        where = f"{path.name} [{kind}, section {entry.get('section', '4')}] " \
                f"{entry.get('number', entry.get('character', ''))} {entry.get('name', '')}"
        return SimpleNamespace(where=where, **{
            "intercept": None, "force": None, "rarity": None, **entry})

    cards = [fact("card", e) for e in data["card"]]
    moves = [fact("move", e) for e in data["move"]]
    chambers = {e["number"]: fact("chamber", e) for e in data["chamber"]}
    return cards, moves, chambers


# ------------------------------------------------------------ fixtures


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()  # raises CardDataError, listing every problem


@pytest.fixture(scope="module")
def facts():
    return read_facts(FACTS)


def by_number(catalog: Catalog) -> dict[str, object]:
    entries = [*catalog.cards.values(), *catalog.chambers.values()]
    return {e.number: e for e in entries if e.number}


def cost_dict(energy) -> dict[str, int]:
    return {"green": energy.green, "yellow": energy.yellow, "red": energy.red}


# ------------------------------------------------------------ the tests


def test_the_database_loads(catalog):
    assert catalog.cards and catalog.chambers and catalog.signatures


def test_every_ame_number_exists_exactly_once(catalog):
    entries = [*catalog.cards.values(), *catalog.chambers.values()]
    counts = Counter(e.number for e in entries if e.number and e.number.startswith("AME"))
    expected = {f"AME{n:03d}" for n in range(1, 236)}
    assert set(counts) == expected
    assert [n for n, c in counts.items() if c > 1] == []


def test_card_rows_match(catalog, facts):
    cards, _, _ = facts
    assert len(cards) > 175
    numbered = by_number(catalog)
    for fact in cards:
        card = numbered.get(fact.number)
        assert card is not None, f"{fact.where}: no card with this number"
        got = (card.name, card.type, card.rarity)
        assert got == (fact.name, fact.type, fact.rarity), fact.where
        assert card.traits == fact.traits, fact.where
        assert cost_dict(card.cost) == fact.cost, fact.where
        if isinstance(card, StrikeCard):
            assert (card.intercept, card.force) == (fact.intercept, fact.force), fact.where
        else:
            assert fact.intercept is None and fact.force is None, fact.where


def test_signature_moves_match(catalog, facts):
    _, moves, _ = facts
    by_name = {m.name: m for m in catalog.signatures.values()}
    for fact in moves:
        move = by_name.get(fact.name)
        assert move is not None, f"{fact.where}: no signature move named {fact.name!r}"
        assert cost_dict(move.cost) == fact.cost, fact.where
        assert (move.intercept, move.force) == (fact.intercept, fact.force), fact.where


def test_chambers_match(catalog, facts):
    _, _, chambers = facts
    assert len(chambers) == 63
    for number, fact in chambers.items():
        chamber = catalog.find_chamber(number)
        assert isinstance(chamber, ChamberCard), f"no chamber {number}"
        front, back = catalog.moves_of(chamber)
        assert (front.name, back.name) == (fact.front, fact.back), number
        assert chamber.name == fact.name, number
        assert chamber.traits == fact.traits, number
        assert chamber.rarity == (fact.rarity or "promo"), number


DECK_FILES = sorted(Path(__file__).resolve().parents[1].joinpath("cards", "decks").glob("*.toml"))


@pytest.mark.parametrize("name", [p.stem for p in DECK_FILES])
def test_house_starter_decks(catalog, name):
    """Every deck in cards/decks is a house starter deck, named after its
    chamber's character (`katara.toml`), and is what that character plays."""
    deck = catalog.decks[name]
    assert deck.starter
    the_chamber = catalog.chamber(deck.chamber)
    assert the_chamber.character == name
    assert catalog.starter_deck(name) is deck  # one starter deck per character
    ids = catalog.deck_cards(deck)
    assert len(ids) == 30  # R1.1
    rarities = Counter(catalog.card(i).rarity for i in ids)
    # the rare slot may hold a Zenemental instead (booster-only, but Exclusive)
    rarities["rare"] += rarities.pop("zenemental", 0)
    assert rarities == {"rare": 1, "uncommon": 8, "common": 21}
    assert max(Counter(ids).values()) <= 4  # R13.1's copy limit, kept by the house decks
    for card_id in deck.cards:
        card = catalog.card(card_id)
        assert may_use(card, the_chamber), f"{card_id} breaks R13.2/R13.3"
        assert card.implemented, f"{card_id} is not implemented"
    front, back = catalog.moves_of(the_chamber)
    assert the_chamber.implemented and front.implemented and back.implemented


def test_every_character_has_a_house_starter_deck(catalog):
    """The ten characters of Master of Elements each have one."""
    characters = {c.character for c in catalog.chambers.values() if c.number.startswith("AME")}
    assert len(characters) == 10
    assert characters == {p.stem for p in DECK_FILES}


def test_chambers_are_implemented_only_with_both_moves(catalog):
    for chamber in catalog.chambers.values():
        front, back = catalog.moves_of(chamber)
        assert chamber.implemented == (front.implemented and back.implemented), chamber.id


def test_cards_without_effects_are_marked(catalog):
    """A card whose text is more than a keyword the data already carries has
    effects written, or says it is not implemented."""
    for card in catalog.cards.values():
        has_effects = any([card.powers, card.pitch, card.statics, card.triggers,
                           getattr(card, "on_play", [])])
        if card.implemented and not has_effects:
            assert card.text.startswith(("No rules text", "Reflip: green.", "Exclusive")), card.id


def test_aliases_are_full_names(catalog):
    for card in catalog.cards.values():
        if card.type == "ally" and "," in card.name:
            assert len(card.aliases) == 1 and card.aliases[0].startswith(card.id + "_"), card.id
