"""The master's playout policy (bots/thrifty.py): the heuristic, but an ally
or an advantage it can afford is focused instead (R5.6) when paying for it
would leave too little energy to stop the next attack (R5.3, R6.2)."""

from __future__ import annotations

import pytest
from support import Play, energy_then
from test_bots import positions

from avatar_tui.bots import HeuristicBot, observation
from avatar_tui.bots.thrifty import ENERGY_KEPT, ENERGY_KEPT_TO_REPLACE, ThriftyHeuristic
from avatar_tui.engine import legal_actions

# p2 holds 10 energy when it first defends: 3 in each zone (support.energy_then)
# and the green one p1's counterattack from green gives it (R4.2)
CARDS = [
    {"id": "banner", "name": "Banner", "type": "advantage",
     "cost": {"green": 3, "yellow": 3, "red": 1}},
    {"id": "mentor", "name": "Mentor", "type": "ally", "cost": {"green": 3}},
]


def p2_flips(*cards: str) -> Play:
    """p1 opens and counterattacks from green; p2 flips `cards` in green."""
    game = Play(p1=energy_then("wall", "filler", discard=("big",) * 4),
                p2=energy_then(*cards, "filler", "filler"), cards=CARDS)
    game.do("p1: open p1", "p1: flip", "p1: pay", "p2: flip")
    return game


def choices(game: Play) -> tuple[str, str]:
    """(the heuristic's move, the thrifty policy's move) for p2 now."""
    obs, legal = observation(game.state, "p2"), legal_actions(game.state)
    return str(HeuristicBot(1).choose(obs, legal)), str(ThriftyHeuristic(1).choose(obs, legal))


def test_an_advantage_that_would_leave_too_little_energy_is_focused():
    game = p2_flips("banner")  # 10 energy, 7 to pay: 3 left
    assert 10 - 7 < ENERGY_KEPT
    assert choices(game) == ("p2: pay", "p2: focus")


def test_a_cheap_ally_or_advantage_is_paid_for_as_the_heuristic_does():
    assert choices(p2_flips("friend")) == ("p2: pay", "p2: pay")  # 9 left
    assert choices(p2_flips("boon")) == ("p2: pay", "p2: pay")


def test_an_ally_that_would_replace_one_needs_more_energy_left():
    game = p2_flips("friend", "mentor")
    game.do("p2: pay", "p2: flip")  # Friend in green (9 energy left), Mentor flipped there
    assert game.v("players.p2.zones.green.ally") == "friend"
    assert ENERGY_KEPT <= 9 - 3 < ENERGY_KEPT_TO_REPLACE
    assert choices(game) == ("p2: pay", "p2: focus")
    # in an empty ally space the same ally is paid for (p2 plays it first)
    assert choices(p2_flips("mentor")) == ("p2: pay", "p2: pay")


def test_everything_but_allies_and_advantages_is_the_heuristics_choice():
    from avatar_tui.engine import Table
    from avatar_tui.model.cards import AdvantageCard, AllyCard

    compared = 0
    for state, legal in positions(seeds=range(4), limit=200):
        if len(legal) < 2:
            continue
        pid = legal[0].player
        me = state.players[pid]
        face = me.zones[me.defending].flip if me.defending else None
        if face is not None and isinstance(Table(state).card(face.card), AllyCard | AdvantageCard):
            continue
        obs = observation(state, pid)
        assert ThriftyHeuristic(3).choose(obs, legal) == HeuristicBot(3).choose(obs, legal)
        compared += 1
    assert compared > 50


def test_no_look_is_built_when_no_power_use_is_offered(monkeypatch):
    """The heuristic numbers the powers by a whole look before it checks
    whether any is offered; the thrifty policy skips that when none is (the
    same answer, for less CPU in the master's playouts)."""
    import avatar_tui.bots.heuristic as heuristic

    def no_look(state):
        raise AssertionError("a look was built with no power use offered")

    monkeypatch.setattr(heuristic, "look", no_look)
    game = p2_flips("wall")  # a strike that stops p1's Wall: the heuristic's bonus check runs
    state = game.state
    legal = legal_actions(state)
    assert {a.verb for a in legal} >= {"pay", "focus"}
    assert not any(a.verb == "power" for a in legal)
    assert ThriftyHeuristic(3).choose(observation(state, "p2"), legal).verb == "pay"
    with pytest.raises(AssertionError, match="a look was built"):
        HeuristicBot(3).choose(observation(state, "p2"), legal)


# issue 45, attempt 3: the thresholds as settings (their defaults: the master's
# and the frozen kinds' playouts), and a thrift for strikes, off by default


def test_the_thresholds_left_at_their_defaults_choose_as_before():
    for state, legal in positions(seeds=range(2), limit=150):
        if len(legal) < 2:
            continue
        obs = observation(state, legal[0].player)
        assert ThriftyHeuristic(3, keep=ENERGY_KEPT, keep_to_replace=ENERGY_KEPT_TO_REPLACE,
                                strike_keep=0).choose(obs, legal) == \
            ThriftyHeuristic(3).choose(obs, legal)


def test_other_thresholds_change_what_is_paid_for():
    game = p2_flips("banner")  # 10 energy, 7 to pay: 3 left
    obs, legal = observation(game.state, "p2"), legal_actions(game.state)
    assert str(ThriftyHeuristic(1).choose(obs, legal)) == "p2: focus"
    assert str(ThriftyHeuristic(1, keep=3).choose(obs, legal)) == "p2: pay"

    game = p2_flips("friend", "mentor")
    game.do("p2: pay", "p2: flip")  # Mentor would replace Friend with 6 energy left (R8.1)
    obs, legal = observation(game.state, "p2"), legal_actions(game.state)
    assert str(ThriftyHeuristic(1).choose(obs, legal)) == "p2: focus"
    assert str(ThriftyHeuristic(1, keep_to_replace=6).choose(obs, legal)) == "p2: pay"


def test_a_strike_is_focused_outside_red_when_paying_would_leave_less_than_strike_keep():
    game = p2_flips("wall")  # a strike that stops p1's Wall, flipped in green
    obs, legal = observation(game.state, "p2"), legal_actions(game.state)
    assert str(ThriftyHeuristic(1).choose(obs, legal)) == "p2: pay"
    assert str(ThriftyHeuristic(1, strike_keep=1).choose(obs, legal)) == "p2: pay"
    assert str(ThriftyHeuristic(1, strike_keep=10).choose(obs, legal)) == "p2: focus"


def test_strength_py_sets_the_thresholds_from_a_player_spec():
    from benchmarks.strength import make_player

    bot = make_player("thrifty:keep=5:keep_to_replace=8:strike_keep=2", 1)
    assert (bot.keep, bot.keep_to_replace, bot.strike_keep) == (5, 8, 2)
    master = make_player("master:12:keep=5:keep_to_replace=8", 1)
    assert (master.policy.keep, master.policy.keep_to_replace) == (5, 8)
