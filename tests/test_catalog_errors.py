"""Bad card data is reported as one clear line per problem, naming the file,
the card and the field (cards/README.md), and nothing is half loaded."""

from __future__ import annotations

from pathlib import Path

import pytest

from avatar_tui.cardlib.catalog import CardDataError, load_catalog

STRIKE = """
[[card]]
id = "{id}"
name = "Test Strike"
type = "strike"
cost = {{ green = 1 }}
intercept = 3
force = 2
"""

CHAMBER = """
[[signature]]
id = "test_move"
name = "Test Move"
intercept = 5
force = 5

[[card]]
id = "TST001"
name = "Tester"
type = "chamber"
character = "tester"
traits = ["fox", "spirit", "light", "air"]
front = "test_move"
back = "test_move"
"""


def write(directory: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = directory / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return directory


def problems_of(directory: Path) -> list[str]:
    with pytest.raises(CardDataError) as info:
        load_catalog(directory)
    return info.value.problems


def only_problem(tmp_path: Path, files: dict[str, str]) -> str:
    problems = problems_of(write(tmp_path, {"chambers.toml": CHAMBER, **files}))
    assert len(problems) == 1, problems
    assert "\n" not in problems[0]
    return problems[0]


def test_good_data_loads(tmp_path):
    write(tmp_path, {
        "chambers.toml": CHAMBER,
        "strikes.toml": STRIKE.format(id="test_strike"),
        "decks/tester.toml": 'name = "T"\nchamber = "tester"\n[cards]\ntest_strike = 2\n',
    })
    catalog = load_catalog(tmp_path)
    assert catalog.card("test_strike").intercept == 3
    assert catalog.deck_cards(catalog.decks["tester"]) == ["test_strike", "test_strike"]


def test_unknown_key(tmp_path):
    line = only_problem(tmp_path, {"strikes.toml": STRIKE.format(id="bad") + 'colour = "red"\n'})
    assert line == "strikes.toml: bad: colour: unknown key"


def test_bad_cost_colour(tmp_path):
    text = STRIKE.format(id="bad").replace("green = 1", "blue = 1")
    line = only_problem(tmp_path, {"strikes.toml": text})
    assert line == "strikes.toml: bad: cost.blue: unknown key"


def test_duplicate_id_across_files(tmp_path):
    line = only_problem(tmp_path, {
        "a.toml": STRIKE.format(id="twice"),
        "b.toml": STRIKE.format(id="twice"),
    })
    assert line == "b.toml: twice: id: duplicate id (also in a.toml)"


def test_trigger_the_card_type_cannot_have(tmp_path):
    text = STRIKE.format(id="bad") + (
        'triggers = [{ on = "flip_in_zone", effects = [{ effect = "charge" }] }]\n'
    )
    line = only_problem(tmp_path, {"strikes.toml": text})
    assert line.startswith("strikes.toml: bad: triggers.0.on: ")
    assert "a strike cannot have a 'flip_in_zone' trigger" in line


def test_unknown_effect(tmp_path):
    text = STRIKE.format(id="bad") + (
        'powers = [{ cost = { red = 1 }, effects = [{ effect = "explode" }] }]\n'
    )
    line = only_problem(tmp_path, {"strikes.toml": text})
    assert line.startswith("strikes.toml: bad: powers.0.effects.0.effect: unknown effect 'explode'")
    assert "'modify'" in line  # the choices are listed


def test_a_bad_key_inside_an_effect_is_named_by_its_path_in_the_file(tmp_path):
    text = STRIKE.format(id="bad") + (
        'powers = [{ cost = { red = 1 }, effects = [{ effect = "modify", forse = 2 }] }]\n'
    )
    line = only_problem(tmp_path, {"strikes.toml": text})
    assert line == "strikes.toml: bad: powers.0.effects.0.forse: unknown key"


def test_a_bad_inline_signature_move_is_named_by_its_path(tmp_path):
    text = CHAMBER.replace('front = "test_move"', 'front = { id = "m", name = "M", force = 1 }')
    problems = problems_of(write(tmp_path, {"chambers.toml": text}))
    assert problems == ["chambers.toml: TST001: front.intercept: missing (it is required)"]


def test_deck_naming_an_unknown_card(tmp_path):
    line = only_problem(tmp_path, {
        "strikes.toml": STRIKE.format(id="test_strike"),
        "decks/mine.toml": 'name = "Mine"\nchamber = "TST001"\n[cards]\nno_such_card = 2\n',
    })
    assert line == "decks/mine.toml: cards.no_such_card: unknown card id"


def test_every_problem_of_a_load_is_reported(tmp_path):
    write(tmp_path, {
        "chambers.toml": CHAMBER,
        "strikes.toml": STRIKE.format(id="one") + 'colour = "red"\n'
        + STRIKE.format(id="two").replace("green", "blue"),
    })
    assert problems_of(tmp_path) == [
        "strikes.toml: one: colour: unknown key",
        "strikes.toml: two: cost.blue: unknown key",
    ]


def test_unreadable_toml_names_the_file(tmp_path):
    line = only_problem(tmp_path, {"strikes.toml": "[[card]\nid = 1\n"})
    assert line.startswith("strikes.toml: ")


def test_a_deck_may_name_a_card_by_its_alias(tmp_path):
    ally = (
        '[[card]]\nid = "pal"\naliases = ["pal_a_good_friend"]\nname = "Pal, a good friend"\n'
        'type = "ally"\ntraits = ["light"]\n'
    )
    write(tmp_path, {
        "chambers.toml": CHAMBER,
        "allies.toml": ally,
        "decks/mine.toml": 'name = "M"\nchamber = "TST001"\n[cards]\npal_a_good_friend = 1\n',
    })
    catalog = load_catalog(tmp_path)
    assert catalog.deck_cards(catalog.decks["mine"]) == ["pal"]
