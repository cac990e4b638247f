"""`avatar_tui.notation.save`: a game written as a scenario file reads back
to the identical state, and is written atomically."""

from __future__ import annotations

import os
import random

import pytest
from pydantic import TypeAdapter

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.engine import apply, legal_actions, new_game
from avatar_tui.model.cards import AnyCard
from avatar_tui.model.state import GameSetup, PlayerSetup
from avatar_tui.notation.save import load_game, save_game, scenario_text
from avatar_tui.notation.scenario import ScenarioError, load_scenario


def default_setup(seed: int) -> GameSetup:
    return GameSetup(catalog=default_catalog(), seed=seed, p1=PlayerSetup(chamber="aang"),
                     p2=PlayerSetup(chamber="prince_zuko"))

INLINE = TypeAdapter(list[AnyCard]).validate_python([
    {"id": "test_wall", "name": "Test \"Wall\" \\ ü", "type": "strike", "cost": {"green": 1},
     "force": 1, "intercept": 9, "text": "line one\nline two"},
    {"id": "test_boon", "name": "Test Boon", "type": "advantage", "cost": {"yellow": 1},
     "immediate": True},
    {"id": "test_friend", "name": "Test Friend", "type": "ally", "reflip": {"red": 1}},
    {"id": "test_chamber", "name": "Test Chamber", "type": "chamber",
     "traits": ["fox", "spirit", "light", "air"],
     "front": {"id": "test_front", "name": "Test Front", "cost": {"green": 1}, "force": 7,
               "intercept": 5},
     "back": {"id": "test_back", "name": "Test Back", "force": 9, "intercept": 9}},
])


def random_game(setup: GameSetup, seed: int, stop_at: int | None = None):
    state, _ = new_game(setup)
    rnd = random.Random(seed)
    while state.phase != "over" and (stop_at is None or len(state.history) < stop_at):
        state, _ = apply(state, rnd.choice(legal_actions(state)))
    return state


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_saved_game_reads_back_identical(tmp_path, seed):
    state = random_game(default_setup(seed), seed, stop_at=20 + 7 * seed)
    path = save_game(state, tmp_path / "game.toml")
    back, events = load_game(path)
    assert back.model_dump_json() == state.model_dump_json()
    assert events  # the replay narrates the game again


def test_a_finished_game_reads_back_identical(tmp_path):
    state = random_game(default_setup(9), 9)
    assert state.phase == "over"
    back, _ = load_game(save_game(state, tmp_path / "game.toml"))
    assert back.model_dump_json() == state.model_dump_json()


def test_inline_cards_and_odd_strings_are_written_back(tmp_path):
    setup = GameSetup(catalog=default_catalog(),
        seed=4,
        p1=PlayerSetup(chamber="test_chamber",
                       deck=["test_wall"] * 9 + ["test_boon", "test_friend"] * 10, complete=True),
        p2=PlayerSetup(chamber="prince_zuko", deck=["test_wall", "flare"]),
        cards=INLINE,
    )
    state = random_game(setup, 4, stop_at=30)
    path = save_game(state, tmp_path / "inline.toml")
    scenario = load_scenario(path)
    assert scenario.setup == setup
    back, _ = load_game(path)
    assert back.model_dump_json() == state.model_dump_json()


def test_the_text_is_a_scenario_with_one_action_per_line():
    state = random_game(default_setup(2), 2, stop_at=6)
    text = scenario_text(state)
    lines = text.splitlines()
    start = lines.index('actions = """')
    assert lines[start + 1:start + 7] == [str(h.action) for h in state.history]
    assert "[p1]" in lines and "[p2]" in lines


def test_saving_replaces_the_file_atomically(tmp_path, monkeypatch):
    path = tmp_path / "game.toml"
    first = random_game(default_setup(3), 3, stop_at=5)
    save_game(first, path)
    before = path.read_text()

    def broken_fsync(fd):
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        save_game(random_game(default_setup(3), 3, stop_at=9), path)
    assert path.read_text() == before  # the old save is untouched
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.toml"]  # no temp file left


def test_an_unreadable_save_is_a_scenario_error(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text('title = "x"\nactions = """\np1: fly\n"""\n[p1]\nchamber="aang"\n'
                    '[p2]\nchamber="prince_zuko"\n')
    with pytest.raises(ScenarioError, match="unknown verb"):
        load_game(path)


def test_an_action_the_engine_refuses_is_a_scenario_error(tmp_path):
    path = tmp_path / "refused.toml"
    path.write_text('actions = """\np2: flip\n"""\n[p1]\nchamber="aang"\n'
                    '[p2]\nchamber="prince_zuko"\n')
    with pytest.raises(ScenarioError, match="refused"):
        load_game(path)
