"""The kept games of a data directory (avatar_tui/store/savedgames.py): names
generated, unique and readable; names given by a person checked before
they touch a path; listing newest first with what each game is; keeping,
handing back and deleting."""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path

import pytest

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.engine import apply, legal_actions, new_game
from avatar_tui.io.names import NAME_LIMIT
from avatar_tui.model.state import GameSetup, PlayerSetup
from avatar_tui.notation.save import load_game, save_game
from avatar_tui.notation.scenario import ScenarioError
from avatar_tui.store.savedgames import (
    GameNameError,
    SavedGames,
    UnknownGame,
    check_name,
    name_problem,
)

DAY = date(2026, 11, 27)


def game(seed: int = 1, steps: int = 6, p1: str = "aang", p2: str = "prince_zuko"):
    state, _ = new_game(GameSetup(catalog=default_catalog(), seed=seed, p1=PlayerSetup(chamber=p1),
                                  p2=PlayerSetup(chamber=p2)))
    for _ in range(steps):
        state, _ = apply(state, legal_actions(state)[0])
    return state


def finished(seed: int = 1):
    state = game(seed, 0)
    while state.phase != "over":
        state, _ = apply(state, legal_actions(state)[0])
    return state


@pytest.fixture
def games(tmp_path) -> SavedGames:
    return SavedGames(tmp_path / "data")


def test_names_are_the_day_and_the_characters_then_numbered(games):
    state = game()
    first = games.keep_state(state, day=DAY)
    assert first == "2026-11-27-aang-v-prince-zuko"
    second = games.keep_state(game(seed=2), day=DAY)
    third = games.keep_state(game(seed=3), day=DAY)
    assert (second, third) == (f"{first}-2", f"{first}-3")
    other = games.keep_state(game(p1="katara", p2="jojo"), day=DAY)
    assert other.startswith("2026-11-27-katara-v-")
    assert all(name_problem(n) is None for n in games.names())


def test_a_game_kept_already_word_for_word_is_not_written_twice(games):
    state = game()
    assert games.keep_state(state, day=DAY) == games.keep_state(state, day=DAY)
    assert len(games.names()) == 1


def test_a_kept_file_moves_in_with_its_date(games, tmp_path):
    state = game()
    save = save_game(state, tmp_path / "current.toml")
    os.utime(save, (1_700_000_000, 1_700_000_000))  # 2023-11-14
    name = games.keep_file(save, state)
    assert name.startswith("2023-11-1") and not save.exists()
    assert load_game(games.path(name))[0] == state


@pytest.mark.parametrize("name, words", [
    ("", "empty"),
    ("a/b", "path separator"),
    ("..\\up", "path separator"),
    ("../../etc/passwd", "path separator"),
    ("x" * (NAME_LIMIT + 1), f"at most {NAME_LIMIT}"),
    (".hidden", "starting with a letter or digit"),
    ("-rf", "starting with a letter or digit"),
    ("two words", "letters, digits"),
    ("tab\there", "letters, digits"),
])
def test_a_bad_name_is_refused_before_it_touches_a_path(games, name, words):
    assert words in name_problem(name)
    with pytest.raises(GameNameError, match="name") as err:
        games.path(name)
    assert "\n" not in str(err.value)
    with pytest.raises(GameNameError):
        games.keep_state(game(), name=name)


def test_a_good_name_and_the_file_name_both_work(games):
    assert check_name("my-game_2.final") == "my-game_2.final"
    assert check_name("2026-11-27-aang-v-prince-zuko.toml") == "2026-11-27-aang-v-prince-zuko"
    assert check_name("x" * NAME_LIMIT) == "x" * NAME_LIMIT
    name = games.keep_state(game(), name="Sunday")
    assert name == "Sunday" and games.find("Sunday.toml") == games.folder / "Sunday.toml"
    with pytest.raises(GameNameError, match="has that name already"):
        games.keep_state(game(seed=2), name="Sunday")


def test_the_list_is_newest_first_and_says_what_each_game_is(games):
    old = games.keep_state(game(seed=1, steps=4), day=DAY, computer={"p2": "heuristic"})
    end = finished(seed=2)
    done = games.keep_state(end, day=DAY)
    os.utime(games.path(old), (1_800_000_000, 1_800_000_000))
    os.utime(games.path(done), (1_900_000_000, 1_900_000_000))
    listed = games.games()
    assert [g.name for g in listed] == [done, old]
    last, first = listed
    assert first.status == "unfinished" and first.characters == ("Aang", "Prince Zuko")
    assert first.players == "Aang v Prince Zuko (computer p2, heuristic)"
    assert last.status == "finished" and last.winner == end.winner
    assert last.points == f"{end.players['p1'].score}-{end.players['p2'].score}"
    os.utime(games.path(old), (2_000_000_000, 2_000_000_000))  # played again later
    assert [g.name for g in games.games()] == [old, done]


def test_an_unreadable_kept_file_is_listed_with_its_problem(games):
    games.folder.mkdir(parents=True)
    (games.folder / "torn.toml").write_text("seed = [[[", "utf-8")
    (games.folder / ".a-temporary-file.toml.tmp").write_text("x", "utf-8")
    (games.folder / "notes.txt").write_text("x", "utf-8")
    [torn] = games.games()
    assert torn.name == "torn" and torn.status == "unreadable"
    assert "torn.toml" in torn.problem and "\n" not in torn.problem
    with pytest.raises(ScenarioError):
        games.load("torn")


def test_load_take_and_delete(games, tmp_path):
    state = game()
    name = games.keep_state(state, computer={"p2": "random"}, day=DAY)
    loaded, events, computer = games.load(name)
    assert loaded == state and events and computer == {"p2": "random"}
    target = tmp_path / "data" / "current.toml"
    games.take(name, target)
    assert load_game(target)[0] == state and games.names() == []
    again = games.keep_state(state, day=DAY)
    games.delete(again)
    assert games.names() == []
    for missing in (games.delete, games.load):
        with pytest.raises(UnknownGame, match="no kept game is called 'gone'"):
            missing("gone")


def test_a_kept_game_is_an_ordinary_scenario_file(games):
    state = game()
    name = games.keep_state(state, day=DAY)
    text = Path(games.path(name)).read_text("utf-8")
    assert "seed = 1" in text and 'actions = """' in text
    assert load_game(games.path(name))[0] == state
