"""Booster packs (issue 42): drawn by the collation in cards/collation.toml,
10 cards with exactly one chamber, the same for the same seed, never a
promo, each slot's rarities as often as the collation's odds say; a bad
collation file is refused in one line; `avatar-tui pack` prints them."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from avatar_tui.cardlib.catalog import (
    COLLATION_FILE,
    CardDataError,
    card_data_dir,
    default_catalog,
    load_catalog,
)
from avatar_tui.cardlib.packs import PackMaker, load_collation, opening_order
from avatar_tui.cli import main

MANY = 10_000


@pytest.fixture(scope="module")
def maker() -> PackMaker:
    catalog = default_catalog()
    return PackMaker(catalog, load_collation(catalog))


@pytest.fixture(scope="module")
def many(maker) -> list:
    return maker.packs(seed=20260, count=MANY)


def test_a_pack_has_ten_cards_one_of_them_a_chamber(many):
    catalog = default_catalog()
    for pack in many:
        assert len(pack) == 10
        assert sum(p.card in catalog.chambers for p in pack) == 1
        assert len({p.card for p in pack}) == 10  # no card twice in one pack


def test_the_same_seed_gives_the_same_packs(maker):
    assert maker.packs(seed=7, count=24) == maker.packs(seed=7, count=24)
    assert maker.packs(seed=7, count=24) != maker.packs(seed=8, count=24)


def test_no_promo_card_is_ever_in_a_pack(many):
    catalog = default_catalog()
    promos = {c.id for c in [*catalog.cards.values(), *catalog.chambers.values()]
              if c.rarity == "promo"}
    assert promos  # the database has promos, so the test could catch one
    pulled = {p.card for pack in many for p in pack}
    assert not pulled & promos


def test_each_slots_rarities_match_the_collation_within_a_point(maker, many):
    """Over 10,000 packs each slot's rarity frequencies are those of its
    odds, within one percentage point; and each card is of the rarity drawn."""
    catalog = default_catalog()
    for slot in maker.collation.slot:
        seen = Counter(p.rarity for pack in many for p in pack if p.slot == slot.name)
        total = sum(seen.values())
        assert total == MANY * slot.count
        weights = sum(slot.odds.values())
        for rarity, weight in slot.odds.items():
            assert abs(seen[rarity] / total - weight / weights) < 0.01, (slot.name, rarity)
        assert set(seen) <= set(slot.odds)
    for pack in many[:500]:
        for p in pack:
            card = catalog.chambers.get(p.card) or catalog.card(p.card)
            assert card.rarity == p.rarity


def test_a_pack_opens_rarest_last(many):
    rank = {"common": 0, "uncommon": 1, "rare": 2, "zenemental": 3}
    for pack in many[:200]:
        order = [rank[p.rarity] for p in opening_order(pack)]
        assert order == sorted(order)


# ------------------------------------------------------------------ a bad file

GOOD = (card_data_dir() / COLLATION_FILE).read_text(encoding="utf-8")


@pytest.mark.parametrize("change, expected", [
    (("count = 5", 'count = "five"'), "collation.toml: slot.0.count: a whole number is needed"),
    (("count = 5", "count = 6"),
     "collation.toml: slot: the slots hold 11 cards, not the pack's 10"),
    (("odds = { rare = 5, zenemental = 1 }", "odds = { rare = 5, promo = 1 }"),
     "collation.toml: slot.2.odds.promo: one of"),
    (('kind = "chamber"', 'kind = "deck"'),
     "collation.toml: slot: a pack holds exactly one chamber card (printed on the pack), not 0"),
    (("odds = { common = 1 }", "odds = { common = 1 }\ncolour = 1"),
     "collation.toml: slot.0.colour: unknown key"),
    (("odds = { uncommon = 1 }", "odds = { uncommon = 0 }"),
     "collation.toml: slot.1.odds.uncommon: at least 1"),
    (("cards = 10", "cards = [10"), "collation.toml: TOML syntax: "),
])
def test_a_bad_collation_is_refused_in_one_line(tmp_path, change, expected):
    path = tmp_path / COLLATION_FILE
    old, new = change
    assert old in GOOD
    path.write_text(GOOD.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(CardDataError) as caught:
        load_collation(default_catalog(), path)
    assert len(caught.value.problems) == 1, caught.value.problems
    assert caught.value.problems[0].startswith(expected), caught.value.problems


def test_too_few_cards_of_a_rarity_are_refused(tmp_path):
    """Ten Zenementals exist: eleven in a pack would need a card twice."""
    path = tmp_path / COLLATION_FILE
    path.write_text('''assumption = "a test"
cards = 12
packs_per_box = 24
[[slot]]
name = "zenemental"
count = 11
kind = "deck"
odds = { zenemental = 1 }
[[slot]]
name = "chamber"
count = 1
kind = "chamber"
odds = { rare = 1 }
''', encoding="utf-8")
    with pytest.raises(CardDataError) as caught:
        load_collation(default_catalog(), path)
    assert caught.value.problems == [
        "collation.toml: slot.0.odds.zenemental: 10 zenemental deck cards, too few for "
        "the 11 a pack may draw"]


# ------------------------------------------------------------------ the command


def test_pack_json_is_a_list_of_packs_of_card_ids(capsys):
    assert main(["pack", "--seed", "5", "--count", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["packs"]
    assert len(out["packs"]) == 3
    catalog = default_catalog()
    for pack in out["packs"]:
        assert len(pack) == 10
        assert all(isinstance(c, str) and (c in catalog.chambers or catalog.canonical(c))
                   for c in pack)
    assert main(["pack", "--seed", "5", "--count", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == out  # the same seed, the same packs


def test_a_box_is_24_packs(capsys):
    assert main(["pack", "--seed", "1", "--box", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["packs"]) == 24
    assert main(["pack", "--seed", "1", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["packs"]) == 1


@pytest.mark.parametrize("both", [["--box", "--count", "3"], ["--json", "--open"]])
def test_pack_refuses_options_that_contradict_each_other(capsys, both):
    with pytest.raises(SystemExit) as exit_info:
        main(["pack", *both])
    assert exit_info.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_pack_prints_each_card_in_words(capsys):
    assert main(["pack", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Pack 1 of 1 · seed 3" in out
    catalog = default_catalog()
    maker = PackMaker(catalog, load_collation(catalog))
    for pulled in maker.packs(3, 1)[0]:
        name = (catalog.chambers.get(pulled.card) or catalog.card(pulled.card)).name
        line = next(line for line in out.splitlines() if f" {name} " in line)
        assert line.split()[0] == pulled.rarity


def test_pack_with_a_bad_collation_says_one_line(tmp_path, capsys):
    path = tmp_path / COLLATION_FILE
    path.write_text(GOOD.replace("count = 3", "count = 2"), encoding="utf-8")
    assert main(["pack", "--collation", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["card database: collation.toml: slot: the slots hold 9 cards, "
                   "not the pack's 10"]


def test_the_card_database_does_not_read_the_collation_as_cards():
    """collation.toml sits beside the card files; a fresh load (not the
    cached one) skips it rather than refusing its keys as a card file's."""
    assert (card_data_dir() / COLLATION_FILE).is_file()
    assert load_catalog(card_data_dir()).cards


def test_cards_check_checks_the_collation_too(monkeypatch, tmp_path, capsys):
    import avatar_tui.cardlib.packs as packs

    bad = tmp_path / COLLATION_FILE
    bad.write_text(GOOD.replace("cards = 10", "cards = 9"), encoding="utf-8")
    monkeypatch.setattr(packs, "card_data_dir", lambda: tmp_path)
    assert main(["cards", "--check"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        "card database: collation.toml: slot: the slots hold 10 cards, not the pack's 9"]
