"""Nothing a hosted game plays is lost (store/hostsave.py, net/hosted.py):
a move is saved before anyone sees it, and a save that fails leaves it
unmade; one host per data directory; an unreadable hosted save is set
aside, an unfinished one kept by `--new`, a finished one kept among the
games (and before a rematch); a bad data directory is one line. Real hosts
on 127.0.0.1 (a free port); every wait is bounded; the write error is
injected through the storage seam (`HostFiles.writer`), no disk is filled."""

from __future__ import annotations

import asyncio
import errno
import os
import random
import subprocess
import sys

import pytest
from hosts import LINE, free_port, joined, serving, start_host, stop_host

from avatar_tui.bots import setup_for
from avatar_tui.cli import main
from avatar_tui.engine import legal_actions
from avatar_tui.net.client import Client
from avatar_tui.net.frames import rematch
from avatar_tui.net.hosted import HostedGame, HostFiles, Seats
from avatar_tui.notation.save import load_game, write_atomically
from avatar_tui.play.review import find_game, load_review
from avatar_tui.store.savedgames import SavedGames

# real servers and processes on 127.0.0.1: in the full run, not the edit loop
pytestmark = pytest.mark.slow

LIMIT = 120  # seconds a whole test may take


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, LIMIT))


def full_disk(path, text):
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_save_that_fails_leaves_the_move_unmade_and_nothing_is_lost(tmp_path):
    files = HostFiles(tmp_path / "host")

    async def scenario():
        server = await serving(files)
        urls = server.urls()
        seats = [await joined(urls["p1"]), await joined(urls["p2"])]
        watcher = await joined(urls["watch"])
        mover = next(seat for seat in seats if seat.legal)
        action = mover.legal[0]
        saved = files.game.read_text()

        files.writer = full_disk  # the disk fills up
        await mover.act(action)
        refused = await mover.until(lambda f: f.type == "refused", 20)
        assert "not being saved" in refused.reason and "not made" in refused.reason
        assert "No space left on device" in refused.reason
        told = await watcher.until(lambda f: f.type == "error", 20)
        assert "not being saved" in told.message  # every screen hears it
        assert server.hosted.seq == 0 and files.game.read_text() == saved
        assert watcher.position.seq == 0
        late = Client(urls["watch"])  # a screen that comes while saves fail hears it at once
        await late.connect()
        told = await late.until(lambda f: f.type == "error", 20)
        assert "not being saved" in told.message
        await late.close()

        files.writer = write_atomically  # room again: the same move goes through
        await mover.act(action)
        await watcher.until(lambda f: f.type == "position" and f.seq == 1, 20)
        assert server.hosted.save_problem is None
        for c in (*seats, watcher):
            await c.close()
        await server.stop()  # ctrl+c

        again = await serving(files, resume=True)  # host --resume: not a move earlier
        assert again.hosted.seq == 1 and str(again.hosted.state.history[0].action) == action
        await again.stop()

    run(scenario())


def test_a_finished_game_is_kept_and_a_rematch_keeps_it(tmp_path):
    files = HostFiles(tmp_path / "host")
    games = SavedGames(tmp_path)

    async def scenario():
        server = await serving(files, seed=3)
        hosted, rnd = server.hosted, random.Random(2)
        while not hosted.over:  # the game played to its end through the host's save step
            assert hosted.act(hosted.actor, str(rnd.choice(legal_actions(hosted.state)))) is None
        kept = games.games()
        assert [(g.status, g.finished) for g in kept] == [("finished", True)]
        review = load_review(find_game(kept[0].name, tmp_path))
        assert review.total == hosted.seq  # review opens it, every move there

        urls = server.urls()
        seats = [await joined(urls["p1"]), await joined(urls["p2"])]
        for seat in seats:
            await seat.send(rematch())
        await seats[0].until(lambda f: f.type == "position" and f.game == 2, 20)
        assert load_game(files.game)[0].history == []  # host/game.toml: the game being hosted
        assert [g.name for g in games.games()] == [kept[0].name]  # the one before, kept once
        for seat in seats:
            await seat.close()
        await server.stop()

    run(scenario())


