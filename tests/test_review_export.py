"""`avatar-tui review FILE --export report.md`: the game report in Markdown,
checked word for word against golden files of a fixed game, without and
with the coach (at a small fixed budget: quick, and the same every run).
AVATAR_TUI_UPDATE_GOLDEN=1 writes the golden files anew (then read the
diff before committing it)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from avatar_tui.cli import main

HERE = Path(__file__).parent / "review"
GAME = HERE / "katara-v-uncle-iroh.toml"


def golden(name: str, text: str) -> None:
    path = HERE / name
    if os.environ.get("AVATAR_TUI_UPDATE_GOLDEN") == "1":
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), \
        f"the report differs from {path} (AVATAR_TUI_UPDATE_GOLDEN=1 rewrites it)"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path / "data"))


def export(tmp_path, *more: str) -> str:
    out = tmp_path / "report.md"
    assert main(["review", str(GAME), "--export", str(out), *more]) == 0
    return out.read_text(encoding="utf-8")


def test_the_report_of_a_fixed_game(tmp_path):
    text = export(tmp_path)
    assert "Coach" not in text and "## Turn 21: " in text and "(R10.5)" in text
    golden("katara-v-uncle-iroh.md", text)


def test_the_report_with_the_coach(tmp_path):
    text = export(tmp_path, "--coach", "--worlds", "6")
    assert "Coach: " in text and "%" not in text
    golden("katara-v-uncle-iroh.coach.md", text)
    plain = export(tmp_path)  # the coach only adds lines
    def kept(report: str) -> list[str]:
        return [line.rstrip() for line in report.splitlines()
                if line and "coach" not in line.lower()]
    assert kept(text) == kept(plain)


def test_a_file_that_is_no_game_is_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text("seed = [\n")
    assert main(["review", str(bad), "--export", str(tmp_path / "r.md")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.toml" in err and not (tmp_path / "r.md").exists()


def test_without_a_game_it_says_there_is_none_yet(capsys):
    assert main(["review", "--export", "-"]) == 2
    assert "no finished game yet" in capsys.readouterr().err


def test_the_coach_goes_with_an_export(capsys):
    assert main(["review", str(GAME), "--coach"]) == 2
    assert "--coach goes with --export" in capsys.readouterr().err
