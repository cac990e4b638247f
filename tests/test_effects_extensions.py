"""The effect language's wider vocabulary: "that zone", the opponent as the
chooser, "if you do", granted statics, powers and triggers, deck search,
forced reflips, signature-step powers and the flip/play/charge events."""

from support import Play, energy_then

from avatar_tui.engine import board, clone, flow, view
from avatar_tui.engine.events import Charged
from avatar_tui.engine.table import Table


def strike(id: str, **extra) -> dict:
    card = {"id": id, "name": id.title(), "type": "strike", "force": 3, "intercept": 9}
    card.update(extra)
    return card


def on(event: str, *effects: dict, **trigger) -> list[dict]:
    return [{"on": event, "effects": list(effects), **trigger}]


def p1_attacks_then(p1_card: dict, *p2_cards: str, cards: list[dict] = (), p1_more=()) -> Play:
    """p1 counterattacks the opening with `p1_card`; p2 is to flip `p2_cards`."""
    game = Play(p1=energy_then(p1_card["id"], *p1_more, "filler", "filler",
                               discard=("big",) * 4),
                p2=energy_then(*p2_cards, "filler", "filler", "filler"),
                cards=[p1_card, *cards])
    game.do("p1: open p1", "p1: flip", "p1: pay")
    return game


def test_that_zone_is_where_the_opponent_counterattacked_from():
    sand = strike("sand", triggers=on("opponent_counterattacks",
                  {"effect": "eliminate_ally", "whose": "opponent", "zone": "that"}))
    game = p1_attacks_then(sand, "friend", "wall")
    game.do("p2: flip", "p2: pay", "p2: flip", "p2: pay")  # Friend in green, Wall strikes
    assert game.v("players.p2.zones.green.ally") is None
    assert game.v("players.p2.discard_top") == "friend"


def test_the_opponent_can_be_the_one_who_chooses():
    gift = strike("gift_wind", triggers=on("counterattack",
                  {"effect": "charge", "zone": "choose", "whose": "you", "chooser": "opponent"}))
    game = Play(p1=energy_then("zero", "zero", "gift_wind", "filler", discard=("big",) * 4),
                p2=energy_then("wall", "filler"), cards=[gift])
    game.do("p1: open p2", "p2: flip", "p2: pay", "p1: flip", "p1: discard", "p1: flip",
            "p1: discard", "p1: flip", "p1: pay")
    assert game.v("actor") == "p2"
    assert sorted(game.legal()) == ["p2: choose p1.green", "p2: choose p1.red",
                                    "p2: choose p1.yellow"]


def test_if_you_do_happens_only_after_the_first_part():
    trickster = {"id": "trickster", "name": "Trickster", "type": "ally", "cost": {"green": 1},
                 "triggers": on("counterattack", {
                     "effect": "eliminate_ally", "whose": "you", "optional": True,
                     "then": [{"effect": "add_energy", "zone": "red", "count": 2}]})}
    game = Play(p1=energy_then("trickster", "wall", "filler", discard=("big",) * 4),
                p2=energy_then("wall"), cards=[trickster])
    game.do("p1: open p1", "p1: flip", "p1: pay", "p1: flip", "p1: pay")
    assert sorted(game.legal()) == ["p1: choose none", "p1: choose p1.green.ally"]
    red = game.v("players.p1.zones.red.energy")
    game.do("p1: choose p1.green.ally")
    assert game.v("players.p1.zones.red.energy") == red + 2


def test_force_per_stopped_force_adds_the_force_of_the_attack_stopped():
    sling = strike("sling", force=0, triggers=on("counterattack",
                   {"effect": "modify", "force_per": "stopped_force"}))
    game = p1_attacks_then(strike("lead", force=6, intercept=9), "sling", cards=[sling])
    game.do("p2: flip", "p2: pay")
    assert game.v("incoming.force") == 6


def test_a_granted_static_lasts_while_the_card_is_in_play():
    push = strike("push", powers=[{"cost": {"move": "red"}, "effects": [
        {"effect": "grant", "static": {"static": "skip_zones", "zones": ["green"]}}]}])
    game = Play(p1=energy_then("push", "filler", discard=("big",) * 4),
                p2=energy_then("wall", "filler"), cards=[push])
    game.do("p1: open p1", "p1: flip", "p1: power 1")
    assert game.v("players.p1.zones.red.flip") == "push"
    assert game.v("players.p1.defending") == "red"
    game.do("p1: pay")
    assert game.v("players.p2.defending") == "yellow"  # p2 skips green
    assert "skips defending in the green zone" in game.texts()


