"""Issue 36, "the screen never lies": small places where the words a
player reads were wrong, each checked where the words are made."""

from __future__ import annotations

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.engine import Table, apply, new_game
from avatar_tui.model.actions import parse_action
from avatar_tui.model.state import GameSetup, PlayerSetup
from avatar_tui.play.coach import Advice
from avatar_tui.play.move_words import describe_move, short


def opening_state():
    setup = GameSetup(seed=1, catalog=default_catalog(), p1=PlayerSetup(chamber="aang"),
                      p2=PlayerSetup(chamber="prince_zuko"))
    return new_game(setup)[0]


def test_the_opening_choice_reads_as_a_sentence_in_the_coachs_words():
    state = opening_state()
    t = Table(state)
    chooser = state.chooser
    mine, theirs = (parse_action(f"{chooser}: open {p}") for p in
                    (chooser, "p2" if chooser == "p1" else "p1"))
    advice = Advice(1, chooser, short(t, mine), short(t, theirs), "much weaker", "??", 0.2, ())
    assert advice.text.endswith("you chose yourself to defend the opening attack: much "
                                "weaker ??")
    assert advice.text.startswith("Prince Zuko (p2) to defend the opening attack: best;"
                                  if chooser == "p1" else
                                  "Aang (p1) to defend the opening attack: best;")
    assert "you defend" not in advice.text and "you chose you " not in advice.text


def test_choosing_oneself_to_defend_is_told_without_naming_oneself_twice():
    state = opening_state()
    action = parse_action(f"{state.chooser}: open {state.chooser}")
    after, events = apply(state, action)
    said = describe_move(state, after, action, events)
    assert said == "chose to defend the opening attack (R2.4)"


def test_a_choice_of_energy_to_eliminate_offers_the_opponents_first():
    from avatar_tui.notation.save import load_game
    from avatar_tui.play import questions
    from avatar_tui.play.session import Session
    from tests.app.helpers import SCENARIOS

    state, events = load_game(SCENARIOS / "target.toml")  # Flare: p1 chooses a green energy
    question = questions.pending(Session(state, events))
    assert question is not None and "which energy is eliminated?" in question.prompt
    assert [str(a) for a in question.actions] == [
        "p1: choose p2.green.energy", "p1: choose p1.green.energy", "p1: choose none"]
    assert question.labels[0].startswith("energy in Prince Zuko (p2)")
