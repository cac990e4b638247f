"""Starting a game never destroys another: every way of starting one keeps
the unfinished game it replaces in the data directory, where `avatar-tui
games` lists it and `play --resume NAME` brings it back. Each entry point
is run for real, through `main`, with the app headless."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App

from avatar_tui.cli import build_parser, main
from avatar_tui.cli.serve import app_command
from avatar_tui.notation.save import load_game, save_game
from avatar_tui.store.savedgames import SavedGames
from avatar_tui.store.storage import SaveStore
from avatar_tui.tui import AvatarApp
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.keptgames import KeptGamesScreen
from avatar_tui.tui.screens.newgame import KEEPS, NewGameScreen

from .helpers import SCENARIOS, advance, make_app, new, screen_text

ROOT = Path(__file__).resolve().parents[2]
DECK = str(ROOT / "cards" / "decks" / "katara.toml")


def unfinished_game(seed: int = 4, steps: int = 9):
    """An unfinished game saved as the current one, as a player leaves it."""
    state = advance(new(seed=seed)[0], steps)
    save_game(state, SaveStore().current)
    return state


def launch(monkeypatch, argv: list[str], script=None) -> tuple[int, AvatarApp]:
    """`main(argv)` with the app run headless: it opens, `script(pilot)`
    answers what it asks, and it quits."""
    ran: dict[str, AvatarApp] = {}

    def run(self, *args, **kwargs):
        async def autopilot(pilot):
            await pilot.pause()
            if script is not None:
                await script(pilot)
            await pilot.pause()
            self.exit()

        ran["app"] = self
        return App.run(self, headless=True, size=(120, 40), auto_pilot=autopilot)

    monkeypatch.setattr(AvatarApp, "run", run)
    code = main(argv)
    return code, ran["app"]


def copies_of(state, data_dir: Path) -> list[Path]:
    """The files of the data directory, current save aside, holding `state`."""
    found = []
    for path in sorted(data_dir.rglob("*.toml")):
        if path.name == "current.toml":
            continue
        try:
            kept, _ = load_game(path)
        except Exception:  # noqa: BLE001 - settings, decks: not games
            continue
        if kept.model_dump_json() == state.model_dump_json():
            found.append(path)
    return found


def same(a, b) -> bool:
    return a.model_dump_json() == b.model_dump_json()


def kept_and_resumable(monkeypatch, old, data_dir: Path, replaced_by) -> str:
    """`old` is an unfinished kept game, listed, and `play --resume NAME`
    brings it back as the current game (keeping `replaced_by`, the game
    it replaced, in its turn). Returns its name."""
    listed = [g for g in SavedGames(data_dir).games()
              if g.status == "unfinished" and same(load_game(g.path)[0], old)]
    assert len(listed) == 1, [g.name for g in SavedGames(data_dir).games()]
    name = listed[0].name
    code, app = launch(monkeypatch, ["play", "--resume", name])
    assert code == 0 and same(app.session.state, old)
    assert same(SaveStore(data_dir).load()[0], old)  # it is the current game now
    names = SavedGames(data_dir).names()
    assert name not in names  # taken out of the list, not copied
    assert any(same(load_game(SavedGames(data_dir).path(n))[0], replaced_by) for n in names)
    return name


def test_play_deck1_keeps_the_unfinished_game(monkeypatch, data_dir, capsys):
    old = unfinished_game()
    code, app = launch(monkeypatch, ["play", "--deck1", DECK, "--seed", "3"])
    assert code == 0
    new_game = app.session.state
    assert new_game.setup.seed == 3  # the new game is on the table at once
    assert copies_of(old, data_dir), "the unfinished game is gone"
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "the unfinished game was kept as" in err[0]
    name = kept_and_resumable(monkeypatch, old, data_dir, new_game)
    assert f"avatar-tui play --resume {name}" in err[0]


def test_play_deck2_keeps_the_unfinished_game(monkeypatch, data_dir):
    old = unfinished_game()
    code, app = launch(monkeypatch, ["play", "--deck2", DECK, "--seed", "8"])
    assert code == 0 and app.session.state.setup.seed == 8
    kept_and_resumable(monkeypatch, old, data_dir, app.session.state)


def test_play_scenario_keeps_the_unfinished_game(monkeypatch, data_dir, capsys):
    old = unfinished_game()
    code, app = launch(monkeypatch, ["play", "--scenario", str(SCENARIOS / "midgame.toml")])
    assert code == 0
    assert str(app.session.state.history[-1].action) == "p2: flip"  # no question first
    assert copies_of(old, data_dir), "the unfinished game is gone"
    assert "was kept as" in capsys.readouterr().err
    kept_and_resumable(monkeypatch, old, data_dir, app.session.state)


async def start_a_new_game(pilot):
    """Answer the resume question with a new game, and start it as offered."""
    assert isinstance(pilot.app.screen, ChoiceScreen)
    assert "this one is kept" in pilot.app.screen.options[1]
    await pilot.press("2")
    await pilot.pause()
    assert isinstance(pilot.app.screen, NewGameScreen)
    assert KEEPS in screen_text(pilot.app)
    await pilot.press("enter")
    await pilot.pause()


@pytest.mark.parametrize("argv", [["play", "--seed", "5"], ["play", "--vs-bot", "random"]],
                         ids=["seed", "vs-bot"])
def test_play_asking_first_keeps_the_unfinished_game(monkeypatch, data_dir, argv):
    old = unfinished_game()
    code, app = launch(monkeypatch, argv, script=start_a_new_game)
    assert code == 0 and not same(app.session.state, old)
    kept_and_resumable(monkeypatch, old, data_dir, app.session.state)


def test_serve_starts_its_games_through_play_and_keeps_the_unfinished_one(monkeypatch,
                                                                           data_dir):
    """Each browser tab runs `avatar-tui play` (with --vs-bot when asked):
    the same launcher, so the same policy."""
    args = build_parser().parse_args(["serve", "--vs-bot", "random"])
    command = app_command(args)
    assert command[1:3] == ["-m", "avatar_tui"] and command[3] == "play"
    old = unfinished_game()
    code, app = launch(monkeypatch, command[3:], script=start_a_new_game)
    assert code == 0 and app.controller.bot is not None
    kept_and_resumable(monkeypatch, old, data_dir, app.session.state)


async def test_the_new_game_screen_keeps_the_game_on_the_table(data_dir):
    old = unfinished_game()
    app = make_app(store=True, start="resume")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert same(app.session.state, old)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert KEEPS in screen_text(app)  # the whole dialog still fits at 80x24
        assert "ctrl+q quits" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert not same(app.session.state, old)
        await pilot.press("escape")  # the opening question waits: the board first
        await pilot.pause()
        assert "The unfinished game was kept as" in screen_text(app)
        second = app.session.state
        # the kept games, from the new-game screen: the first one comes back
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, KeptGamesScreen)
        [name] = SavedGames(data_dir).names()
        assert name in screen_text(app) and "unfinished" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert same(app.session.state, old)
    [kept] = SavedGames(data_dir).games()
    assert kept.name != name and same(load_game(kept.path)[0], second)
    assert same(SaveStore().load()[0], old)


async def test_a_finished_game_is_kept_in_the_list_too(data_dir):
    app = make_app(load_game(SCENARIOS / "final_point.toml"), store=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
    [kept] = SavedGames(data_dir).games()
    assert kept.status == "finished" and kept.winner == "p2" and kept.score[1] == 3
    # still written as before, for what reads it
    assert same(load_game(SaveStore().finished)[0], load_game(kept.path)[0])


def test_resuming_a_finished_or_unknown_game_is_refused_in_one_line(monkeypatch, data_dir,
                                                                     capsys):
    finished, _ = load_game(SCENARIOS / "final_point.toml")
    finished = advance(finished, 1)
    assert finished.phase == "over"
    name = SavedGames(data_dir).keep_state(finished)
    for argv, words in ((["play", "--resume", name], "is a finished game"),
                        (["play", "--resume", "nobody"], "no kept game is called 'nobody'"),
                        (["play", "--resume", "../current"], "path separator")):
        assert main(argv) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and words in err[0], err


def test_an_unreadable_save_replaced_by_a_scenario_is_set_aside(monkeypatch, data_dir,
                                                                 capsys):
    data_dir.mkdir(parents=True)
    SaveStore().current.write_text("not a game [[[")
    code, _ = launch(monkeypatch, ["play", "--scenario", str(SCENARIOS / "midgame.toml")])
    assert code == 0
    assert (data_dir / "current.broken-1.toml").read_text() == "not a game [[["
    assert "current.broken-1.toml" in capsys.readouterr().err


def test_the_same_game_again_keeps_no_copy(monkeypatch, data_dir, tmp_path):
    old = unfinished_game()
    again = save_game(old, tmp_path / "again.toml")
    assert launch(monkeypatch, ["play", "--scenario", str(again)])[0] == 0
    assert SavedGames(data_dir).names() == []


def test_a_game_that_cannot_be_kept_is_not_replaced(monkeypatch, data_dir):
    old = unfinished_game()
    (data_dir / "games").write_text("a file where the kept games would go")

    async def read_the_message(pilot):
        assert "could not be kept" in screen_text(pilot.app)
        assert "nothing is lost" in screen_text(pilot.app)

    code, app = launch(monkeypatch, ["play", "--scenario", str(SCENARIOS / "midgame.toml")],
                       script=read_the_message)
    assert app.session is None
    assert same(SaveStore().load()[0], old)
