"""R10 Signature moves and scoring."""

from support import Play, charged_everywhere, energy_then


def test_r10_1_a_signature_move_uncharges_all_zones_and_counterattacks_from_no_zone():
    game = charged_everywhere()  # p1 to act at the signature step against Wall (force 2)
    game.do("p1: signature")
    assert [game.v(f"players.p1.zones.{z}.charged") for z in ("green", "yellow", "red")] \
        == [False, False, False]
    assert game.v("incoming") == {"card": "hero_front", "owner": "p1", "zone": "signature",
                                  "force": 7}
    # R10.1: no replenish for the opponent after a signature move
    assert not [e for e in game.events if e.rule == "R4.2"]
    assert game.v("actor") == "p2"


def test_r10_1_a_refused_signature_move_keeps_the_charges():
    game = charged_everywhere()
    for z in game.state.players["p1"].zones.values():  # set up: no green energy to pay
        if z is game.state.players["p1"].zones["green"]:
            z.energy.clear()
    reason = game.refuse("p1: signature")
    assert reason.startswith("your signature move costs G1")  # unnamed: it is secret (R1.6)
    assert game.v("players.p1.zones.green.charged") is True


def test_r10_6_a_signature_move_is_cleaned_up_and_the_chamber_turns_over():
    game = charged_everywhere()
    game.do("p1: signature", "p2: flip", "p2: pay")  # p2's Wall (intercept 9) stops it
    assert game.v("players.p1.chamber.side") == "back"
    assert "Hero Front goes back into the chamber, which turns to its back (R10.6)" \
        in game.texts()
    assert game.state.players["p1"].chamber.move is None


def scored_against_p2(*p1_extra: str) -> Play:
    """p1 counterattacks from green with an ally in its zone; p2 fails all three zones."""
    game = Play(p1=energy_then("friend", "spear", *p1_extra, discard=("big",) * 4),
                p2=energy_then("zero", "zero", "zero", "boon"))
    game.do("p1: open p1", "p1: flip", "p1: pay", "p1: flip", "p1: pay",
            "p2: flip", "p2: discard", "p2: flip", "p2: discard", "p2: flip", "p2: discard")
    return game


def test_r10_2_failing_in_red_scores_and_r10_3_the_scorer_celebrates():
    game = scored_against_p2()
    assert game.v("players.p1.score") == 1
    assert "celebration: p1 adds +1 green (R10.3)" in game.texts()


def test_r10_4_both_players_clean_up_and_r10_5_the_scored_against_player_chooses():
    game = scored_against_p2()
    assert game.v("players.p1.zones.green.flip") is None  # the scorer's strike
    assert game.v("players.p1.zones.green.ally") == "friend"  # allies stay (R8.1)
    assert game.v("incoming.card") is None
    assert game.v("status") == "choose_opening"
    assert game.v("actor") == "p2"
    game.do("p2: open p1")
    assert game.v("incoming.owner") == "p2"
    assert game.v("players.p1.defending") == "green"


def test_r10_5_three_points_win_at_once_without_celebration():
    game = scored_against_p2()
    game.state.players["p1"].score = 2  # set up: p1 is one point from winning
    game.do("p2: open p2", "p2: flip", "p2: discard", "p2: flip", "p2: discard", "p2: flip",
            "p2: discard")
    assert game.v("status") == "over"
    assert game.v("winner") == "p1"
    assert game.v("pending") == "over"
    assert game.v("actor") is None
    assert game.legal() == []
    assert "R10.3" not in game.texts()
    assert "the game is over" in game.refuse("p2: flip")
