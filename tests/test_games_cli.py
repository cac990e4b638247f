"""`avatar-tui games`: the kept games as a table, newest first, with the
current unfinished game above it; `games delete NAME` deletes one and
refuses an unknown or bad name in one line (exit 2)."""

from __future__ import annotations

import os
from datetime import datetime

import pytest
from test_lazy_imports import modules_after, top
from test_savedgames import DAY, finished, game

from avatar_tui.cli import main
from avatar_tui.notation.save import save_game
from avatar_tui.store.savedgames import SavedGames


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def test_no_kept_games_says_so(data, capsys):
    assert main(["games"]) == 0
    assert capsys.readouterr().out == f"No kept games yet (in {data / 'games'}).\n"


def test_the_list_shows_each_game_newest_first(data, capsys):
    games = SavedGames(data)
    old = games.keep_state(game(seed=1, steps=4), computer={"p2": "expert"}, day=DAY)
    end = finished(seed=2)
    done = games.keep_state(end, day=DAY)
    os.utime(games.path(old), (1_800_000_000, 1_800_000_000))
    os.utime(games.path(done), (1_900_000_000, 1_900_000_000))
    games.folder.joinpath("torn.toml").write_text("seed = [[[", "utf-8")
    os.utime(games.path("torn"), (1_700_000_000, 1_700_000_000))
    assert main(["games"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["NAME", "GAME", "PLAYERS", "SCORE", "LAST", "PLAYED"]
    assert [line.split()[0] for line in lines[1:4]] == [done, old, "torn"]
    score = f"{end.players['p1'].score}-{end.players['p2'].score}"
    assert lines[1].split()[1:6] == ["finished", "Aang", "v", "Prince", "Zuko"]
    played = datetime.fromtimestamp(1_900_000_000).strftime("%Y-%m-%d %H:%M")
    assert lines[1].endswith(f"{score}    {played}")  # its file's date, in local time
    assert "unfinished" in lines[2] and "(computer p2, expert)" in lines[2]
    assert lines[3].split()[1] == "unreadable" and "torn.toml" in lines[3]
    assert "play --resume NAME" in lines[-1]
    # the columns line up
    assert lines[1].index("finished") == lines[2].index("unfinished") == lines[0].index("GAME")


def test_the_current_unfinished_game_comes_first(data, capsys):
    SavedGames(data).keep_state(game(seed=3), day=DAY)
    save_game(game(seed=4, steps=8), data / "current.toml")
    assert main(["games"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("The current game (avatar-tui play --resume): Aang v Prince Zuko")


def test_delete_removes_one_game(data, capsys):
    games = SavedGames(data)
    keep = games.keep_state(game(seed=1), day=DAY)
    gone = games.keep_state(game(seed=2), day=DAY)
    assert main(["games", "delete", gone]) == 0
    assert capsys.readouterr().out == f"Deleted the kept game {gone}.\n"
    assert games.names() == [keep]


@pytest.mark.parametrize("name, words", [("nobody", "no kept game is called 'nobody'"),
                                         ("../current", "path separator"),
                                         ("x" * 65, "at most 64")])
def test_delete_refuses_an_unknown_or_bad_name_in_one_line(data, capsys, name, words):
    SavedGames(data).keep_state(game(), day=DAY)
    (data / "current.toml").write_text("the current game", "utf-8")
    assert main(["games", "delete", name]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("avatar-tui games: ") and words in err[0]
    assert len(SavedGames(data).names()) == 1 and (data / "current.toml").exists()


def test_games_loads_no_textual(tmp_path, data):
    assert "textual" not in top(modules_after(tmp_path, "games"))
    help_only = modules_after(tmp_path, "games", "--help")
    assert not {"textual", "pydantic"} & top(help_only)


def test_a_name_from_the_file_reaches_the_terminal_escaped(data, capsys):
    """An inline chamber's name is the file's: an escape in it (a screen
    clear) or a right-to-left override shows escaped in the list."""
    (data / "games").mkdir(parents=True)
    (data / "games" / "odd.toml").write_text(r'''title = "odd"
seed = 3

[p1]
chamber = "odd_chamber"
complete = true
deck = ["skewer", "skewer", "skewer", "skewer", "skewer", "skewer", "skewer", "skewer",
        "skewer", "skewer", "skewer", "skewer", "skewer", "skewer"]

[p2]
chamber = "prince_zuko"

[[cards]]
id = "odd_chamber"
name = "Odd\u001b[2J\u202eknil"
type = "chamber"
traits = ["air"]
front = { id = "odd_front", name = "front", force = 1, intercept = 1 }
back = { id = "odd_back", name = "back", force = 1, intercept = 1 }
''', "utf-8")
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out, out
    assert "Odd\\x1b[2J\\u202eknil v Prince Zuko" in out
