"""The command palette (ctrl+p) as a person meets it, in each app's own
process on a pseudo-terminal (tests/terminal.py): the four ways it crashed
an app in Textual 8.2.8, each now harmless. The app goes on, then quits
with exit code 0 and nothing on the terminal after it (no traceback)."""

from __future__ import annotations

import time

import pytest
from terminal import CTRL_P, ENTER, ESCAPE, PAGE_DOWN, Terminal, click

# an app process per test, a few seconds each: in the full run, not the edit loop
pytestmark = pytest.mark.slow

MIDGAME = "avatar_tui/tui/scenarios/midgame.toml"
REVIEWED = "tests/review/katara-v-uncle-iroh.toml"
CTRL_Q = "\x11"
EDGE = "▔" * 40  # the top edge of a palette, across the terminal


def clean_exit(t: Terminal) -> None:
    assert t.exit_code() == 0, t.text[-3000:]
    assert t.trouble() == [], t.text[-3000:]


def test_four_quick_enters_run_one_command_in_the_deck_editor(tmp_path):
    # enter highlights the first command (Keys), enter picks it, enter runs
    # it and closes the palette; the fourth, still queued in the closed
    # palette, used to pop the screen beneath it
    with Terminal("decks", data=tmp_path, size=(100, 30)) as t:
        t.expect("palette")
        t.send(CTRL_P)
        t.expect("for commands")
        t.send(ENTER * 4)
        t.expect("Focus Next")  # the Keys panel: the command ran
        time.sleep(1)  # the fourth enter reaches the editor, which is still there
        t.send(CTRL_Q)
        clean_exit(t)


def test_a_double_click_outside_the_palette_while_typing_closes_it_once(tmp_path):
    # the first click closes the palette; the second, queued in it, used to
    # pop the board too
    with Terminal("play", "--scenario", MIDGAME, data=tmp_path, size=(80, 24)) as t:
        t.expect("Quit")
        t.send(CTRL_P)
        t.expect("for commands")
        t.send("ke" + click(10, 22) + click(10, 22))
        time.sleep(1)
        t.send("q")  # the board is still there, and quits as ever
        clean_exit(t)


def test_pagedown_in_the_palette_of_the_review_on_three_rows(tmp_path):
    with Terminal("review", REVIEWED, data=tmp_path, size=(80, 3)) as t:
        t.expect("Leave")
        # the first frame can be out before the app reads keys: on a busy machine
        # a ctrl+p sent at once was once not answered within the minute (CI)
        time.sleep(1)
        t.send(CTRL_P)
        t.expect("Leave")  # drawn again, under the palette (which has no room to show)
        t.send(PAGE_DOWN)
        time.sleep(1)
        t.send(ESCAPE)
        time.sleep(1)
        t.send("q")
        clean_exit(t)


def test_pagedown_in_the_theme_picker_on_four_rows(tmp_path):
    # ctrl+p, "theme", enter: Textual's own theme picker, a second palette
    with Terminal("decks", data=tmp_path, size=(80, 4)) as t:
        t.expect("palette")
        t.send(CTRL_P)
        t.expect(EDGE)  # the palette's top edge: it has no room for more
        t.send("theme")
        time.sleep(1)
        t.send(ENTER)
        t.expect(EDGE)  # the theme picker's
        time.sleep(0.5)
        t.send(PAGE_DOWN)
        time.sleep(1)
        t.send(CTRL_Q)
        clean_exit(t)
