"""A lesson on the play layer, headless (play/lesson.py, LessonMode, the
referee's lesson part): a move that is not the answer is never made and is
said why beside the step's words, three misses name the key, `play` steps
are made after their pause, the answer moves on and shows `then`, and the
progress is kept (finished, or the step a lesson was left at)."""

from __future__ import annotations

from pathlib import Path

import pytest

from avatar_tui.engine import view
from avatar_tui.model.actions import parse_action
from avatar_tui.notation.lesson import check_lesson
from avatar_tui.notation.scenario import load_scenario
from avatar_tui.play.commands import ChooseLesson, Offer
from avatar_tui.play.controller import GameController
from avatar_tui.play.headless import Headless
from avatar_tui.play.lesson import Lesson
from avatar_tui.play.referee import Referee
from avatar_tui.store.storage import SaveStore

LESSON = Path(__file__).parent / "lessons" / "flip_and_defend.toml"


def _scenario():
    scenario = load_scenario(LESSON)
    check_lesson(scenario)
    return scenario


def _table(store: SaveStore | None = None, name: str | None = None) -> Headless:
    controller = GameController(store, lesson=Lesson(_scenario(), name=name))
    driver = Headless(Referee(controller))
    driver.run(driver.referee.start("ask"))
    return driver


def _lesson(driver: Headless) -> Lesson:
    lesson = driver.referee.controller.lesson
    assert lesson is not None
    return lesson


def _board(driver: Headless) -> dict:
    session = driver.referee.session
    assert session is not None
    return view(session.state)


def _watch(driver: Headless) -> None:
    """Let the step's played moves be made (their pauses run out)."""
    while driver.tick():
        pass


def test_a_play_step_is_made_for_the_learner_after_its_pause():
    driver = _table()
    lesson = _lesson(driver)
    assert lesson.step == 1 and lesson.playing
    before = _board(driver)
    assert driver.referee.controller.mode.waiting  # the learner's keys wait
    _watch(driver)
    assert lesson.step == 2 and not lesson.playing
    assert _board(driver) != before
    assert _board(driver)["actor"] == "p1"


def test_a_legal_move_that_is_not_the_answer_is_not_made_and_shows_the_hint():
    driver = _table()
    _watch(driver)
    driver.run(driver.referee.press("flip"))  # step 2: the answer
    lesson = _lesson(driver)
    assert lesson.step == 3
    assert lesson.then == "Skewer: force 6, but intercept 3."
    before = _board(driver)
    driver.run(driver.referee.press("pay"))  # illegal: intercept 3 against force 6
    assert _board(driver) == before
    assert lesson.misses == 1 and lesson.why is not None and "R5.3" in lesson.why
    # a legal move that is not among the answers: the step's focus or discard
    driver.run(driver.referee.act(parse_action("p1: focus")))
    assert lesson.step == 4  # focus is an answer (the list's first)


def test_legal_but_not_the_answer_shows_the_hint():
    driver = _table()
    _watch(driver)
    driver.run(driver.referee.press("flip"))
    driver.run(driver.referee.press("focus"))
    driver.run(driver.referee.press("flip"))  # step 5: pay is asked
    lesson = _lesson(driver)
    assert lesson.step == 5
    before = _board(driver)
    driver.run(driver.referee.press("discard"))  # legal, not the answer
    assert _board(driver) == before
    assert lesson.misses == 1
    assert "An intercept at least the incoming force stops the attack (R5.3)." in lesson.why
    assert "The key" not in lesson.why


def test_three_misses_name_the_key():
    driver = _table()
    _watch(driver)
    driver.run(driver.referee.press("flip"))
    driver.run(driver.referee.press("focus"))
    driver.run(driver.referee.press("flip"))
    for _ in range(2):
        driver.run(driver.referee.press("discard"))
    lesson = _lesson(driver)
    assert "The key" not in (lesson.why or "")
    driver.run(driver.referee.press("focus"))
    assert lesson.misses == 3
    assert "[b]The key:[/b] press p (Pay)" in (lesson.why or "")
    driver.run(driver.referee.press("pay"))
    assert lesson.misses == 0 and lesson.why is None
    assert lesson.then == "It counterattacks: Zuko must defend now."


