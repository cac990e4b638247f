"""The computer's kinds are named once (avatar_tui/bots/kinds.py, over the
model's words in avatar_tui/model/names.py): the bots, their search
settings, the command line, `serve`, `simulate` and a save's `computer`
table agree, so a game against any computer player resumes as one. The
table is checked as it is imported; these tests see the checks speak and
the homes read it."""

from __future__ import annotations

from pathlib import Path

import pytest

from avatar_tui.bots import BOT_KINDS, make_bot
from avatar_tui.bots.expert import ExpertBot
from avatar_tui.bots.kinds import (
    COMPUTER_KINDS,
    KINDS,
    SEARCHING,
    Kind,
    KindError,
    check_makers,
    check_table,
)
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


def test_a_kind_without_its_maker_stops_the_import_naming_it() -> None:
    # bots/match.py checks its makers against the table as it is imported
    with pytest.raises(KindError, match="'master' has no maker"):
        check_makers([kind for kind in COMPUTER_KINDS if kind != "master"])
    with pytest.raises(KindError, match="maker 'grandmaster' is not a kind"):
        check_makers([*COMPUTER_KINDS, "grandmaster"])


def test_a_kind_without_its_label_or_save_name_stops_the_import_naming_it() -> None:
    names = tuple(COMPUTER_KINDS)
    with pytest.raises(KindError, match="'expert' has no label"):
        check_table((*KINDS[:2], Kind("expert", " ", searching=True), *KINDS[3:]), names)
    with pytest.raises(KindError, match="'master' is in the table but not a save's"):
        check_table(KINDS, tuple(name for name in names if name != "master"))
    with pytest.raises(KindError, match="'grandmaster' is a save's computer kind"):
        check_table(KINDS, (*names, "grandmaster"))


@pytest.mark.parametrize("kind", COMPUTER_KINDS)
def test_the_searching_kinds_are_the_bots_that_search(kind: str) -> None:
    # the search budget (`think`, `worlds`) goes to the kinds that take it
    assert (kind in SEARCHING) == isinstance(make_bot(kind, 0), ExpertBot)


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


@pytest.mark.parametrize("command", [["simulate"], ["host"]])
@pytest.mark.parametrize("kind", COMPUTER_KINDS)
def test_simulate_and_host_take_every_kind(command: list[str], kind: str) -> None:
    args = build_parser().parse_args([*command, "--bot1", kind, "--bot2", kind])
    assert (args.bot1, args.bot2) == (kind, kind)
