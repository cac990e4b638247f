"""Games from booster packs (cardlib/formats.py, docs/formats.md): Rip 'Em
and Flip 'Em's chamber and deck made from the packs, the computer's own
choice of chamber, the format kept in a save so the game replays exactly
(docs/notation.md), and a save whose format does not add up refused in one
line."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from avatar_tui.bots.match import make_bot, play_game
from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.cardlib.formats import (
    RIP_N_FLIP,
    FormatError,
    computer_chamber,
    computer_setup,
    format_setup,
    open_pools,
    pulled_chambers,
    settings_for,
)
from avatar_tui.cardlib.packs import PackMaker, load_collation
from avatar_tui.engine import observation
from avatar_tui.notation.save import load_game, save_game, scenario_text
from avatar_tui.notation.scenario import ScenarioError


@cache
def maker() -> PackMaker:
    catalog = default_catalog()
    return PackMaker(catalog, load_collation(catalog))


def played(seed: int):
    """A Rip 'Em and Flip 'Em game to its end, both sides the heuristic."""
    setup = computer_setup(RIP_N_FLIP, default_catalog(), maker(), seed)
    bots = {"p1": make_bot("heuristic", seed * 2), "p2": make_bot("heuristic", seed * 2 + 1)}
    return play_game(setup, bots)[0]


def test_the_deck_is_every_deck_card_pulled_and_the_chamber_one_pulled():
    catalog = default_catalog()
    setup = computer_setup(RIP_N_FLIP, catalog, maker(), 11)
    assert setup.format is not None and setup.format.settings == {"packs": 4}
    for pid in ("p1", "p2"):
        pool = setup.format.packs[pid]
        side = getattr(setup, pid)
        assert len(pool) == 4 and all(len(pack) == 10 for pack in pool)
        assert side.chamber in pulled_chambers(catalog, pool)
        # traits ignored, no size limit: 9 deck cards a pack, the chambers set aside
        assert side.complete and len(side.deck) == 36
        assert Counter(side.deck) == Counter(c for pack in pool for c in pack
                                             if c not in catalog.chambers)


def test_one_seed_gives_the_same_packs_choices_and_decks():
    catalog = default_catalog()
    one = computer_setup(RIP_N_FLIP, catalog, maker(), 5)
    two = computer_setup(RIP_N_FLIP, catalog, maker(), 5)
    assert one.model_dump() == two.model_dump()
    assert one.model_dump() != computer_setup(RIP_N_FLIP, catalog, maker(), 6).model_dump()


def test_the_computer_takes_the_chamber_that_fits_most_of_its_cards():
    catalog = default_catalog()
    from avatar_tui.cardlib.legality import may_use

    for seed in range(1, 30):
        pool = open_pools(maker(), seed, 4)["p1"]
        cards = [catalog.card(c) for pack in pool for c in pack if c not in catalog.chambers]
        fits = {ch: sum(may_use(card, catalog.chambers[ch]) for card in cards)
                for ch in pulled_chambers(catalog, pool)}
        assert fits[computer_chamber(catalog, pool)] == max(fits.values())


def test_a_rip_n_flip_game_replays_exactly_from_its_save(tmp_path):
    state = played(7)
    assert state.phase == "over"
    path = save_game(state, tmp_path / "rip.toml")
    again, _ = load_game(path)
    assert again.model_dump() == state.model_dump()
    assert again.setup.format == state.setup.format
    # and its save says it again, word for word
    assert scenario_text(again) == path.read_text()


def test_an_observation_shows_the_format_but_no_one_s_packs():
    setup = computer_setup(RIP_N_FLIP, default_catalog(), maker(), 3)
    from avatar_tui.engine import new_game

    state, _ = new_game(setup)
    for pid in ("p1", "p2", None):
        seen = observation(state, pid).state.setup
        assert seen.format is not None and seen.format.name == "rip-n-flip"
        assert seen.format.packs == {}
    assert state.setup.format is not None and state.setup.format.packs  # the real one keeps them


def test_chosen_chambers_must_be_pulled():
    catalog = default_catalog()
    pools = open_pools(maker(), 4, 4)
    mine = pulled_chambers(catalog, pools["p1"])
    other = next(c for c in catalog.chambers if c not in mine)
    with pytest.raises(FormatError, match="p1.chamber: .* not one of the chambers p1 pulled"):
        format_setup(RIP_N_FLIP, catalog, 4, {"packs": 4}, pools,
                     {"p1": other, "p2": pulled_chambers(catalog, pools["p2"])[0]})


@pytest.mark.parametrize(("given", "words"), [
    ({"packs": 0}, "packs: 0 is not a whole number from 1 to 24"),
    ({"boxes": 1}, "boxes: rip-n-flip has no such setting"),
])
def test_settings_out_of_bounds_are_refused(given, words):
    with pytest.raises(FormatError, match=re.escape(words)):
        settings_for(RIP_N_FLIP, given)


@cache
def saved_text() -> str:
    return scenario_text(played(9))


def _edit(text: str, old: str, new: str, count: int = 1) -> str:
    assert old in text, old
    return text.replace(old, new, count)


def _chamber(text: str, pid: str) -> str:
    found = re.search(rf'\[{pid}\]\nchamber = "([^"]+)"', text)
    assert found
    return found.group(1)


def _not_pulled(text: str, pid: str) -> str:
    """A chamber `pid` did not pull, in a saved game's text."""
    pool = text.split(f"{pid} = [", 1)[1].split("]\n]", 1)[0]
    return next(c for c in sorted(default_catalog().chambers) if f'"{c}"' not in pool)


