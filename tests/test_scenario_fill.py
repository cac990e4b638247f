"""`fill = { card, count }` in a scenario's player table (docs/notation.md):
deck filler by count, after the listed cards, checked like a listed card."""

from __future__ import annotations

from pathlib import Path

import pytest

from avatar_tui.engine import new_game
from avatar_tui.notation.scenario import ScenarioError, parse_scenario

MADE_UP = """
[[cards]]
id = "test_wall"
name = "Test Wall"
type = "strike"
force = 0
intercept = 9
"""


def scenario(p1_table: str) -> str:
    return f'seed = 3\n\n[p1]\nchamber = "aang"\n{p1_table}\n\n' \
           f'[p2]\nchamber = "prince_zuko"\n{MADE_UP}'


def test_fill_adds_copies_after_the_listed_cards():
    text = scenario('deck = ["skewer"]\ncomplete = true\nfill = { card = "test_wall", count = 29 }')
    sc = parse_scenario(text, Path("fill.toml"))
    assert sc.setup.p1.deck == ["skewer"] + ["test_wall"] * 29
    state, _ = new_game(sc.setup)
    p1 = state.players["p1"]
    dealt = len(p1.deck) + len(p1.discard) + sum(len(z.energy) for z in p1.zones.values())
    assert dealt == 30  # R2.2-R2.3: the whole 30-card list was dealt, nothing else added
    assert p1.zones["green"].energy[0] == "skewer"  # the listed card stays on top (R2.2)


def test_fill_alone_is_a_deck_and_keeps_the_starter_rest_when_not_complete():
    sc = parse_scenario(scenario('fill = { card = "test_wall", count = 3 }'), Path("f.toml"))
    assert sc.setup.p1.deck == ["test_wall"] * 3 and sc.setup.p1.complete is False


@pytest.mark.parametrize(("table", "problem"), [
    ('fill = { card = "no_such_card", count = 2 }', "p1.fill.card: unknown card 'no_such_card'"),
    ('fill = { card = "test_wall", count = 0 }', "p1.fill.count"),
    ('fill = { card = "test_wall", count = 100000 }', "p1.fill.count"),
    ('fill = { card = "test_wall", count = "9" }', "p1.fill.count"),
    ('fill = { card = "test_wall" }', "p1.fill.count"),
    ('fill = { card = "test_wall", count = 2, colour = "red" }', "p1.fill.colour"),
])
def test_a_bad_fill_is_one_line_naming_the_place(table, problem):
    with pytest.raises(ScenarioError) as err:
        parse_scenario(scenario(table), Path("bad.toml"))
    message = str(err.value)
    assert message.startswith("bad.toml: ") and problem in message and "\n" not in message