def test_the_answer_of_a_question_is_named_with_c():
    scenario = _scenario()
    lesson = Lesson(scenario)
    lesson.step = 1
    from dataclasses import replace

    from avatar_tui.notation.scenario import ActionLine
    asked = replace(scenario.steps[1], answers=[ActionLine(parse_action("p1: open p2"), False,
                                                             0, "p1: open p2")])
    scenario.steps[0] = asked
    assert lesson.answer_key() == "press c (Answer) and choose p1: open p2"


def test_finishing_keeps_the_lesson_finished(tmp_path):
    store = SaveStore(tmp_path)
    driver = _table(store, name="flip_and_defend")
    _watch(driver)
    for key in ("flip", "focus", "flip", "pay"):
        driver.run(driver.referee.press(key))
    assert _lesson(driver).at_end
    assert store.lessons.finished() == ["flip_and_defend"]
    assert store.lessons.left_at("flip_and_defend") is None
    offer = driver.offers[-1]
    assert offer.about == "lesson-end" and "The lessons" in offer.labels
    driver.offer(offer.labels.index("The lessons"))
    assert isinstance(driver.lessons, ChooseLesson)


def test_a_lesson_left_halfway_resumes_at_its_step(tmp_path):
    store = SaveStore(tmp_path)
    driver = _table(store, name="flip_and_defend")
    _watch(driver)
    driver.run(driver.referee.press("flip"))
    driver.run(driver.referee.press("focus"))
    assert store.lessons.left_at("flip_and_defend") == 4
    shown = _board(driver)
    store.lock.release()  # the player quits
    again = _table(SaveStore(tmp_path), name="flip_and_defend")
    assert _lesson(again).step == 4
    assert _board(again) == shown


@pytest.mark.parametrize("key", ["undo", "new_game", "hint"])
def test_a_lesson_keeps_undo_new_game_and_hint_off(key):
    driver = _table()
    assert not driver.referee.controller.mode.allows(key)


def test_an_illegal_answer_in_a_step_that_plays_is_refused_as_waiting():
    driver = _table()
    before = _board(driver)
    driver.run(driver.referee.press("flip"))  # the lesson plays this step
    assert _board(driver) == before
    assert _lesson(driver).misses == 0


def test_a_lesson_that_cannot_start_says_so():
    controller = GameController(None)
    driver = Headless(Referee(controller))
    driver.run(driver.referee.learn("99"))
    assert isinstance(driver.offers[-1], Offer)
    assert driver.offers[-1].about == "lesson-stopped"


def _finish(driver: Headless) -> None:
    _watch(driver)
    for key in ("flip", "focus", "flip", "pay"):
        driver.run(driver.referee.press(key))


def test_then_play_hands_the_game_to_the_computer_and_the_coach_at_its_end(tmp_path):
    from dataclasses import replace

    from avatar_tui.play.modes import VsComputer

    scenario = replace(_scenario(), then_play="random")
    store = SaveStore(tmp_path)
    driver = Headless(Referee(GameController(store, lesson=Lesson(scenario))))
    driver.run(driver.referee.start("ask"))
    _finish(driver)
    offer = driver.offers[-1]
    assert offer.labels[0] == "Play on against the computer"
    position = _board(driver)
    driver.offer(0)
    mode = driver.referee.controller.mode
    assert isinstance(mode, VsComputer) and mode.bot is not None and mode.bot.player == "p2"
    assert _board(driver) == position  # the game goes on from the lesson's last position
    for _ in range(2000):  # the computer and the learner (its first legal move) play it out
        session = driver.referee.session
        assert session is not None
        if session.over:
            break
        if not driver.tick():
            driver.run(driver.referee.act(session.legal[0]))
    assert driver.over is not None and driver.over.coach  # the coach's review opens
    driver.referee.controller.settle()  # the save writer's thread done
    assert store.has_current() or store.finished.is_file()  # kept like any game


