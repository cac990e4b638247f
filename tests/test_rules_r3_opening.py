"""R3 The opening attack."""

from support import Play, energy_then


def opening() -> Play:
    return Play(p1=energy_then("wall", discard=("spear",) * 4), p2=energy_then("wall"))


def test_r3_1_opening_attack_has_force_4_from_no_zone():
    game = opening()
    game.do("p1: open p2")
    assert game.v("incoming") == {"card": "opening", "owner": "p1", "zone": "opening",
                                  "force": 4}


def test_r3_2_defender_adds_one_green_then_takes_a_turn_without_replenish():
    game = opening()
    game.do("p1: open p2")
    assert game.v("players.p2.zones.green.energy") == 4
    assert game.v("players.p2.zones.yellow.energy") == 3
    assert game.v("players.p2.defending") == "green"
    assert game.v("pending") == "flip"
    assert game.v("actor") == "p2"
    assert game.v("players.p2.discard") == 3  # the green energy came from the discard


def test_only_the_chooser_names_the_defender():
    game = opening()
    reason = game.refuse("p2: open p2")
    assert "p1's move" in reason and "(R2.4, R10.5)" in reason
