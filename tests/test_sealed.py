"""Sealed Deck (decklib/sealed.py, docs/formats.md): pools opened from
packs, the sealed rules a deck is checked by (cardlib.legality), the
computer's deck-builder, and the casual switch that lifts R13."""

from __future__ import annotations

import pytest

from avatar_tui.cardlib.catalog import DeckList, default_catalog
from avatar_tui.cardlib.legality import check_deck
from avatar_tui.cardlib.packs import PackMaker, load_collation
from avatar_tui.decklib.library import deck_toml, export_text, import_text, parse_deck_toml
from avatar_tui.decklib.sealed import (
    MINIMUM,
    PACKS,
    SealedError,
    SealedRules,
    build_deck,
    can_make_deck,
    open_pool,
    pool_of,
    random_deck,
    room,
    usable,
)


@pytest.fixture(scope="module")
def catalog():
    return default_catalog()


@pytest.fixture(scope="module")
def collation(catalog):
    return load_collation(catalog)


@pytest.fixture(scope="module")
def pools(catalog, collation):
    return [open_pool(catalog, collation, seed) for seed in range(1, 21)]


def test_a_pool_is_the_packs_of_its_seed(catalog, collation):
    pool = open_pool(catalog, collation, 7)
    packs = PackMaker(catalog, collation).packs(7, PACKS)
    assert pool == pool_of(packs, catalog, MINIMUM, 7)
    assert len(pool.chambers) == PACKS  # one chamber a pack
    assert sum(pool.cards.values()) == PACKS * 9
    assert open_pool(catalog, collation, 7) == pool  # the same seed, the same pool


def test_every_opened_pool_can_make_a_deck(catalog, pools):
    for pool in pools:
        assert can_make_deck(pool, catalog), pool.seed
        assert max(room(pool, catalog).values()) >= pool.minimum


def test_a_short_pool_opens_more_packs_until_it_can(catalog, collation):
    # six packs and 30 cards fall short often (docs/formats.md): find one that does
    rules = SealedRules(packs=6, minimum=30)
    maker = PackMaker(catalog, collation)
    short = next(seed for seed in range(1, 200)
                 if not can_make_deck(pool_of(maker.packs(seed, 6), catalog, 30), catalog))
    pool = open_pool(catalog, collation, short, rules)
    assert pool.packs is not None and pool.packs > 6
    assert can_make_deck(pool, catalog)
    # the extra packs come from the same generator: the first six are the seed's
    assert pool_of(maker.packs(short, pool.packs), catalog, 30, short) == pool


def test_settings_that_ask_too_much_are_refused_in_one_line(catalog, collation):
    with pytest.raises(SealedError) as err:
        open_pool(catalog, collation, 1, SealedRules(packs=1, minimum=60, extra_packs=0))
    assert str(err.value).startswith("sealed: seed 1: 1 packs hold no chamber with 60 cards")
    assert "\n" not in str(err.value)
    with pytest.raises(SealedError, match="sealed: minimum: 0, expected 1 to 99"):
        open_pool(catalog, collation, 1, SealedRules(minimum=0))


def test_the_builders_deck_is_legal_for_its_pool(catalog, pools):
    for pool in pools:
        deck = build_deck(pool, catalog, seed=pool.seed or 0)
        assert check_deck(deck, catalog, "built") == [], pool.seed
        assert sum(deck.cards.values()) == pool.minimum
        assert deck.sealed == pool
        assert build_deck(pool, catalog, seed=pool.seed or 0) == deck  # deterministic


def test_the_builder_prefers_strikes(catalog, pools):
    # what the measurement found (docs/formats.md): strikes first
    for pool in pools[:10]:
        deck = build_deck(pool, catalog)
        chamber = catalog.chamber(deck.chamber)
        strikes_in_pool = sum(n for c, n in usable(pool, chamber, catalog).items()
                              if catalog.card(c).type == "strike")
        strikes = sum(n for c, n in deck.cards.items() if catalog.card(c).type == "strike")
        assert strikes == min(strikes_in_pool, pool.minimum)


def test_a_random_deck_is_legal_and_fixed_by_its_seed(catalog, pools):
    pool = pools[0]
    chamber = catalog.chamber(build_deck(pool, catalog).chamber)
    deck = random_deck(pool, chamber, catalog, 3)
    assert check_deck(deck, catalog, "random") == []
    assert random_deck(pool, chamber, catalog, 3) == deck


# ------------------------------------------------------------------ the sealed rules


