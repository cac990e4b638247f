"""benchmarks/balance_table.py: docs/balance.md's tables from a kept
matchups run, with Wilson intervals, each deck's place against 45–55%, and
a file that is not such a run refused in one line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from avatar_tui.bots.wilson import wilson

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))
try:
    import balance_table
    import matchups
finally:
    sys.path.remove(str(BENCHMARKS))


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> Path:
    """A real matchups run, as small as it comes: one game a pair."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert matchups.main(["--games", "1", "--characters", "aang,katara", "--json"]) == 0
    path = tmp_path_factory.mktemp("balance") / "run.json"
    path.write_text(out.getvalue())
    return path


def test_the_tables_of_a_run(run, capsys):
    assert balance_table.main([str(run)]) == 0
    out = capsys.readouterr().out
    data = json.loads(run.read_text())
    assert "`python benchmarks/matchups.py --games 1 --bot heuristic --seed 1 --json`" in out
    assert "| p1 \\ p2 | Aang | Katara | overall (95% CI) |" in out
    for who in ("aang", "katara"):
        wins, games = balance_table.record(data["matrix"], who)
        assert games == 2  # one game each way, the mirror left out
        low, high = wilson(wins, games)
        rate = f"{100 * wins / games:.1f} ({100 * low:.1f}–{100 * high:.1f})"
        name = {"aang": "Aang", "katara": "Katara"}[who]
        assert any(line.startswith(f"| **{name}** |") and line.endswith(f" {rate} |")
                   for line in out.splitlines()), (who, rate)
        assert any(line.startswith(f"| {name} | {rate} | {balance_table.verdict(wins, games)}")
                   for line in out.splitlines())
    p1_wins = sum(s["p1"]["wins"] for row in data["matrix"].values() for s in row.values())
    assert f"p1 won {p1_wins} of the 4 games" in out


def test_another_run_is_set_beside(run, capsys):
    assert balance_table.main([str(run), "--beside", str(run)]) == 0
    out = capsys.readouterr().out
    assert "| character | heuristic (95% CI) | heuristic (95% CI) | 45–55% |" in out


@pytest.mark.parametrize(("wins", "games", "said"), [
    (50, 100, "inside"), (45, 100, "inside"), (40, 100, "below"), (30, 100, "clearly below"),
    (60, 100, "above"), (70, 100, "clearly above")])
def test_the_place_against_45_55(wins, games, said):
    assert balance_table.verdict(wins, games) == said


@pytest.mark.parametrize("text", ["{", "[]", '{"matrix": {}}', '{"matrix": {"aang": 3}}',
                                  '{"matrix": {"aang": {"aang": {"games": 1}}}}'])
def test_a_file_that_is_no_run_is_one_line(tmp_path, capsys, text):
    path = tmp_path / "bad.json"
    path.write_text(text)
    assert balance_table.main([str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"balance_table.py: {path}: ") and err.count("\n") == 1


def test_a_run_without_mirrors_leaves_the_diagonal_unplayed(tmp_path, capsys):
    """`--no-mirror`: the mirror cells are absent (shown "–", not "err"),
    the overall rates are the same games, and the command says so."""
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert matchups.main(["--games", "1", "--characters", "aang,katara", "--no-mirror",
                              "--json"]) == 0
    data = json.loads(out.getvalue())
    assert data["mirror"] is False
    assert set(data["matrix"]["aang"]) == {"katara"}
    assert set(data["matrix"]["katara"]) == {"aang"}
    path = tmp_path / "run.json"
    path.write_text(out.getvalue())
    assert balance_table.main([str(path)]) == 0
    shown = capsys.readouterr().out
    assert "--seed 1 --no-mirror --json`" in shown
    aang_row = next(line for line in shown.splitlines() if line.startswith("| **Aang** |"))
    assert aang_row.split(" | ")[1] == "–" and "err" not in shown
    assert "p1 won" in shown and "of the 2 games" in shown
