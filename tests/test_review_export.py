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
    assert "Why: " in text  # each mark with its reason (play/reasons.py)
    golden("katara-v-uncle-iroh.coach.md", text)
    plain = export(tmp_path)  # the coach only adds lines
    def kept(report: str) -> list[str]:
        return [line.rstrip() for line in report.splitlines()
                if line and "coach" not in line.lower() and not line.lstrip().startswith("Why: ")]
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


# ------------------------------------------------------------ never over a game


def _data(tmp_path) -> Path:
    return tmp_path / "data"


def _refused(argv: list[str], capsys) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err


def test_an_export_onto_its_own_input_is_refused(tmp_path, capsys):
    save = tmp_path / "game.toml"
    save.write_bytes(GAME.read_bytes())
    err = _refused(["review", str(save), "--export", str(save)], capsys)
    assert "game.toml" in err and "the game it reviews" in err
    assert save.read_bytes() == GAME.read_bytes()
    # through another spelling of the path, a symbolic link and a hard link
    link = tmp_path / "link.toml"
    link.symlink_to(save)
    hard = tmp_path / "hard.toml"
    os.link(save, hard)
    for target in (tmp_path / "." / "game.toml", link, hard):
        _refused(["review", str(save), "--export", str(target)], capsys)
    assert save.read_bytes() == GAME.read_bytes()


def test_an_export_onto_a_kept_game_or_the_live_save_is_refused(tmp_path, capsys):
    data = _data(tmp_path)
    (data / "games").mkdir(parents=True)
    kept = data / "games" / "2026-11-27-katara-v-uncle-iroh.toml"
    kept.write_bytes(GAME.read_bytes())
    current = data / "current.toml"
    current.write_bytes(GAME.read_bytes())
    elsewhere = tmp_path / "other.toml"
    elsewhere.write_bytes(GAME.read_bytes())
    for source in (str(GAME), "2026-11-27-katara-v-uncle-iroh", str(current)):
        for target in (kept, current, data / "last-finished.toml"):
            err = _refused(["review", source, "--export", str(target)], capsys)
            assert target.name in err
    assert kept.read_bytes() == current.read_bytes() == GAME.read_bytes()
    assert not (data / "last-finished.toml").exists()


def test_an_escape_in_the_title_reaches_neither_the_report_nor_the_terminal(tmp_path, capsys):
    text = GAME.read_text(encoding="utf-8")
    # a clipboard write (OSC 52), a window title and a screen clear
    evil = r"Nice\u001b]52;c;ZXZpbA==\u0007\u001b]0;owned\u0007\u001b[2J\u009b2J"
    assert text.startswith("title = ") or "\ntitle = " in text
    lines = [f'title = "{evil}"' if line.startswith("title = ") else line
             for line in text.splitlines()]
    if not any(line.startswith("title = ") for line in lines):
        lines.insert(0, f'title = "{evil}"')
    save = tmp_path / "evil.toml"
    save.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "report.md"
    assert main(["review", str(save), "--export", str(out)]) == 0
    report = out.read_text(encoding="utf-8")
    said = capsys.readouterr().out
    for shown in (report, said):
        assert "\x1b" not in shown and "\x07" not in shown and "\x9b" not in shown
        assert "Nice\\x1b]52;c;ZXZpbA==\\x07" in shown
    assert main(["review", str(save), "--export", "-"]) == 0
    printed = capsys.readouterr().out
    assert "\x1b" not in printed and printed.startswith("# Nice\\x1b]52")
