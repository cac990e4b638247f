"""R6 Energy and paying, with the R6.3 overpaying convention exactly."""

import pytest
from support import Play, energy_then

from avatar_tui.engine.payment import legal_payments, why_not_payment
from avatar_tui.model.common import Energy


def E(g=0, y=0, r=0) -> Energy:
    return Energy(green=g, yellow=y, red=r)


@pytest.mark.parametrize("cost, have, paid, legal", [
    (E(g=1), E(g=1), E(g=1), True),
    (E(g=1), E(g=1), E(y=1), False),  # never overpay by choice, to save a colour
    (E(g=2), E(g=1, y=2), E(g=1, y=1), True),  # a green shortfall paid with yellow
    (E(g=2), E(g=1, y=2, r=2), E(g=1, r=1), True),  # ... or with red: payer's choice
    (E(g=2), E(g=1, y=2), E(y=2), False),  # green must use the green you have
    (E(y=1), E(y=1, r=1), E(r=1), False),  # yellow you have must be used
    (E(y=1), E(r=1), E(r=1), True),  # a yellow pip may take red
    (E(r=1), E(y=3), E(y=1), False),  # a red pip takes only red
    (E(g=1, y=1, r=1), E(g=3, y=3, r=3), E(g=1, y=1, r=1), True),
    (E(g=2, y=1), E(r=3), E(r=3), True),  # the rulebook's all-red payment
    (E(g=1), E(g=1), E(g=2), False),  # the payment must total the cost
    (E(g=1), E(), E(g=1), False),  # cannot pay with energy you do not have (R6.2)
])
def test_r6_3_payment_convention(cost, have, paid, legal):
    assert (why_not_payment(cost, have, paid) is None) is legal


def test_r6_3_legal_payments_lists_each_choice_of_substitute():
    # the green shortfall of 2 may be paid yellow+yellow or yellow+red (payer's choice)
    assert legal_payments(E(g=3, r=1), E(g=1, y=2, r=2)) == [E(g=1, y=2, r=1), E(g=1, y=1, r=2)]
    assert legal_payments(E(g=2), E(y=1, r=1)) == [E(y=1, r=1)]
    assert legal_payments(E(g=2), E(y=2, r=2)) == [E(y=2), E(y=1, r=1), E(r=2)]


def overpay_game() -> Play:
    # p2's energy: green Filler x3, yellow Wall x3, red Blaze x3 (distinct ids)
    p2 = ["filler"] * 3 + ["wall"] * 3 + ["blaze"] * 3 + ["filler"] * 4 + ["big", "filler"]
    game = Play(p1=energy_then("wall", "filler", discard=("big",) * 4), p2=p2)
    game.do("p1: open p1", "p1: flip", "p1: pay")  # force 2 incoming; p2 green 4
    return game


def test_plain_pay_spends_own_colours_and_is_refused_when_short():
    game = overpay_game()
    game.do("p2: flip")  # Big: G3 R1, p2 has 4 green, 3 red: plain pay works
    assert game.legal()[0] == "p2: pay"
    game.do("p2: pay")
    assert game.v("players.p2.zones.green.energy") == 1
    assert game.v("players.p2.zones.red.energy") == 2


def test_r6_2_spent_energy_goes_to_the_discard_pile_green_then_yellow_then_red():
    game = overpay_game()
    game.do("p2: flip", "p2: pay g=3 r=1")  # exact cost named
    assert game.state.players["p2"].discard[-4:] == ["filler", "filler", "filler", "blaze"]


def test_overpaying_must_be_named_and_follow_r6_3():
    game = overpay_game()
    game.do("p2: flip")  # Big: G3 R1
    green = game.state.players["p2"].zones["green"].energy
    del green[2:]  # set up: p2 has green 2, yellow 3, red 3
    assert "needs 3 green, you have 2" in game.refuse("p2: pay")
    assert game.legal() == ["p2: pay g=2 y=1 r=1", "p2: pay g=2 r=2", "p2: focus",
                            "p2: discard"]
    assert "use exactly 2 green" in game.refuse("p2: pay g=1 y=2 r=1")
    game.do("p2: pay g=2 r=2")
    assert game.v("players.p2.zones.red.energy") == 1


def test_r6_4_adding_energy_takes_the_top_of_the_discard_pile():
    game = Play(p1=energy_then("wall", discard=("big", "big", "big", "spear")),
                p2=energy_then("wall"))
    game.do("p1: open p1")
    assert game.state.players["p1"].zones["green"].energy[-1] == "spear"
    assert game.v("players.p1.discard_top") == "big"


def test_r9_2_an_empty_discard_pile_is_refilled_from_the_deck_first():
    game = Play(p1=energy_then("wall", "spear", "spear", "spear", "spear", "filler",
                               discard=("big",) * 4), p2=energy_then("wall"))
    game.state.players["p1"].discard.clear()
    game.do("p1: open p1")
    # 4 cards from the deck went to the discard pile, the top one became energy
    assert game.v("players.p1.discard") == 3
    assert game.state.players["p1"].zones["green"].energy[-1] == "spear"
    assert game.v("players.p1.deck") == 2
