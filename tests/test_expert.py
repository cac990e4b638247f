"""The expert computer player: determinized Monte Carlo over
heuristic playouts. It chooses legal moves, searches only where the choice
matters, is fixed by its seed with a fixed number of worlds, and decides
from its observation alone (R1.6)."""

from __future__ import annotations

import random

from test_bots import positions, reshuffled

from avatar_tui.bots import HeuristicBot, make_bot, observation, play_game, setup_for
from avatar_tui.bots.expert import ExpertBot, candidates, match_chance
from avatar_tui.engine import legal_actions
from avatar_tui.model.actions import Action
from avatar_tui.model.common import Energy


def test_the_chance_to_win_the_match_from_a_score():
    assert match_chance(0, 2) == 1.0 and match_chance(2, 0) == 0.0
    assert match_chance(3, 3) == 0.5
    assert match_chance(1, 3) == 7 / 8  # the other side must win three in a row
    assert match_chance(2, 1) == 1 / 4


def test_the_ways_to_pay_for_one_move_count_once():
    pays = [Action(player="p1", verb="pay", paid=Energy(green=g, yellow=2 - g))
            for g in range(3)]
    focus = Action(player="p1", verb="focus")
    assert candidates([*pays, focus]) == [pays[0], focus]
    assert candidates([*pays, focus], preferred=pays[2]) == [pays[2], focus]


def test_a_whole_game_against_the_heuristic_finishes_with_legal_moves():
    bots = {"p1": ExpertBot(1, worlds=2), "p2": HeuristicBot(2)}
    _, result = play_game(setup_for(11, "kinto", "prince_zuko"), bots)  # BotError if illegal
    assert result.winner in ("p1", "p2")


def test_a_single_move_is_not_searched():
    bot = ExpertBot(0, worlds=50)
    for state, legal in positions(seeds=[1], limit=60):
        if len({(a.verb, a.number, a.ally, a.word) for a in legal}) == 1:
            obs = observation(state, legal[0].player)
            estimates = bot.analyse(obs, legal)
            assert len(estimates) == 1 and estimates[0].worlds == 0
            assert bot.choose(obs, legal) in legal


def test_the_estimates_cover_every_distinct_move_best_first():
    checked = 0
    for state, legal in positions(seeds=[2], limit=200):
        moves = candidates(legal)
        if len(moves) < 2 or checked >= 4:
            continue
        obs = observation(state, legal[0].player)
        default = HeuristicBot(5).choose(obs, legal)  # the expert's own policy, same seed
        estimates = ExpertBot(5, worlds=3).analyse(obs, legal)
        assert {e.action for e in estimates} == set(candidates(legal, default))
        assert len(estimates) == len(moves)
        assert all(0.0 <= e.win <= 1.0 and e.worlds == 3 for e in estimates)
        assert [e.win for e in estimates] == sorted((e.win for e in estimates), reverse=True)
        checked += 1
    assert checked == 4


def test_the_expert_decides_from_its_observation_alone():
    """Hidden cards moved (both decks, all face-down energy, seed and
    generator): the same observation, and so the same choice."""
    rng = random.Random(3)
    compared = 0
    for state, legal in positions(seeds=[4], limit=200):
        if len(candidates(legal)) < 2 or compared >= 5:
            continue
        pid = legal[0].player
        other = reshuffled(state, rng, pid)
        a = ExpertBot(9, worlds=3).choose(observation(state, pid), legal)
        b = ExpertBot(9, worlds=3).choose(observation(other, pid), legal_actions(other))
        assert a == b
        compared += 1
    assert compared == 5


def test_make_bot_knows_the_expert():
    bot = make_bot("expert", 4, worlds=7)
    assert isinstance(bot, ExpertBot) and bot.worlds == 7


def _after_first_point():
    from avatar_tui.engine import new_game, playout_apply

    state, _ = new_game(setup_for(4, "aang", "prince_zuko"))
    bots = {"p1": HeuristicBot(1), "p2": HeuristicBot(2)}
    while state.players["p1"].score + state.players["p2"].score == 0:
        legal = legal_actions(state)
        pid = legal[0].player
        playout_apply(state, bots[pid].choose(observation(state, pid), legal))
    assert state.phase == "open"
    return state


def test_the_board_value_is_the_same_seen_from_either_side():
    from avatar_tui.bots.expert import board_value, point_features

    state = _after_first_point()
    assert point_features(state, "p1") == [-x for x in point_features(state, "p2")]
    assert abs(board_value(state, "p1") + board_value(state, "p2") - 1) < 1e-9


def test_more_energy_or_the_opening_choice_is_worth_more():
    from avatar_tui.bots.expert import board_value

    state = _after_first_point()
    before = board_value(state, "p1")
    richer = state.model_copy(deep=True)
    richer.players["p1"].zones["red"].energy.append(richer.players["p1"].deck.pop())
    assert board_value(richer, "p1") > before
    chooser = state.chooser
    swapped = state.model_copy(update={"chooser": "p2" if chooser == "p1" else "p1"})
    assert board_value(state, chooser) > board_value(swapped, chooser)
