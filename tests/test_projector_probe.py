"""benchmarks/projector.py's pure parts: the figures it prints from what the
page said and the screenshot's rows of pixels. The whole probe needs a
Chromium, which CI has not: docs/two-screens.md says how to run it."""

from __future__ import annotations

import pytest

from benchmarks import projector

# what the page said at 1920x1080 with 28 px: a terminal of 120x34 cells of 16x31
MEASURED = {"page": [1920, 1080], "terminal": [0, 8, 1920, 1054], "font_px": 28,
            "size": {"width": 120, "height": 34}}


def test_the_lowest_drawn_row_needs_a_few_pixels():
    assert projector.lowest_drawn([5, 0, 3, 2, 0]) == 2  # 2 pixels: a stray one, not drawn
    assert projector.lowest_drawn([0, 1]) == -1


def test_the_board_is_left_of_the_side_and_above_the_footer():
    assert projector.board_right(MEASURED) == 1920 - projector.SIDE_COLUMNS * 16
    assert projector.footer_top(MEASURED) == 8 + 1054 - 31


@pytest.mark.parametrize(("lowest", "share"), [(1015, 0.941), (611, 0.567)])
def test_the_summary_says_the_boards_share_of_the_page(lowest, share):
    rows = [0] * 1031
    rows[20] = rows[lowest] = 40
    found = projector.summary(MEASURED, rows)
    assert found["board_share"] == share
    assert found["size"] == [120, 34] and found["cell_px"] == [16.0, 31.0]
    assert found["font_px"] == 28 and found["terminal_share"] == 0.983


def test_a_page_size_is_width_x_height():
    import argparse

    assert projector.page_size("1280x720") == (1280, 720)
    with pytest.raises(argparse.ArgumentTypeError, match="1920x1080"):
        projector.page_size("big")
