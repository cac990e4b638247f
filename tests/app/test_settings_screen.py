"""The settings screen (issue 29): auto-flip, step hints, the theme and
the computer's think time in one place, kept in settings.toml; a bad value
is one clear line and the game starts with the default."""

from __future__ import annotations

from textual.widgets import Switch

from avatar_tui.store.settings import Settings, read
from avatar_tui.store.storage import SaveStore
from avatar_tui.tui.board import StatusPanel
from avatar_tui.tui.screens.newgame import NewGameScreen
from avatar_tui.tui.screens.settings import SettingsScreen

from .helpers import make_app, new


async def answered(app, pilot) -> None:
    """The opening question answered: the board is on top."""
    await pilot.pause()
    while app.session.pending_question:
        await pilot.press("1")
        await pilot.pause()


async def test_g_opens_the_settings_and_save_keeps_them(tmp_path):
    store = SaveStore(tmp_path)
    app = make_app(new(seed=3), store=store)
    async with app.run_test(size=(120, 40)) as pilot:
        await answered(app, pilot)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        assert "undo stops at a card it turned face up" in \
            str(app.screen.query_one(".field-help").render()).lower()
        assert str(app.screen.query_one("#auto-flip-help").render()).startswith("off")
        await pilot.press("space")  # the focused switch: auto-flip
        await pilot.pause()
        assert str(app.screen.query_one("#auto-flip-help").render()).startswith("on")
        app.screen.query_one("#hints", Switch).value = False
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, SettingsScreen)
        assert app.controller.auto_flip and not app.controller.step_hints
    text = store.settings.read_text()
    assert "auto_flip = true" in text and "hints = false" in text
    again = SaveStore(tmp_path).load_settings()
    assert again.auto_flip and not again.hints and again.theme == "textual-dark"
    assert make_app(store=SaveStore(tmp_path)).controller.auto_flip


async def test_escape_changes_nothing(tmp_path):
    store = SaveStore(tmp_path)
    app = make_app(new(seed=3), store=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await answered(app, pilot)
        await pilot.press("g")
        await pilot.pause()
        app.screen.query_one("#auto-flip", Switch).value = True
        await pilot.press("escape")
        await pilot.pause()
        assert not app.controller.auto_flip


async def test_ctrl_o_opens_them_from_the_new_game_screen():
    app = make_app(start="new")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)


async def test_step_hints_off_leave_the_second_line_empty_but_refusals_still_speak():
    app = make_app(new(seed=3))
    app.controller.step_hints = False
    async with app.run_test(size=(120, 40)) as pilot:
        await answered(app, pilot)
        panel = str(app.game_screen.query_one(StatusPanel).render())
        assert "space flips" not in panel and len(panel.splitlines()) <= 2
        await pilot.press("p")  # nothing to pay for yet: the reason is said
        await pilot.pause()
        assert "Pay" in str(app.game_screen.query_one(StatusPanel).render())


async def test_a_bad_value_is_one_line_and_the_default_is_used(tmp_path):
    store = SaveStore(tmp_path)
    store.settings.write_text('auto_flip = "yes"\nthink = -3\n', encoding="utf-8")
    app = make_app(new(seed=3), store=store, start="resume")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not app.controller.auto_flip and app.controller.think == 1.0
        status = str(app.game_screen.query_one(StatusPanel).render())
        assert "settings.toml: auto_flip: expected true or false" in status.replace("\n", " ")


def test_reading_the_values():
    assert read({}, "s.toml") == (Settings(), [])
    chosen, problems = read({"theme": "nord", "auto_flip": True, "hints": False, "think": 3},
                            "s.toml")
    assert chosen == Settings("nord", True, False, 3.0) and problems == []
    chosen, problems = read({"theme": 7, "hints": 1, "think": float("nan")}, "s.toml")
    assert chosen == Settings() and len(problems) == 3
    assert all(p.startswith("s.toml: ") for p in problems)
    assert Settings("nord", True, False, 2.0).table()["think"] == 2.0
