"""Sealed Deck played (docs/formats.md): the format in FORMATS, the
computer's decks from decklib's deck-builder, a built deck checked in a
save as a sealed deck list of its pool (R13.2, R13.3, the deck minimum),
and a pool that cannot build opening more packs from the same seed."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from avatar_tui.bots.match import format_setup_for, make_bot, play_game
from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.cardlib.formats import (
    SEALED,
    FormatError,
    check_format,
    fits,
    open_format_packs,
    open_packs,
    pack_maker,
    pool_of,
    pulled_chambers,
    settings_for,
)
from avatar_tui.cardlib.legality import may_use
from avatar_tui.notation.save import load_game, save_game, scenario_text
from avatar_tui.notation.scenario import ScenarioError


def played(seed: int):
    """A Sealed Deck game to its end, both sides the heuristic."""
    setup = format_setup_for(seed, "sealed")
    bots = {"p1": make_bot("heuristic", seed * 2), "p2": make_bot("heuristic", seed * 2 + 1)}
    return play_game(setup, bots)[0]


def test_the_computer_builds_a_legal_sealed_deck_of_its_own_packs():
    catalog = default_catalog()
    setup = format_setup_for(5, "sealed")
    assert setup.format is not None and setup.format.name == "sealed"
    for pid, side in (("p1", setup.p1), ("p2", setup.p2)):
        pool = setup.format.packs[pid]
        assert side.chamber in pulled_chambers(catalog, pool)
        assert len(side.deck) == 30  # the deck-builder's deck: exactly the minimum
        chamber = catalog.chambers[side.chamber]
        assert all(may_use(catalog.card(card), chamber) for card in side.deck)  # R13.2, R13.3
        pulled = Counter(card for pack in pool for card in pack)
        assert not Counter(side.deck) - pulled  # no card more often than pulled
    assert check_format(setup.format, {"p1": setup.p1, "p2": setup.p2}, catalog) is None


def test_a_sealed_game_replays_exactly_from_its_save(tmp_path):
    state = played(11)
    assert state.phase == "over"
    path = save_game(state, tmp_path / "sealed.toml")
    again, _ = load_game(path)
    assert again.model_dump() == state.model_dump()
    assert again.setup.format == state.setup.format
    assert scenario_text(again) == path.read_text()


def _deck_of(text: str, pid: str) -> list[str]:
    block = text.split(f"\n[{pid}]\n", 1)[1].split("deck = [\n", 1)[1].split("\n]", 1)[0]
    return re.findall(r'"([^"]+)"', block)


def _with_deck(text: str, pid: str, deck: list[str]) -> str:
    head, rest = text.split(f"\n[{pid}]\n", 1)
    before, after = rest.split("deck = [\n", 1)
    after = after.split("\n]", 1)[1]
    listed = "".join(f'    "{card}",\n' for card in deck)
    return f"{head}\n[{pid}]\n{before}deck = [\n{listed.rstrip(chr(10))}\n]{after}"


def _chamber(text: str, pid: str) -> str:
    found = re.search(rf'\n\[{pid}\]\nchamber = "([^"]+)"', text)
    assert found
    return found.group(1)


def _pool(text: str, pid: str) -> list[str]:
    block = text.split(f"\n{pid} = [\n", 1)[1].split("\n]\n", 1)[0]
    return re.findall(r'"([^"]+)"', block)


def not_in_pool(text: str) -> tuple[list[str], str]:
    catalog = default_catalog()
    pulled = set(_pool(text, "p1"))
    chamber = catalog.chambers[_chamber(text, "p1")]
    card = next(c for c in sorted(catalog.cards) if c not in pulled
                and may_use(catalog.card(c), chamber))
    return [card, *_deck_of(text, "p1")], \
        f"p1.deck: cards.{card}: 1 copies, the pool does not hold it (sealed)"


def under_minimum(text: str) -> tuple[list[str], str]:
    return _deck_of(text, "p1")[1:], "p1.deck: cards: 29 cards, at least 30 needed " \
        "(sealed deck minimum)"


def trait_broken(text: str) -> tuple[list[str], str]:
    catalog = default_catalog()
    chamber = catalog.chambers[_chamber(text, "p1")]
    card = next(c for c in _pool(text, "p1") if c not in catalog.chambers
                and not may_use(catalog.card(c), chamber))
    return [card, *_deck_of(text, "p1")[1:]], f"p1.deck: cards.{card}: "


@pytest.mark.parametrize("bad", [not_in_pool, under_minimum, trait_broken])
def test_a_bad_sealed_deck_in_a_save_is_refused_in_one_line(tmp_path, bad):
    text = scenario_text(played(4))
    deck, words = bad(text)
    path = tmp_path / "bad.toml"
    path.write_text(_with_deck(text, "p1", deck))
    with pytest.raises(ScenarioError) as err:
        load_game(path)
    said = str(err.value)
    assert "\n" not in said
    assert said.startswith(f"{path}: ")
    assert words in said, said
    if bad is trait_broken:
        assert "(R13.2)" in said or "(R13.3)" in said


def test_a_sealed_save_with_more_packs_than_the_extra_allow_is_refused(tmp_path):
    text = scenario_text(played(4))
    path = tmp_path / "bad.toml"
    path.write_text(text.replace("packs = 8\n", "packs = 2\n", 1))
    with pytest.raises(ScenarioError) as err:
        load_game(path)
    assert "format.packs.p1: 8 packs, not the 2 to 6 the settings say" in str(err.value)


def test_a_pool_that_cannot_build_opens_more_packs_after_both_sides_packs():
    catalog = default_catalog()
    maker = pack_maker(catalog)
    # one pack can never hold 30 cards: each side opens every extra pack it may
    settings = settings_for(SEALED, {"packs": 1, "minimum": 9, "extra_packs": 4})
    short = next(seed for seed in range(1, 200)
                 if not SEALED.can_build(catalog, pool_of(open_packs(maker, seed, 1)["p1"]),
                                         settings))  # type: ignore[misc]
    packs = open_format_packs(SEALED, catalog, maker, short, settings)
    first = open_packs(maker, short, 1)
    assert packs["p1"][:1] == first["p1"] and packs["p2"][:1] == first["p2"]
    # p1's extra packs come from the same generator, after both sides' packs
    drawn = maker.packs(short, 2 + len(packs["p1"]) - 1)
    assert packs["p1"][1:] == drawn[2:]
    assert open_format_packs(SEALED, catalog, maker, short, settings) == packs  # the seed fixes it
    assert SEALED.can_build(catalog, pool_of(packs["p1"]), settings)  # type: ignore[misc]


def test_settings_no_pool_can_meet_are_one_line():
    catalog = default_catalog()
    settings = settings_for(SEALED, {"packs": 1, "minimum": 60, "extra_packs": 0})
    with pytest.raises(FormatError, match=r"^seed 1: p1's 1 packs cannot build a Sealed Deck"):
        open_format_packs(SEALED, catalog, pack_maker(catalog), 1, settings)


def test_fits_counts_the_pulled_cards_a_chamber_may_use():
    catalog = default_catalog()
    pool = pool_of(open_packs(pack_maker(catalog), 3, 8)["p1"])
    for chamber in pulled_chambers(catalog, pool):
        head = catalog.chambers[chamber]
        want = sum(1 for pack in pool for card in pack if card not in catalog.chambers
                   and may_use(catalog.card(card), head))
        assert fits(catalog, pool, chamber) == want


def test_simulate_format_sealed_json(capsys):
    from avatar_tui.cli import main

    main(["simulate", "--format", "sealed", "--games", "2", "--json", "--seed", "3"])
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and out["format"] == "sealed"
    assert out["settings"] == {"packs": 8, "minimum": 30, "extra_packs": 4}
    assert out["p1"]["wins"] + out["p2"]["wins"] == 2
    assert [g["seed"] for g in out["characters"]] == [3, 4]
    setup = format_setup_for(3, "sealed")
    catalog = default_catalog()
    assert out["characters"][0]["p1"] == catalog.chambers[setup.p1.chamber].character


def test_a_sealed_rematch_keeps_the_built_decks_and_saves_as_a_good_sealed_game(tmp_path):
    from avatar_tui.engine import new_game
    from avatar_tui.play.controller import GameController
    from avatar_tui.play.headless import Headless
    from avatar_tui.play.referee import Referee

    setup = format_setup_for(12, "sealed")
    referee = Referee(GameController(), seed=1)
    front = Headless(referee)
    front.run(referee.play(*new_game(setup)))
    front.run(referee.rematch())
    state = referee.session.state
    again = state.setup
    assert again.seed == 13 and again.format == setup.format
    for pid in ("p1", "p2"):
        before, after = getattr(setup, pid), getattr(again, pid)
        assert after.chamber == before.chamber
        assert Counter(after.deck) == Counter(before.deck)
    path = save_game(state, tmp_path / "rematch.toml")
    assert load_game(path)[0].setup == again  # its check still holds the decks to the pools
