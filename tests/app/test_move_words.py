"""The computer's moves (and any move) told in words, never in notation
(the status line's words for the computer: tests/test_play_referee.py)."""

from __future__ import annotations

from avatar_tui.engine import Table, apply, look, new_game
from avatar_tui.model.actions import parse_action
from avatar_tui.play.move_words import describe_move, short, subject

from .helpers import default_setup, policy, scenario


def test_every_move_of_a_whole_game_has_words_and_no_notation():
    state, _ = new_game(default_setup(seed=3))
    verbs = set()
    while state.phase != "over" and len(state.history) < 2000:
        action = policy(state)
        after, _ = apply(state, action)
        words = describe_move(state, after, action)
        assert words and str(action) not in words
        assert "p1:" not in words and "p2:" not in words
        verbs.add(action.verb)
        state = after
    assert {"open", "flip", "pay"} <= verbs


def test_paying_names_the_card_and_the_zone():
    state, _ = scenario("midgame")  # p2 defends yellow with Burning Lash flipped
    action = parse_action("p2: discard")
    words = describe_move(state, None, action)
    assert "Burning Lash" in words and "yellow" in words and "discarded" in words


def test_each_way_of_saying_a_move_names_the_card_the_look_names():
    state, _ = scenario("midgame")  # p2 defends yellow with Burning Lash flipped
    t = Table(state)
    about = subject(t)
    assert (about.zone, about.card) == (look(state).defended, "Burning Lash")
    assert short(t, parse_action("p2: pitch")) == "pitch Burning Lash"
    assert "Burning Lash" in describe_move(state, None, parse_action("p2: focus"))