def test_a_granted_power_is_numbered_after_the_printed_ones():
    boulder = {"id": "boulder_shadow", "name": "Boulder Shadow", "type": "advantage",
               "cost": {"green": 1}, "statics": [{"static": "grant_power", "to": "opponent_strikes",
                                                 "power": {"cost": {"green": 1}, "effects": [
                                                     {"effect": "modify", "intercept": 1}]}}]}
    game = Play(p1=energy_then("boulder_shadow", "spear", discard=("big",) * 4),
                p2=energy_then("big", "filler"), cards=[boulder])
    game.do("p1: open p1", "p1: flip", "p1: pay", "p1: flip", "p1: pay", "p2: flip")
    assert "p2: power 1" in game.legal()
    game.do("p2: power 1", "p2: power 1")
    assert game.v("players.p2.zones.green.intercept") == 6  # Big 4, +1 twice
    game.do("p2: pay g=2 y=1 r=1")  # the powers spent green: a yellow pays the rest (R6.3)
    assert game.v("incoming.card") == "big"


def test_an_ally_can_give_its_zones_strikes_a_triggered_effect():
    king = {"id": "king", "name": "King", "type": "ally", "cost": {"green": 1},
            "statics": [{"static": "grant_trigger", "trigger": {
                "on": "opponent_focuses", "effects": [{"effect": "modify", "force": 1}]}}]}
    game = Play(p1=energy_then("king", "wall", discard=("big",) * 4),
                p2=energy_then("zero", "hammer", "filler"), cards=[king])
    game.do("p1: open p1", "p1: flip", "p1: pay", "p1: flip", "p1: pay")
    assert game.v("incoming.force") == 2
    game.do("p2: flip", "p2: focus")
    assert game.v("incoming.force") == 3


def test_search_the_deck_for_an_ally():
    call = strike("call", triggers=on("counterattack",
                  {"effect": "search_deck", "card": "friend"}))
    game = p1_attacks_then(call, p1_more=("zero", "friend"), cards=[])
    assert "p1: choose p1.yellow" in game.legal()
    game.do("p1: choose p1.yellow")
    assert game.v("players.p1.zones.yellow.ally") == "friend"
    assert "friend" not in game.state.players["p1"].deck


def test_force_reflip_makes_the_opponent_flip_again():
    rain = strike("rain", triggers=on("opponent_flips",
                  {"effect": "force_reflip", "green": 1}))
    game = p1_attacks_then(rain, "hammer", "spear")
    game.do("p2: flip")
    assert sorted(game.legal()) == ["p1: choose none", "p1: choose pay"]
    game.do("p1: choose pay")
    assert game.v("players.p2.zones.green.flip") == "spear"
    assert game.v("players.p2.discard_top") == "hammer"
    game.do("p1: choose none")  # the second flip triggers it again
    assert game.v("pending") == "decide"


def test_events_when_you_flip_and_before_you_flip_in_a_zone():
    scroll = {"id": "scroll", "name": "Scroll", "type": "advantage", "cost": {"green": 1},
              "triggers": on("you_flip", {"effect": "reveal_top", "whose": "you"})}
    game = Play(p1=energy_then("scroll", "wall", "filler", discard=("big",) * 4),
                p2=energy_then("wall"), cards=[scroll])
    game.do("p1: open p1", "p1: flip", "p1: pay", "p1: flip")
    assert game.state.players["p1"].top_revealed is True
    mentor = {"id": "mentor", "name": "Mentor", "type": "ally", "cost": {"green": 1},
              "triggers": on("before_flip_in_zone", {"effect": "look_at_top", "count": 2})}
    game = Play(p1=energy_then("mentor", "spear", "wall", "filler", discard=("big",) * 4),
                p2=energy_then("wall"), cards=[mentor])
    game.do("p1: open p1", "p1: flip", "p1: pay", "p1: flip")
    assert sorted(game.legal()) == ["p1: choose spear", "p1: choose wall"]
    game.do("p1: choose wall")
    assert game.v("players.p1.zones.green.flip") == "wall"  # flipped after reordering


def test_a_card_flipped_into_a_zone_without_an_ally_can_call_one():
    scooter = strike("scooter", triggers=on("flipped", {"effect": "move_ally",
                     "mode": "to_this_zone"}, when={"ally_in_zone": False}))
    game = Play(p1=energy_then("friend", "zero", "scooter", "filler", discard=("big",) * 4),
                p2=energy_then("wall"), cards=[scooter])
    game.do("p1: open p1", "p1: flip", "p1: pay", "p1: flip", "p1: discard", "p1: flip")
    assert sorted(game.legal()) == ["p1: choose none", "p1: choose p1.green.ally"]
    game.do("p1: choose p1.green.ally")
    assert game.v("players.p1.zones.yellow.ally") == "friend"


