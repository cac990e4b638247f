"""The words a decision's estimates are shown in (bots/verdict.py): the
hint and the coach rank moves in bands, never in percentages (issue 30)."""

from __future__ import annotations

from avatar_tui.bots import verdict
from avatar_tui.bots.expert import Estimate
from avatar_tui.model.actions import Action


def estimate(win: float, verb: str = "focus", worlds: int = 8) -> Estimate:
    return Estimate(Action(player="p1", verb=verb), win, worlds)


def test_bands_by_the_gap_to_the_best_move():
    assert verdict.band(0.0) == "best"
    assert verdict.band(0.02) == "about as good"
    assert verdict.band(0.03) == "a little weaker"
    assert verdict.band(0.079) == "a little weaker"
    assert verdict.band(0.08) == "weaker"
    assert verdict.band(0.149) == "weaker"
    assert verdict.band(0.15) == "much weaker"
    assert verdict.band(0.9) == "much weaker"


def test_marks_agree_with_the_words():
    assert [verdict.mark(g) for g in (0.0, 0.05, 0.079, 0.08, 0.149, 0.15, 0.5)] == \
        ["", "", "", "?!", "?!", "??", "??"]
    for g in (0.0, 0.05, 0.1, 0.2):  # a mark only where the words say weaker or worse
        assert bool(verdict.mark(g)) == (verdict.band(g) in ("weaker", "much weaker"))


def test_ranked_names_the_first_best_and_a_level_move_about_as_good():
    found = verdict.ranked([estimate(0.6, "pay"), estimate(0.6), estimate(0.4, "discard"),
                            estimate(0.1, "reflip")], top=3)
    assert [w for _, w in found] == ["best", "about as good", "much weaker"]


def test_nothing_searched_is_not_ranked():
    assert not verdict.searched([estimate(float("nan"), worlds=0)])
    assert not verdict.searched([estimate(0.5)])
    assert verdict.searched([estimate(0.5), estimate(0.4)])
