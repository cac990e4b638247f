"""The progress kept for the lessons and the puzzles (store/progress.py):
one reader and writer for both files, each keeping its own keys."""

from __future__ import annotations

import tomllib

from avatar_tui.store.progress import LessonProgress, PuzzleProgress


def test_a_lesson_left_halfway_resumes_and_a_finished_one_forgets_its_step(tmp_path):
    lessons = LessonProgress(tmp_path)
    lessons.reached("01_the_playmat", 4)
    assert lessons.left_at("01_the_playmat") == 4 and lessons.finished() == []
    lessons.finish("01_the_playmat")
    assert lessons.finished() == ["01_the_playmat"] and lessons.left_at("01_the_playmat") is None
    kept = tomllib.loads((tmp_path / "lessons.toml").read_text())
    assert kept == {"finished": ["01_the_playmat"], "at": {}}


def test_a_puzzle_solved_twice_is_kept_once_and_no_steps_are_written(tmp_path):
    puzzles = PuzzleProgress(tmp_path)
    puzzles.solve("03_power_before_paying")
    puzzles.solve("03_power_before_paying")
    assert puzzles.solved() == ["03_power_before_paying"]
    assert tomllib.loads((tmp_path / "puzzles.toml").read_text()) == {
        "solved": ["03_power_before_paying"]}


def test_read_only_keeps_nothing(tmp_path):
    lessons = LessonProgress(tmp_path)
    lessons.read_only = True
    lessons.finish("01_the_playmat")
    assert not (tmp_path / "lessons.toml").exists()
