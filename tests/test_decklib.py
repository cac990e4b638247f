"""The player's own decks (avatar_tui/decklib/library.py): deck files written and
read back, the named decks of the data directory, the text list, random
starter decks (a property test; AVATAR_TUI_LONG=1 tries many more seeds, tests/depth.py),
and a deck game whose save holds the decks themselves."""

from __future__ import annotations

from pathlib import Path

import pytest
from depth import depth
from hypothesis import given, settings
from hypothesis import strategies as st

from avatar_tui.cardlib.catalog import DeckList, default_catalog
from avatar_tui.cardlib.legality import check_deck, may_use
from avatar_tui.decklib.library import (
    DeckFileError,
    DeckStore,
    deck_toml,
    export_text,
    import_text,
    parse_deck_toml,
    player_setup,
    random_starter,
    read_deck_file,
    reshuffled,
)
from avatar_tui.engine import apply, legal_actions, new_game
from avatar_tui.io.names import NAME_LIMIT
from avatar_tui.model.state import GameSetup, PlayerSetup
from avatar_tui.notation.save import load_game, save_game

CATALOG = default_catalog()
LEGAL_AANG = {
    "evade": 4, "pummel": 4, "skewer": 4, "knuckle_sandwich": 4, "kyoshi_pride": 4,
    "seize_the_moment": 4, "will_of_the_warrior": 4, "boomerang_toss": 4, "howling_wind": 4,
    "canyon_sprint": 4, "wind_on_the_waves": 4, "breath_of_the_dragon": 4,
    "open_hand_form": 4, "sustenance": 4, "lifesaver": 4,
}


def legal_deck(name: str = "Fox and air") -> DeckList:
    return DeckList(name=name, chamber="AME176", cards=dict(LEGAL_AANG))


# ------------------------------------------------------------------ files


def test_a_deck_file_reads_back_as_written():
    deck = DeckList(name='Quotes " and \\ backslash', chamber="AME176", starter=True,
                    cards={"evade": 2, "momo": 1})
    assert parse_deck_toml(deck_toml(deck), "x") == deck


def test_the_house_decks_read_back_through_the_writer():
    for deck in CATALOG.decks.values():
        assert parse_deck_toml(deck_toml(deck), "x") == deck


@pytest.mark.parametrize("content, says", [
    ('name = "x\n', "not valid TOML"),
    ('name = "x"\nchamber = "aang"\n[cards]\nevade = "two"\n', "cards.evade"),
    ('chamber = "aang"\n', "name"),
])
def test_a_bad_deck_file_is_one_line_naming_file_place_and_problem(tmp_path, content, says):
    path = tmp_path / "bad.toml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(DeckFileError) as err:
        read_deck_file(path)
    line = str(err.value)
    assert "\n" not in line and line.startswith(str(path)) and says in line


def test_a_missing_deck_file():
    with pytest.raises(DeckFileError, match="cannot read"):
        read_deck_file("/nonexistent/deck.toml")


# ------------------------------------------------------------------ named decks


def test_named_decks_save_copy_rename_delete(tmp_path):
    store = DeckStore(tmp_path)
    deck = legal_deck()
    store.save("fox", deck)
    assert store.names() == ["fox"] and store.load("fox") == deck
    assert (tmp_path / "decks" / "fox.toml").is_file()
    store.copy("fox", "fox-2")
    assert store.names() == ["fox", "fox-2"]
    store.rename("fox-2", "air")
    assert store.names() == ["air", "fox"] and store.load("air") == deck
    with pytest.raises(DeckFileError, match="exists already"):
        store.rename("air", "fox")
    with pytest.raises(DeckFileError, match="exists already"):
        store.copy("air", "fox")
    store.delete("air")
    assert store.names() == ["fox"]
    assert store.free_name("Fox") == "fox-2"
    assert not list((tmp_path / "decks").glob(".*"))  # no temporary file left behind


@pytest.mark.parametrize("name", ["", "../up", "a b", "-dash", "x" * (NAME_LIMIT + 1),
                                  "dot.toml", ".hidden"])
def test_a_deck_name_must_be_a_plain_file_name(tmp_path, name):
    with pytest.raises(DeckFileError, match="deck name"):
        DeckStore(tmp_path).save(name, legal_deck())


