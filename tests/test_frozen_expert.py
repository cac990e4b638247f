"""`expert-v1`, a frozen kind (bots/kinds.py): the expert as it played when
the coach first named it. Its moves in a few seeded games were recorded
then (tests/fixtures/frozen-expert-v1.json); a change that alters any of
them fails here, so the coach's marks and any table naming expert-v1 stay
as they were when the expert itself improves. To improve the expert, give
expert-v1 its own copy of the code it needs first."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from avatar_tui.bots.kinds import FROZEN, KINDS
from avatar_tui.bots.match import EXPERT_V1_WORLDS, bot_seed, make_bot, play_game, setup_for
from avatar_tui.play.seats import computer_kinds

RECORDED = json.loads((Path(__file__).parent / "fixtures" / "frozen-expert-v1.json")
                      .read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", RECORDED["games"], ids=lambda g: f"seed{g['seed']}")
def test_expert_v1_plays_its_recorded_moves(game: dict) -> None:
    seat = game["expert_v1"]
    other = "p2" if seat == "p1" else "p1"
    bots = {seat: make_bot("expert-v1", bot_seed(game["seed"], seat)),
            other: make_bot(RECORDED["against"], bot_seed(game["seed"], other))}
    final, _ = play_game(setup_for(game["seed"], game["p1"], game["p2"]), bots,
                         max_actions=len(game["actions"]))
    played = [str(entry.action) for entry in final.history]
    for number, (was, now) in enumerate(zip(game["actions"], played, strict=True), 1):
        assert now == was, f"seed {game['seed']}, move {number}: expert-v1 played " \
                           f"'{now}' where it played '{was}' when frozen"


def test_expert_v1_searches_a_fixed_count_never_a_clock() -> None:
    assert make_bot("expert-v1", 0, think=0.001).worlds == EXPERT_V1_WORLDS
    assert make_bot("expert-v1", 0, think=5.0, worlds=48).worlds == 48
    assert make_bot("expert-v1", 0).kind == "expert-v1"


def test_frozen_kinds_are_named_but_not_offered_as_opponents() -> None:
    assert "expert-v1" in FROZEN and {k.name for k in KINDS if k.frozen} == FROZEN
    offered = {name for name, _ in computer_kinds()}
    assert not offered & FROZEN and "expert" in offered
