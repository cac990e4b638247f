"""A child process of benchmarks/run.py: runs the real app or a minimal
Textual app headless at 120x40 and reports timings as one JSON line.

    python benchmarks/ui_probe.py first-frame app
    python benchmarks/ui_probe.py first-frame minimal WIDGETS
    python benchmarks/ui_probe.py keys app MAX_ACTIONS
    python benchmarks/ui_probe.py keys minimal WIDGETS UPDATED PRESSES
    python benchmarks/ui_probe.py rss app [PRESSES]

A "frame" is a screen update the compositor hands to the driver. The
headless driver throws frames away without turning them into terminal
output, so the probe does that step itself (the same for both apps), and a
frame costs here what it costs in a terminal. Times are
`time.monotonic()`, one clock for every process on the machine, so the
parent can measure from before it started this process; a key's time is
also given in CPU time of this process (`time.process_time()`), which other
work on a shared machine does not stretch.

AVATAR_TUI_PROBE_ROOT, when set, is the source tree to import the app from
(an older commit unpacked elsewhere), so two versions can be measured by the
same probe.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path

SIZE = (120, 40)
ROOT = Path(os.environ.get("AVATAR_TUI_PROBE_ROOT") or Path(__file__).resolve().parents[1])
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")

if sys.argv[2:3] == ["app"]:  # as `avatar-tui play` does before it loads the app
    from avatar_tui.tui.perf import heap

    heap.hold()

from textual.app import App, ComposeResult  # noqa: E402
from textual.containers import Grid  # noqa: E402
from textual.widgets import Static  # noqa: E402


class FrameProbe:
    """Mixin: notes the time of every frame, and of the first frame after
    a change (`changed_now`, called once the widgets show the change)."""

    last_frame: float = 0.0
    dirty_counts: list[int]
    _after_change: asyncio.Event | None = None
    _armed = False
    change_frame: float = 0.0
    change_cpu: float = 0.0

    def wait_for_change(self) -> asyncio.Event:
        """An event set by the first frame after the next change."""
        self._after_change = asyncio.Event()
        self._armed = False
        return self._after_change

    def changed_now(self) -> None:
        self._armed = True

    def _display(self, screen, renderable) -> None:  # Textual's hook for a frame
        if renderable is not None and not self._batch_count:  # type: ignore[attr-defined]
            dirty = len(screen._dirty_widgets)
            if hasattr(renderable, "render_segments"):
                renderable.render_segments(self.console)  # type: ignore[attr-defined]
            self.last_frame = time.monotonic()
            if self._armed and self._after_change is not None:
                self.dirty_counts.append(dirty)
                self.change_frame = self.last_frame
                self.change_cpu = time.process_time()
                self._armed = False
                self._after_change.set()
                self._after_change = None
            self.on_frame()
        super()._display(screen, renderable)  # type: ignore[misc]

    def on_frame(self) -> None:
        pass


# ------------------------------------------------------------------ the real app


def make_game_app():
    """The app as `avatar-tui play --scenario` builds it, saving to a
    private directory, with the command-line entry point's imports."""
    import avatar_tui.cli  # noqa: F401 - the imports of the real start
    from avatar_tui.cardlib.catalog import default_catalog
    from avatar_tui.engine import apply, legal_actions, new_game
    from avatar_tui.model.state import GameSetup, PlayerSetup
    from avatar_tui.play.commands import Save, Show
    from avatar_tui.store.storage import SaveStore
    from avatar_tui.tui.app import AvatarApp

    here = Path(sys.modules[AvatarApp.__module__].__file__).parent  # type: ignore[arg-type]

    class ProbedApp(FrameProbe, AvatarApp):
        # Textual finds CSS beside the class's own file: point it at the app's
        CSS_PATH = [str(here / p) for p in AvatarApp.CSS_PATH]
        board_ready = False
        report_first = False
        acted = False

        def __init__(self, *a, **kw):
            super().__init__(*a, **kw)
            self.dirty_counts = []

        def carry_out(self, commands) -> None:
            super().carry_out(commands)
            if any(isinstance(c, Save) for c in commands):  # the game changed (Referee.changed)
                self.acted = True
                self.changed_now()  # the widgets show the new state: the next frame paints it
            if any(isinstance(c, Show) and c.rebuilt for c in commands):  # a game put on
                self.board_ready = True

        def on_frame(self) -> None:
            if self.report_first and self.board_ready:
                self.report_first = False
                widgets = sum(1 for _ in self.game_screen.walk_children(with_self=False))
                emit({"t": self.last_frame, "widgets": widgets})
                self.exit()

    # made from trusted values, unvalidated, as launch.game_with_decks makes
    # the setup of a game started with decks, so no validator is built before
    # the first frame
    setup = GameSetup.model_construct(catalog=default_catalog(),
                                      seed=7, p1=PlayerSetup.model_construct(chamber="aang"),
                                      p2=PlayerSetup.model_construct(chamber="prince_zuko"))
    state, events = new_game(setup)
    # past the opening question, so the first frame is the board, not a dialog
    state, more = apply(state, legal_actions(state)[0])
    app = ProbedApp(SaveStore(), game=(state, events + more), seed=7, freeze_startup_heap=True)
    app.animation_level = "none"
    return app


