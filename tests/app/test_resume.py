"""Saving after every action and resuming: an interrupted game comes back
identical, an unreadable save is kept aside, a finished game is not
offered again, and `avatar-tui play` starts from the right place."""

from __future__ import annotations

import errno
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from avatar_tui.cli import main
from avatar_tui.notation.save import load_game, save_game
from avatar_tui.store import storage
from avatar_tui.store.storage import SaveStore, user_data_dir
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.game import GameScreen
from avatar_tui.tui.screens.newgame import NewGameScreen

from .helpers import SCENARIOS, advance, make_app, new, policy, scenario, screen_text
from .test_play import play_one_key

# an action line of a save (p1: flip); the house decks' card lines must not count
ACTION_LINE = re.compile(r"^p[12]: ", re.MULTILINE)

SIZE = (120, 40)
ROOT = Path(__file__).resolve().parents[2]


async def test_the_save_after_action_n_resumes_to_the_identical_state(tmp_path):
    """Kill the game between actions (here: keep the file written after
    action N, as a crash would), then resume it."""
    app = make_app(new(seed=3), store=True)
    saves: dict[int, tuple[str, str]] = {}
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        while len(app.session.state.history) < 25:
            await play_one_key(app, pilot)
            state = app.session.state
            saves[len(state.history)] = (SaveStore().current.read_text(),
                                         state.model_dump_json())
    n = 17
    text, expected = saves[n]
    other = SaveStore(tmp_path / "after-crash")
    other.directory.mkdir()
    other.current.write_text(text)
    resumed = make_app(store=other, start="resume")
    async with resumed.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(resumed.screen, GameScreen | ChoiceScreen)
        assert resumed.session.state.model_dump_json() == expected


async def test_a_quit_right_after_a_move_still_saves_the_move():
    """The save is written after the move's frame; a quit that comes first
    (keys typed together) writes it on the way out."""
    app = make_app(new(seed=3), store=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_one_key(app, pilot)
        app.act(policy(app.session.state))  # a move shown, its save not yet written...
        last = str(app.session.state.history[-1].action)
        assert app.controller.unsaved is not None
        app.exit()  # ...and the app told to quit before the next frame
    state, _ = SaveStore().load()
    assert str(state.history[-1].action) == last


async def test_a_save_that_fails_says_so_on_the_board(tmp_path, monkeypatch):
    # the lock is had (a data directory that cannot hold it asks first, test_lock.py),
    # but once the game has started the disk is full
    store = SaveStore(tmp_path / "data")
    app = make_app(new(seed=3), store=store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()

        def disk_full(*_args, **_kwargs):
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(storage, "save_game", disk_full)
        await play_one_key(app, pilot)
        await pilot.pause()
        assert "The game could not be saved" in screen_text(app)


def test_a_game_killed_with_sigkill_resumes_from_its_last_save(tmp_path):
    """A real crash: the app plays in a child process that is SIGKILLed
    between (or during) actions; the save on disk is always whole."""
    env = dict(os.environ, AVATAR_TUI_DATA_DIR=str(tmp_path / "data"),
               PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, str(Path(__file__).with_name("play_forever.py"))],
                             env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE)
    store = SaveStore(tmp_path / "data")
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if store.has_current() and len(ACTION_LINE.findall(store.current.read_text())) >= 12:
                break
            assert child.poll() is None, child.stderr.read().decode()
            time.sleep(0.05)
        else:
            raise AssertionError("the child never saved 12 actions")
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    state, _ = store.load()  # whole and replayable
    assert len(state.history) >= 12
    resumed, _ = load_game(store.current)
    assert resumed.model_dump_json() == state.model_dump_json()


async def test_with_no_arguments_an_unfinished_game_is_offered():
    state = advance(new(seed=4)[0], 9)
    save_game(state, SaveStore().current)
    app = make_app(store=True, start="ask")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "Resume the unfinished game?" in screen_text(app)
        await pilot.press("1")
        await pilot.pause()
        assert app.session.state.model_dump_json() == state.model_dump_json()


async def test_declining_to_resume_starts_a_new_game():
    save_game(advance(new(seed=4)[0], 9), SaveStore().current)
    app = make_app(store=True, start="ask")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)


async def test_a_corrupt_save_is_kept_aside_and_a_new_game_starts(data_dir):
    data_dir.mkdir(parents=True)
    store = SaveStore()
    for n in (1, 2):
        garbage = f"this is not a scenario {n} [[["
        store.current.write_text(garbage)
        app = make_app(store=True, start="ask")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ChoiceScreen)
            text = screen_text(app)
            assert "The saved game cannot be read" in text
            assert f"current.broken-{n}.toml" in app.screen.prompt
            await pilot.press("1")
            await pilot.pause()
            assert isinstance(app.screen, NewGameScreen)
        kept = data_dir / f"current.broken-{n}.toml"
        assert kept.read_text() == garbage  # kept as it was, never overwritten
        assert not store.has_current()
    assert (data_dir / "current.broken-1.toml").read_text().endswith("scenario 1 [[[")


async def test_a_save_the_engine_no_longer_accepts_is_kept_aside_too(data_dir):
    """A save whose actions the rules refuse (say, written by an older
    version) is unreadable in the same way."""
    data_dir.mkdir(parents=True)
    text = ('actions = """\np1: open p1\np1: pay\n"""\n[p1]\nchamber = "aang"\n'
            '[p2]\nchamber = "prince_zuko"\n')
    SaveStore().current.write_text(text)
    app = make_app(store=True, start="resume")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "refused" in app.screen.prompt
    assert (data_dir / "current.broken-1.toml").read_text() == text


async def test_a_finished_game_is_archived_and_not_offered():
    app = make_app(scenario("final_point"), store=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert SaveStore().has_current()
        await pilot.press("d")
        await pilot.pause()
    store = SaveStore()
    assert not store.has_current()
    finished, _ = load_game(store.finished)
    assert finished.phase == "over" and finished.winner == "p2"
    again = make_app(store=True, start="ask")
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, NewGameScreen)


async def test_resume_with_no_save_says_so():
    app = make_app(store=True, start="resume")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "There is no unfinished game to resume." in screen_text(app)


def test_the_data_directory(monkeypatch, tmp_path):
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path / "mine"))
    assert user_data_dir() == tmp_path / "mine"
    monkeypatch.delenv("AVATAR_TUI_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert user_data_dir() == tmp_path / "xdg" / "avatar-tui"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert user_data_dir() == tmp_path / "home" / ".local" / "share" / "avatar-tui"


def test_play_scenario_with_a_bad_file_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text("[p1]\nchamber = 'nobody'\n[p2]\nchamber = 'aang'\n")
    assert main(["play", "--scenario", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.toml" in err and "nobody" in err and "Traceback" not in err


def test_play_scenario_and_resume_start_the_app(monkeypatch):
    started = []

    def fake_run(self, *args, **kwargs):
        started.append(self)

    monkeypatch.setattr("avatar_tui.tui.app.AvatarApp.run", fake_run)
    assert main(["play", "--scenario", str(SCENARIOS / "midgame.toml")]) == 0
    assert main(["play", "--resume"]) == 0
    assert main([]) == 0
    game, resume, ask = started
    assert str(game.initial_game[0].history[-1].action) == "p2: flip"
    assert resume.start_mode == "resume" and ask.start_mode == "ask"