def test_playing_a_card_and_charging_a_zone_are_events_for_the_opponent():
    quake = strike("quake", triggers=on("opponent_plays_card",
                   {"effect": "eliminate_energy", "whose": "opponent", "colour": "that"}) +
                   on("opponent_charges", {"effect": "modify", "force": 1}))
    game = p1_attacks_then(quake, "boon", "wall")
    green = game.v("players.p2.zones.green.energy")
    game.do("p2: flip", "p2: pay")  # plays Boon in green: charges green
    assert game.v("players.p2.zones.green.energy") == green - 1 - 1  # its cost, then Quake
    assert game.v("incoming.force") == 4  # 3 + 1 for the charge


def test_the_board_records_a_charge_and_the_run_loop_starts_what_it_sets_off():
    """The board is below the effects: charging queues nothing itself, it
    records the charge, and the run loop asks the triggers (R12.2)."""
    quake = strike("quake", triggers=on("opponent_charges", {"effect": "modify", "force": 1}))
    game = p1_attacks_then(quake, "wall")
    t = Table(clone(game.state))
    assert board.charge(t, "p2", "green", "a test")
    assert t.happened == [Charged("p2", "green")]
    assert t.state.queue == []
    flow.run(t)
    assert t.happened == []
    assert view(t.state)["incoming"]["force"] == 4  # 3, +1 from Quake


def test_only_if_checks_its_condition_when_it_resolves():
    breath = {"id": "breath", "name": "Breath", "type": "advantage", "cost": {"green": 1},
              "immediate": True, "on_play": [{"effect": "only_if",
                                              "when": {"this_zone_charged": True},
                                              "effects": [{"effect": "add_energy",
                                                           "zone": "red"}]}]}
    game = Play(p1=energy_then("breath", "boon", "breath", "wall", discard=("big",) * 4),
                p2=energy_then("wall"), cards=[breath])
    game.do("p1: open p1", "p1: flip", "p1: pay")  # green not charged yet: nothing
    assert game.v("players.p1.zones.red.energy") == 3
    game.do("p1: flip", "p1: pay", "p1: flip", "p1: pay")  # now it is
    assert game.v("players.p1.zones.red.energy") == 4


def test_a_moving_strike_takes_the_defence_with_it():
    leap = strike("leap", intercept=9, powers=[{"cost": {"green": 2}, "only_in": ["yellow", "red"],
                                               "effects": [{"effect": "move_this", "to": "up"}]}])
    game = Play(p1=energy_then("zero", "leap", "filler", discard=("big",) * 4),
                p2=energy_then("wall"), cards=[leap])
    game.do("p1: open p1", "p1: flip", "p1: discard", "p1: flip")
    game.do("p1: power 1")
    assert game.v("players.p1.defending") == "green"
    assert game.v("players.p1.zones.green.flip") == "leap"
    assert "only in the yellow or red zone" in game.refuse("p1: power 1")


def test_yip_yip_charges_the_zone_it_was_played_in_then_you_defend_higher():
    yip = {"id": "yip", "name": "Yip", "type": "advantage", "cost": {"green": 1},
           "immediate": True, "on_play": [{"effect": "change_defending_zone", "step": -1}]}
    game = Play(p1=energy_then("zero", "yip", "wall", discard=("big",) * 4),
                p2=energy_then("wall"), cards=[yip])
    game.do("p1: open p1", "p1: flip", "p1: discard", "p1: flip", "p1: pay")
    assert game.v("players.p1.zones.yellow.charged") is True
    assert game.v("players.p1.zones.green.charged") is False
    assert game.v("players.p1.defending") == "green"


SAGE = {"id": "sage", "name": "Sage", "type": "chamber",
        "traits": ["fox", "spirit", "light", "air"],
        "front": {"id": "sage_front", "name": "Sage Front", "force": 5, "intercept": 1,
                  "powers": [{"cost": {"green": 1}, "effects": [
                      {"effect": "modify", "intercept": 3}]}]},
        "back": {"id": "sage_back", "name": "Sage Back", "force": 9, "intercept": 9}}


def sage_at_signature_step() -> Play:
    p1 = energy_then("boon", "zero", "boon", "zero", "boon", "wall", "wall", "wall",
                     discard=("spear",) * 4)
    game = Play(p1=p1, p2=energy_then("wall", "wall", "wall"), cards=[SAGE],
                p1_chamber="sage")
    game.do("p1: open p1", "p1: flip", "p1: pay", "p1: flip", "p1: focus",
            "p1: flip", "p1: pay", "p1: flip", "p1: focus", "p1: flip", "p1: pay",
            "p1: flip", "p1: pay", "p2: flip", "p2: pay")
    return game


def test_a_signature_moves_power_is_used_at_the_signature_step_before_paying():
    game = sage_at_signature_step()  # Sage Front: intercept 1 against Wall's force 2
    assert "R10.1" in game.refuse("p1: signature")
    game.do("p1: power 1")
    assert game.state.players["p1"].chamber.move is not None  # revealed by its use
    game.do("p1: signature")
    assert game.v("incoming.card") == "sage_front"


