"""`avatar-tui simulate`: the table, the JSON, and results that do not
depend on the number of processes."""

from __future__ import annotations

import json

import pytest

from avatar_tui.bots.wilson import wilson
from avatar_tui.cli import main

TIMING = {"elapsed_s", "games_per_s", "jobs"}


def run_json(capsys, *args: str) -> dict:
    assert main(["simulate", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_table_shows_wins_intervals_points_turns_actions_and_speed(capsys):
    code = main(["simulate", "--games", "12", "--p1", "aang", "--p2", "prince_zuko",
                 "--bot", "heuristic", "--seed", "3"])
    out = capsys.readouterr().out
    assert code == 0
    for text in ("12 games", "seeds 3–14", "p1", "p2", "aang", "prince_zuko", "heuristic",
                 "win rate (95% CI)", "avg points", "turns", "actions", "games/s"):
        assert text in out, text


def test_json_fields(capsys):
    data = run_json(capsys, "--games", "10", "--seed", "5", "--bot", "heuristic,random")
    assert set(data) == {"games", "seed", "jobs", "p1", "p2", "unfinished", "avg_turns",
                         "avg_actions", "elapsed_s", "games_per_s"}
    assert data["games"] == 10 and data["seed"] == 5 and data["unfinished"] == 0
    assert data["p1"]["bot"] == "heuristic" and data["p2"]["bot"] == "random"
    assert data["p1"]["wins"] + data["p2"]["wins"] == 10
    for pid in ("p1", "p2"):
        side = data[pid]
        assert set(side) == {"character", "bot", "wins", "win_rate", "ci95", "avg_points"}
        low, high = side["ci95"]
        assert 0 <= low <= side["win_rate"] <= high <= 1
        assert 0 <= side["avg_points"] <= 3
    assert data["avg_turns"] > 0 and data["avg_actions"] >= data["avg_turns"]
    assert data["games_per_s"] > 0


def test_two_jobs_give_the_same_results_as_one(capsys):
    args = ("--games", "16", "--seed", "100", "--bot", "random,heuristic")
    one = run_json(capsys, *args, "--jobs", "1")
    two = run_json(capsys, *args, "--jobs", "2")
    assert two["jobs"] == 2
    assert {k: v for k, v in one.items() if k not in TIMING} == \
        {k: v for k, v in two.items() if k not in TIMING}


def test_each_side_may_have_its_own_bot(capsys):
    data = run_json(capsys, "--games", "2", "--bot1", "random", "--bot2", "heuristic",
                    "--p1", "prince_zuko", "--p2", "prince_zuko")
    assert (data["p1"]["bot"], data["p2"]["bot"]) == ("random", "heuristic")
    assert data["p1"]["character"] == data["p2"]["character"] == "prince_zuko"


@pytest.mark.parametrize("args", [["--bot", "clever"], ["--bot", "random,random,random"]])
def test_a_bad_bot_is_refused(capsys, args):
    assert main(["simulate", "--games", "1", *args]) == 2
    assert "avatar-tui simulate:" in capsys.readouterr().err


@pytest.mark.parametrize("args", [["--p1", "nobody"], ["--games", "0"], ["--jobs", "x"]])
def test_bad_arguments_are_usage_errors(capsys, args):
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", *args])
    assert exit_info.value.code == 2


def test_a_game_that_fails_names_its_seed(capsys, monkeypatch):
    from avatar_tui.bots import match

    def broken(setup, bots, max_actions=0):
        raise KeyError("evade")

    monkeypatch.setattr(match, "play_game", broken)
    assert main(["simulate", "--games", "2", "--seed", "9"]) == 1
    err = capsys.readouterr().err
    assert "seed 9" in err and "KeyError" in err


def test_the_wilson_interval():
    low, high = wilson(0, 10)
    assert low == 0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(5, 10)
    assert low == pytest.approx(1 - high) and low == pytest.approx(0.2366, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_simulate_takes_the_experts_budget():
    """--worlds fixes the expert's search (the default is a seeded game's);
    --think gives it a time instead."""
    from avatar_tui.bots.kinds import SEEDED_WORLDS
    from avatar_tui.cli import build_parser
    from avatar_tui.cli.simulate import expert_options

    parser = build_parser()
    args = parser.parse_args(["simulate", "--bot", "expert,heuristic"])
    assert expert_options(args) == {"worlds": SEEDED_WORLDS}
    args = parser.parse_args(["simulate", "--bot", "expert", "--worlds", "3"])
    assert expert_options(args) == {"worlds": 3}
    args = parser.parse_args(["simulate", "--bot", "expert", "--think", "0.5"])
    assert expert_options(args) == {"think": 0.5}


def test_an_expert_game_is_fixed_by_its_seed():
    from avatar_tui.bots import play_seeded

    first = play_seeded(3, "aang", "kinto", "expert", "heuristic", {"worlds": 2})
    again = play_seeded(3, "aang", "kinto", "expert", "heuristic", {"worlds": 2})
    assert first == again and first.winner in ("p1", "p2")


def test_a_format_keeps_the_fields_and_adds_each_game_s_characters(capsys):
    data = run_json(capsys, "--format", "rip-n-flip", "--games", "3", "--seed", "4")
    assert set(data) == {"games", "seed", "jobs", "p1", "p2", "unfinished", "avg_turns",
                         "avg_actions", "elapsed_s", "games_per_s", "format", "settings",
                         "characters"}
    assert data["games"] == 3 and data["format"] == "rip-n-flip"
    assert data["settings"] == {"packs": 4}
    assert data["p1"]["wins"] + data["p2"]["wins"] == 3
    assert [game["seed"] for game in data["characters"]] == [4, 5, 6]
    from avatar_tui.cardlib.catalog import default_catalog

    known = {chamber.character for chamber in default_catalog().chambers.values()}
    for game in data["characters"]:
        assert {game["p1"], game["p2"]} <= known, game
    # the packs change with the seed, and so do the characters; the same seed, the same game
    again = run_json(capsys, "--format", "rip-n-flip", "--games", "3", "--seed", "4")
    assert again["characters"] == data["characters"]
    assert again["p1"]["wins"] == data["p1"]["wins"]


def test_a_format_takes_its_number_of_packs(capsys):
    data = run_json(capsys, "--format", "rip-n-flip", "--packs", "2", "--games", "1")
    assert data["settings"] == {"packs": 2}


@pytest.mark.parametrize(("args", "words"), [
    (["--packs", "3"], "--packs is a setting of a format: give --format too"),
    (["--format", "rip-n-flip", "--p1", "aang"], "--format makes each side's chamber and deck"),
    # within the parser's widest bounds (rip-n-flip's), beyond sealed's own
    (["--format", "sealed", "--packs", "22"], "--packs: sealed opens 1 to 20 packs, not 22"),
])
def test_a_format_with_what_it_replaces_is_refused(capsys, args, words):
    assert main(["simulate", "--games", "1", *args]) == 2
    assert words in capsys.readouterr().err
