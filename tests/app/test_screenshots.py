"""`python -m avatar_tui.tui.screenshots` writes every README picture."""

from __future__ import annotations

from avatar_tui.tui.screenshots import SHOTS, main


def test_every_screenshot_is_written(tmp_path, capsys):
    assert main(["--out", str(tmp_path)]) == 0
    for shot in SHOTS:
        svg = (tmp_path / f"{shot.name}.svg").read_text()
        assert svg.startswith("<svg") and "avatar-tui" in svg
    board = (tmp_path / "board.svg").read_text().replace("&#160;", " ")
    assert "Burning Lash" in board and "Knuckle Sandwich" in board
    assert len(capsys.readouterr().out.splitlines()) == len(SHOTS)
