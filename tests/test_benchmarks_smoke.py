"""benchmarks/run.py in its smoke mode: every figure is measured and
printed beside its goal. Tiny counts; no figure is asserted (speed depends
on the machine)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # each run starts the benchmarks in a process of their own

ROOT = Path(__file__).resolve().parents[1]
FIGURES = {"engine_actions_per_cpu_s", "engine_playout_steps_per_cpu_s",
           "engine_playout_speedup", "engine_games_per_cpu_s",
           "ui_first_frame_ratio", "ui_key_ratio", "ui_key_median_ms", "peak_rss_mb",
           "host_refused_growth_mb"}
GROWTH = {"host_refused_growth_mb"}  # a growth may be none at all


def test_the_benchmarks_run_in_smoke_mode():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run.py"), "--smoke",
                           "--json"], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:] + done.stdout[-2000:]
    data = json.loads(done.stdout)
    assert data["smoke"] is True
    assert set(data["figures"]) == FIGURES
    for name, figure in data["figures"].items():
        assert figure["error"] is None, (name, figure["error"])
        assert isinstance(figure["value"], int | float), name
        assert figure["value"] > 0 or (name in GROWTH and figure["value"] == 0), name
        assert figure["goal"].split()[0] in (">=", "<=", "<")
        assert figure["status"] in ("PASS", "MISS")


def test_the_report_prints_each_figure_beside_its_goal():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import run
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    figures = [run.Figure("engine_games_per_cpu_s", 250.0, "games/s", ">= 100", "detail"),
               run.Figure("peak_rss_mb", 130.0, "MB", "<= 120"),
               run.Figure("ui_key_ratio", None, "", "<= 1.5", error="the probe failed")]
    assert [f.status for f in figures] == ["PASS", "MISS", "ERROR"]
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        run.print_report(figures, smoke=False)
    lines = out.getvalue().splitlines()
    assert any("engine_games_per_cpu_s" in ln and ">= 100" in ln and "PASS" in ln for ln in lines)
    assert any("peak_rss_mb" in ln and "<= 120" in ln and "MISS" in ln for ln in lines)
    assert "the probe failed" in out.getvalue()


def test_the_strength_benchmark_runs_and_counts_both_seats():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "strength.py"), "--games",
                           "1", "--worlds", "1", "--pairings", "1", "--json"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:] + done.stdout[-2000:]
    data = json.loads(done.stdout)
    assert data["games"] == 2 and data["goal"] == 0.65  # one game in each seat
    assert 0 <= data["expert_wins"] <= 2
    low, high = data["ci95"]
    assert 0 <= low <= data["win_rate"] <= high <= 1
    assert data["decisions"] > 0 and data["think_s_per_decision"] > 0
    # the per-deck table counts each game once, under the deck the first player played
    per_deck = data["comparisons"][0]["per_deck"]
    assert sum(n["games"] for n in per_deck.values()) == 2
    assert sum(n["wins"] for n in per_deck.values()) == data["expert_wins"]


def test_the_think_time_benchmark_times_the_masters_decisions_and_counts_its_noise():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "think_time.py"), "--games",
                           "1", "--think", "0.05", "--json"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:] + done.stdout[-2000:]
    data = json.loads(done.stdout)
    assert data["player"] == "master:think=0.05" and data["decisions"] > 0
    assert 0 < data["wall_s"]["median"] <= data["wall_s"]["max"]
    assert data["worlds"]["max"] > 0
    # the master leaves its policy's move only on a lead two errors clear (issue 45)
    assert data["noise"] == 0 and data["departures"] >= data["noise"]


def test_a_bad_player_spec_is_one_line_before_any_game():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "strength.py"), "--match",
                           "master:x", "expert:16", "--games", "1"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1] == \
        "strength.py: error: player 'master:x': invalid literal for int() with base 10: 'x'"


def test_only_measures_the_figures_asked_for():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run.py"), "--smoke",
                           "--json", "--only", "engine_games_per_cpu_s", "--only",
                           "ui_key_median_ms"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:] + done.stdout[-2000:]
    # the key's median comes with its ratio: one run makes both
    assert set(json.loads(done.stdout)["figures"]) == {"engine_games_per_cpu_s", "ui_key_ratio",
                                                       "ui_key_median_ms"}


def test_the_speedup_is_unavailable_without_the_baseline_commit(monkeypatch):
    """No git history to unpack the baseline from (an installed copy, an
    unknown commit): the ratio is reported as unavailable, never made up,
    while this engine's own figure is still measured."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import run
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    monkeypatch.setattr(run, "BASELINE", "0" * 40)
    run.baseline_tree.cache_clear()
    try:
        figure, speedup = run.engine_playout(50, 1)
    finally:
        run.baseline_tree.cache_clear()
    assert figure.value is not None and figure.value > 0
    assert speedup.value is None and speedup.status == "ERROR"
    assert speedup.error is not None and speedup.error.startswith("unavailable: ")


