"""Lesson files (docs/notation.md, "Lesson files"): read, checked move by
move where each stands, and replayed by `avatar-tui replay` (the steps'
moves counted by `after = N`); an invalid lesson exits 2 naming the step."""

from __future__ import annotations

from pathlib import Path

import pytest

from avatar_tui.cli import main
from avatar_tui.notation.lesson import check_lesson
from avatar_tui.notation.scenario import ScenarioError, load_scenario

LESSON = Path(__file__).parent / "lessons" / "flip_and_defend.toml"


def _with(tmp_path: Path, old: str, new: str, count: int = 1) -> Path:
    text = LESSON.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "lesson.toml"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return path


def test_a_lesson_replays_its_steps_and_checks_its_expectations(capsys):
    assert main(["replay", str(LESSON)]) == 0
    assert "ok (7 actions, 2 expectations)" in capsys.readouterr().out


def test_after_counts_the_actions_then_each_step_s_moves(tmp_path, capsys):
    # after 4: the opening, Zuko's flip and pay (a step of two moves), Aang's
    # flip, who replenished 1 green (R4.2); one more, the focus adds Skewer
    path = _with(tmp_path, "equals = 4\nafter = 4", "equals = 4\nafter = 5")
    assert main(["replay", str(path)]) == 1
    assert "players.p1.zones.green.energy after action 5: expected 4, got 5" in \
        capsys.readouterr().err


def test_an_after_past_the_last_step_is_invalid(tmp_path, capsys):
    path = _with(tmp_path, "after = 4", "after = 8")
    assert main(["replay", str(path)]) == 2
    assert "expect[1].after: 8 is past the last action (7)" in capsys.readouterr().err


@pytest.mark.parametrize(("old", "new", "said"), [
    # an answer the engine refuses where it stands: pay against force 6 with intercept 3
    ('answer = ["p1: focus", "p1: discard"]', 'answer = ["p1: focus", "p1: pay"]',
     "step 3.answer: 'p1: pay' is not legal there"),
    # a played move refused
    ("p2: flip\np2: pay", "p2: flip\np2: flip", "step 1: 'p2: flip' is not legal there"),
    # the first answer leads on: discarding keeps the later steps legal too,
    # but an answer by the wrong player does not
    ('answer = "p1: pay"', 'answer = "p2: pay"', "step 5.answer: 'p2: pay' is not legal there"),
    ('say = "Flip again, in yellow."\n', "", "step 4: say: missing"),
    ('answer = "p1: flip"\nhint', 'play = "p1: flip"\nanswer = "p1: flip"\nhint',
     "step 2: give exactly one of 'answer' or 'play'"),
    ('answer = "p1: pay"', "answer = []", "step 5: 'answer' lists no move"),
    ('answer = "p1: pay"', 'answer = "p1: pay\\np2: flip"', "step 5.answer: "),
    ('answer = "p1: pay"', 'answer = "p1: wave"', "step 5: 'p1: wave': "),
    ("then = \"You now defend yellow.\"", 'than = "typo"', "step 3: than: "),
    ("p2: flip\np2: pay", "p2: flip !\np2: pay", "step 1: 'play' makes its moves"),
])
def test_an_invalid_lesson_exits_2_naming_its_step(tmp_path, capsys, old, new, said):
    path = _with(tmp_path, old, new)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert said in err, err
    assert err.startswith(f"avatar-tui replay: {path}: ")
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_then_play_belongs_to_lessons(tmp_path, capsys):
    path = tmp_path / "plain.toml"
    path.write_text('then_play = "heuristic"\n[p1]\nchamber = "aang"\n[p2]\n'
                    'chamber = "prince_zuko"\n', encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "then_play: only a lesson" in capsys.readouterr().err


def test_then_play_names_a_computer_kind(tmp_path):
    path = _with(tmp_path, 'seed = 2\n', 'seed = 2\nthen_play = "heuristic"\n')
    assert load_scenario(path).then_play == "heuristic"
    bad = _with(tmp_path, 'seed = 2\n', 'seed = 2\nthen_play = "grandmaster"\n')
    with pytest.raises(ScenarioError, match="then_play"):
        load_scenario(bad)


def test_the_built_in_lessons_are_valid_and_replay():
    from avatar_tui.lessons import list_lessons

    found = list_lessons()
    assert found
    for lesson in found:
        scenario = load_scenario(lesson.path)
        assert scenario.is_lesson, lesson.name
        check_lesson(scenario)
        assert main(["replay", str(lesson.path)]) == 0, lesson.name


def test_learn_list_prints_a_line_per_lesson_with_a_check_once_finished(tmp_path, capsys,
                                                                           monkeypatch):
    from avatar_tui.lessons import list_lessons
    from avatar_tui.store.storage import SaveStore

    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path))
    first = list_lessons()[0]
    assert main(["learn", "--list"]) == 0
    line = capsys.readouterr().out.splitlines()[0]
    assert line == f"{first.number:>2}  {first.title}"
    SaveStore(tmp_path).lessons.finish(first.name)
    assert main(["learn", "--list"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == f"{first.number:>2}  {first.title}  ✓"


@pytest.mark.parametrize(("wanted", "said"), [
    ("99", "no lesson '99'"),
    ("nothing.toml", "nothing.toml"),
])
def test_learn_refuses_an_unknown_lesson_in_one_line(tmp_path, capsys, monkeypatch, wanted,
                                                      said):
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    assert main(["learn", wanted]) == 2
    err = capsys.readouterr().err
    assert said in err and len(err.strip().splitlines()) == 1


def test_learn_refuses_a_scenario_that_is_no_lesson(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path))
    path = tmp_path / "plain.toml"
    path.write_text('[p1]\nchamber = "aang"\n[p2]\nchamber = "prince_zuko"\n', encoding="utf-8")
    assert main(["learn", str(path)]) == 2
    assert "not a lesson" in capsys.readouterr().err


def test_an_invalid_lesson_file_is_refused_by_learn_naming_the_step(tmp_path, capsys,
                                                                     monkeypatch):
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path / "data"))
    path = _with(tmp_path, 'answer = "p1: pay"', 'answer = "p2: pay"')
    assert main(["learn", str(path)]) == 2
    assert "step 5.answer" in capsys.readouterr().err
