"""A key that does nothing says why (the status line, or the too-small
message), and the inspector's words."""

from __future__ import annotations

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.engine import new_game
from avatar_tui.model.state import GameSetup, PlayerSetup
from avatar_tui.tui.screens.inspector import InspectorScreen

from .helpers import make_app, scenario, screen_text


async def test_c_undo_demo_keys_and_an_unknown_key_each_say_why():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        before = app.session.state
        for key, said in (("c", "no question is waiting"), ("u", "face up"),
                          ("right", "only in a demo"), ("pagedown", "only in a demo"),
                          ("x", "not a key of this game")):
            app.controller.hint = None
            await pilot.press(key)
            await pilot.pause()
            assert said in (app.controller.hint or ""), key
            assert said in screen_text(app), key  # in the status line
        assert app.session.state is before


async def test_on_a_terminal_too_small_space_and_d_do_nothing_but_say_so():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        before = app.session.state
        for key in ("space", "d", "f", "p", "c"):
            await pilot.press(key)
            await pilot.pause()
        assert app.session.state is before
        text = screen_text(app)
        assert "c does nothing" in text and "no move is made" in text


async def test_the_inspector_names_a_card_once_without_its_id_twice():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, InspectorScreen)
        text = screen_text(app)
        flipped = app.session.state.players["p2"].zones["yellow"].flip.card
        assert "Burning Lash" in text and flipped not in text
        assert "Prince Zuko (p2) yellow flip space" in text  # whose, by name


async def test_commander_zhao_is_named_whole_at_120_columns():
    game = new_game(GameSetup(catalog=default_catalog(),
                              seed=4, p1=PlayerSetup(chamber="commander_zhao"),
                              p2=PlayerSetup(chamber="prince_zuko")))
    app = make_app(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        mat_lines = [line for line in text.splitlines() if "Commander Zhao" in line
                     and "(p1)" not in line]
        assert mat_lines and all("Commander Zhao…" not in line for line in mat_lines)
