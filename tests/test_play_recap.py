"""Issue 29 point 4: the computer's turn stays readable until the player
acts (its moves in words, the places they touched), and the board is told
where the attack comes from and where it is aimed (play/recap.py)."""

from __future__ import annotations

from avatar_tui.bots import BotSeat
from avatar_tui.engine import apply, legal_actions, new_game
from avatar_tui.play.recap import changed_places, marks_of
from tests.test_play_referee import press_a_key, setup, started


def computer_turn_done(seed: int = 2):
    """A game against the computer, played until the computer has flipped
    and made a move more, and it is p1's move again."""
    referee, front = started(seed, BotSeat("heuristic", "p2", seed=1, delay=1.0))
    for _ in range(400):
        if referee.controller.mode.waiting:
            front.tick()
        elif referee.controller.recap.mover == "p2" and front.asked is None and \
                referee.session.state.history[-1].action.verb != "flip" and any(
                    h.action.verb == "flip" for h in referee.session.state.history[-3:]):
            return referee, front  # a turn of the computer's with a flip in it
        else:
            press_a_key(referee, front)
    raise AssertionError("the computer never moved")


def test_the_computers_moves_stay_until_the_player_acts():
    referee, front = computer_turn_done()
    recap, history = referee.controller.recap, referee.session.state.history
    run = 0
    while run < len(history) and history[-1 - run].action.player == "p2":
        run += 1
    assert len(recap.said) == run >= 1  # every move of its run, not just the last
    assert recap.for_reader("p1") and not recap.for_reader("p2")
    assert any(("p2", z, "flip") in recap.places for z in ("green", "yellow", "red"))
    assert all(s and "p2:" not in s for s in recap.said)  # words, not notation
    shown = marks_of(referee.session, recap).changed
    assert shown == frozenset(recap.places)  # the whole run is highlighted for the reader
    press_a_key(referee, front)  # p1 acts: the computer's run is read
    assert referee.controller.recap.mover == "p1" and not referee.controller.recap.for_reader("p1")
    assert len(referee.controller.recap.said) == 1


def test_undo_and_a_new_game_forget_the_run():
    referee, front = computer_turn_done()
    press_a_key(referee, front)
    assert referee.controller.recap.said
    front.run(referee.play(*new_game(setup(9))))
    assert not referee.controller.recap.said and referee.controller.recap.mover is None


def test_the_marks_name_the_attacking_zone_and_the_defended_one():
    state, _ = new_game(setup(3))
    for _ in range(200):
        if state.phase == "decide" and state.incoming is not None \
                and state.incoming.zone in ("green", "yellow", "red"):
            break
        state, _ = apply(state, legal_actions(state)[0])
    else:
        raise AssertionError("no attack from a zone")
    from avatar_tui.play.session import Session

    session = Session(state)
    found = marks_of(session)
    inc = state.incoming
    assert found.attacking == (inc.owner, inc.zone)
    assert found.defended == (state.turn, state.players[state.turn].defending)
    assert found.force == session.look.incoming.force
    assert found.incoming.endswith(f"F{session.look.incoming.force}")


def test_a_flip_changes_its_flip_space():
    state, _ = new_game(setup(3))
    for _ in range(50):
        flips = [a for a in legal_actions(state) if a.verb == "flip"]
        if flips:
            break
        state, _ = apply(state, legal_actions(state)[0])
    zone = state.players[state.turn].defending
    after, _ = apply(state, flips[0])
    assert (state.turn, zone, "flip") in changed_places(state, after)
    assert changed_places(after, after) == frozenset()