def _outside(pool, catalog) -> str:
    return next(c for c in sorted(catalog.cards) if c not in pool.cards
                and catalog.card(c).rarity != "promo")


def test_the_sealed_rules_refuse_what_the_pool_does_not_hold(catalog, pools):
    pool = pools[0]
    deck = build_deck(pool, catalog)
    outside = _outside(pool, catalog)
    cards = dict(deck.cards)
    first = next(iter(cards))
    cards[first] = pool.cards[first] + 1
    cards[outside] = 1
    chamber = next(c for c in sorted(catalog.chambers) if c not in pool.chambers)
    bad = deck.model_copy(update={"cards": cards, "chamber": chamber})
    problems = check_deck(bad, catalog, "d.toml")
    assert f"d.toml: cards.{first}: {cards[first]} copies, the pool holds " \
           f"{pool.cards[first]} (sealed)" in problems
    assert f"d.toml: cards.{outside}: 1 copies, the pool does not hold it (sealed)" in problems
    assert any(p.startswith("d.toml: chamber: ") and "is not one of the pool's chambers"
               in p for p in problems)


def test_the_sealed_minimum_and_the_traits_still_hold(catalog, pools):
    pool = pools[0]
    deck = build_deck(pool, catalog)
    first = next(iter(deck.cards))
    fewer = dict(deck.cards)
    fewer[first] -= 1
    if not fewer[first]:
        del fewer[first]
    problems = check_deck(deck.model_copy(update={"cards": fewer}), catalog, "d")
    assert problems == [f"d: cards: {MINIMUM - 1} cards, at least {MINIMUM} needed "
                        "(sealed deck minimum)"]
    chamber = catalog.chamber(deck.chamber)
    foreign = next((c for c in pool.cards if not usable(pool, chamber, catalog).get(c)), None)
    if foreign is not None:
        problems = check_deck(deck.model_copy(
            update={"cards": {**deck.cards, foreign: 1}}), catalog, "d")
        assert any(p.startswith(f"d: cards.{foreign}: ") and ("(R13.2)" in p or "(R13.3)" in p)
                   for p in problems)


def test_a_sealed_deck_file_keeps_its_pool(catalog, pools):
    deck = build_deck(pools[0], catalog)
    again = parse_deck_toml(deck_toml(deck), "d.toml")
    assert again == deck
    assert "[sealed]" in deck_toml(deck)


# ------------------------------------------------------------------ casual play


def test_casual_lifts_r13(catalog):
    aang = catalog.chamber("aang")
    exclusive = next(c for c in catalog.cards.values()
                     if c.exclusive and c.exclusive != aang.character)
    deck = DeckList(name="Any", chamber=aang.id, cards={exclusive.id: 9})
    assert check_deck(deck, catalog, "d")  # R13.1 (size, copies) and R13.3
    casual = deck.model_copy(update={"casual": True})
    assert check_deck(casual, catalog, "d") == []
    assert casual.format == "casual"
    # but what the file names must still exist
    unknown = casual.model_copy(update={"cards": {"no_such_card": 1}})
    assert check_deck(unknown, catalog, "d") == ["d: cards.no_such_card: unknown card id"]


def test_casual_is_saved_with_the_deck_and_old_decks_load_unchanged(catalog):
    old = parse_deck_toml('name = "Old"\nchamber = "aang"\n[cards]\nknuckle_sandwich = 2\n',
                          "old.toml")
    assert old.casual is False and old.sealed is None and old.format == "constructed"
    assert "casual" not in deck_toml(old) and "sealed" not in deck_toml(old)
    casual = old.model_copy(update={"casual": True})
    text = deck_toml(casual)
    assert "casual = true" in text
    assert parse_deck_toml(text, "d.toml") == casual
    assert import_text(export_text(casual, catalog), catalog).casual is True


# ------------------------------------------------------------------ the editor on a pool


def _editor(tmp_path, pool):
    from avatar_tui.decklib.library import DeckStore
    from avatar_tui.play.deck_editor import DeckEditor

    return DeckEditor(DeckStore(tmp_path / "data"), default_catalog(), pool=pool)