def test_a_failed_save_keeps_the_old_file(tmp_path, monkeypatch):
    store = DeckStore(tmp_path)
    store.save("fox", legal_deck("old"))
    import avatar_tui.notation.save as save

    def broken(fd, *args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(save.os, "fsync", broken)
    with pytest.raises(OSError):
        store.save("fox", legal_deck("new"))
    assert store.load("fox").name == "old"


# ------------------------------------------------------------------ text lists


def test_text_export_and_import_round_trip():
    deck = DeckList(name="Mixed", chamber="AME177", cards={"evade": 3, "momo": 1,
                                                           "knuckle_sandwich": 2})
    text = export_text(deck, CATALOG)
    assert "chamber: Aang (AME177)" in text and "3 Evade" in text
    assert import_text(text, CATALOG) == deck


def test_import_takes_ids_names_and_counts_in_several_forms():
    text = """# a comment
chamber: Aang
3 knuckle_sandwich
1 Knuckle Sandwich   # adds up
2x Momo
1 katara_waterbender_in_training
4 OPEN-HAND FORM
"""
    deck = import_text(text, CATALOG)
    assert deck.chamber == "AME176"
    assert deck.cards == {"knuckle_sandwich": 4, "momo": 2, "katara": 1, "open_hand_form": 4}


@pytest.mark.parametrize("text, says", [
    ("chamber: Aang\n3 Knuckle Sandwich\nthree evade\n", "text: line 3: expected 'COUNT CARD'"),
    ("chamber: Aang\n2 Flying Pancake\n", "text: line 2: unknown card 'Flying Pancake'"),
    ("chamber: Nobody\n", "text: line 1: unknown chamber 'Nobody'"),
    ("3 evade\n", "text: no 'chamber: NAME' line"),
    ("chamber: Aang\n0 evade\n", "text: line 2: 0 copies"),
    ("chamber: Aang\nstarter: maybe\n", "text: line 2: starter is yes or no"),
])
def test_a_malformed_text_list_names_the_line_and_the_problem(text, says):
    with pytest.raises(DeckFileError) as err:
        import_text(text, CATALOG, "text")
    assert "\n" not in str(err.value) and says in str(err.value)


# ------------------------------------------------------------------ random starters

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
CHARACTERS = sorted({c.character for c in CATALOG.chambers.values() if c.character})


@settings(max_examples=depth(25, 400), deadline=None)
@given(SEEDS, st.sampled_from(CHARACTERS))
def test_a_random_starter_deck_is_dealt_as_the_starter_set(seed, character):
    chamber = CATALOG.find_chamber(character)
    deck = random_starter(CATALOG, chamber, seed)
    cards = [CATALOG.card(c) for c in CATALOG.deck_cards(deck)]
    assert len(cards) == 30  # R1.1
    rarities = [c.rarity for c in cards]
    assert (rarities.count("rare"), rarities.count("uncommon"), rarities.count("common")) == \
        (1, 8, 21)
    assert all(may_use(c, chamber) for c in cards)  # R13.2, R13.3
    assert max(deck.cards.values()) <= 2
    assert check_deck(deck, CATALOG, "x") == []
    assert random_starter(CATALOG, chamber, seed) == deck  # fixed by the seed


def test_different_seeds_deal_different_decks():
    chamber = CATALOG.find_chamber("aang")
    decks = {tuple(sorted(random_starter(CATALOG, chamber, s).cards.items()))
             for s in range(10)}
    assert len(decks) > 5


# ------------------------------------------------------------------ playing a deck


def test_a_deck_enters_the_game_whole_and_shuffled_by_the_seed():
    deck = legal_deck()
    ps = player_setup(deck, CATALOG, 7, "p1")
    assert ps.complete and sorted(ps.deck) == sorted(CATALOG.deck_cards(deck))
    assert ps.deck != CATALOG.deck_cards(deck)  # shuffled (R2.1)
    assert player_setup(deck, CATALOG, 7, "p1") == ps
    assert player_setup(deck, CATALOG, 8, "p1").deck != ps.deck
    again = reshuffled(ps, 8, "p1")
    assert sorted(again.deck) == sorted(ps.deck) and again.deck != ps.deck
    assert reshuffled(PlayerSetup(chamber="aang"), 8, "p1") == PlayerSetup(chamber="aang")


def test_a_deck_game_saves_the_decks_themselves(tmp_path: Path):
    """The save holds every card of both decks: it replays with no deck file."""
    deck = legal_deck()
    setup = GameSetup(catalog=default_catalog(), seed=3, p1=player_setup(deck, CATALOG, 3, "p1"),
                      p2=PlayerSetup(chamber="prince_zuko"))
    state, _ = new_game(setup)
    for _ in range(40):
        if state.phase == "over":
            break
        state, _ = apply(state, legal_actions(state)[0])
    path = save_game(state, tmp_path / "current.toml")
    text = path.read_text(encoding="utf-8")
    assert "complete = true" in text and text.count('"skewer"') == 4
    loaded, _ = load_game(path)
    assert loaded == state
