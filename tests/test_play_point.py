"""Issue 29 point 6: a point's moment, told from the move that scored it
(play/point.py): who, the score, and how it came about with rule IDs."""

from __future__ import annotations

from avatar_tui.bots import BotSeat
from tests.test_play_referee import LIMIT, press_a_key, started


def until_a_point(referee, front):
    for _ in range(LIMIT):
        if referee.controller.point is not None:
            return referee.controller.point
        if referee.controller.mode.waiting:
            front.tick()
        else:
            press_a_key(referee, front)
    raise AssertionError("no point")


def test_a_point_is_told_and_the_next_opening_question_tells_it():
    referee, front = started(4)
    point = until_a_point(referee, front)
    state = referee.session.state
    assert point.points == state.players[point.scorer].score >= 1
    assert point.title.startswith("★ Point to ") and f"{point.points}/3" in point.title
    rules = [line.split("[/b]")[0].removeprefix("[b]") for line in point.lines]
    assert rules[0] in ("R3.1", "R5.3", "R4.3")  # the strike first
    assert "R10.2" in rules and rules.index("R10.2") > 0
    assert "force" in point.lines[0]
    if state.phase == "open":  # the opening question that follows carries the story
        assert front.asked is not None
        question = front.asked.question
        assert question.title.startswith(point.title)
        assert any("R10.2" in d for d in question.details)
        front.answer(0)  # a person acts: the point has been read
        assert referee.controller.point is None


def test_a_point_the_computer_scores_waits_for_the_person():
    referee, front = started(2, BotSeat("heuristic", "p2", seed=1, delay=1.0))
    for _ in range(LIMIT):
        point = referee.controller.point
        if point is not None and point.scorer == "p2":
            break
        if front.over:
            raise AssertionError("the computer never scored")
        if referee.controller.mode.waiting:
            front.tick()
        else:
            press_a_key(referee, front)
    while referee.controller.mode.waiting and not front.over:  # its later moves keep it
        front.tick()
        assert referee.controller.point is point
    if not front.over:
        press_a_key(referee, front)
        assert referee.controller.point is None or referee.controller.point.scorer == "p1"


def test_a_long_story_is_cut_in_the_question_but_keeps_the_strike_and_the_point():
    from dataclasses import replace

    from avatar_tui.play.referee import POINT_LINES

    referee, front = started(4)
    point = until_a_point(referee, front)
    assert front.asked is not None  # seed 4: the first point is not the last
    long = replace(point, lines=(point.lines[0], *[f"[b]R5.1[/b] flip {i}" for i in range(20)],
                                 point.lines[-1]))
    referee.controller.point = long
    question = referee.choose()[0].question
    told = question.details[:question.details.index("")]
    assert len(told) == POINT_LINES
    assert told[0] == long.lines[0] and told[-1] == long.lines[-1]