def test_a_second_engine_copy_is_measured_beside_when_asked(tmp_path):
    """`--compiled DIR` measures the engine copy in DIR in the same turns (a
    plain copy here: compiling needs mypyc, which the game does not need)."""
    import shutil

    for part in ("avatar_tui", "cards"):
        shutil.copytree(ROOT / part, tmp_path / part,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "run.py"), "--smoke",
                           "--json", "--only", "engine_playout_speedup", "--compiled",
                           str(tmp_path)], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:] + done.stdout[-2000:]
    figures = json.loads(done.stdout)["figures"]
    assert set(figures) == {"engine_playout_steps_per_cpu_s", "engine_playout_speedup",
                            "engine_playout_speedup_compiled"}
    copy = figures["engine_playout_speedup_compiled"]
    assert copy["value"] > 0 and str(tmp_path) in copy["detail"]
    assert "the same games" in copy["detail"]


def test_the_coach_stability_benchmark_counts_each_setting():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "coach_stability.py"),
                           "--decisions", "2", "--games", "1", "--settings", "expert:2",
                           "expert:2:guard", "--json"],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:] + done.stdout[-2000:]
    data = json.loads(done.stdout)
    assert data["decisions"] == 2 and set(data["settings"]) == {"expert:2", "expert:2:guard"}
    for figures in data["settings"].values():
        assert figures["decisions"] == 2 and 0 <= figures["same_best"] <= 2
        assert figures["cpu_s_per_search"] > 0
    assert data["settings"]["expert:2:guard"]["agrees"] == 2  # the reference is itself


def test_a_bad_coach_setting_is_one_line_before_any_game():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "coach_stability.py"),
                           "--settings", "expert:12:fast"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1] == ("coach_stability.py: error: setting "
                                                    "'expert:12:fast': unknown part 'fast' "
                                                    "(expected settle or guard)")


def test_the_falling_short_count_sees_every_flipped_strike_once():
    """benchmarks/falling_short.py on the seeded games of two decks: each
    side's strikes are counted, the short ones among them, and the force
    met; the counts are the game's own (played again, the same)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import falling_short
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    game = ("aang", "katara", 1, "heuristic")
    counts = falling_short.tally(game)
    assert counts == falling_short.tally(game)  # fixed by the seed
    for who in ("aang", "katara"):
        strikes, short = counts[(who, "strikes")], counts[(who, "short")]
        assert strikes > 0 and 0 <= short <= strikes
        assert counts[(who, "force")] >= strikes  # every attack met has force 1 or more here
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "falling_short.py"),
                          "--games", "1", "--characters", "aang,katara", "--json"],
                         capture_output=True, text=True, cwd=ROOT, timeout=300, check=True)
    rows = json.loads(out.stdout)["characters"]
    two_games = falling_short.tally(("katara", "aang", 1, "heuristic")) + counts
    assert rows["aang"]["strikes"] == two_games[("aang", "strikes")]
    assert rows["katara"]["short"] == two_games[("katara", "short")]


def test_the_first_frame_phases_run():
    """benchmarks/first_frame_phases.py, one round: both apps' phases, the
    parts summed, and the ratio (docs/performance.md, "Startup and keys")."""
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "first_frame_phases.py"),
                           "--rounds", "1", "--parts"], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    app = next(ln for ln in lines if ln.startswith("app:"))
    for phase in ("models", "engine", "game", "frame", "total"):
        assert f"{phase} " in app, phase
    assert any(ln.startswith("minimal:") for ln in lines)
    parts = [ln for ln in lines if ln.strip().startswith("parts:")]
    assert len(parts) == 2 and "our dataclasses" in parts[0] and "css parse" in parts[1]
    assert "ratio" in lines[-1]