# ------------------------------------------------------------------ the minimal app


class MinimalApp(FrameProbe, App[None]):
    """N plain Static widgets in a grid: the least a board of N widgets can cost."""

    CSS = """
    Grid { grid-size: 8; grid-rows: 1; grid-gutter: 0 1; }
    Static { height: 1; }
    """
    BINDINGS = [("space", "bump", "Bump")]

    def __init__(self, widgets: int, updated: int = 0, report_first: bool = False):
        super().__init__()
        self.count = widgets
        self.updated = updated
        self.report_first = report_first
        self.bumps = 0
        self.dirty_counts = []

    def compose(self) -> ComposeResult:
        with Grid():
            for i in range(self.count):
                yield Static(f"widget {i}", id=f"w{i}")

    def on_frame(self) -> None:
        if self.report_first:
            self.report_first = False
            emit({"t": self.last_frame, "widgets": self.count})
            self.exit()

    def action_bump(self) -> None:
        self.bumps += 1
        statics = list(self.query(Static))
        for i in range(self.updated):
            statics[(self.bumps + i) % len(statics)].update(f"widget {i} · {self.bumps}")
        self.changed_now()


# ------------------------------------------------------------------ modes


def emit(data: dict) -> None:
    print(json.dumps(data), flush=True)


def first_frame(kind: str, widgets: int) -> None:
    if kind == "app":
        app = make_game_app()
        app.report_first = True
    else:
        app = MinimalApp(widgets, report_first=True)
    app.run(headless=True, size=SIZE)


async def _press(app, key: str, char: str | None) -> tuple[float, float] | None:
    """Send one key as the driver would; the seconds from then to the first
    frame after the change it caused, wall clock and CPU time (None: no
    change was painted)."""
    from textual import events

    painted = app.wait_for_change()
    start = time.monotonic()
    cpu = time.process_time()
    event = events.Key(key, char)
    event.set_sender(app)
    app._driver.send_message(event)
    try:
        await asyncio.wait_for(painted.wait(), timeout=2.0)
    except TimeoutError:
        return None
    return app.change_frame - start, app.change_cpu - cpu


