"""Puzzle files (docs/notation.md, "Puzzle files"): every built-in puzzle's
solution reaches its goal, the goal functions read the view as the rules
say, a broken puzzle is one line naming its place, and `replay` / `puzzle
--list` answer as documented."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from avatar_tui.cli import main
from avatar_tui.engine import legal_actions
from avatar_tui.model.actions import parse_action
from avatar_tui.notation.scenario import ScenarioError, parse_scenario
from avatar_tui.play import puzzle
from avatar_tui.puzzles import list_puzzles, load_puzzle
from avatar_tui.store.progress import PuzzleProgress

BUILT_IN = [found.name for found in list_puzzles()]


def test_there_are_at_least_twelve_puzzles_over_at_least_four_goals():
    assert len(BUILT_IN) >= 12
    assert len({found.goal for found in list_puzzles()}) >= 4


@pytest.mark.parametrize("name", BUILT_IN)
def test_each_built_in_solution_reaches_its_goal(name):
    solved = puzzle.play_solution(load_puzzle(name))
    assert solved.reached, solved.problem


@pytest.mark.parametrize("name", BUILT_IN)
def test_each_step_of_a_solution_says_why_with_its_rule(name):
    for line in load_puzzle(name).puzzle.solution:
        assert re.search(r"\(R\d+\.\d+", " ".join(line.narration)), line.text


@pytest.mark.parametrize("name", BUILT_IN)
def test_no_built_in_puzzle_is_solved_by_every_first_move(name):
    scenario = load_puzzle(name)
    first = legal_actions(puzzle.begin(scenario).state)
    assert len(first) > 1
    assert len(puzzle.first_moves_solving(scenario)) < len(first)


# ---------------------------------------------------------------- the goals


def seat(score=0, defending=None, charged=(False, False, False)):
    return {"score": score, "defending": defending,
            "zones": {z: {"charged": c}
                      for z, c in zip(("green", "yellow", "red"), charged, strict=True)}}


def board(p1, p2, status="playing", winner=None):
    return {"status": status, "winner": winner, "players": {"p1": p1, "p2": p2}}


START = board(seat(defending="green"), seat())
PASSED = board(seat(), seat(defending="green"))  # p1 struck back: p2 defends (R5.3)
SCORED = board(seat(), seat(score=1))  # p1 failed in red: p2 scores (R10.2)
SIGNATURE, SKIP = parse_action("p1: signature"), parse_action("p1: skip")


def test_survive_is_reached_when_the_turn_passes_and_lost_on_a_point():
    assert puzzle.survive(START, START, "p1", []).open
    assert puzzle.survive(START, PASSED, "p1", []).reached
    assert "won the point" in puzzle.survive(START, SCORED, "p1", []).lost


def test_win_point_counts_the_solver_s_score():
    assert puzzle.win_point(START, PASSED, "p1", []).open
    assert puzzle.win_point(START, board(seat(score=1), seat()), "p1", []).reached
    assert puzzle.win_point(START, SCORED, "p1", []).lost


def test_charge_all_needs_all_three_zones_before_the_turn_passes():
    two = board(seat(defending="red", charged=(True, True, False)), seat())
    three = board(seat(defending="red", charged=(True, True, True)), seat())
    assert puzzle.charge_all(START, two, "p1", []).open
    assert puzzle.charge_all(START, three, "p1", []).reached
    assert "red not charged" in puzzle.charge_all(START, PASSED, "p1", []).lost


def test_signature_is_the_move_made_and_lost_when_skipped_or_a_point_is_lost():
    assert puzzle.signature(START, PASSED, "p1", []).open  # it comes at the next turn (R4.3)
    assert puzzle.signature(START, PASSED, "p1", [SIGNATURE]).reached
    assert puzzle.signature(START, PASSED, "p1", [SKIP]).lost
    assert puzzle.signature(START, SCORED, "p1", []).lost


def test_win_game_is_the_winner():
    assert puzzle.win_game(START, SCORED, "p1", []).open
    assert puzzle.win_game(START, board(seat(), seat(), "over", "p1"), "p1", []).reached
    assert puzzle.win_game(START, board(seat(), seat(), "over", "p2"), "p1", []).lost


# ---------------------------------------------------------------- the file


def text_with(table: str) -> str:
    return (Path(load_puzzle(1).path).read_text(encoding="utf-8").split("[puzzle]")[0]
            + "[puzzle]\n" + table)


@pytest.mark.parametrize(("table", "said"), [
    ('goal = "win"\nside = "p1"\nsolution = "p1: pay"', "puzzle.goal"),
    ('goal = "survive"\nside = "p1"\nsolution = ""', "puzzle.solution: no move"),
    ('goal = "survive"\nside = "p1"\nsolution = "p2: pay"', "not a move of p1"),
    ('goal = "survive"\nside = "p1"\nsolution = "p1: pay"\nreplies = "p1: flip"',
     "puzzle.replies"),
    ('goal = "survive"\nside = "p1"\nsolution = "p1: pay"\nwho = 1', "puzzle.who"),
])
def test_a_broken_puzzle_table_names_its_place(table, said):
    with pytest.raises(ScenarioError, match=re.escape(said)):
        parse_scenario(text_with(table), Path("broken.toml"))


def test_replay_exits_0_when_solved_1_when_not_2_when_a_move_is_refused(tmp_path, capsys):
    good = tmp_path / "good.toml"
    good.write_text(text_with('goal = "survive"\nside = "p1"\nsolution = "p1: pay"'))
    assert main(["replay", str(good)]) == 0
    wrong = tmp_path / "wrong.toml"  # discarding leaves the attack to the red zone
    wrong.write_text(text_with('goal = "survive"\nside = "p1"\nsolution = "p1: discard"'))
    assert main(["replay", str(wrong)]) == 1
    assert "puzzle not solved: the solution ends before the goal" in capsys.readouterr().err
    refused = tmp_path / "refused.toml"
    refused.write_text(text_with('goal = "survive"\nside = "p1"\nsolution = "p1: flip"'))
    assert main(["replay", str(refused)]) == 2
    assert "puzzle.solution: 'p1: flip' is not legal there" in capsys.readouterr().err


def test_puzzle_list_prints_number_title_goal_and_the_check_mark(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path))
    PuzzleProgress(tmp_path).solve(BUILT_IN[1])
    assert main(["puzzle", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(BUILT_IN)
    assert lines[0].startswith(" 1  ") and "[survive]" in lines[0] and "✓" not in lines[0]
    assert lines[1].endswith("✓")


def test_an_unknown_puzzle_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path))
    assert main(["puzzle", "99"]) == 2
    assert "no puzzle '99'" in capsys.readouterr().err


def test_unreadable_progress_is_nothing_solved(tmp_path):
    (tmp_path / "puzzles.toml").write_text("solved = [")
    assert PuzzleProgress(tmp_path).solved() == []


def fixed_replies(replies: str) -> str:
    text = Path(load_puzzle(13).path).read_text(encoding="utf-8")
    return text.replace('replies = "heuristic"', f'replies = """\n{replies}\n"""')


def test_fixed_replies_are_made_in_order_and_their_end_stops_the_solution():
    # puzzle 13: Evade strikes back, Zuko answers, then the signature opens Aang's turn
    answered = parse_scenario(fixed_replies("p2: flip\np2: pay y=1 r=1"), Path("fixed.toml"))
    solved = puzzle.play_solution(answered)
    assert solved.reached
    assert [str(a) for a in solved.attempt.since()] == [
        "p1: power 1", "p1: pay", "p2: flip", "p2: pay y=1 r=1", "p1: signature"]
    short = parse_scenario(fixed_replies("p2: flip"), Path("short.toml"))
    solved = puzzle.play_solution(short)
    assert not solved.reached and solved.problem == "the replies end before the goal is reached"
