"""The game screen's compositor (tui/perf/compositor.py): the screen
a terminal builds from its partial updates is the screen a full render
draws, key after key; and the pinned Textual methods it stands on have not
changed under it."""

from __future__ import annotations

import hashlib
import inspect
import random

from depth import depth
from rich.segment import Segment
from textual._compositor import ChopsUpdate, Compositor, LayoutUpdate
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import Screen
from textual.widget import Widget

from avatar_tui.tui.board import KeptScrollBar, Text
from avatar_tui.tui.perf.compositor import PartialCompositor, _runs
from avatar_tui.tui.perf.rowcache import RowCache
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.game import GameScreen
from avatar_tui.tui.screens.privacy import SecretGate

from .helpers import KEY_OF, PREFERRED, make_app, new

SIZE = (120, 40)
# between moves, the reader walks the log (its rows are kept by line):
# from these turns on, on the board, these keys one a turn
LOG_WALKS = {12: ["l", "up", "up", "escape"], 28: ["l", "down", "escape"]}
# random keys: the game's, the dialogs' and the log's (not n or q: a new
# game or the end of the app)
RANDOM_KEYS = [*"pofdrtskacuvile123456789", "space", "enter", "escape", "tab", "up",
               "down", "question_mark"]
KEYS = depth(200, 2000)

# The source of each Textual method that PartialCompositor (or the log's
# scrollbar, tui/board.py, or the dimmed board) copies or relies on, as Textual 8.2.8 has it.
# A change means: read the new method, bring ours in line, then record the
# new digests here.
PINNED = {
    "Compositor.render_partial_update": "888dccc892d8",
    "Compositor._render_chops": "ca8c3359d7af",
    "Compositor._get_renders": "8ac93299aa5d",
    "Compositor._regions_to_spans": "af3b73d8e34f",
    "ChopsUpdate.render_segments": "4c1cdb567e0b",
    # the log's scrollbar is made as Widget.vertical_scrollbar makes it
    "Widget.vertical_scrollbar": "6b140a728f0b",
    # the board dimmed under a dialog (tui/perf/dimmed.py): what Textual
    # draws there and how it tints it, and every change of what the
    # compositor renders passing through these (its `version`)
    "BackgroundScreen.process_segments": "b857a6555faa",
    "BackgroundScreen.__rich_console__": "e0d2e7b51ee0",
    "Screen.render": "c0f72894b398",
    "Compositor.update_widgets": "86c02b2f8d6d",
    "Compositor.reflow": "a08580a81a77",
    "Compositor.reflow_visible": "cac5dbc45348",
}


def _digest(qualname: str) -> str:
    owner, name = qualname.split(".")
    method = getattr({"Compositor": Compositor, "ChopsUpdate": ChopsUpdate,
                      "Widget": Widget, "BackgroundScreen": BackgroundScreen,
                      "Screen": Screen}[owner], name)
    method = getattr(method, "fget", method)  # a property: its getter
    return hashlib.sha256(inspect.getsource(method).encode()).hexdigest()[:12]


def test_the_textual_methods_it_stands_on_are_the_pinned_ones():
    assert {name: _digest(name) for name in PINNED} == PINNED
    assert PartialCompositor.render_partial_update is not Compositor.render_partial_update
    own = inspect.signature(PartialCompositor.render_partial_update)
    assert own == inspect.signature(Compositor.render_partial_update)


def test_runs_of_rows():
    assert _runs([3]) == [(3, 4)]
    assert _runs([0, 1, 2, 5, 7, 8]) == [(0, 3), (5, 6), (7, 9)]


