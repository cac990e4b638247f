"""Which seats the computer plays is part of the save: a `--vs-bot` game
resumes against the computer, a hot-seat save never silently becomes one,
and the new-game dialog says who plays."""

from __future__ import annotations

import tomllib

import pytest

from avatar_tui.bots import BotSeat
from avatar_tui.notation.save import load_game, save_game, scenario_text
from avatar_tui.notation.scenario import ScenarioError, load_scenario
from avatar_tui.play import seats
from avatar_tui.store.storage import SaveStore
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.newgame import NewGameScreen

from .helpers import make_app, new, screen_text
from .test_vs_bot import NEVER

SIZE = (120, 40)


def test_the_save_names_the_computers_seat_and_reads_it_back(tmp_path):
    state, _ = new(seed=2)
    path = save_game(state, tmp_path / "g.toml", computer={"p2": "heuristic"})
    assert tomllib.loads(path.read_text())["computer"] == {"p2": "heuristic"}
    assert load_scenario(path).computer == {"p2": "heuristic"}
    assert load_scenario(save_game(state, tmp_path / "h.toml")).computer == {}
    again, _ = load_game(path)
    assert again.model_dump_json() == state.model_dump_json()


def test_a_computer_seat_that_is_no_bot_is_one_clear_line(tmp_path):
    state, _ = new(seed=2)
    bad = tmp_path / "bad.toml"
    bad.write_text(scenario_text(state, computer={"p2": "genius"}))
    with pytest.raises(ScenarioError) as err:
        load_scenario(bad)
    assert "computer" in str(err.value) and "\n" not in str(err.value)


async def test_a_game_against_the_computer_resumes_against_the_computer(tmp_path):
    store = SaveStore(tmp_path)
    app = make_app(new(seed=2), store=store,
                   bot=BotSeat("random", "p2", seed=1, delay=NEVER))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
    assert tomllib.loads(store.current.read_text())["computer"] == {"p2": "random"}
    resumed = make_app(store=store, start="resume")  # plain `avatar-tui play --resume`
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert resumed.controller.bot is not None
        assert (resumed.controller.bot.player, resumed.controller.bot.kind) == ("p2", "random")
        assert "against the computer" in resumed.sub_title


async def test_a_hot_seat_save_stays_hot_seat_under_vs_bot_and_says_so(tmp_path):
    store = SaveStore(tmp_path)
    state, _ = new(seed=2)
    store.save(state)
    asked = make_app(store=store, bot=BotSeat("heuristic", "p2", seed=1, delay=NEVER))
    async with asked.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(asked.screen, ChoiceScreen)
        text = screen_text(asked)
        assert "two players, one keyboard" in text and "as it was saved" in text
        await pilot.press("1")
        await pilot.pause()
        assert asked.controller.bot is None
        assert "hot seat" in (asked.controller.hint or "")
    assert "computer" not in store.current.read_text()


async def test_the_new_game_dialog_says_who_plays():
    app = make_app(start="new", bot=BotSeat("heuristic", "p2", seed=1, delay=NEVER))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "you (p1) against the computer (p2, heuristic)" in screen_text(app)
    hot = make_app(start="new")
    async with hot.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "two players, one keyboard" in screen_text(hot)


def test_play_scenario_of_a_save_against_the_computer_plays_on_against_it(tmp_path,
                                                                          monkeypatch):
    from avatar_tui.cli import build_parser
    from avatar_tui.cli import play as launch
    from avatar_tui.tui.app import AvatarApp

    state, _ = new(seed=2)
    path = save_game(state, tmp_path / "g.toml", computer={"p2": "random"})
    started = []
    monkeypatch.setattr(AvatarApp, "run", lambda self: started.append(self))
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path / "data"))
    assert launch.run(build_parser().parse_args(["play", "--scenario", str(path)])) == 0
    assert started[0].controller.bot is not None and started[0].controller.bot.kind == "random"
    hot = save_game(state, tmp_path / "h.toml")
    assert launch.run(build_parser().parse_args(["play", "--scenario", str(hot)])) == 0
    assert started[1].controller.bot is None


def test_a_read_only_resume_question_promises_no_kept_game():
    assert "this one is kept" in seats.resume_labels({}, None)[1]
    labels = seats.resume_labels({}, None, read_only=True)
    assert "this one is kept" not in labels[1] and "read-only" in labels[1]
