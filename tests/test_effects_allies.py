"""Moving allies: onto the top of the owner's deck, to an empty space, and
into the other player's empty space (control changes, ownership does not)."""

from support import Play, energy_then


def _mover(mode: str, whose: str) -> list[dict]:
    return [{"id": "mover", "name": "Mover", "type": "strike", "force": 3, "intercept": 9,
             "triggers": [{"on": "counterattack", "effects": [
                 {"effect": "move_ally", "mode": mode, "whose": whose}]}]}]


def setup(mode: str, whose: str) -> Play:
    """p2 has Friend in green; p1 counterattacks with Mover, whose effect moves it."""
    game = Play(p1=energy_then("wall", "mover", "filler", discard=("big",) * 4),
                p2=energy_then("friend", "wall", "filler"), cards=_mover(mode, whose))
    game.do("p1: open p1", "p1: flip", "p1: pay", "p2: flip", "p2: pay", "p2: flip",
            "p2: pay", "p1: flip", "p1: pay")
    return game


def test_an_ally_goes_on_top_of_its_owners_deck():
    game = setup("to_deck_top", "any")
    assert sorted(game.legal()) == ["p1: choose none", "p1: choose p2.green.ally"]
    game.do("p1: choose p2.green.ally")
    assert game.v("players.p2.zones.green.ally") is None
    assert game.state.players["p2"].deck[0] == "friend"


def test_an_ally_moves_to_another_empty_space_of_its_player():
    game = setup("to_empty", "opponent")
    game.do("p1: choose p2.green.ally")
    assert sorted(game.legal()) == ["p1: choose p2.red", "p1: choose p2.yellow"]
    game.do("p1: choose p2.red")
    assert game.v("players.p2.zones.red.ally") == "friend"
    assert game.v("players.p2.zones.green.ally") is None


def test_the_owner_moves_an_ally_into_your_empty_space_and_still_owns_it():
    game = setup("to_your_empty", "opponent")
    assert game.v("actor") == "p2"  # the owner chooses which ally
    game.do("p2: choose p2.green.ally", "p2: choose p1.yellow")
    assert game.v("players.p1.zones.yellow.ally") == "friend"
    assert game.state.players["p1"].zones["yellow"].ally.owner == "p2"