class Terminal:
    """A screen of cells that takes the compositor's updates as a terminal
    takes their escape codes (`render_segments`): a full update writes every
    line; a partial one writes, on each span's line, every cut that meets
    the span, from the cut's start, cropped at the span's end."""

    def __init__(self, width: int, height: int) -> None:
        self.lines = [[(" ", None)] * width for _ in range(height)]

    def write(self, x: int, y: int, segments) -> None:
        line = self.lines[y]
        for segment in Segment.filter_control(segments):
            for char in segment.text:  # the board is drawn in one-cell characters
                line[x] = (char, segment.style)
                x += 1

    def apply(self, update) -> None:
        if isinstance(update, LayoutUpdate):
            for y, strips in enumerate(update.strips, update.region.y):
                x = update.region.x
                for strip in strips:
                    self.write(x, y, strip)
                    x += strip.cell_length
            return
        assert isinstance(update, ChopsUpdate)
        for y, x1, x2 in update.spans:
            for end, (x, strip) in zip(update.chop_ends[y], update.chops[y].items(), strict=True):
                if strip is None or x > x2 or end <= x1:
                    continue
                if not (x2 > x >= x1 and end <= x2):
                    strip = strip.crop(0, min(end, x2) - x)
                self.write(x, y, strip)


def _full(app) -> list[list]:
    """The screen drawn whole, as cells, every row of the log and of the
    texts (cards, labels, panels) drawn afresh through Textual (no side
    effect on what is dirty, nor on the rows they keep)."""
    log = app.game_screen.event_log
    caches = [log, log.vertical_scrollbar]
    kept = [widget._rows for widget in caches]
    texts = [w for w in app.game_screen.walk_children() if isinstance(w, Text)]
    kept_texts = [widget._kept for widget in texts]
    for widget in caches:
        widget._rows = RowCache()
    for widget in texts:
        widget._kept = RowCache()
    screen = Terminal(*SIZE)
    try:
        for y, strip in enumerate(app.screen._compositor.render_strips()):
            screen.write(0, y, strip)
    finally:
        for widget, rows in zip(caches, kept, strict=True):
            widget._rows = rows
        for widget, text_rows in zip(texts, kept_texts, strict=True):
            widget._kept = text_rows
    return screen.lines


def _watched(app) -> tuple[Terminal, dict[str, int]]:
    """A terminal that takes every update the app sends, and a count of the
    partial ones."""
    terminal = Terminal(*SIZE)
    frames = {"partial": 0}
    shown = app._display

    def display(screen, update) -> None:
        if update is not None and not app._batch_count:
            terminal.apply(update)
            frames["partial"] += isinstance(update, ChopsUpdate)
        shown(screen, update)

    app._display = display  # type: ignore[method-assign]
    return terminal, frames


def _settled_on_the_board(app) -> bool:
    return isinstance(app.screen, GameScreen) and not app.screen._compositor._dirty_regions


async def test_the_screen_built_from_partial_updates_is_the_full_render():
    app = make_app(new(3))
    terminal, frames = _watched(app)
    dialogs = {SecretGate: "enter", ChoiceScreen: "1"}
    compared = 0
    walk: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.game_screen._compositor, PartialCompositor)
        assert isinstance(app.game_screen.event_log.vertical_scrollbar, KeptScrollBar)
        for turn in range(40):
            screen = app.screen
            key = next((k for kind, k in dialogs.items() if isinstance(screen, kind)), None)
            walk += LOG_WALKS.get(turn, [])
            if key is None and walk:
                key = walk.pop(0)  # the log focused, a line selected, left again
            elif key is None:
                name = next((n for n in PREFERRED if screen.check_action("play", (n,))), None)
                if name is None:
                    break  # the game is over
                key = KEY_OF[name]
            await pilot.press(key)
            await pilot.pause()
            if _settled_on_the_board(app):
                assert terminal.lines == _full(app), f"stale cells after key {key!r}"
                compared += 1
    assert compared >= 20 and frames["partial"] >= 20


async def test_random_keys_leave_no_stale_cell():
    """Any key, dialogs opened and left, the log walked, the help read: each
    time the board is back and settled, the terminal shows a full render.
    `AVATAR_TUI_LONG=1` sends ten times as many keys (tests/depth.py)."""
    rnd = random.Random(11)
    app = make_app(new(8))
    terminal, frames = _watched(app)
    compared = 0
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(KEYS):
            key = rnd.choice(RANDOM_KEYS)
            await pilot.press(key)
            await pilot.pause()
            if _settled_on_the_board(app):
                assert terminal.lines == _full(app), f"stale cells after key {key!r}"
                compared += 1
    assert compared >= KEYS // 4 and frames["partial"] >= KEYS // 4
