"""R7 Payment powers, reflip, pitch, eliminate, immediate."""

import pytest
from support import Play, energy_then

POWER_CARDS = [
    {"id": "dodge", "name": "Dodge", "type": "strike", "cost": {"green": 1},
     "force": 1, "intercept": 3,
     "powers": [{"cost": {"red": 1}, "limit": "once",
                 "effects": [{"effect": "modify", "intercept": 4}]}]},
    {"id": "trade", "name": "Trade", "type": "strike", "cost": {"red": 1},
     "force": 4, "intercept": 2,
     "powers": [{"cost": {"intercept": 1}, "effects": [{"effect": "modify", "force": 1}]}]},
    {"id": "redo", "name": "Redo", "type": "strike", "cost": {"yellow": 2},
     "force": 5, "intercept": 1, "reflip": {"green": 1}},
    {"id": "spark", "name": "Spark", "type": "strike", "cost": {"green": 3},
     "force": 4, "intercept": 6,
     "pitch": {"cost": {"pitch": True}, "effects": [{"effect": "charge", "zone": "this"}]}},
    {"id": "helper", "name": "Helper", "type": "ally", "cost": {"green": 1},
     "powers": [{"cost": {"green": 1}, "limit": "once_per_turn",
                 "effects": [{"effect": "modify", "intercept": 1}]}]},
    {"id": "sidestep", "name": "Sidestep", "type": "strike", "cost": {"green": 1},
     "force": 1, "intercept": 3,
     "powers": [{"cost": {"red": 1}, "limit": "once_per_turn",
                 "effects": [{"effect": "modify", "intercept": 1}]}]},
    {"id": "feast", "name": "Feast", "type": "advantage", "cost": {"green": 1},
     "immediate": True, "on_play": [{"effect": "add_energy", "zone": "red"}]},
]


def facing(force_card: str, *p2_cards: str) -> Play:
    """p1 counterattacks with `force_card`; p2 is to flip `p2_cards`."""
    game = Play(p1=energy_then(force_card, "filler", discard=("big",) * 4),
                p2=energy_then(*p2_cards, "filler", "filler", "filler"), cards=POWER_CARDS)
    game.do("p1: open p1", "p1: flip", "p1: pay", "p2: flip")
    return game


def test_r7_1_a_payment_power_pays_its_cost_and_gives_its_effect():
    game = facing("spear", "dodge")  # force 6 v intercept 3
    game.refuse("p2: pay")
    game.do("p2: power 1")
    assert game.v("players.p2.zones.green.intercept") == 7
    assert game.v("players.p2.zones.red.energy") == 2
    game.do("p2: pay")
    assert game.v("incoming.card") == "dodge"


def test_r7_1_use_only_once_holds():
    game = facing("spear", "dodge")
    game.do("p2: power 1")
    assert game.refuse("p2: power 1") == "Dodge's power 1 can be used only once (R7.1)"


def test_r7_1_an_unlimited_power_repeats_and_r7_2_intercept_never_goes_below_0():
    game = facing("wall", "trade")  # force 2 v intercept 2
    game.do("p2: power 1", "p2: power 1")
    assert game.v("players.p2.zones.green.force") == 6
    assert game.v("players.p2.zones.green.intercept") == 0
    assert "never below 0" in game.refuse("p2: power 1")
    # R7.2: the strike may lower its intercept below the force; it just cannot counterattack
    assert "R5.3" in game.refuse("p2: pay")


def test_r7_3_powers_come_before_the_sidebar_cost():
    game = facing("wall", "dodge")
    game.do("p2: pay")
    assert game.v("actor") == "p1"  # the counterattack ended the turn: no more powers
    assert game.refuse("p2: power 1").startswith("it is p1's move, not p2's: p1 must flip")