def test_the_temporaries_of_a_killed_host_are_swept_at_the_next_start(tmp_path):
    files = HostFiles(tmp_path / "host")
    files.directory.mkdir()
    left = files.directory / ".game.toml.k1ll3d_x.tmp"
    left.write_text("half a save")
    mine = files.directory / "notes.tmp"
    mine.write_text("not the host's")
    assert files.claim() is None
    assert not left.exists() and mine.exists()
    files.release()


# ------------------------------------------------------------------ avatar-tui host itself


def environment(tmp_path):
    return {**os.environ, "AVATAR_TUI_DATA_DIR": str(tmp_path), "AVATAR_TUI_BOT_DELAY": "0"}


def stop(proc) -> str:
    """Ctrl+C; what the host said on stderr, once it ended well."""
    code, err = stop_host(proc)
    assert code == 0, err
    return err


def host(env, *args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "avatar_tui", "host", *args],
                          capture_output=True, text=True, env=env, timeout=60)


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def test_two_hosts_on_one_data_directory_the_second_is_refused(tmp_path):
    env = environment(tmp_path)
    proc, lines = start_host(env, "--port", str(free_port()), "--seed", "5")
    try:
        assert len(lines) == 3 and all(LINE.match(x) for x in lines), lines
        second = host(env, "--resume", "--port", str(free_port()))
        assert second.returncode == 2
        assert "another avatar-tui host" in one_line(second.stderr)
        assert str(os.getpid()) not in second.stderr  # it names the first host's process
        assert f"process {proc.pid}" in second.stderr
    finally:
        stop(proc)


def test_an_unreadable_hosted_save_is_set_aside_never_replaced(tmp_path):
    env = environment(tmp_path)
    (tmp_path / "host").mkdir()
    broken = "seed = [this is not a game\n"
    (tmp_path / "host" / "game.toml").write_text(broken)
    proc, lines = start_host(env, "--port", str(free_port()), "--seed", "5")
    err = stop(proc)
    assert len(lines) == 3, (lines, err)
    aside = tmp_path / "host" / "game.broken-1.toml"
    assert aside.read_text() == broken
    assert f"kept as {aside}" in err and "cannot be read" in err
    assert load_game(tmp_path / "host" / "game.toml")[0].setup.seed == 5  # the new game


def test_new_keeps_the_unfinished_hosted_game(tmp_path):
    env = environment(tmp_path)
    files = HostFiles(tmp_path / "host")
    hosted = HostedGame.new(setup_for(4, "aang", "katara"), None, files)
    assert hosted.act(hosted.actor, hosted.legal()[0]) is None
    Seats.fresh().write(files.seats)
    plain = host(env, "--port", str(free_port()))
    assert plain.returncode == 2
    said = one_line(plain.stderr)
    assert "unfinished" in said and "--resume" in said and "--new" in said
    proc, lines = start_host(env, "--new", "--port", str(free_port()), "--seed", "6")
    err = stop(proc)
    assert len(lines) == 3, (lines, err)
    kept = SavedGames(tmp_path).games()
    assert [g.status for g in kept] == ["unfinished"] and f"--resume {kept[0].name}" in err
    assert len(load_game(kept[0].path)[0].history) == 1
    assert load_game(files.game)[0].setup.seed == 6


@pytest.mark.parametrize("argv", [["host"], ["games"], ["review"], ["games", "delete", "x"]])
@pytest.mark.parametrize("bad", ["regular file", "dangling link"])
def test_a_bad_data_directory_is_one_line(tmp_path, monkeypatch, capsys, argv, bad):
    place = tmp_path / "data"
    if bad == "regular file":
        place.write_text("not a folder")
    else:
        place.symlink_to(tmp_path / "nowhere")
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(place))
    assert main(argv) == 2
    said = one_line(capsys.readouterr().err)
    assert said.startswith("avatar-tui: the data directory") and str(place) in said
    assert ("not a directory" if bad == "regular file" else "link to nothing") in said


def test_a_missing_data_directory_is_made(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path / "new" / "data"))
    assert main(["games"]) == 0
    assert (tmp_path / "new" / "data").is_dir()
