"""Issue 29's speed: the play-feel marks (✱, ⚔, the recap and point panels)
are shown by classes, and a class change makes Textual match the whole
stylesheet again for every widget it restyles, the larger part of a key's
cost. A key restyles only what its classes style, in one pass per show."""

from __future__ import annotations

from avatar_tui.bots import BotSeat
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.privacy import SecretGate

from .helpers import KEY_OF, PREFERRED, make_app, new

NEVER = 3600.0


def _watch_restyles(app) -> list[list]:
    """Each stylesheet pass made while the game screen shows a move: the
    nodes it restyled."""
    passes: list[list] = []
    showing = [False]
    sheet = app.stylesheet
    real_update, real_show = sheet.update_nodes, app.game_screen.show

    def update_nodes(nodes, animate=False):
        nodes = list(nodes)
        if showing[0]:
            passes.append(nodes)
        real_update(nodes, animate)

    def show():
        showing[0] = True
        try:
            real_show()
        finally:
            showing[0] = False

    sheet.update_nodes = update_nodes
    app.game_screen.show = show
    return passes


async def _play(app, pilot, moves: int) -> int:
    """p1 by keys, the computer's pauses fired at once; how many shows of
    the recap panel coming or going were seen."""
    dialogs = {SecretGate: "enter", ChoiceScreen: "1"}
    toggles, was = 0, False
    for _ in range(moves):
        if app.game.mode.waiting:
            app.fire("computer")
        else:
            screen = app.screen
            key = next((k for kind, k in dialogs.items() if isinstance(screen, kind)), None)
            if key is None:
                key = KEY_OF[next(n for n in PREFERRED if screen.check_action("play", (n,)))]
            await pilot.press(key)
        await pilot.pause()
        now = app.game_screen.side.has_class("-recap")
        toggles += now != was
        was = now
    return toggles


async def test_a_key_restyles_the_side_panels_not_what_is_inside_them():
    app = make_app(new(seed=2), bot=BotSeat("heuristic", "p2", seed=1, delay=NEVER))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        passes = _watch_restyles(app)
        toggles = await _play(app, pilot, 40)
        assert toggles >= 2  # the recap panel came and went: the side's classes changed
        side = app.game_screen.side
        restyled = [node for nodes in passes for node in nodes]
        assert any(node.parent is side for node in restyled)
        # the panels are styled by the side's classes (app.tcss); the text
        # inside them, and the side itself, are not
        inside = [node for node in restyled
                  if node is side or side in node.ancestors and node.parent is not side]
        assert inside == []


async def test_a_show_makes_at_most_one_stylesheet_pass():
    app = make_app(new(seed=2), bot=BotSeat("heuristic", "p2", seed=1, delay=NEVER))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        passes = _watch_restyles(app)
        shows: list[int] = []
        real = app.game_screen.show

        def counting():
            before = len(passes)
            real()
            shows.append(len(passes) - before)

        app.game_screen.show = counting
        await _play(app, pilot, 40)
        assert sum(1 for n in shows if n) >= 5  # marks came and went
        assert max(shows) == 1, shows
