"""R7.3, R7.6, R12.7: an effect ends with its source.

One scenario per kind of ending, on real cards (tests/scenarios/r7_*.toml):
each file's expectations prove the effect is gone from the board, and the
log must say which effect ended and why, citing the rule."""

from __future__ import annotations

from pathlib import Path

import pytest
from support import Play, energy_then

from avatar_tui.engine import apply, new_game
from avatar_tui.notation.replay import replay
from avatar_tui.notation.scenario import load_scenario

SCENARIOS = Path(__file__).parent / "scenarios"

# scenario, the rule its log line cites, words the line must hold
ENDINGS = [
    ("r7_6_zhang_tribe_paid_as_a_cost", "R7.6",
     "Zhang Tribe, children of Wei Jin is eliminated: +1 force it gave Stoke the Flames ends"),
    ("r7_6_zhang_tribe_choking_sand", "R7.6",
     "Zhang Tribe, children of Wei Jin is eliminated: +1 force it gave Knuckle Sandwich ends"),
    ("r7_6_malu_choking_sand", "R7.6",
     "Malu, a reclusive orphan is eliminated: an ability it gave Knuckle Sandwich ends"),
    ("r7_3_malu_strike_moves_away", "R7.3",
     "Graceful Leap leaves the yellow zone: an ability the ally there gave it ends"),
    ("r7_3_zhang_tribe_moved_away", "R7.3",
     "Zhang Tribe, children of Wei Jin moves out of the green zone: +1 force it gave "
     "Knuckle Sandwich ends"),
    ("r7_6_king_bumi_focus_bonus", "R7.6",
     "King Bumi, ruler of Omashu is eliminated: +1 force it gave Knuckle Sandwich ends"),
    ("r7_6_katara_choking_sand", "R7.6",
     "Katara, waterbender in training is eliminated: a counterattack effect it gave"),
    ("r7_3_prince_zuko_strike_moves_away", "R7.3",
     "Graceful Leap leaves the yellow zone: a counterattack effect the ally there gave it ends"),
    ("r7_6_prison_warden_paid_as_a_cost", "R7.6",
     "Prison Warden, breaker of spirits is eliminated: a counterattack effect it gave"),
    ("r7_6_zhaos_guard_choking_sand", "R7.6",
     "Zhao's Guard, loyal firebenders is eliminated: a counterattack effect it gave"),
    ("r7_6_toph_paid_as_a_cost", "R7.6",
     "Toph, earthbender is eliminated: a counterattack effect it gave Stoke the Flames ends"),
]


def _log(name: str) -> list[str]:
    scenario = load_scenario(SCENARIOS / f"{name}.toml")
    state, events = new_game(scenario.setup)
    for line in scenario.lines:
        if line.rejected:
            continue
        state, new = apply(state, line.action)
        events += new
    return [str(e) for e in events]


@pytest.mark.parametrize(("name", "rule", "words"), ENDINGS, ids=[e[0] for e in ENDINGS])
def test_an_effect_ends_with_its_source_and_the_log_says_so(name: str, rule: str, words: str):
    result = replay(load_scenario(SCENARIOS / f"{name}.toml"))
    assert result.failures == []
    lines = [line for line in _log(name) if words in line]
    assert lines, f"no log line with {words!r}"
    assert lines[0].endswith(f"({rule})")


def test_zhaos_guard_eliminating_itself_still_finishes_its_effect():
    """Once its effect has begun, the Guard leaving play on the way (its own
    first part) does not stop the rest: the green energy still goes."""
    log = _log("zhaos_guard")
    assert not any("counterattack effect it gave" in line for line in log)
    assert any("green energy is eliminated" in line for line in log)


def test_an_effect_that_has_ended_does_not_come_back_with_the_strike():
    """R7.3: the strike moves away and back; the ally's +1 stays gone."""
    cards = [
        {"id": "booster", "name": "Booster", "type": "ally", "cost": {"green": 1},
         "powers": [{"cost": {"green": 1}, "effects": [{"effect": "modify", "force": 1}]}]},
        {"id": "hopper", "name": "Hopper", "type": "strike", "force": 3, "intercept": 9,
         "powers": [{"cost": {}, "effects": [{"effect": "move_this", "to": "up"}]},
                    {"cost": {}, "effects": [{"effect": "move_this", "to": "down"}]}]},
    ]
    game = Play(p1=energy_then("spear", "filler", discard=("big",) * 4),
                p2=energy_then("filler", "booster", "hopper", "filler"), cards=cards)
    game.do("p1: open p1", "p1: flip", "p1: pay", "p2: flip", "p2: discard", "p2: flip",
            "p2: pay", "p2: flip", "p2: power ally 1")
    assert game.v("players.p2.zones.yellow.force") == 4
    game.do("p2: power 1")
    assert "Hopper leaves the yellow zone: +1 force the ally there gave it ends (R7.3)" \
        in game.texts()
    game.do("p2: power 2")
    assert game.v("players.p2.zones.yellow.force") == 3
