"""The card query language (avatar_tui/cardlib/search.py) of the deck editor
and `cards --search`: words, fields, numbers, negation, and errors that
name the term."""

from __future__ import annotations

import pytest

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.cardlib.entries import card_entry
from avatar_tui.cardlib.search import QueryError, parse

CARDS = [card_entry(c) for c in default_catalog().cards.values()]


def ids(query: str, copies=lambda _: 0) -> set[str]:
    return {c.id for c in parse(query).filter(CARDS, copies)}


def test_an_empty_query_matches_every_card():
    assert ids("") == {c.id for c in CARDS}


def test_plain_words_search_name_id_and_text_and_all_must_match():
    assert "knuckle_sandwich" in ids("sandwich")
    assert "knuckle_sandwich" in ids("KNUCKLE")  # case does not matter
    by_text = ids("intercept")
    assert by_text and all("intercept" in c.text.lower() or "intercept" in c.name.lower()
                           or "intercept" in c.id for c in CARDS if c.id in by_text)
    assert ids("knuckle sandwich") == {"knuckle_sandwich"}
    assert ids('"look at your top"') == {c.id for c in CARDS
                                         if "look at your top" in c.text.lower()}


def test_type_trait_rarity_and_keyword_fields():
    assert ids("type:strike") == {c.id for c in CARDS if c.type == "strike"}
    assert ids("t:adv") == {c.id for c in CARDS if c.type == "advantage"}
    assert ids("trait:fox") == {c.id for c in CARDS if "fox" in c.traits}
    assert ids("trait:generic") == {c.id for c in CARDS if not c.traits}
    assert ids("rarity:rare") == {c.id for c in CARDS if c.rarity == "rare"}
    assert ids("kw:reflip") == {c.id for c in CARDS if "reflip" in c.keywords}
    assert ids("name:dragon") == {c.id for c in CARDS if "dragon" in c.name.lower()}


def test_numbers_compare_force_intercept_and_each_colour():
    found = ids("type:strike trait:fox f>=5 g<=1")
    expected = {c.id for c in CARDS if c.type == "strike" and "fox" in c.traits
                and c.force >= 5 and c.cost.green <= 1}
    assert found == expected and found
    assert ids("i=8") == {c.id for c in CARDS if c.intercept == 8}
    assert ids("y:0 r>0") == {c.id for c in CARDS if c.cost.yellow == 0 and c.cost.red > 0}
    assert ids("cost<=1") == {c.id for c in CARDS if c.cost.total <= 1}
    assert ids("f!=4 type:strike") == {c.id for c in CARDS
                                        if c.type == "strike" and c.force != 4}
    assert not ids("type:advantage f>=0")  # an advantage has no force to compare


def test_negation_and_the_deck_being_edited():
    assert ids("-trait:generic") == {c.id for c in CARDS if c.traits}
    deck = {"evade": 2, "pummel": 4}
    assert ids("in:deck", lambda c: deck.get(c, 0)) == {"evade", "pummel"}
    assert ids("n>=3", lambda c: deck.get(c, 0)) == {"pummel"}
    assert "evade" not in ids("-in:deck evade", lambda c: deck.get(c, 0))


@pytest.mark.parametrize("query, says", [
    ("colour:red", "unknown field 'colour'"),
    ("type:spell", "unknown type"),
    ("f>=five", "'five' is not a whole number"),
    ("trait>fox", "trait takes ':'"),
    ('"open', "quote is not closed"),
    ("in:hand", "only in:deck"),
    ("kw:flying", "unknown keyword"),
    ("type:", "nothing after"),
])
def test_a_term_that_means_nothing_is_named(query, says):
    with pytest.raises(QueryError) as err:
        parse(query)
    assert says in str(err.value)
