"""The computer's kinds are named once (avatar_tui/model/names.py, handed
on by avatar_tui/bots/kinds.py): the bots, the command line, `serve` and a
save's `computer` table agree, so a game against any computer player
resumes as one."""

from __future__ import annotations

from pathlib import Path

import pytest

from avatar_tui.bots import BOT_KINDS
from avatar_tui.bots.kinds import COMPUTER_KINDS
from avatar_tui.cli import build_parser
from avatar_tui.notation.scenario import ScenarioError, load_scenario

SAVE = """seed = 5
computer = {{ p2 = "{kind}" }}
actions = \"\"\"
p2: open p1
\"\"\"

[p1]
chamber = "aang"

[p2]
chamber = "prince_zuko"
"""


def test_the_bots_are_registered_under_the_named_kinds() -> None:
    assert set(BOT_KINDS) == set(COMPUTER_KINDS)


@pytest.mark.parametrize("kind", COMPUTER_KINDS)
def test_a_save_against_each_computer_kind_loads(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "current.toml"
    path.write_text(SAVE.format(kind=kind), encoding="utf-8")
    assert load_scenario(path).computer == {"p2": kind}


def test_an_unknown_computer_kind_is_one_clear_line(tmp_path: Path) -> None:
    path = tmp_path / "current.toml"
    path.write_text(SAVE.format(kind="grandmaster"), encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    assert "computer.p2" in str(err.value) and "\n" not in str(err.value)


@pytest.mark.parametrize("command", [["play"], ["serve"]])
@pytest.mark.parametrize("kind", COMPUTER_KINDS)
def test_play_and_serve_take_every_kind(command: list[str], kind: str) -> None:
    args = build_parser().parse_args([*command, "--vs-bot", kind])
    assert args.vs_bot == kind
