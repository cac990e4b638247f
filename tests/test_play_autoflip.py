"""Issue 29 point 7: auto-flip, a setting off by default. When flipping
the top card is a person's only legal move (R5.1), the play layer flips for
them and says so; undo then stops at the card it turned face up."""

from __future__ import annotations

from avatar_tui.bots import BotSeat
from avatar_tui.play.commands import Show
from tests.test_play_referee import LIMIT, press_a_key, started


def only_flips(referee) -> bool:
    legal = referee.session.legal
    return bool(legal) and all(a.verb == "flip" for a in legal)


def test_off_by_default_the_player_flips_by_key():
    referee, front = started(3)
    assert referee.controller.auto_flip is False
    for _ in range(LIMIT):
        if only_flips(referee) and front.asked is None:
            break
        press_a_key(referee, front)
    else:
        raise AssertionError("never at a flip")
    assert only_flips(referee)  # it waits for the key


def test_on_no_person_is_ever_left_with_only_a_flip():
    referee, front = started(3)
    referee.controller.auto_flip = True
    front.run(referee.changed())  # the setting turned on: the position is looked at again
    notes = 0
    for _ in range(LIMIT):
        if front.over:
            break
        assert not only_flips(referee), "a flip was left to the player"
        before = len(referee.session.state.history)
        if front.asked is not None:
            front.answer(0)
            done = None
        else:
            name = next(n for n in ("pay", "overpay", "focus", "discard", "skip", "power_1",
                                    "ally_power", "reflip", "pitch", "signature")
                        if referee.controller.mode.allows("play", (n,)))
            done = referee.press(name)
            front.run(done)
        shows = [c for c in done or [] if isinstance(c, Show)]
        notes += sum("Auto-flip" in n for s in shows for n in s.notes)
        # a move made, or a question opened (overpay asks how to pay first)
        assert len(referee.session.state.history) > before or front.asked is not None
    assert front.over and notes > 5
    flips = [h for h in referee.session.state.history if h.action.verb == "flip"]
    assert len(flips) > 5


def test_undo_stops_at_the_card_auto_flip_turned_up():
    referee, front = started(3)
    referee.controller.auto_flip = True
    for _ in range(LIMIT):
        if not front.asked and referee.session.state.history and \
                referee.session.state.history[-1].action.verb == "flip":
            break
        press_a_key(referee, front)
    else:
        raise AssertionError("no flip")
    assert referee.controller.mode.allows("undo") is False
    reason = referee.session.why_not_undo()
    assert reason is not None and "face up" in reason


def test_the_computer_flips_for_itself():
    referee, front = started(2, BotSeat("heuristic", "p2", seed=1, delay=1.0))
    referee.controller.auto_flip = True
    for _ in range(200):
        if front.over:
            break
        if referee.controller.mode.waiting:
            front.tick()
        else:
            assert not only_flips(referee)
            press_a_key(referee, front)
    p2_flips = [h for h in referee.session.state.history
                if h.action.verb == "flip" and h.action.player == "p2"]
    assert p2_flips  # made by the computer's own choice, after its pause
    assert front.clock > 0