def test_r7_3_an_ally_power_needs_a_strike_in_its_zone_and_holds_once_per_turn():
    game = facing("spear", "helper", "boon", "dodge")
    game.do("p2: pay", "p2: flip")  # Helper in green; Boon flipped (an advantage)
    assert "only for a strike" in game.refuse("p2: power ally 1")
    game.do("p2: pay", "p2: flip")  # Dodge: intercept 3 v force 6
    game.do("p2: power ally 1", "p2: power 1")
    assert game.v("players.p2.zones.green.intercept") == 8
    assert "once per turn" in game.refuse("p2: power ally 1")


def test_r7_3_a_flipped_ally_is_not_in_play_and_offers_no_power():
    # Convention R7.3: only flipped, not yet paid for and placed, an ally's
    # powers cannot be used, neither as `power N` nor as an ally's power
    game = facing("spear", "helper")
    assert ("p2: power 1") not in game.legal()
    assert game.refuse("p2: power 1") == ("Helper is only flipped, not in play: its powers "
                                          "work once it is played into its space (R7.3)")
    assert game.v("players.p2.zones.red.energy") == 3  # nothing was paid


def test_r7_1_a_strikes_once_per_turn_power_holds_once():
    game = facing("spear", "sidestep")
    game.do("p2: power 1")
    assert "p2: power 1" not in game.legal()
    assert game.refuse("p2: power 1") == "Sidestep's power 1 can be used only once per turn (R7.1)"


@pytest.mark.parametrize("limit,again", [("once_per_turn", True), ("once", False)])
def test_r7_1_an_allys_once_power_stays_spent_while_once_per_turn_comes_back(limit, again):
    mentor = {"id": "mentor", "name": "Mentor", "type": "ally", "cost": {"green": 1},
              "powers": [{"cost": {"green": 1}, "limit": limit,
                          "effects": [{"effect": "modify", "intercept": 1}]}]}
    game = Play(p1=energy_then("spear", "filler", discard=("big",) * 4),
                p2=energy_then("mentor", "dodge", "filler", "dodge", "filler"),
                cards=[*POWER_CARDS, mentor])
    game.do("p1: open p1", "p1: flip", "p1: pay", "p2: flip")
    game.do("p2: pay", "p2: flip", "p2: power ally 1", "p2: power 1", "p2: pay")
    game.do("p1: flip", "p1: pay", "p2: flip")  # p2's next turn: Dodge in green again
    assert ("p2: power ally 1" in game.legal()) is again


def test_r7_4_reflip_pays_the_reflip_cost_and_flips_again_in_the_same_zone():
    game = facing("spear", "redo", "hammer")
    game.refuse("p2: pay")
    game.do("p2: reflip")
    assert game.v("players.p2.zones.green.flip") == "hammer"
    assert game.v("players.p2.defending") == "green"
    assert game.v("players.p2.zones.green.energy") == 3  # 3 + replenish 1 - reflip 1
    assert "redo" in game.state.players["p2"].discard


def test_r7_4_a_card_without_reflip_cannot_reflip():
    game = facing("spear", "big")
    assert game.refuse("p2: reflip") == "Big has no reflip (R7.4)"


def test_r7_5_pitch_discards_gives_the_effect_and_moves_down():
    game = facing("spear", "spark")
    game.do("p2: pitch")
    assert game.v("players.p2.discard_top") == "spark"
    assert game.v("players.p2.zones.green.charged") is True
    assert game.v("players.p2.defending") == "yellow"


def test_r7_5_pitching_in_red_lets_the_opponent_score():
    game = facing("spear", "zero", "zero", "spark")
    game.do("p2: discard", "p2: flip", "p2: discard", "p2: flip", "p2: pitch")
    assert game.v("players.p1.score") == 1
    assert game.v("players.p2.zones.red.charged") is True  # the effect still happened


def test_r7_7_an_immediate_advantage_resolves_then_goes_to_the_discard_pile():
    game = facing("spear", "feast")
    red = game.v("players.p2.zones.red.energy")
    game.do("p2: pay")
    assert game.v("players.p2.zones.red.energy") == red + 1
    assert game.v("players.p2.discard_top") == "feast"  # after its effect, not as the energy
