"""R8 Allies and advantages in play, R9 running out of cards, R11 charging."""

from support import Play, energy_then

ZONE_CARDS = [
    {"id": "captain", "name": "Captain", "type": "ally", "cost": {"green": 1},
     "statics": [{"static": "strength", "applies": "zone_strikes", "force": 1}]},
    {"id": "form", "name": "Form", "type": "advantage", "cost": {"green": 1},
     "statics": [{"static": "strength", "applies": "your_strikes", "intercept": 1}]},
]


def test_r8_1_allies_stay_in_play_across_turns():
    game = Play(p1=energy_then("friend", "wall", "wall", discard=("big",) * 4),
                p2=energy_then("wall", "wall"))
    game.do("p1: open p1", "p1: flip", "p1: pay", "p1: flip", "p1: pay", "p2: flip",
            "p2: pay", "p1: flip")
    assert game.v("players.p1.zones.green.ally") == "friend"


def test_r8_2_an_ally_affects_only_strikes_in_its_own_zone():
    game = Play(p1=energy_then("captain", "spear", "zero", "spear", discard=("big",) * 4),
                p2=energy_then("wall", "zero", "wall", "wall"), cards=ZONE_CARDS)
    game.do("p1: open p1", "p1: flip", "p1: pay", "p1: flip")
    assert game.v("players.p1.zones.green.force") == 7  # 6 + Captain
    game.do("p1: pay", "p2: flip", "p2: pay")
    assert game.v("incoming.force") == 2
    game.do("p1: flip", "p1: discard", "p1: flip")  # yellow zone: no Captain here
    assert game.v("players.p1.zones.yellow.force") == 6


def test_r8_3_advantages_last_until_your_next_cleanup():
    game = Play(p1=energy_then("form", "filler", "wall", discard=("big",) * 4),
                p2=energy_then("wall", "wall"), cards=ZONE_CARDS)
    game.do("p1: open p1", "p1: flip", "p1: pay", "p1: flip")
    assert game.v("players.p1.zones.green.intercept") == 5  # Filler 4 + Form
    game.do("p1: pay", "p2: flip", "p2: pay")
    assert game.v("players.p1.advantages") == []  # p1's cleanup (R4.1)


def test_r9_1_flipping_the_last_card_rebuilds_the_deck_keeping_counts_and_charges():
    game = Play(p1=energy_then("boon", "wall", discard=("big",) * 4),
                p2=energy_then("wall", "wall"))
    game.do("p1: open p1", "p1: flip", "p1: pay", "p1: flip")  # Wall is the last card
    text = game.texts()
    assert "(R9.1)" in text
    assert [game.v(f"players.p1.zones.{z}.energy") for z in ("green", "yellow", "red")] \
        == [3, 3, 3]
    assert game.v("players.p1.zones.green.charged") is True
    assert game.v("players.p1.discard") == 4
    assert game.v("players.p1.zones.green.flip") == "wall"


def test_r9_3_no_card_to_flip_even_after_rebuilding_fails_to_defend():
    game = Play(p1=energy_then("wall", discard=("big",) * 4), p2=energy_then("wall"))
    game.do("p1: open p1", "p1: flip", "p1: pay", "p2: flip", "p2: pay")
    p1 = game.state.players["p1"]
    for z in p1.zones.values():  # set up: p1 has no card anywhere to rebuild from
        z.energy.clear()
    p1.deck.clear()
    p1.discard.clear()
    game.do("p1: flip")
    assert "(R9.3)" in game.texts()
    assert game.v("players.p1.defending") == "yellow"


def test_r11_1_charging_a_charged_zone_does_nothing():
    game = Play(p1=energy_then("boon", "boon", "wall", discard=("big",) * 4),
                p2=energy_then("wall"))
    game.do("p1: open p1", "p1: flip", "p1: pay", "p1: flip")
    game.do("p1: pay")  # a second advantage in the charged green zone
    charges = [e for e in game.events if "charges the green zone" in e.text]
    assert charges == []
    assert game.v("players.p1.zones.green.charged") is True
    assert game.v("players.p1.advantages") == ["boon", "boon"]  # R8.3: any number


def test_r11_1_a_charge_lasts_across_turns_and_points():
    game = Play(p1=energy_then("boon", "zero", "zero", "zero", "wall", discard=("big",) * 4),
                p2=energy_then("wall", "wall"))
    game.do("p1: open p1", "p1: flip", "p1: pay", "p1: flip", "p1: discard", "p1: flip",
            "p1: discard", "p1: flip", "p1: discard")
    assert game.v("players.p2.score") == 1
    assert game.v("players.p1.zones.green.charged") is True
