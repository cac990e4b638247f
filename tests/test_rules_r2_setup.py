"""R2 Setup: the deal, the discard pile, and who chooses the opening defender."""

from support import Play, energy_then

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.engine import new_game
from avatar_tui.model.state import GameSetup, PlayerSetup


def test_r2_2_three_energy_per_zone_in_deal_order():
    game = Play(p1=["spear"] * 3 + ["wall"] * 3 + ["blaze"] * 3 + ["filler"] * 6,
                p2=energy_then("filler"))
    zones = game.state.players["p1"].zones
    assert zones["green"].energy == ["spear"] * 3  # cards 1-3 go to green
    assert zones["yellow"].energy == ["wall"] * 3
    assert zones["red"].energy == ["blaze"] * 3
    for z in ("green", "yellow", "red"):
        assert game.v(f"players.p2.zones.{z}.energy") == 3


def test_r2_3_four_cards_to_discard_in_deck_order_fourth_on_top():
    game = Play(p1=energy_then("filler", discard=("wall", "spear", "hammer", "big")),
                p2=energy_then("filler"))
    assert game.state.players["p1"].discard == ["wall", "spear", "hammer", "big"]
    assert game.v("players.p1.discard_top") == "big"
    assert game.v("players.p1.deck") == 1


def test_r2_4_higher_discard_force_chooses():
    game = Play(p1=energy_then(discard=("spear",) * 4),  # force 24
                p2=energy_then())  # force 12
    assert game.v("status") == "choose_opening"
    assert game.v("pending") == "open"
    assert game.v("actor") == "p1"
    assert game.legal() == ["p1: open p1", "p1: open p2"]


def test_r2_4_allies_and_advantages_count_zero():
    game = Play(p1=energy_then(discard=("boon", "friend", "zero", "zero")),  # force 0
                p2=energy_then(discard=("zero", "zero", "zero", "wall")))  # force 2
    assert game.v("actor") == "p2"


def test_r2_4_tie_each_adds_a_card_until_the_totals_differ():
    game = Play(p1=energy_then("filler", "spear"), p2=energy_then("filler", "wall"))
    # 12 v 12, then +3 v +3, then +6 v +2: p1 chooses
    assert game.v("actor") == "p1"
    assert game.v("players.p1.discard") == 6
    assert game.v("players.p2.discard_top") == "wall"


def test_r2_4_tie_with_a_deck_run_out_leaves_the_choice_to_p1():
    game = Play(p1=energy_then(discard=("zero",) * 4), p2=energy_then("wall", "wall",
                discard=("zero",) * 4))
    # 0 v 0; p1 has no card left to add: p1 chooses
    assert game.v("actor") == "p1"


def test_r2_1_a_deck_not_given_in_full_is_the_starter_deck_shuffled_by_seed():
    def deck(seed: int) -> list[str]:
        setup = GameSetup(catalog=default_catalog(),
                          seed=seed, p1=PlayerSetup(chamber="aang", deck=["skewer"]),
                          p2=PlayerSetup(chamber="prince_zuko"))
        state, _ = new_game(setup)
        p1 = state.players["p1"]
        return [c for z in ("green", "yellow", "red") for c in p1.zones[z].energy] \
            + p1.discard + p1.deck

    assert deck(7) == deck(7)
    assert deck(7) != deck(8)
    assert deck(7)[0] == "skewer"  # listed cards on top
    assert len(deck(7)) == 30  # one skewer of the starter deck was replaced, not added


def test_the_new_state_is_what_validation_would_make():
    """new_game builds its state with model_construct (no validation, to
    start sooner); it must equal the same state validated, with no list shared
    between zones or players."""
    from avatar_tui.engine import new_game as start
    from avatar_tui.model.state import GameSetup, GameState, PlayerSetup

    state, _ = start(GameSetup(catalog=default_catalog(), seed=3, p1=PlayerSetup(chamber="aang"),
                               p2=PlayerSetup(chamber="prince_zuko")))
    # the catalog is the reader's, never in the data (GameSetup.catalog)
    again = GameState.model_validate(state.model_dump(),
                                     context={"catalog": state.setup.catalog})
    assert again == state
    lists = [z.energy for p in state.players.values() for z in p.zones.values()]
    lists += [p.advantages for p in state.players.values()]
    assert len({id(x) for x in lists}) == len(lists)
