"""`python -m avatar_tui.tui.screenshots` writes every picture of the README and
docs/playing.md, and each picture shows what its caption promises (words of its fixed scenario)."""

from __future__ import annotations

import html
import re

import pytest

from avatar_tui.tui import screenshots
from avatar_tui.tui.screenshots import SHOTS, main, take

# Per picture: words it must show, and words it must not (at 80x24 the zone
# rows have no room for the discard pile's top card; at 100x33 they do).
EXPECTED: dict[str, tuple[list[str], list[str]]] = {
    "board": (["Burning Lash", "Knuckle Sandwich", "Zhang Tribe", "CHARGED", "Events"], []),
    "new-game": (["New game", "House starter deck", "Seed", "Start"], ["Burning Lash"]),
    "opening": (["Who defends the opening attack?", "(R2.4)", "Press 1-2"], []),
    "overpay": (["Overpay (R6.3)", "Spend Y2", "Spend R2", "Pummel"], []),
    "ally-choice": (["A second ally (R5.5)", "Replace:", "Keep:", "Momo"], []),
    "privacy": (["Signature moves are secret (R1.6)", "look away"], []),
    "help": (["help", "Keys", "flip the top card"], []),
    "game-over": (["Game over (R10.5", "wins!", "Score:"], []),
    "compact": (["Burning Lash", "Knuckle Sandwich"], ["top: Flare"]),
    "medium": (["Burning Lash", "top: Flare"], []),
    "rules": (["The rules", "R6.1 Colour ranks"], []),
    "decks": (["Legal", "60 cards", "Aang · fox", "(AME176)"], []),
    "review": (["Review", "move 70/104", "Coach:", "?!", "Turns", "both players' cards"],
               ["%"]),
    "point": (["★ Point to", "R10.2", "the strike to stop", "Who defends the next"], []),
    "settings": (["Settings", "Auto-flip", "Step hints", "Think time"], ["TEXTUAL_THEME"]),
}


def svg_text(svg: str) -> str:
    """The characters an SVG screenshot shows, row after row."""
    return html.unescape("".join(re.findall(r"<text[^>]*>(.*?)</text>", svg))).replace(
        "\xa0", " ")


def test_every_picture_has_its_words():
    assert set(EXPECTED) == {shot.name for shot in SHOTS}


@pytest.mark.parametrize("shot", SHOTS, ids=[shot.name for shot in SHOTS])
async def test_every_screenshot_shows_its_scenario(shot, tmp_path):
    path = await take(shot, tmp_path)
    svg = path.read_text(encoding="utf-8")
    assert path.name == f"{shot.name}.svg"
    assert svg.startswith("<svg") and "avatar-tui" in svg
    text = svg_text(svg)
    shown, hidden = EXPECTED[shot.name]
    assert [w for w in shown if w not in text] == [], text
    assert [w for w in hidden if w in text] == [], text


def test_the_command_writes_each_picture_and_says_so(tmp_path, capsys, monkeypatch):
    """The command itself, on one picture (the test above draws them all)."""
    monkeypatch.setattr(screenshots, "SHOTS", [SHOTS[0]])
    assert main(["--out", str(tmp_path)]) == 0
    assert [p.name for p in tmp_path.iterdir()] == [f"{SHOTS[0].name}.svg"]
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 1 and f"{SHOTS[0].name}.svg" in out[0] and SHOTS[0].caption in out[0]