BAD = {
    "unknown format": (lambda t: _edit(t, 'name = "rip-n-flip"', 'name = "pack-wars"'),
                       "format.name: unknown format 'pack-wars' (known: rip-n-flip, sealed)"),
    "packs setting": (lambda t: _edit(t, "packs = 4", "packs = 0"),
                      "format.settings.packs: 0 is not a whole number from 1 to 24"),
    "packs a string": (lambda t: _edit(t, "packs = 4", 'packs = "4"'),
                       "format.settings.packs"),
    "fewer packs": (lambda t: _edit(t, "packs = 4", "packs = 5"),
                    "format.packs.p1: 4 packs, not the 5 the settings say"),
    "unknown card": (lambda t: _edit(t, "p1 = [\n    [\n        \"",
                                     "p1 = [\n    [\n        \"no_such_card\", \""),
                     "format.packs.p1[0]: unknown card 'no_such_card'"),
    "chamber not pulled": (lambda t: _edit(t, f'[p2]\nchamber = "{_chamber(t, "p2")}"',
                                           f'[p2]\nchamber = "{_not_pulled(t, "p2")}"'),
                           "p2.chamber: '{other}' is not one of the chambers p2 pulled"),
    "deck changed": (lambda t: _edit(t, 'deck = [\n    "', 'deck = [\n    "aang",\n    "'),
                     "p1.deck: not the deck rip-n-flip makes of p1's packs (not pulled: aang)"),
    "format without packs": (lambda t: t.split("\n[format.packs]")[0] + "\n[p1]"
                             + t.split("\n[p1]", 1)[1],
                             "format.packs.p1: missing: the packs p1 opened"),
}


@pytest.mark.parametrize("name", BAD)
def test_a_save_whose_format_does_not_add_up_is_refused_in_one_line(tmp_path, name):
    edit, words = BAD[name]
    path = tmp_path / "bad.toml"
    path.write_text(edit(saved_text()))
    with pytest.raises(ScenarioError) as err:
        load_game(path)
    said = str(err.value)
    assert "\n" not in said
    assert said.startswith(f"{path}: ")
    if "{other}" in words:
        words = words.format(other=_not_pulled(saved_text(), "p2"))
    assert words in said, said


def test_a_save_from_before_formats_loads_unchanged():
    # an old save has no [format]: the setup has none, and its text is the same
    old = Path(__file__).parent / "scenarios"
    some = sorted(old.rglob("*.toml"))[0]
    state, _ = load_game(some)
    assert state.setup.format is None
    assert "[format" not in scenario_text(state)


def test_a_rematch_keeps_the_packs_and_chambers_and_shuffles_the_decks_again():
    from avatar_tui.engine import new_game
    from avatar_tui.play.controller import GameController
    from avatar_tui.play.headless import Headless
    from avatar_tui.play.referee import Referee

    setup = computer_setup(RIP_N_FLIP, default_catalog(), maker(), 12)
    referee = Referee(GameController(), seed=1)
    front = Headless(referee)
    front.run(referee.play(*new_game(setup)))
    front.run(referee.rematch())
    again = referee.session.state.setup
    assert again.seed == 13 and again.format == setup.format
    for pid in ("p1", "p2"):
        before, after = getattr(setup, pid), getattr(again, pid)
        assert after.chamber == before.chamber
        assert Counter(after.deck) == Counter(before.deck) and after.deck != before.deck
