"""Garbage collection while the app starts (tui/perf/heap.py): held
from before the app's imports, and resumed, with the start's heap frozen,
once the first frame is drawn and the validators are built."""

from __future__ import annotations

import gc

import pytest

from avatar_tui import cli
from avatar_tui.tui.perf import heap

from .helpers import make_app, new


@pytest.fixture
def restore_gc():
    """Whatever a test does to the collector, the next test finds it as usual."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)
    gc.enable()


def test_held_gives_collection_back_as_it_was(restore_gc):
    with heap.held():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    with heap.held():
        pass
    assert not gc.isenabled()  # it was off before: left off


def test_hold_then_settle_freezes_the_heap_and_collects_again(restore_gc):
    heap.hold()
    assert not gc.isenabled()
    heap.settle()
    assert gc.isenabled()
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold()[0] == heap.YOUNG_THRESHOLD  # a key's garbage, collected less often


def test_play_loads_the_app_with_collections_held(monkeypatch, restore_gc):
    seen: list[bool] = []
    import avatar_tui.cli.play as launch

    monkeypatch.setattr(launch, "run", lambda args: seen.append(gc.isenabled()) or 0)
    assert cli.main(["play"]) == 0
    assert seen == [False]
    assert gc.isenabled()  # back on once the app has run: a test goes on with it


def test_a_demo_loads_the_app_with_collections_held(monkeypatch, restore_gc):
    seen: list[bool] = []
    import avatar_tui.tui.app as app_module

    class Recorder:
        def __init__(self, *args, **kwargs) -> None:
            seen.append(gc.isenabled())
            self.return_code = 0

        def run(self) -> None:
            pass

    monkeypatch.setattr(app_module, "AvatarApp", Recorder)
    assert cli.main(["demo", "1"]) == 0
    assert seen == [False]
    assert gc.isenabled()


async def test_the_app_resumes_collections_once_warm(restore_gc):
    heap.hold()
    app = make_app(new())
    app.freeze_startup_heap = True  # as the launcher makes it
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert gc.isenabled()
        assert gc.get_freeze_count() > 0


async def test_an_app_not_started_by_the_launcher_leaves_the_collector_alone(restore_gc):
    frozen, thresholds = gc.get_freeze_count(), gc.get_threshold()
    app = make_app(new())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
    assert gc.isenabled()
    assert (gc.get_freeze_count(), gc.get_threshold()) == (frozen, thresholds)