def test_the_lessons_list_marks_those_finished_and_starts_the_one_chosen(tmp_path,
                                                                         monkeypatch):
    from avatar_tui.lessons import list_lessons

    store = SaveStore(tmp_path)
    first = list_lessons()[0]
    store.lessons.finish(first.name)
    driver = Headless(Referee(GameController(store)))
    driver.run(driver.referee.start("learn"))
    assert driver.lessons is not None
    entry = driver.lessons.lessons[0]
    assert (entry.number, entry.name, entry.finished) == (first.number, first.name, True)
    driver.run(driver.referee.lesson_chosen(first.name))
    lesson = driver.referee.controller.lesson
    assert lesson is not None and lesson.name == first.name and lesson.step == 1


def test_a_new_player_is_offered_learn_to_play_until_a_lesson_is_finished(tmp_path):
    store = SaveStore(tmp_path)
    driver = Headless(Referee(GameController(store)))
    driver.run(driver.referee.start("ask"))
    assert driver.new_game is not None and driver.new_game.learn
    store.lessons.finish("01_the_playmat")
    assert not driver.referee.new_player()


def test_the_new_game_screen_s_lessons_answer_opens_the_list_and_back(tmp_path):
    from avatar_tui.play.lesson import LESSONS

    driver = Headless(Referee(GameController(SaveStore(tmp_path))))
    driver.run(driver.referee.start("ask"))
    driver.run(driver.referee.game_chosen(LESSONS, None))
    assert driver.lessons is not None
    driver.new_game = None
    driver.run(driver.referee.lesson_chosen(None))
    assert driver.new_game is not None  # back to the new-game screen


def test_three_misses_of_a_question_s_answer_name_c_and_the_answer():
    opening = load_scenario(LESSON.with_name("opening.toml"))
    check_lesson(opening)
    controller = GameController(None, lesson=Lesson(opening))
    driver = Headless(Referee(controller))
    driver.run(driver.referee.start("ask"))
    lesson = _lesson(driver)
    assert lesson.current is not None and lesson.current.answers[0].text == "p1: open p2"
    before = _board(driver)
    for _ in range(3):
        driver.run(driver.referee.act(parse_action("p1: open p1")))
    assert _board(driver) == before
    assert "[b]The key:[/b] press c (Answer), then “Prince Zuko (p2) defends”" in lesson.why


def test_the_end_of_a_lesson_offers_the_next_one(tmp_path, monkeypatch):
    import avatar_tui.lessons as built_in

    first = built_in.list_lessons()[0]
    monkeypatch.setattr(built_in, "next_lesson", lambda name: first)
    driver = _table(SaveStore(tmp_path), name="flip_and_defend")
    _finish(driver)
    offer = driver.offers[-1]
    assert offer.labels[0] == f"Next lesson: {first.title}"
    driver.offer(0)
    lesson = _lesson(driver)
    assert lesson.name == first.name and lesson.step == 1


def test_the_words_shared_with_a_room_are_the_panel_s_in_plain_text():
    """learn --share: the position's `lesson` says what the learner's panel
    says, without its markup: the step, what the last one did, a miss's
    reason and, from the third, the key; at the end, that it is finished."""
    driver = _table()
    _watch(driver)
    driver.run(driver.referee.press("flip"))
    driver.run(driver.referee.press("focus"))
    driver.run(driver.referee.press("flip"))
    lesson = _lesson(driver)
    words = lesson.words()
    assert (words.step, words.of, words.number, words.finished) == (5, lesson.total, None, False)
    assert words.say == "Knuckle Sandwich: intercept 6 stops force 6. Pay for it."
    assert words.then is None and words.note is None  # step 4 has no `then`
    for _ in range(3):
        driver.run(driver.referee.press("discard"))
    words = lesson.words()
    assert words.note == ("Not this move: An intercept at least the incoming force stops the "
                          "attack (R5.3).\nThe key: press p (Pay)")
    driver.run(driver.referee.press("pay"))
    assert lesson.words().then == "It counterattacks: Zuko must defend now."
    lesson.step = lesson.total + 1
    end = lesson.words()
    assert end.finished and end.step == lesson.total
    assert end.say == f"The end of this lesson. {lesson.title} is finished."


def test_a_built_in_lesson_s_words_carry_its_number():
    from avatar_tui.lessons import find_lesson, load_lesson

    found = find_lesson(2)
    assert Lesson(load_lesson(found.name), name=found.name).words().number == 2
