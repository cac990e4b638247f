"""Every TOML file the project writes goes through tomli-w
(avatar_tui/notation/toml_out.py): text a player or a file could hold —
quotes, backslashes, control characters, C1 controls, bidirectional
overrides, newlines — is written so that it reads back the same, and no
character a terminal acts on is left raw in the file (`deck import` prints
a deck file, anyone may `cat` a save)."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest
from pydantic import TypeAdapter

from avatar_tui.cardlib.catalog import DeckList, default_catalog
from avatar_tui.decklib.library import DeckStore, deck_toml, parse_deck_toml
from avatar_tui.engine import apply, legal_actions, new_game
from avatar_tui.io import terminal_text
from avatar_tui.model.cards import AnyCard
from avatar_tui.model.state import GameSetup, PlayerSetup
from avatar_tui.notation.save import replay_scenario, save_game, scenario_text
from avatar_tui.notation.scenario import load_scenario, parse_scenario
from avatar_tui.notation.toml_out import toml_text

# one of each kind of trouble: TOML's own quoting, C0 (NUL, ESC, DEL), C1
# (NEL, CSI), the bidi override and isolate, the line and paragraph
# separators, tab, CR LF and LF, a trailing backslash, non-ASCII text
HOSTILE = ('say "hi" """ \\n \\u0041 \x00\x1b[2J\x7f \x85\x9b2J \u202eevil\u2066 '
           '\u2028\u2029 tab\there\r\nline two\nü 火 \\')


def raw_controls(text: str) -> list[str]:
    """The characters a terminal would act on, but the newlines ending lines."""
    return sorted({hex(ord(ch)) for ch in text if ch != "\n" and terminal_text.is_control(ch)})


def test_the_hostile_text_holds_every_kind_of_trouble():
    # else the tests below would prove less than they say
    assert {"\x00", "\x1b", "\x7f", "\x85", "\x9b", "\u202e", "\u2066", "\t", "\r"} <= set(HOSTILE)
    assert len(raw_controls(HOSTILE)) >= 10


HOSTILE_CARDS = TypeAdapter(list[AnyCard]).validate_python([
    {"id": "test_wall", "name": HOSTILE, "type": "strike", "cost": {"green": 1},
     "force": 1, "intercept": 9, "text": HOSTILE},
    {"id": "test_chamber", "name": "Test Chamber", "type": "chamber", "traits": ["fox"],
     "front": {"id": "test_front", "name": HOSTILE, "cost": {"green": 1}, "force": 7,
               "intercept": 5},
     "back": {"id": "test_back", "name": "Test Back", "force": 9, "intercept": 9}},
])


def hostile_game():
    setup = GameSetup(catalog=default_catalog(),
        seed=5,
        p1=PlayerSetup(chamber="test_chamber", deck=["test_wall"] * 30, complete=True),
        p2=PlayerSetup(chamber="prince_zuko", deck=["test_wall", "flare"]),
        cards=HOSTILE_CARDS,
    )
    state, _ = new_game(setup)
    rnd = random.Random(5)
    while state.phase != "over" and len(state.history) < 12:
        state, _ = apply(state, rnd.choice(legal_actions(state)))
    return state


def test_a_save_with_hostile_text_reads_back_the_same(tmp_path):
    state = hostile_game()
    path = save_game(state, tmp_path / "hostile.toml", title=HOSTILE,
                     computer={"p2": "heuristic"})
    text = path.read_text(encoding="utf-8")
    assert raw_controls(text) == []
    scenario = load_scenario(path)
    assert scenario.title == HOSTILE
    assert scenario.computer == {"p2": "heuristic"}
    assert scenario.setup == state.setup
    assert scenario.setup.cards[0].name == HOSTILE and scenario.setup.cards[0].text == HOSTILE
    back, _ = replay_scenario(scenario)
    assert back.model_dump_json() == state.model_dump_json()


def test_the_save_keeps_its_layout():
    state = hostile_game()
    lines = scenario_text(state, computer={"p2": "random"}).splitlines()
    assert lines[0].startswith("# A game of avatar-tui")
    keys = [line.split(" =")[0] for line in lines if " = " in line and not line[0].isspace()]
    assert keys[:3] == ["title", "seed", "actions"]
    start = lines.index('actions = """')
    assert lines[start + 1:start + 13] == [str(h.action) for h in state.history]
    assert lines[start + 13] == '"""'
    headers = [line for line in lines if line.startswith("[")]
    assert headers[:3] == ["[computer]", "[p1]", "[p2]"]
    assert headers.count("[[cards]]") == 2
    assert 'p2 = "random"' in lines


def test_an_empty_game_and_a_fresh_scenario_read_back():
    state, _ = new_game(GameSetup(catalog=default_catalog(), seed=3, p1=PlayerSetup(chamber="aang"),
                                  p2=PlayerSetup(chamber="prince_zuko")))
    text = scenario_text(state)
    back = parse_scenario(text, Path("empty.toml"))
    assert back.lines == [] and back.setup == state.setup and back.computer == {}
    assert "[computer]" not in text and "[[cards]]" not in text


def test_a_deck_with_a_hostile_name_reads_back_the_same(tmp_path):
    deck = DeckList(name=HOSTILE, chamber="AME176", starter=True,
                    cards={"evade": 2, "flare": 1})
    text = deck_toml(deck)
    assert raw_controls(text) == []
    assert parse_deck_toml(text, "x") == deck
    store = DeckStore(tmp_path)
    store.save("fox", deck)
    assert store.load("fox") == deck
    assert raw_controls(store.path("fox").read_text(encoding="utf-8")) == []


def test_the_deck_being_edited_keeps_its_name_line(tmp_path):
    store = DeckStore(tmp_path)
    deck = DeckList(name=HOSTILE, chamber="AME176", cards={"evade": 2})
    store.save("fox", deck)
    store.keep_editing(deck, "fox")
    assert store.editing() == (deck, "fox")
    store.keep_editing(deck, "not\na name")  # never a second line in the comment
    assert store.editing_path.read_text(encoding="utf-8").startswith("# \n")
    assert store.editing() == (deck, None)


def test_the_theme_setting_reads_back_the_same(tmp_path):
    from avatar_tui.store.storage import SaveStore

    store = SaveStore(tmp_path)
    store.save_theme(HOSTILE)
    assert raw_controls(store.settings.read_text(encoding="utf-8")) == []
    assert store.load_theme() == HOSTILE


@pytest.mark.parametrize("value", [HOSTILE, "", "plain", "\u202e", "\x85", "\t"])
def test_toml_text_escapes_and_reads_back(value):
    for multiline in (False, True):
        text = toml_text({"a": value, HOSTILE: [value], "t": {"b": value}},
                         multiline_strings=multiline)
        assert raw_controls(text) == []
        back = tomllib.loads(text)
        # a multi-line string keeps lines, not line endings: CR LF comes back as LF
        expected = value.replace("\r\n", "\n") if multiline else value
        assert back == {"a": expected, HOSTILE: [expected], "t": {"b": expected}}


def test_toml_text_leaves_out_what_toml_cannot_hold():
    assert tomllib.loads(toml_text({"a": None, "b": {"c": None, "d": 1}})) == {"b": {"d": 1}}