def test_a_games_editor_offers_no_saved_deck_which_may_be_the_other_players(
        tmp_path, catalog, pools):
    # at one keyboard p1 may have saved the deck they play; p2's editor must not
    # open it (R1.6)
    from avatar_tui.decklib.library import DeckStore
    from avatar_tui.play.deck_editor import Choose, DeckEditor

    store = DeckStore(tmp_path / "data")
    theirs = build_deck(pools[0], catalog, 1, name="Their sealed deck")
    store.save("their-sealed-deck", theirs)
    own = DeckEditor(store, catalog, pool=pools[1])
    game = DeckEditor(store, catalog, pool=pools[1], playing=True)
    offered = [[c for c in ed.open() if isinstance(c, Choose)][0].labels for ed in (own, game)]
    assert "your deck: their-sealed-deck" in offered[0]
    assert not any(label.startswith("your deck:") for label in offered[1])


def test_the_editor_refuses_a_card_outside_the_pool(tmp_path, catalog, pools):
    pool = pools[0]
    ed = _editor(tmp_path, pool)
    assert ed.draft.sealed == pool and ed.draft.chamber in pool.chambers
    outside = _outside(pool, catalog)
    ed.add(outside)
    assert ed.draft.count(outside) == 0
    assert ed.note is not None and ed.note.tone == "error"
    assert ed.note.text == (f"{catalog.card(outside).name} is not in the pool: a sealed "
                            "deck holds only the pool's cards")


def test_the_editor_adds_no_more_copies_than_the_pool_holds(tmp_path, catalog, pools):
    pool = pools[0]
    ed = _editor(tmp_path, pool)
    card, held = next(iter(pool.cards.items()))
    for _ in range(held + 2):
        ed.add(card)
    assert ed.draft.count(card) == held
    assert ed.note is not None and ed.note.tone == "error"
    assert ed.note.text.startswith(f"The pool holds {held} {catalog.card(card).name}")


def test_the_editor_keeps_a_sealed_deck_to_the_pools_chambers(tmp_path, catalog, pools):
    pool = pools[0]
    ed = _editor(tmp_path, pool)
    foreign = next(c for c in sorted(catalog.chambers) if c not in pool.chambers)
    ed.choose_chamber(foreign)
    assert ed.draft.chamber != foreign
    assert ed.note is not None and ed.note.tone == "error"


def test_a_sealed_deck_built_in_the_editor_is_legal_and_saved_with_its_pool(
        tmp_path, catalog, pools):
    pool = pools[0]
    ed = _editor(tmp_path, pool)
    built = build_deck(pool, catalog)
    ed.choose_chamber(built.chamber)
    for card, n in built.cards.items():
        for _ in range(n):
            ed.add(card)
    assert ed.draft.problems() == []
    assert ed.write("sealed-one")
    saved = ed.store.load("sealed-one")
    assert saved.sealed == pool and check_deck(saved, catalog, "saved") == []
    # opened again, the editor is held to the same pool
    again = _editor(tmp_path, None)
    again.open_saved("sealed-one")
    assert again.draft.in_pool(_outside(pool, catalog)) == 0


def test_the_casual_switch_lifts_the_rules_and_is_saved(tmp_path, catalog, pools):
    pool = pools[0]
    ed = _editor(tmp_path, pool)
    outside = _outside(pool, catalog)
    ed.toggle_casual()
    assert ed.draft.casual and ed.note is not None and "R13 is lifted" in ed.note.text
    for _ in range(9):
        ed.add(outside)  # any card, any number
    assert ed.draft.count(outside) == 9
    assert ed.draft.problems() == []
    assert ed.write("casual-one")
    assert ed.store.load("casual-one").casual
    ed.toggle_casual()  # off again: the pool's rules are back
    assert any("the pool does not hold it" in p for p in ed.draft.problems())


def test_casual_on_an_ordinary_deck(tmp_path, catalog):
    ed = _editor(tmp_path, None)
    ed.toggle_format()  # constructed (R13)
    ed.add("evade")
    assert any("(R13.1)" in p for p in ed.draft.problems())
    ed.toggle_casual()
    assert ed.draft.problems() == []
    assert ed.draft.usable(catalog.card(next(
        c.id for c in catalog.cards.values() if c.exclusive and c.exclusive != "aang")))


def test_casual_on_then_off_leaves_a_saved_deck_unchanged(tmp_path, catalog, pools):
    ed = _editor(tmp_path, pools[0])
    ed.add(next(c for c in pools[0].cards if ed.draft.usable(catalog.card(c))))
    assert ed.write("kept")
    assert not ed.dirty
    ed.toggle_casual()
    assert ed.dirty  # casual is saved with the deck: switched on, it is a change
    ed.toggle_casual()
    assert not ed.dirty  # back as saved: nothing is unsaved


