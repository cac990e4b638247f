"""The frozen computer kinds: each plays as its kind did when it was frozen,
whatever becomes of the kind, so that what names it (a published table, a
content file, a save) keeps its meaning. Each is pinned by the moves of a
few seeded games, recorded before its kind was changed
(tests/fixtures/frozen/KIND.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from avatar_tui.bots import make_bot, play_game, setup_for
from avatar_tui.bots.kinds import KINDS
from avatar_tui.bots.match import bot_seed
from avatar_tui.play.seats import computer_kinds

# whole games of a search: in the full run, not the edit loop
pytestmark = pytest.mark.slow

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "frozen"


def recorded(kind: str) -> list[dict]:
    return json.loads((FIXTURES / f"{kind}.json").read_text(encoding="utf-8"))


def replayed(kind: str, game: dict) -> list[str]:
    """The moves of `game` played again: `kind` in the seat(s) it names
    ("p1", "p2" or "both"), the heuristic in the other, each bot seeded as
    the benchmarks seed them; the kind is asked for another budget than its
    own, which it must not take."""
    seat = game["frozen"]
    bots = {pid: make_bot(kind, bot_seed(game["seed"], pid), worlds=3, think=0.01)
            if seat in (pid, "both") else make_bot("heuristic", bot_seed(game["seed"], pid))
            for pid in ("p1", "p2")}
    state, _ = play_game(setup_for(game["seed"], game["p1"], game["p2"]), bots)
    return [str(entry.action) for entry in state.history]


# expert-v1 is pinned by tests/test_frozen_expert.py, recorded as the coach's searcher
PINNED_ELSEWHERE = {"expert-v1"}


def test_every_frozen_kind_is_pinned() -> None:
    unpinned = [kind.name for kind in KINDS if kind.frozen and kind.name not in PINNED_ELSEWHERE
                and not (FIXTURES / f"{kind.name}.json").exists()]
    assert not unpinned, f"frozen kinds without recorded games: {unpinned}"


@pytest.mark.parametrize("kind", [kind.name for kind in KINDS
                                  if kind.frozen and kind.name not in PINNED_ELSEWHERE])
def test_a_frozen_kind_plays_the_moves_recorded_when_it_was_frozen(kind: str) -> None:
    games = recorded(kind)
    assert games
    for game in games:
        moves = replayed(kind, game)
        first = next((i for i, (a, b) in enumerate(zip(moves, game["moves"], strict=False))
                      if a != b), min(len(moves), len(game["moves"])))
        assert moves == game["moves"], (
            f"{kind}, seed {game['seed']} ({game['p1']} v {game['p2']}): move {first + 1} "
            f"differs from the recording")


def test_the_frozen_kinds_are_not_offered_in_the_new_game_screen() -> None:
    offered = {name for name, _ in computer_kinds()}
    assert "master-v1" not in offered and "master" in offered
    assert all(not kind.frozen for kind in KINDS if kind.name in offered)
