"""Issue 29's speed: the play-feel marks (✱, ⚔, the recap and point panels)
are shown by classes, and a class change makes Textual match the whole
stylesheet again for every widget it restyles, the larger part of a key's
cost. A key restyles only what its classes style, in one pass per show."""

from __future__ import annotations

import hashlib
import inspect

from textual.css.stylesheet import Stylesheet
from textual.widget import Widget

from avatar_tui.bots import BotSeat

from .helpers import key_to_press, make_app, new

NEVER = 3600.0


def _watch_restyles(app, monkeypatch) -> list[list]:
    """Per show of a move by the game screen: the nodes whose styles were
    replaced (every restyle does that, matched afresh or from a cache)."""
    shows: list[list] = []
    showing = [False]
    real_replace, real_show = Stylesheet.replace_rules.__func__, app.game_screen.show

    def replace_rules(cls, node, rules, animate=False):
        if showing[0]:
            shows[-1].append(node)
        real_replace(cls, node, rules, animate)

    def show():
        shows.append([])
        showing[0] = True
        try:
            real_show()
        finally:
            showing[0] = False

    monkeypatch.setattr(Stylesheet, "replace_rules", classmethod(replace_rules))
    app.game_screen.show = show
    return shows


async def _play(app, pilot, moves: int) -> int:
    """p1 by keys, the computer's pauses fired at once; how many shows of
    the recap panel coming or going were seen."""
    toggles, was = 0, False
    for _ in range(moves):
        if app.controller.mode.waiting:
            app.fire("computer")
        else:
            await pilot.press(key_to_press(app.screen))
        await pilot.pause()
        now = app.game_screen.side.has_class("-recap")
        toggles += now != was
        was = now
    return toggles


async def test_a_key_restyles_the_side_panels_not_what_is_inside_them(monkeypatch):
    app = make_app(new(seed=2), bot=BotSeat("heuristic", "p2", seed=1, delay=NEVER))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shows = _watch_restyles(app, monkeypatch)
        toggles = await _play(app, pilot, 40)
        assert toggles >= 2  # the recap panel came and went: the side's classes changed
        side = app.game_screen.side
        # widgets (an OptionList's component classes are matched as nodes too)
        restyled = [node for nodes in shows for node in nodes if isinstance(node, Widget)]
        assert any(node.parent is side for node in restyled)
        # the panels are styled by the side's classes (app.tcss); the text
        # inside them and the side itself are not (the log's scrollbar is
        # the log's, restyled with it as Textual does)
        within = set(side.walk_children())
        inside = [node for node in restyled
                  if node is side or node in within and node.parent is not side]
        assert inside == []


async def test_a_show_restyles_each_widget_once(monkeypatch):
    """Several of a widget's classes change in one move (⚔ and ✱ on a
    flip, a panel shown as another goes): it is restyled once."""
    app = make_app(new(seed=2), bot=BotSeat("heuristic", "p2", seed=1, delay=NEVER))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        shows = _watch_restyles(app, monkeypatch)
        await _play(app, pilot, 40)
        assert sum(1 for nodes in shows if nodes) >= 5  # marks came and went
        twice = [[n for n in nodes if nodes.count(n) > 1] for nodes in shows]
        assert not any(twice), twice


def _rules(app) -> dict:
    return {node: dict(node.styles.base._rules) for node in app.game_screen.walk_children()}


async def test_the_cached_styles_are_those_textual_matches(monkeypatch):
    """The styles kept from before (tui/perf/restyle.py) are used, and are
    what matching the stylesheet afresh gives, after keys, a change of
    layout (the ancestors' classes change) and a change of theme."""
    app = make_app(new(seed=2), bot=BotSeat("heuristic", "p2", seed=1, delay=NEVER))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        cache = app.game_screen._styles
        for step in range(4):
            await _play(app, pilot, 15)
            if app.screen is not app.game_screen:
                continue
            kept = _rules(app)
            app.stylesheet.update(app.game_screen)  # all matched afresh by Textual
            assert _rules(app) == kept
            if step == 0:
                await pilot.resize_terminal(80, 24)  # the compact layout's classes
            elif step == 1:
                await pilot.resize_terminal(120, 40)
            elif step == 2:
                app.theme = "textual-light" if app.theme != "textual-light" else "nord"
            await pilot.pause()
        assert cache.hits > cache.misses > 0


# The source of the Textual methods StyleCache copies or relies on, as
# Textual 8.2.8 has them (apply's per-call cache key and the flags it sets;
# update_nodes' scrollbars). A change means: read the new methods, bring
# tui/perf/restyle.py in line, then record the new digests here.
PINNED = {
    "apply": "1faf3687bbba",
    "update_nodes": "386367db2e9d",
    "replace_rules": "2db1c7976ac6",
    "_process_component_classes": "852b5e4b93c6",
}


def test_the_textual_methods_it_stands_on_are_the_pinned_ones():
    def digest(name: str) -> str:
        method = getattr(Stylesheet, name)
        method = getattr(method, "__func__", method)
        return hashlib.sha256(inspect.getsource(method).encode()).hexdigest()[:12]

    assert {name: digest(name) for name in PINNED} == PINNED
