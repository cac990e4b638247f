"""A point's moment on the screen (issue 29 point 6): the scorer's mat is
marked ★, the story of the point stays beside the board, and the opening
question that follows tells it too."""

from __future__ import annotations

from avatar_tui.engine import legal_actions
from avatar_tui.tui.board import Mat, PointPanel
from avatar_tui.tui.screens.choice import ChoiceScreen

from .helpers import find_state, make_app, screen_text


def red_discard(state) -> bool:
    """p-anyone defends red, may discard, and nobody has scored yet."""
    return (state.phase == "decide" and state.turn is not None
            and state.players[state.turn].defending == "red"
            and all(p.score == 0 for p in state.players.values())
            and any(a.verb == "discard" for a in legal_actions(state)))


def before_a_point():
    return find_state(red_discard, seeds=range(1, 20))


async def test_a_point_gets_its_moment():
    state = before_a_point()
    scorer = "p2" if state.turn == "p1" else "p1"
    app = make_app((state, []))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert app.screen.title_text.startswith("★ Point to")
        assert "R10.2" in screen_text(app)
        await pilot.press("escape")  # look at the board: the story stays there
        await pilot.pause()
        panel = app.game_screen.query_one(PointPanel)
        assert panel.display and "R10.2" in str(panel.render())
        mat = next(m for m in app.game_screen.query(Mat) if m.owner == scorer)
        assert mat.has_class("-scored") and "★ point!" in str(mat.border_title)
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("1")  # the opening defender chosen: the moment is over
        await pilot.pause()
        assert not app.game_screen.side.has_class("-point")
        assert not mat.has_class("-scored")


def test_the_point_moment_snapshot(snap_compare):
    assert snap_compare(make_app((before_a_point(), [])), press=["d", "escape"],
                        terminal_size=(120, 40))


def test_the_point_moment_snapshot_80x24(snap_compare):
    assert snap_compare(make_app((before_a_point(), [])), press=["d"], terminal_size=(80, 24))
