"""R12 Timing and conflicts: ordering, "cannot", R12.5 comparisons, and
continuous force (R12.7), with the rulebook's own examples."""

from support import Play, energy_then

DUD = [{"id": "dud", "name": "Dud", "type": "strike", "force": -2, "intercept": 5}]


def katara_and_surf_spray() -> Play:
    """The rulebook's example: Katara's power, then Surf Spray counterattacks."""
    game = Play(p1=energy_then("wall", "filler", discard=("big",) * 4),
                p2=energy_then("katara", "surf_spray", "filler"))
    game.do("p1: open p1", "p1: flip", "p1: pay", "p2: flip", "p2: pay", "p2: flip",
            "p2: power ally 1", "p2: pay")
    return game


def test_r12_2_the_turn_player_orders_effects_that_happen_at_once():
    game = katara_and_surf_spray()
    assert game.v("pending") == "choose"
    assert game.v("actor") == "p2"
    assert sorted(game.legal()) == ["p2: choose katara", "p2: choose surf_spray"]


def test_r12_2_charging_first_makes_surf_spray_add_more():
    game = katara_and_surf_spray()
    green = game.v("players.p2.zones.green.energy")
    game.do("p2: choose katara")
    assert game.v("players.p2.zones.green.charged") is True
    assert game.v("players.p2.zones.green.energy") == green + 1  # one charged zone
    assert game.v("actor") == "p1"  # R12.6: the turn ends after the effects


def test_r12_2_surf_spray_first_adds_nothing():
    game = katara_and_surf_spray()
    green = game.v("players.p2.zones.green.energy")
    game.do("p2: choose surf_spray")
    assert game.v("players.p2.zones.green.energy") == green
    assert game.v("players.p2.zones.green.charged") is True


def test_r12_3_cannot_beats_can():
    game = Play(p1=energy_then("canyon_sprint", "filler", discard=("big",) * 4),
                p2=energy_then("boon", "hammer", "filler"))
    game.do("p1: open p1", "p1: flip", "p1: pay", "p2: flip", "p2: pay")
    assert game.v("players.p2.advantages") == ["boon"]
    assert game.v("players.p2.zones.green.charged") is False
    assert "cannot be charged (Canyon Sprint) (R12.3)" in game.texts()


def test_r12_5_negative_force_counts_as_0_and_intercept_0_stops_it():
    game = Play(p1=energy_then("dud", "filler", discard=("big",) * 4),
                p2=energy_then("zero", "filler"), cards=DUD)
    game.do("p1: open p1", "p1: flip", "p1: pay")
    assert game.v("incoming.force") == -2  # arithmetic keeps the negative value
    game.do("p2: flip", "p2: pay")
    assert game.v("incoming.card") == "zero"


def test_r12_7_removing_a_source_changes_an_attack_already_sent():
    """The rulebook's example: Fiery Temper eliminates Commander Zhao."""
    game = Play(p1=energy_then("commander_zhao", "knuckle_sandwich", "filler",
                               discard=("big",) * 4),
                p2=energy_then("fiery_temper", "filler"))
    game.do("p1: open p1", "p1: flip", "p1: pay", "p1: flip", "p1: pay")
    assert game.v("incoming.force") == 5  # 4 + Commander Zhao
    game.do("p2: flip", "p2: pay")
    assert "p2: choose p1.green.ally" in game.legal()
    game.do("p2: choose p1.green.ally")
    assert game.v("players.p1.zones.green.ally") is None
    assert game.v("incoming.force") == 4
    assert game.v("players.p1.discard_top") == "commander_zhao"  # R7.6: its owner's pile
