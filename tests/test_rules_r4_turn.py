"""R4 The turn sequence: cleanup, replenish, signature move step, flip."""

from support import Play, charged_everywhere, energy_then


def test_r4_1_cleanup_puts_your_counterattacking_strike_into_the_discard_pile():
    game = Play(p1=energy_then("wall", "wall", discard=("spear",) * 4),
                p2=energy_then("wall", "wall"))
    game.do("p1: open p1", "p1: flip", "p1: pay", "p2: flip", "p2: pay")
    # p1's turn begins: its Wall from the last turn is cleaned up (R4.1)
    assert game.v("players.p1.zones.green.flip") is None
    assert "p1 cleans up Wall (R4.1)" in game.texts()
    assert game.v("players.p2.zones.green.flip") == "wall"  # the incoming attack stays


def test_r4_1_advantages_are_cleaned_up_oldest_first_after_the_strike():
    game = Play(p1=energy_then("boon", "filler", "wall", "wall", discard=("spear",) * 4),
                p2=energy_then("wall", "wall"))
    game.do("p1: open p1", "p1: flip", "p1: pay", "p1: flip", "p1: discard", "p1: flip",
            "p1: pay", "p2: flip", "p2: pay")
    cleaned = [e.text for e in game.events if e.rule == "R4.1"]
    assert cleaned == ["p1 cleans up Wall", "p1 cleans up Boon"]


def replenish_after_counterattack_from(zone_moves: list[str]) -> Play:
    game = Play(p1=energy_then("wall", "wall", discard=("spear",) * 4),
                p2=energy_then("zero", "zero", "wall", "wall"))
    game.do("p1: open p1", "p1: flip", "p1: pay", *zone_moves)
    return game


def test_r4_2_replenish_after_a_green_counterattack_is_one_green():
    game = Play(p1=energy_then("wall", "wall", discard=("spear",) * 4),
                p2=energy_then("wall", "wall"))
    game.do("p1: open p1", "p1: flip", "p1: pay", "p2: flip", "p2: pay")
    assert "replenish: p1 adds +1 green (R4.2)" in game.texts()
    assert game.v("players.p1.zones.green.energy") == 5  # 3 + opening 1 + replenish 1


def test_r4_2_replenish_after_a_red_counterattack_is_red_yellow_green():
    game = replenish_after_counterattack_from(["p2: flip", "p2: discard", "p2: flip",
                                               "p2: discard", "p2: flip", "p2: pay"])
    # p2 counterattacked from red: p1 adds red, yellow, green (R4.2)
    assert game.v("incoming.zone") == "red"
    assert "replenish: p1 adds +1 red, +1 yellow, +1 green (R4.2)" in game.texts()
    assert game.v("players.p1.zones.red.energy") == 4


def test_r4_2_replenish_after_a_yellow_counterattack():
    game = Play(p1=energy_then("wall", "wall", discard=("spear",) * 4),
                p2=energy_then("zero", "wall", "wall"))
    game.do("p1: open p1", "p1: flip", "p1: pay", "p2: flip", "p2: discard", "p2: flip",
            "p2: pay")
    assert game.v("incoming.zone") == "yellow"
    assert "replenish: p1 adds +1 yellow, +1 green (R4.2)" in game.texts()
    assert game.v("players.p1.zones.yellow.energy") == 3  # paid 1, replenished 1


def test_r4_3_all_zones_charged_gives_the_signature_move_step():
    game = charged_everywhere()
    assert game.v("pending") == "signature"
    assert game.v("players.p1.defending") is None
    assert "skip first" in game.refuse("p1: flip") or "signature" in game.refuse("p1: flip")


def test_r4_3_skip_goes_to_the_flip_step_in_green():
    game = charged_everywhere()
    game.do("p1: skip")
    assert game.v("pending") == "flip"
    assert game.v("players.p1.defending") == "green"
    assert game.v("players.p1.zones.red.charged") is True  # skipping keeps the charges
