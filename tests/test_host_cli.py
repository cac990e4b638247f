"""`avatar-tui host` as a person runs it: the PROTOCOL lines on start, a
client joining through them, ctrl+c, and `--resume` with the same URLs;
and its refusals in one line. The host binds 127.0.0.1 on a free port and
every wait is bounded."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import pytest
from hosts import LINE, free_port, start_host, stop_host, urls_of

from avatar_tui.cli import main
from avatar_tui.net.client import Client

# real servers and processes on 127.0.0.1: in the full run, not the edit loop
pytestmark = pytest.mark.slow



def test_host_prints_the_lines_and_resumes_with_the_same_urls(tmp_path):
    env = {**os.environ, "AVATAR_TUI_DATA_DIR": str(tmp_path), "AVATAR_TUI_BOT_DELAY": "0"}
    port = str(free_port())
    proc, lines = start_host(env, "--port", port, "--seed", "4", "--p2", "katara")
    try:
        assert [LINE.match(x).group(1, 2) for x in lines] == [
            ("p1", "join"), ("p2", "join"), ("watch", "watch")], lines
        urls = urls_of(lines)
        assert "?" not in urls["p1"] and urls["watch"].endswith("/watch")

        async def one_move():
            seats = [Client(urls["p1"]), Client(urls["p2"])]
            for seat in seats:
                await seat.connect()
                frame = await seat.until(lambda f: f.type == "position", 20)
                assert frame.view["players"]["p2"]["character"] == "katara"
            chooser = next(seat for seat in seats if seat.legal)  # names the opening defender
            await chooser.act(chooser.legal[0])
            await chooser.until(lambda f: f.type == "position" and f.seq == 1, 20)
            for seat in seats:
                await seat.close()

        asyncio.run(one_move())
    finally:
        assert stop_host(proc)[0] == 0
    # a new game would throw the unfinished one away: refused in one line
    again = subprocess.run([sys.executable, "-m", "avatar_tui", "host", "--port", port],
                           capture_output=True, text=True, env=env, timeout=60)
    assert again.returncode == 2 and "--resume" in again.stderr
    assert len(again.stderr.strip().splitlines()) == 1
    proc, resumed = start_host(env, "--resume")
    try:
        assert resumed == lines

        async def look():
            watcher = Client(urls["watch"])
            await watcher.connect()
            frame = await watcher.until(lambda f: f.type == "position", 20)
            await watcher.close()
            return frame

        assert asyncio.run(look()).seq == 1
    finally:
        assert stop_host(proc)[0] == 0


def test_host_refusals_are_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path))
    assert main(["host", "--resume"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no hosted game to resume" in err[0]
    assert main(["host", "--resume", "--seed", "3"]) == 2
    assert "--resume" in capsys.readouterr().err
    assert main(["host", "--deck1", str(tmp_path / "nothing.toml")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "nothing.toml" in err[0]
    (tmp_path / "host").mkdir(exist_ok=True)
    (tmp_path / "host" / "seats.json").write_text('{"tokens": 5}')
    (tmp_path / "host" / "game.toml").write_text("seed = 1\n[p1]\nchamber='aang'\n"
                                                 "[p2]\nchamber='katara'\n")
    assert main(["host", "--resume"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "seats.json" in err[0] and "tokens" in err[0]


def test_serve_hands_a_watch_or_join_url_to_its_tabs(capsys):
    from avatar_tui.cli import build_parser
    from avatar_tui.cli.serve import app_command

    watch = build_parser().parse_args(["serve", "--watch", "ws://127.0.0.1:8765/watch"])
    assert app_command(watch)[-2:] == ["watch", "ws://127.0.0.1:8765/watch"]
    join = build_parser().parse_args(["serve", "--join", "ws://127.0.0.1:8765/p1/abc-_D"])
    assert app_command(join)[-2:] == ["join", "ws://127.0.0.1:8765/p1/abc-_D"]
    with pytest.raises(SystemExit) as exit_:
        main(["serve", "--watch", "ws://x/watch; rm -rf ~"])
    assert exit_.value.code == 2
    assert "not a URL avatar-tui host printed" in capsys.readouterr().err


def test_play_share_takes_a_port(capsys):
    from avatar_tui.cli import build_parser

    assert build_parser().parse_args(["play", "--share"]).share == 8766
    assert build_parser().parse_args(["play", "--share", "9000"]).share == 9000
    with pytest.raises(SystemExit):
        main(["play", "--share", "70000"])
    assert "--share" in capsys.readouterr().err


def test_a_seats_file_nested_deep_is_one_line(tmp_path, monkeypatch, capsys):
    # 1,500 arrays inside each other, 3,000 bytes (under seats.json's 4 KB):
    # Seats.read raised RecursionError and `host --resume` ended in a traceback
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path))
    (tmp_path / "host").mkdir()
    (tmp_path / "host" / "seats.json").write_text("[" * 1500 + "]" * 1500)
    (tmp_path / "host" / "game.toml").write_text("seed = 1\n[p1]\nchamber='aang'\n"
                                                 "[p2]\nchamber='katara'\n")
    assert main(["host", "--resume"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "seats.json" in err[0] and "nested" in err[0], err