async def keys_app(max_actions: int) -> None:
    """Plays by keys; for each game key that makes an engine action, the
    time from the key to the board's first frame after it."""
    from avatar_tui.play.keys import GAME_KEYS, candidates
    from avatar_tui.tui.screens.choice import ChoiceScreen
    from avatar_tui.tui.screens.game import GameScreen
    from avatar_tui.tui.screens.gameover import GameOverScreen

    order = ["pay", "flip", "skip", "signature", "focus", "discard"]
    key_of = {k.name: k.key for k in GAME_KEYS}
    app = make_game_app()
    latencies: list[float] = []
    cpu: list[float] = []
    pressed: list[str] = []
    updated: list[int] = []
    missed = 0
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        widgets = sum(1 for _ in app.game_screen.walk_children(with_self=False))
        while len(latencies) < max_actions and not isinstance(app.screen, GameOverScreen):
            screen = app.screen
            if isinstance(screen, ChoiceScreen):
                await pilot.press("1")  # a question: answered, not measured
                await pilot.pause()
                continue
            assert isinstance(screen, GameScreen)
            legal = app.session.legal
            name = next((n for n in order if len(candidates(n, legal)) == 1), None)
            if name is None:  # only keys that open a chooser: answer it, unmeasured
                name = next(n for n in key_of if candidates(n, legal))
                await pilot.press(key_of[name])
                await pilot.pause()
                continue
            app.acted = False
            app.dirty_counts.clear()
            key = key_of[name]
            took = await _press(app, key, " " if key == "space" else key)
            await pilot.pause()
            if took is None:
                missed += 1
            elif app.acted:
                latencies.append(took[0])
                cpu.append(took[1])
                pressed.append(name)
                updated.append(app.dirty_counts[0] if app.dirty_counts else 0)
    emit({"latencies": latencies, "cpu": cpu, "keys": pressed, "updated": updated,
          "widgets": widgets, "missed": missed})


async def keys_minimal(widgets: int, updated: int, presses: int) -> None:
    app = MinimalApp(widgets, updated)
    latencies: list[float] = []
    cpu: list[float] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(presses):
            took = await _press(app, "space", " ")
            await pilot.pause()
            if took is not None:
                latencies.append(took[0])
                cpu.append(took[1])
    emit({"latencies": latencies, "cpu": cpu, "updated": [updated] * len(latencies),
          "widgets": widgets})


async def rss_app(limit: int = 0) -> None:
    """A whole game by keys (or `limit` presses), headless; the process's
    peak memory."""
    import resource

    from avatar_tui.play.keys import GAME_KEYS
    from avatar_tui.tui.screens.choice import ChoiceScreen
    from avatar_tui.tui.screens.gameover import GameOverScreen

    order = ["pay", "overpay", "flip", "skip", "focus", "discard", "power_1", "reflip", "pitch",
             "ally_power", "signature"]
    key_of = {k.name: k.key for k in GAME_KEYS}
    app = make_game_app()
    presses = 0
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        while not isinstance(app.screen, GameOverScreen) and presses < (limit or 5000):
            screen = app.screen
            if isinstance(screen, ChoiceScreen):
                await pilot.press("1")
            else:
                name = next(n for n in order if screen.check_action("play", (n,)))
                await pilot.press(key_of[name])
            presses += 1
        over = app.session.over
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    mb = peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024  # bytes / KiB
    emit({"peak_rss_mb": mb, "presses": presses, "over": over})


def main(argv: list[str]) -> None:
    mode, kind, *rest = argv
    numbers = [int(x) for x in rest]
    with tempfile.TemporaryDirectory() as data:
        os.environ["AVATAR_TUI_DATA_DIR"] = data  # never the user's saved game
        shared = os.environ.get("AVATAR_TUI_BENCH_CACHE")
        if shared:  # the run's catalog cache (data/cache), warm as a second start's
            os.symlink(shared, Path(data) / "cache", target_is_directory=True)
        if mode == "first-frame":
            first_frame(kind, numbers[0] if numbers else 0)
        elif mode == "keys" and kind == "app":
            asyncio.run(keys_app(numbers[0]))
        elif mode == "keys":
            asyncio.run(keys_minimal(*numbers))
        elif mode == "rss":
            asyncio.run(rss_app(*numbers))
        else:
            raise SystemExit(f"unknown mode: {' '.join(argv)}")


if __name__ == "__main__":
    main(sys.argv[1:])
