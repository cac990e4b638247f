"""The read model (`look`): the facts a screen or a bot reads, each the
engine's own number, on real cards. Each test sets a game up from a card
scenario, plays some of its lines, and reads the look."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from avatar_tui.engine import (
    IllegalAction,
    Table,
    actor_of,
    answer_is_secret,
    apply,
    legal_actions,
    look,
    new_game,
    observation,
    shown_action,
    view,
    why_not,
    without_secret_move,
)
from avatar_tui.model.common import Energy
from avatar_tui.model.state import GameState
from avatar_tui.notation.scenario import load_scenario

SCENARIOS = Path(__file__).parent / "scenarios"


def played(name: str, lines: int) -> GameState:
    """The state after the first `lines` lines of a card scenario (refused
    lines, marked `!`, are skipped: they change nothing)."""
    scenario = load_scenario(SCENARIOS / f"{name}.toml")
    state, _ = new_game(scenario.setup)
    done = 0
    for line in scenario.lines:
        if done == lines:
            break
        done += 1
        if line.rejected:
            continue
        state, _ = apply(state, line.action)
    return state


def test_a_faces_force_and_intercept_are_now_with_an_advantage_in_play():
    # p2 has Crystal Rampart (+2 intercept to its strikes) and flips Downdraft (4)
    state = played("crystal_rampart", 9)
    lk = look(state)
    face = lk.face("p2", "yellow")
    assert face is not None and face.card == "downdraft"
    assert (face.printed_intercept, face.intercept) == (4, 6)
    assert face.printed_force == face.force
    assert lk.flipped == face  # the card p2 decides on


def test_a_strikes_cost_now_carries_the_opponents_surcharge():
    # p2's Churning Stomachs: p1's strikes cost 1 yellow more (R12.7)
    state = played("churning_stomachs", 8)
    lk = look(state)
    assert lk.flipped is not None and lk.flipped.card == "downdraft"
    assert lk.flipped.cost == Energy(green=1, yellow=1)
    # p2's own strike costs what it says
    assert lk.face("p2", "green").cost == Energy(green=2, yellow=1)


def test_a_power_granted_by_another_card_is_numbered_with_the_flipped_cards():
    # p2's Shadow of the Boulder is in play; p1 flips Earthbound, which has no power
    state = played("shadow_of_the_boulder", 13)
    lk = look(state)
    assert lk.actor == "p1" and lk.flipped is not None and lk.flipped.card == "earthbound"
    assert [(p.number, p.source, p.granted, p.ally) for p in lk.powers] == [
        (1, "shadow_of_the_boulder", True, False)]
    # the number is the one `power N` takes
    assert why_not(state, next(a for a in legal_actions(state) if a.verb == "power")) is None
    assert lk.power(1).power.cost.green == 1


def test_the_actor_is_the_chooser_while_the_defender_waits():
    # p2 counterattacks with Burning Lash: p1 picks which of its zones to uncharge
    state = played("burning_lash", 12)
    lk = look(state)
    assert lk.turn == "p2"
    assert lk.question is not None and lk.question.chooser == "p1"
    assert lk.actor == "p1" == actor_of(state)
    assert lk.pending == "choose"
    assert lk.question.options == tuple(state.choice.options)
    assert lk.powers == () and lk.reflips == ()  # only the question may be answered


def test_the_zone_defended_and_its_flipped_card_are_facts_of_the_look():
    # Burning Lash: p1's Downdraft counterattacks, p2 defends green and flips the Lash
    flipping = look(played("burning_lash", 9))
    assert (flipping.turn, flipping.defended, flipping.flipped) == ("p2", "green", None)
    deciding = look(played("burning_lash", 10))
    assert deciding.defended == "green" and deciding.flipped is not None
    assert deciding.flipped == deciding.face("p2", "green")
    assert deciding.flipped.card == "burning_lash"
    # while p1 answers the Lash's question, p2 still defends green with it
    waiting = look(played("burning_lash", 12))
    assert waiting.question is not None and waiting.question.chooser == "p1"
    assert waiting.defended == "green" and waiting.flipped == waiting.face("p2", "green")
    assert waiting.flipped.counterattacked
    # no zone is defended at the opening choice nor once the game is over
    assert look(played("burning_lash", 0)).defended is None
    state = played("burning_lash", 10)
    over = look(state.model_copy(update={"phase": "over", "winner": "p1"}))
    assert (over.defended, over.flipped) == (None, None)


def test_the_incoming_attack_and_scores_are_read_from_the_look():
    state = played("crystal_rampart", 3)  # p1 flipped Earthbound and counterattacked: force 5
    lk = look(state)
    assert lk.incoming is not None
    assert (lk.incoming.owner, lk.incoming.card, lk.incoming.force) == ("p1", "earthbound", 5)
    assert [p.score for p in lk.players] == [0, 0]
    assert lk.status == "playing"


def test_the_view_is_the_look_as_plain_data():
    state = played("crystal_rampart", 9)
    lk, data = look(state), view(state)
    assert data["actor"] == lk.actor
    assert data["incoming"]["force"] == lk.incoming.force
    assert data["players"]["p2"]["zones"]["yellow"]["intercept"] == \
        lk.face("p2", "yellow").intercept


def test_a_look_is_immutable():
    lk = look(played("crystal_rampart", 9))
    with pytest.raises(dataclasses.FrozenInstanceError):
        lk.actor = "p2"  # type: ignore[misc]
    assert not hasattr(lk, "__dict__")  # slots: cheap to build


def test_a_bots_observation_has_the_same_look_of_public_facts():
    state = played("shadow_of_the_boulder", 13)
    mine = look(observation(state, "p1").state)
    assert mine.powers == look(state).powers
    assert mine.face("p1", "green") == look(state).face("p1", "green")


def test_the_actor_of_a_finished_game_is_no_one():
    state = played("crystal_rampart", 9)
    over = state.model_copy(update={"phase": "over", "winner": "p1"})
    assert actor_of(over) is None and look(over).actor is None
    with pytest.raises(IllegalAction):
        apply(over, legal_actions(state)[0])


def test_a_secret_answer_and_an_unrevealed_move_read_the_same_everywhere():
    # p2's Contemplate: p2 orders its top two cards, which only p2 may see (R1.6)
    state = played("contemplate", 5)
    answer = next(a for a in legal_actions(state) if a.word == "knuckle_sandwich")
    assert answer_is_secret(state, answer) and look(state).question.secret
    after, _ = apply(state, answer)
    assert after.history[-1].secret
    said = shown_action(after.history[-1].action, after.history[-1].secret)
    assert "knuckle" not in said and said.startswith("p2: choose")
    assert shown_action(after.history[-2].action, after.history[-2].secret) == "p2: pay"
    # Aang's signature move is not in play: a reason naming it is reworded
    t = Table(after)
    name = t.current_move("p1").name
    assert without_secret_move(t, "p1", f"{name}'s cost") == "your signature move's cost"
    assert without_secret_move(t, "p2", "nothing secret") == "nothing secret"


def test_the_plain_payment_is_what_pay_spends_and_none_when_its_colours_fall_short():
    # Churning Stomachs: p1's Downdraft costs G1 Y1 now; p1 has the energy for it
    state = played("churning_stomachs", 8)
    lk = look(state)
    assert lk.flipped is not None and lk.payment == lk.flipped.cost == Energy(green=1, yellow=1)
    have = lk.player("p1").energy
    after = apply(state, next(a for a in legal_actions(state) if a.verb == "pay"))[0]
    spent = Energy(green=have.green - look(after).player("p1").energy.green,
                   yellow=have.yellow - look(after).player("p1").energy.yellow,
                   red=have.red - look(after).player("p1").energy.red)
    assert spent == lk.payment
    # with no green energy left, a green pip cannot be paid in its own colour
    short = state.model_copy(deep=True)
    short.players["p1"].zones["green"].energy.clear()
    assert look(short).payment is None
    # nothing to pay at the flip step
    assert look(played("burning_lash", 9)).payment is None


def test_the_signature_step_with_a_chamber_the_catalog_does_not_know_looks_without_powers():
    """R4.3, R1.6: at the signature step, a chamber the look's catalog cannot
    find (someone else's hidden one) gives no powers, and the look is made."""
    from support import charged_everywhere

    state = charged_everywhere().state.model_copy(deep=True)
    assert state.phase == "signature"
    state.players["p1"].chamber.id = "a chamber nobody has heard of"
    lk = look(state)
    assert lk.powers == () and lk.payment is None
