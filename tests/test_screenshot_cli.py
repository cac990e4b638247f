"""`avatar-tui screenshot` draws any scenario's position (or a demo step)
as an SVG, and a reader that stops early (`| head`) gets no traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from avatar_tui.cli import main

ROOT = Path(__file__).resolve().parents[1]
MIDGAME = ROOT / "avatar_tui" / "tui" / "scenarios" / "midgame.toml"


def test_a_scenario_becomes_an_svg_of_its_board(tmp_path, capsys):
    out = tmp_path / "board.svg"
    assert main(["screenshot", str(MIDGAME), "--size", "100x33", "--out", str(out)]) == 0
    svg = out.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "Burning" in svg and "Lash" in svg
    assert str(out) in capsys.readouterr().out


def test_a_demo_step_with_its_narration(tmp_path):
    out = tmp_path / "demo.svg"
    assert main(["screenshot", "8", "--step", "3", "--out", str(out)]) == 0
    svg = out.read_text(encoding="utf-8")
    assert "step" in svg and "3/121" in svg


def test_a_missing_file_is_one_line_and_exit_2(tmp_path, capsys):
    assert main(["screenshot", str(tmp_path / "nope.toml")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "nope.toml" in err


def test_output_cut_short_by_head_ends_quietly():
    for args in (["cards", "--json"], ["replay", "tests/scenarios/evade.toml", "--json"]):
        proc = subprocess.Popen([sys.executable, "-m", "avatar_tui", *args], cwd=ROOT,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert proc.stdout is not None
        proc.stdout.readline()
        proc.stdout.close()  # the reader goes away, as head does
        _, err = proc.communicate(timeout=60)
        assert b"Traceback" not in err and b"BrokenPipe" not in err, args