def test_skipping_after_a_signature_power_puts_the_move_back_and_keeps_the_charges():
    game = sage_at_signature_step()
    game.do("p1: power 1", "p1: skip")
    assert game.state.players["p1"].chamber.move is None
    assert game.v("players.p1.zones.green.charged") is True
    assert game.v("players.p1.defending") == "green"


def test_the_same_effect_twice_needs_no_ordering_question():
    cushion = strike("cushion", powers=[{"cost": {"intercept": 1}, "effects": [
        {"effect": "on_counterattack", "effects": [{"effect": "add_energy", "zone": "red"}]}]}])
    game = p1_attacks_then(strike("lead"), "cushion", cards=[cushion])
    red = game.v("players.p2.zones.red.energy")
    game.do("p2: flip", "p2: power 1", "p2: power 1", "p2: pay")
    assert game.v("pending") == "flip"  # no R12.2 question: the order cannot matter
    assert game.v("players.p2.zones.red.energy") == red + 2


def test_protected_allies_do_not_stop_you_moving_the_opponents():
    ward = {"id": "ward", "name": "Ward", "type": "advantage", "cost": {"green": 1},
            "statics": [{"static": "restrict", "who": "you", "what": ["move_allies"]}]}
    gale = strike("gale", triggers=on("counterattack", {"effect": "move_ally",
                  "mode": "to_deck_top", "whose": "opponent"}))
    game = Play(p1=energy_then("ward", "gale", "filler", discard=("big",) * 4),
                p2=energy_then("friend", "wall", "filler"), cards=[ward, gale])
    game.do("p1: open p2", "p2: flip", "p2: pay", "p2: flip", "p2: pay",
            "p1: flip", "p1: pay", "p1: flip", "p1: pay")
    assert "p1: choose p2.green.ally" in game.legal()


def test_with_two_ways_to_reflip_the_player_picks_one():
    mastery = {"id": "mastery", "name": "Mastery", "type": "advantage", "cost": {"green": 1},
               "statics": [{"static": "grant_reflip", "to": "your_cards",
                            "eliminate_source": True}]}
    redo = strike("redo", intercept=1, reflip={"green": 1})
    game = Play(p1=energy_then("mastery", "redo", "wall", "filler", discard=("big",) * 4),
                p2=energy_then("wall"), cards=[mastery, redo])
    game.do("p1: open p1", "p1: flip", "p1: pay", "p1: flip", "p1: reflip")
    assert sorted(game.legal()) == ["p1: choose mastery", "p1: choose redo"]
    green = game.v("players.p1.zones.green.energy")
    game.do("p1: choose mastery")  # pay by eliminating Mastery, not with energy
    assert game.v("players.p1.advantages") == []
    assert game.v("players.p1.zones.green.energy") == green
    assert game.v("players.p1.zones.green.flip") == "wall"


def test_a_protected_zone_is_not_offered_to_uncharge():
    ward = {"id": "ward", "name": "Ward", "type": "advantage", "cost": {"green": 1},
            "statics": [{"static": "restrict", "who": "you", "what": ["uncharge"]}]}
    storm = strike("storm", triggers=on("counterattack", {"effect": "uncharge",
                   "whose": "any", "optional": True}))
    game = Play(p1=energy_then("ward", "wall", "filler", discard=("big",) * 4),
                p2=energy_then("boon", "storm", "filler"), cards=[ward, storm])
    game.do("p1: open p1", "p1: flip", "p1: pay", "p1: flip", "p1: pay",
            "p2: flip", "p2: pay", "p2: flip", "p2: pay")
    assert "p2: choose p1.green" not in game.legal()  # Ward protects p1's charges
    assert "p2: choose p2.green" in game.legal()


def test_a_forced_reflip_may_be_paid_with_a_stronger_colour_when_short():
    rain = strike("rain", triggers=on("opponent_flips",
                  {"effect": "force_reflip", "green": 1}))
    game = p1_attacks_then(rain, "hammer", "spear")
    game.state.players["p1"].zones["green"].energy.clear()  # set up: p1 has no green left
    game.do("p2: flip")
    assert sorted(game.legal()) == ["p1: choose none", "p1: choose pay_r1", "p1: choose pay_y1"]
    yellow = game.v("players.p1.zones.yellow.energy")
    game.do("p1: choose pay_y1")  # R6.3: yellow pays the green pip
    assert game.v("players.p1.zones.yellow.energy") == yellow - 1
    assert game.v("players.p2.zones.green.flip") == "spear"


def test_an_ally_power_never_helps_a_signature_move():
    game = sage_at_signature_step()
    assert "R8.2" in game.refuse("p1: power ally 1")
    assert not [a for a in game.legal() if "ally" in a]
