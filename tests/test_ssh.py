"""`avatar-tui ssh` with a real asyncssh client on 127.0.0.1: the lobby
and a move, a resize, what a guest is refused (exec, sftp, forwarding), a
folder per guest, the session limit and the idle limit. Every wait is
bounded; a session that does not say what it should fails the test.

The lobby and the game are started once (the first test); the others run
a few lines of Python as the session's program instead, which says its
data directory and waits for a line, so that they cost no Textual start."""

from __future__ import annotations

import asyncio
import sys
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import asyncssh

from avatar_tui.cli import main
from avatar_tui.tui import ssh_server

pytestmark = pytest.mark.slow

WAITING = [sys.executable, "-c",
           "import os, sys; print('DATA', os.environ['AVATAR_TUI_DATA_DIR'], "
           "os.environ['AVATAR_TUI_GUEST'], flush=True); sys.stdin.readline()"]


def serve(tmp_path: Path, command, **limits):
    """A running server's (port, lobbies, acceptor), inside the test's loop."""
    lobbies = ssh_server.Lobbies(command, tmp_path / "ssh",
                                 max_sessions=limits.get("max_sessions", 4),
                                 idle=limits.get("idle", 60), keys=limits.get("keys"))
    key = ssh_server.host_key(tmp_path / "host_key")

    async def started():
        acceptor = await ssh_server.start(lobbies, "127.0.0.1", 0, key)
        return acceptor.sockets[0].getsockname()[1], lobbies, acceptor

    return started()


def connect(port: int, key=None):
    return asyncssh.connect("127.0.0.1", port, username="guest", known_hosts=None,
                            client_keys=[key] if key else None, password="anything")


async def open_terminal(conn, size=(80, 24)):
    return await conn.open_session(term_type="xterm-256color", term_size=size, encoding=None)


async def read_until(reader, *words: bytes, timeout: float = 60.0) -> bytes:
    """What the session wrote until it has written each of `words` (in the
    screen's bytes, escapes and all); fails if it does not in time."""
    seen = b""

    async def reading() -> bytes:
        nonlocal seen
        while not all(word in seen for word in words):
            chunk = await reader.read(65536)
            if not chunk:
                raise AssertionError(f"the session ended first: {seen[-600:]!r}")
            seen += chunk
        return seen

    try:
        return await asyncio.wait_for(reading(), timeout)
    except TimeoutError:
        raise AssertionError(f"never saw {words}: {seen[-600:]!r}") from None


async def settled(reader, quiet: float = 0.5, timeout: float = 30.0) -> bytes:
    """What the session writes until the screen has been still for `quiet`
    seconds: a key sent while an app is still mounting may reach a widget
    before its focus."""
    seen = b""

    async def reading() -> bytes:
        nonlocal seen
        while True:
            try:
                chunk = await asyncio.wait_for(reader.read(65536), quiet)
            except TimeoutError:
                return seen
            if not chunk:
                raise AssertionError("the session ended")
            seen += chunk

    return await asyncio.wait_for(reading(), timeout)


def test_a_session_opens_the_lobby_plays_a_move_and_redraws_when_resized(tmp_path):
    async def scene():
        port, lobbies, acceptor = await serve(tmp_path, ssh_server.lobby_command())
        try:
            async with connect(port) as conn:
                writer, reader, _ = await open_terminal(conn)
                await read_until(reader, b"Play", b"computer", b"Host", b"Watch")
                writer.write(b"\r")  # the first choice: play the computer
                shown = await read_until(reader, b"Start")
                shown += await settled(reader)
                if b"Learn to play" in shown:  # a new guest: the lessons come first, so
                    # back past Puzzles, Lessons, Deck editor and Kept games to Start
                    writer.write(b"\x1b[Z" * 5)
                writer.write(b"\r")  # on the new-game dialog's Start
                board = await read_until(reader, b"Aang (p1)", b"score")
                board += await settled(reader)
                # R2.4: the higher discard force chooses who defends the opening
                # attack; the deal is random, so the choice may be p1's or the computer's
                if b"(p1) defends" in board:
                    writer.write(b"2")  # the computer defends (R3.1), then flips (R5.1)
                else:  # once the computer's choice is shown, p1's turn: flip (R5.1)
                    if b"Computer's" not in board:
                        await read_until(reader, b"Computer's")
                        await settled(reader)
                    writer.write(b" ")
                await read_until(reader, b"flipped")
                await settled(reader)
                writer.channel.change_terminal_size(100, 30)
                await read_until(reader, b"\x1b[30;")  # drawn anew: row 30 is written
                writer.close()
        finally:
            acceptor.close()

    asyncio.run(scene())


def test_exec_sftp_and_forwarding_are_refused(tmp_path):
    async def scene():
        port, lobbies, acceptor = await serve(tmp_path, WAITING)
        try:
            async with connect(port) as conn:
                refused = pytest.raises(asyncssh.ChannelOpenError, match="request failed")
                with refused:  # no command runs: the lobby is all a session gets
                    await asyncio.wait_for(conn.run("cat /etc/passwd"), 10)
                with pytest.raises(asyncssh.ChannelOpenError, match="request failed"):
                    await asyncio.wait_for(conn.start_sftp_client(), 10)
                with pytest.raises(asyncssh.ChannelOpenError):  # to the server's own port
                    await asyncio.wait_for(conn.open_connection("127.0.0.1", port), 10)
                with pytest.raises(asyncssh.ChannelListenError):
                    await asyncio.wait_for(conn.forward_remote_port("127.0.0.1", 0,
                                                                    "127.0.0.1", port), 10)
                assert lobbies.playing == 0
        finally:
            acceptor.close()

    asyncio.run(scene())


