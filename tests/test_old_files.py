"""Files written before the engine stopped asking one-answer questions
answer them on lines of their own. Reading such a save or
scenario skips exactly those answers (notation/answered.py); any other
refused line still makes the file an error that names the line."""

from __future__ import annotations

from pathlib import Path

import pytest

from avatar_tui.notation.replay import replay
from avatar_tui.notation.save import load_game, replay_scenario
from avatar_tui.notation.scenario import ScenarioError, parse_scenario

ROOT = Path(__file__).resolve().parents[1]
CHARISMA = ROOT / "tests" / "scenarios" / "charisma.toml"
NOW = "p2: choose p1.green.ally !  # not p2's choice\n"


def _older(extra: str) -> str:
    """charisma.toml as it was, with a line after the one-answer question
    (p1 has one ally to pick) that the engine no longer asks."""
    text = CHARISMA.read_text()
    assert NOW in text
    return text.replace(NOW, NOW + extra)


def _parse(text: str, tmp_path: Path):
    path = tmp_path / "old.toml"
    path.write_text(text)
    return parse_scenario(text, path), path


def test_the_answer_the_engine_gave_is_skipped_and_the_game_is_the_same(tmp_path):
    old, path = _parse(_older("p1: choose p1.green.ally\n"), tmp_path)
    now, _ = _parse(CHARISMA.read_text(), tmp_path)
    state, _ = replay_scenario(old)
    expected, _ = replay_scenario(now)
    assert state == expected
    # the history (and so the next save) no longer has the extra line
    assert [str(h.action) for h in state.history] == [str(h.action) for h in expected.history]
    loaded, _ = load_game(path)
    assert loaded == expected


def test_the_scenario_replay_skips_it_and_keeps_checking(tmp_path):
    old, _ = _parse(_older("p1: choose p1.green.ally\n").replace("after = 8", "after = 9"),
                    tmp_path)
    result = replay(old)
    assert result.ok, result.failures


@pytest.mark.parametrize("extra", [
    "p1: choose p2.green\n",  # not the answer the engine gave
    "p2: choose p1.green.ally\n",  # the answer, by the wrong player
    "p1: choose p1.green.ally\np1: choose p1.green.ally\n",  # the answer twice
])
def test_any_other_refused_line_is_still_an_error(tmp_path, extra):
    old, _ = _parse(_older(extra), tmp_path)
    with pytest.raises(ScenarioError, match=r"line \d+: .*was refused"):
        replay_scenario(old)
    assert not replay(old).ok


def test_the_engine_records_the_answers_it_gave(tmp_path):
    now, _ = _parse(CHARISMA.read_text(), tmp_path)
    state, _ = replay_scenario(now)
    pay = next(h for h in reversed(state.history) if str(h.action) == "p2: pay")
    assert [str(a) for a in pay.unasked] == ["p1: choose p1.green.ally"]
