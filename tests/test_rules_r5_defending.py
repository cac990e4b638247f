"""R5 Defending in a zone: play a strike, an advantage or an ally, or not."""

from support import Play, energy_then


def defending_against(force_card: str, *p2_flips: str, p2_energy: str = "filler") -> Play:
    """p1 opens, defends with `force_card`; p2 then defends with `p2_flips`."""
    game = Play(p1=energy_then(force_card, "filler", discard=("big",) * 4),
                p2=energy_then(*p2_flips, "filler", "filler", energy=p2_energy))
    game.do("p1: open p1", "p1: flip", "p1: pay")
    return game


def test_r5_3_intercept_equal_to_force_is_enough():
    game = defending_against("blaze", "blaze")  # force 4 v intercept 6
    game = defending_against("spear", "hammer")  # force 6 v intercept 6
    game.do("p2: flip", "p2: pay")
    assert game.v("incoming.owner") == "p2"
    assert game.v("incoming.zone") == "green"
    assert game.v("actor") == "p1"


def test_r5_3_intercept_below_force_is_refused_with_the_reason():
    game = defending_against("spear", "big")  # force 6 v intercept 4
    game.do("p2: flip")
    reason = game.refuse("p2: pay")
    assert reason == "Big's intercept 4 is below the incoming force 6 (R5.3)"


def test_r5_7_an_unplayable_strike_may_only_be_focused_or_discarded():
    game = defending_against("spear", "big")
    game.do("p2: flip")
    assert game.legal() == ["p2: focus", "p2: discard"]


def test_r5_4_an_advantage_goes_to_the_advantage_area_charges_and_you_flip_again():
    game = defending_against("wall", "boon")
    game.do("p2: flip", "p2: pay")
    assert game.v("players.p2.advantages") == ["boon"]
    assert game.v("players.p2.zones.green.charged") is True
    assert game.v("players.p2.defending") == "green"
    assert game.v("pending") == "flip"


def test_r5_4_an_immediate_advantage_goes_to_the_discard_pile_and_still_charges():
    game = defending_against("wall", "gift")
    game.do("p2: flip", "p2: pay")
    assert game.v("players.p2.advantages") == []
    assert game.v("players.p2.discard_top") == "gift"
    assert game.v("players.p2.zones.green.charged") is True


def test_r5_5_an_ally_goes_to_the_ally_space_and_you_flip_again():
    game = defending_against("wall", "friend")
    game.do("p2: flip", "p2: pay")
    assert game.v("players.p2.zones.green.ally") == "friend"
    assert game.v("players.p2.zones.green.flip") is None
    assert game.v("pending") == "flip"


def test_r5_5_a_second_ally_replaces_the_first_or_is_discarded():
    game = defending_against("wall", "friend", "pal", "pal")
    game.do("p2: flip", "p2: pay", "p2: flip", "p2: pay")
    assert game.v("pending") == "choose"
    assert game.legal() == ["p2: choose replace", "p2: choose keep"]
    game.do("p2: choose keep")
    assert game.v("players.p2.zones.green.ally") == "friend"
    assert game.v("players.p2.discard_top") == "pal"
    game.do("p2: flip", "p2: pay", "p2: choose replace")
    assert game.v("players.p2.zones.green.ally") == "pal"
    assert game.v("players.p2.discard_top") == "friend"


def test_r5_6_focus_puts_the_card_face_down_on_this_zones_energy_and_moves_down():
    game = defending_against("wall", "big")
    game.do("p2: flip", "p2: focus")
    assert game.v("players.p2.zones.green.energy") == 5  # 3 + replenish + the focused card
    assert game.state.players["p2"].zones["green"].energy[-1] == "big"
    assert game.v("players.p2.defending") == "yellow"
    assert game.v("pending") == "flip"


def test_r5_6_discard_puts_the_card_on_the_discard_pile_and_moves_down():
    game = defending_against("wall", "big")
    game.do("p2: flip", "p2: discard")
    assert game.v("players.p2.discard_top") == "big"
    assert game.v("players.p2.defending") == "yellow"


def test_r5_6_not_playing_in_red_gives_the_opponent_a_point():
    game = defending_against("wall", "big", "big", "big")
    game.do("p2: flip", "p2: discard", "p2: flip", "p2: focus", "p2: flip", "p2: discard")
    assert game.v("players.p1.score") == 1
    assert game.v("status") == "choose_opening"
    assert game.v("actor") == "p2"  # R10.5: the player scored against chooses