def test_two_guests_get_folders_of_their_own_removed_when_they_leave(tmp_path):
    async def scene():
        port, lobbies, acceptor = await serve(tmp_path, WAITING)
        try:
            async with connect(port) as one, connect(port) as two:
                folders = []
                for conn in (one, two):
                    writer, reader, _ = await open_terminal(conn)
                    line = await read_until(reader, b"DATA", b"\n", timeout=20)
                    words = line.split(b"DATA", 1)[1].split()
                    assert words[1] == b"1"  # AVATAR_TUI_GUEST: the app's guards are on
                    folders.append(Path(words[0].decode()))
                assert folders[0] != folders[1]
                assert all(folder.is_dir() for folder in folders)
                assert all(tmp_path in folder.parents for folder in folders)
            for _ in range(100):  # each folder goes with its session
                if not any(folder.exists() for folder in folders):
                    break
                await asyncio.sleep(0.1)
            assert not any(folder.exists() for folder in folders)
        finally:
            acceptor.close()

    asyncio.run(scene())


def test_with_authorized_keys_only_those_get_in_each_to_a_folder_that_stays(tmp_path):
    member = asyncssh.generate_private_key("ssh-ed25519")
    keys = asyncssh.import_authorized_keys(member.export_public_key().decode())

    async def scene():
        port, lobbies, acceptor = await serve(tmp_path, WAITING, keys=keys)
        try:
            with pytest.raises(asyncssh.PermissionDenied):  # no key, a password: refused
                await asyncio.wait_for(connect(port), 10)
            stranger = asyncssh.generate_private_key("ssh-ed25519")
            with pytest.raises(asyncssh.PermissionDenied):
                await asyncio.wait_for(connect(port, stranger), 10)
            seen = []
            for _ in range(2):  # the same key, twice: the same folder, kept
                async with connect(port, member) as conn:
                    _, reader, _ = await open_terminal(conn)
                    line = await read_until(reader, b"DATA", b"\n", timeout=20)
                    seen.append(Path(line.split(b"DATA", 1)[1].split()[0].decode()))
            assert seen[0] == seen[1] and seen[0].parent.name == "keys"
            assert seen[0].is_dir()
        finally:
            acceptor.close()

    asyncio.run(scene())


def test_a_session_past_the_limit_is_told_so_and_closed(tmp_path):
    async def scene():
        port, lobbies, acceptor = await serve(tmp_path, WAITING, max_sessions=1)
        try:
            async with connect(port) as one, connect(port) as two:
                _, first, _ = await open_terminal(one)
                await read_until(first, b"DATA", timeout=20)
                _, second, _ = await open_terminal(two)
                said = await asyncio.wait_for(second.read(), 20)  # to its end: closed
                assert b"at most 1 games at once" in said
                assert lobbies.playing == 1
        finally:
            acceptor.close()

    asyncio.run(scene())


def test_an_idle_session_is_told_so_and_closed(tmp_path):
    async def scene():
        port, lobbies, acceptor = await serve(tmp_path, WAITING, idle=1)
        try:
            async with connect(port) as conn:
                _, reader, _ = await open_terminal(conn)
                said = await asyncio.wait_for(reader.read(), 20)  # to its end: closed
                assert b"DATA" in said and b"no key for 1 seconds" in said
            for _ in range(50):
                if lobbies.playing == 0:
                    break
                await asyncio.sleep(0.1)
            assert lobbies.playing == 0
        finally:
            acceptor.close()

    asyncio.run(scene())


def test_without_asyncssh_the_command_names_the_extra(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "asyncssh", None)  # as if it were not installed
    assert main(["ssh", "--port", "1"]) == 2  # (were it served, port 1 would fail at once)
    assert 'the optional extra "ssh": pip install ".[ssh]"' in capsys.readouterr().err


@pytest.mark.parametrize("guest", ["1", ""])
def test_a_guest_has_no_screenshot_command_which_would_write_on_the_servers_disk(
        monkeypatch, guest):
    from avatar_tui.tui.palette import PaletteApp

    monkeypatch.setenv("AVATAR_TUI_GUEST", guest)

    async def scene():
        app = PaletteApp()
        async with app.run_test(size=(40, 10)):
            return [command.title for command in app.get_system_commands(app.screen)]

    titles = asyncio.run(scene())
    assert "Quit" in titles
    assert ("Screenshot" in titles) is (guest == "")


@pytest.mark.parametrize(("host", "warned"), [("127.0.0.1", False), ("::1", False),
                                              ("0.0.0.0", True), ("192.168.1.20", True)])
def test_listening_beyond_loopback_warns(host, warned):
    warning = ssh_server.exposure_warning(host)
    assert (warning is not None) is warned
    if warning:
        assert warning.startswith("WARNING: avatar-tui ssh is reachable from")


def test_a_code_gives_its_seat_once_and_names_no_other_file(tmp_path, monkeypatch):
    from avatar_tui.tui import lobby

    monkeypatch.setenv("AVATAR_TUI_LOBBY_DIR", str(tmp_path / "games"))
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "K7QM.seat").write_text("ws://127.0.0.1:1/p2/token")
    (tmp_path / "games" / "K7QM.watch").write_text("ws://127.0.0.1:1/watch")
    (tmp_path / "secret.seat").write_text("not a game's")
    assert lobby.take_seat("../secret") is None and lobby.watch_url("../secret") is None
    assert lobby.take_seat("K7QM") == "ws://127.0.0.1:1/p2/token"
    assert lobby.take_seat("K7QM") is None  # the other seat is taken once
    assert lobby.watch_url("K7QM") == "ws://127.0.0.1:1/watch"  # watching stays open
    assert sorted(p.name for p in (tmp_path / "games").iterdir()) == ["K7QM.watch"]