def test_casual_on_then_off_leaves_a_new_pool_deck_with_nothing_to_save(tmp_path, pools):
    ed = _editor(tmp_path, pools[0])
    ed.toggle_casual()
    ed.toggle_casual()
    assert not ed.dirty


def test_the_sealed_editor_keeps_the_deck_left_unsaved_before_it(tmp_path, catalog, pools):
    from avatar_tui.decklib.library import DeckStore

    store = DeckStore(tmp_path / "data")
    left = DeckList(name="Half built", chamber="aang", cards={"evade": 3})
    store.keep_editing(left, None)  # an unsaved deck, left in the editor last time
    ed = _editor(tmp_path, pools[0])
    assert ed.note is not None and "decks/half-built-unsaved.toml" in ed.note.text
    usable = next(c for c in pools[0].cards if ed.draft.usable(catalog.card(c)))
    ed.add(usable)
    ed.keep()  # the sealed deck's own safety copy
    assert store.exists("half-built-unsaved")
    assert store.load("half-built-unsaved").cards == left.cards
    kept = store.editing()
    assert kept is not None and kept[0].sealed == pools[0]  # the copy is the sealed deck's now


# ------------------------------------------------------------------ a pool from a file


def test_a_pool_reads_the_packs_avatar_tui_pack_prints(catalog, collation):
    from avatar_tui.decklib.sealed import pool_from_json

    packs = PackMaker(catalog, collation).packs(5, PACKS)
    data = {"packs": [[p.card for p in pack] for pack in packs]}
    pool = pool_from_json(data, "p.json", catalog)
    assert pool.chambers == open_pool(catalog, collation, 5).chambers
    assert pool.cards == open_pool(catalog, collation, 5).cards
    with pytest.raises(SealedError, match=r"^p.json: packs\[1\]\[2\]: unknown card 'nope'$"):
        pool_from_json({"packs": [data["packs"][0], ["evade", "evade", "nope"]]}, "p.json",
                       catalog)
    with pytest.raises(SealedError, match=r'^p.json: expected \{"packs"'):
        pool_from_json([1, 2], "p.json", catalog)
    with pytest.raises(SealedError, match="no chamber of these 1 packs has 30 cards"):
        pool_from_json({"packs": data["packs"][:1]}, "p.json", catalog)


def test_the_decks_command_refuses_a_bad_pool_in_one_line(tmp_path, monkeypatch, capsys):
    from avatar_tui.cli import main

    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path / "data"))
    bad = tmp_path / "pool.json"
    bad.write_text('{"packs": [["no_such_card"]]}')
    assert main(["decks", "--pool", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"avatar-tui decks: {bad}: packs[0][0]: unknown card 'no_such_card'"
    assert main(["decks", "--packs", "6"]) == 2
    assert "--packs goes with --sealed" in capsys.readouterr().err
    assert main(["decks", "--sealed", "1", "--packs", "1", "--minimum", "60"]) == 2
    assert capsys.readouterr().err.strip().startswith("avatar-tui decks: sealed: seed 1: 5 packs")


def test_a_new_sealed_deck_starts_with_the_chamber_of_most_room(tmp_path, catalog, pools):
    for pool in pools[:5]:
        space = room(pool, catalog)
        ed = _editor(tmp_path, pool)
        assert space[ed.draft.chamber] == max(space.values()) >= pool.minimum


def test_deck_check_names_the_format_it_judged_by(tmp_path, capsys, catalog, pools):
    from avatar_tui.cli import main

    sealed = tmp_path / "sealed.toml"
    sealed.write_text(deck_toml(build_deck(pools[0], catalog)))
    assert main(["deck", "check", str(sealed)]) == 0
    assert "sealed deck, legal for its pool" in capsys.readouterr().out
    casual = tmp_path / "casual.toml"
    casual.write_text('name = "C"\nchamber = "aang"\ncasual = true\n[cards]\nevade = 9\n')
    assert main(["deck", "check", str(casual)]) == 0
    assert "casual deck (R13 lifted)" in capsys.readouterr().out


def test_a_computer_players_deck_is_its_own_pools_build(catalog, collation):
    from avatar_tui.decklib.sealed import computer_deck

    deck = computer_deck(catalog, collation, 11)
    assert deck == build_deck(open_pool(catalog, collation, 11), catalog, 11)
    assert check_deck(deck, catalog, "computer") == []
    assert computer_deck(catalog, collation, 11) == deck
