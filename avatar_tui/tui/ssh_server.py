"""`avatar-tui ssh`'s server (asyncssh, the optional extra `ssh`): each
SSH session with a terminal runs its own `avatar-tui lobby` on a
pseudo-terminal, as `serve` runs one app per browser tab.

What a guest may do, and what not:

- a session gets a terminal and the lobby, never a shell: `exec`, every
  subsystem (sftp), port forwarding both ways, agent and X11 forwarding are
  refused, so a guest reaches no other address and no file of the server;
- the lobby's child gets a fresh environment (no variable of the server's
  but PATH and PYTHONPATH), with its own data directory: per key
  fingerprint when --authorized-keys admits only those keys, else a folder
  for this session alone, removed when it ends; AVATAR_TUI_GUEST=1 takes
  away what would write where the guest names or onto the server's disk
  (the palette's screenshot);
- the terminal's size, asked for and changed, is kept within bounds and
  passed on (the child gets SIGWINCH from the pty);
- at most `max_sessions` sessions play at once: one more is told so in a
  line and closed; a session with no input for `idle` seconds is told so
  and closed;
- however a session ends, its process group is asked to hang up and killed
  GRACE seconds later if it has not."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import shutil
import signal
import struct
import sys
import termios
import time
import warnings
from collections.abc import Sequence
from pathlib import Path

with warnings.catch_warnings():  # cryptography's notice about DSA keys, which we never make
    warnings.simplefilter("ignore")
    import asyncssh

from avatar_tui.io.addresses import is_loopback, reach

WIDTH = (20, 400)  # terminal columns a client may ask for
HEIGHT = (8, 200)  # terminal rows
GRACE = 3.0  # seconds a session's processes have to end once hung up
DEFAULT_MAX_SESSIONS = 8
DEFAULT_IDLE = 30 * 60  # seconds without a key before a session is closed
READ = 65536  # bytes read from the pty at once


def exposure_warning(host: str) -> str | None:
    """The warning for serving beyond this computer; None on loopback."""
    if is_loopback(host):
        return None
    return ("WARNING: avatar-tui ssh is reachable from " + reach(host) + ". Anyone who can "
            "reach it plays as a guest (no key, any password) unless --authorized-keys is "
            "given. Serve on 127.0.0.1 (the default) unless you trust that network.")


def host_key(path: Path) -> asyncssh.SSHKey:
    """The server's key from `path`, made there (ed25519) when missing."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        key = asyncssh.generate_private_key("ssh-ed25519")
        key.write_private_key(str(path))
        path.chmod(0o600)
        return key
    return asyncssh.read_private_key(str(path))


def bounded(value: int, low: int, high: int) -> int:
    return min(high, max(low, value))


class Lobbies:
    """What the sessions share: the command each runs, where guests' folders
    live, the limits, and the count of sessions playing."""

    def __init__(self, command: Sequence[str], state: Path, *, max_sessions: int,
                 idle: float, keys: asyncssh.SSHAuthorizedKeys | None = None):
        self.command = list(command)
        self.state = state
        self.max_sessions = max_sessions
        self.idle = idle
        self.keys = keys
        self.playing = 0
        self.numbered = 0
        self.games = state / "games"  # the codes of hosted games (tui/lobby.py)
        shutil.rmtree(self.games, ignore_errors=True)  # none survives a restart
        self.games.mkdir(parents=True, exist_ok=True)

    def folder(self, fingerprint: str | None) -> tuple[Path, bool]:
        """A guest's data directory, and whether it goes when the session ends."""
        if fingerprint is not None:  # SHA256:base64, made a folder name
            name = fingerprint.split(":", 1)[-1].replace("/", "_").replace("+", "-")
            return self.state / "keys" / name, False
        self.numbered += 1
        return self.state / "sessions" / f"{os.getpid()}-{self.numbered}", True

    def environment(self, data: Path, term: str) -> dict[str, str]:
        here = str(Path(__file__).resolve().parents[2])  # the folder holding avatar_tui/
        path = os.environ.get("PYTHONPATH", "")
        return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                "PYTHONPATH": here + (os.pathsep + path if path else ""),
                "HOME": str(data), "AVATAR_TUI_DATA_DIR": str(data),
                "AVATAR_TUI_LOBBY_DIR": str(self.games), "AVATAR_TUI_GUEST": "1",
                "TERM": term if term.isascii() and term.isprintable() and term else "xterm",
                "LANG": "C.UTF-8", "COLORTERM": "truecolor"}


class GuestServer(asyncssh.SSHServer):
    """One connection: who it is (a key's fingerprint, or a guest), and
    nothing but sessions with a terminal."""

    def __init__(self, lobbies: Lobbies):
        self.lobbies = lobbies
        self.fingerprint: str | None = None
        self.peer = ("", "")

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.peer = conn.get_extra_info("peername", ("", 0))[:2]

    def begin_auth(self, username: str) -> bool:
        return self.lobbies.keys is not None  # no keys to check: anyone plays as a guest

    def public_key_auth_supported(self) -> bool:
        return self.lobbies.keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        keys = self.lobbies.keys
        if keys is None or keys.validate(key, str(self.peer[0]), str(self.peer[0])) is None:
            return False
        self.fingerprint = key.get_fingerprint()
        return True

    def session_requested(self) -> asyncssh.SSHServerSession:
        return LobbySession(self.lobbies, self.fingerprint)

    # a guest reaches no other address: every kind of forwarding is refused
    def connection_requested(self, *args: object) -> bool:
        return False

    def server_requested(self, *args: object) -> bool:
        return False

    def unix_connection_requested(self, *args: object) -> bool:
        return False

    def unix_server_requested(self, *args: object) -> bool:
        return False


class LobbySession(asyncssh.SSHServerSession):
    """One session: the lobby on a pseudo-terminal, its bytes both ways."""

    def __init__(self, lobbies: Lobbies, fingerprint: str | None):
        self.lobbies = lobbies
        self.fingerprint = fingerprint
        self.chan: asyncssh.SSHServerChannel | None = None
        self.size = (80, 24)
        self.term = "xterm"
        self.master: int | None = None
        self.process: asyncio.subprocess.Process | None = None
        self.counted = False
        self.last_input = time.monotonic()
        self.tasks: list[asyncio.Task[None]] = []
        self.data: Path | None = None
        self.throwaway = False

    def connection_made(self, chan: asyncssh.SSHServerChannel) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int],
                      term_modes: object) -> bool:
        self.term = term_type or "xterm"
        self.size = (bounded(term_size[0] or 80, *WIDTH), bounded(term_size[1] or 24, *HEIGHT))
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        return False  # no commands: the lobby is all there is

    def subsystem_requested(self, subsystem: str) -> bool:
        return False  # sftp included: no file of the server is reachable

    def session_started(self) -> None:
        self.tasks.append(asyncio.ensure_future(self._start()))

    async def _start(self) -> None:
        chan, lobbies = self.chan, self.lobbies
        assert chan is not None
        if chan.get_terminal_type() is None:
            chan.write(b"avatar-tui ssh: the game needs a terminal (ssh -t)\r\n")
            chan.exit(1)
            return
        if lobbies.playing >= lobbies.max_sessions:
            chan.write(f"avatar-tui ssh: this server plays at most {lobbies.max_sessions} "
                       "games at once; try again later.\r\n".encode())
            chan.exit(1)
            return
        lobbies.playing += 1
        self.counted = True
        self.data, self.throwaway = lobbies.folder(self.fingerprint)
        self.data.mkdir(parents=True, exist_ok=True)
        master, slave = os.openpty()
        self.master = master
        self._set_size()
        try:
            self.process = await asyncio.create_subprocess_exec(
                *lobbies.command, stdin=slave, stdout=slave, stderr=slave, cwd=self.data,
                env=lobbies.environment(self.data, self.term), start_new_session=True,
                preexec_fn=_controlling_terminal)
        finally:
            os.close(slave)
        loop = asyncio.get_running_loop()
        loop.add_reader(master, self._from_game)
        self.tasks.append(asyncio.ensure_future(self._watch_idle()))
        code = await self.process.wait()
        with contextlib.suppress(OSError):  # what it wrote last
            self._from_game()
        self._finish(code)

    def _from_game(self) -> None:
        if self.master is None or self.chan is None:
            return
        try:
            data = os.read(self.master, READ)
        except OSError:  # EIO: every holder of the pty's other end has gone
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self.master)
            return
        self.chan.write(data)

    def data_received(self, data: bytes, datatype: object) -> None:
        self.last_input = time.monotonic()
        if self.master is not None:
            with contextlib.suppress(OSError):
                os.write(self.master, data)

    def terminal_size_changed(self, width: int, height: int, pixwidth: int,
                              pixheight: int) -> None:
        self.size = (bounded(width or 80, *WIDTH), bounded(height or 24, *HEIGHT))
        self._set_size()  # the kernel sends SIGWINCH to the game

    def _set_size(self) -> None:
        if self.master is not None:
            columns, rows = self.size
            fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    async def _watch_idle(self) -> None:
        idle = self.lobbies.idle
        while True:
            left = self.last_input + idle - time.monotonic()
            if left <= 0:
                if self.chan is not None:
                    self.chan.write(f"\r\navatar-tui ssh: no key for {idle:g} seconds; "
                                    "this session is closed.\r\n".encode())
                await self._end_game()
                return
            await asyncio.sleep(min(left, 5.0))

    async def _end_game(self) -> None:
        process = self.process
        if process is None or process.returncode is not None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGHUP)
        try:
            await asyncio.wait_for(process.wait(), GRACE)
        except TimeoutError:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)

    def _finish(self, code: int | None) -> None:
        if self.master is not None:
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(self.master)
            os.close(self.master)
            self.master = None
        if self.counted:
            self.lobbies.playing -= 1
            self.counted = False
        if self.process is not None:  # a hosted game the lobby left behind
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
        if self.throwaway and self.data is not None:
            shutil.rmtree(self.data, ignore_errors=True)
        for task in self.tasks:
            if task is not asyncio.current_task():
                task.cancel()
        if self.chan is not None:
            with contextlib.suppress(OSError, asyncssh.Error):
                self.chan.exit(code if code is not None and code >= 0 else 1)

    def connection_lost(self, exc: Exception | None) -> None:
        self.chan = None
        if self.process is not None and self.process.returncode is None:
            # the game ends with its session; _start finishes once it has
            asyncio.ensure_future(self._end_game())


def _controlling_terminal() -> None:
    """In the child, after setsid: the pty (its stdin) becomes its terminal,
    so that a resize reaches it as SIGWINCH."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


async def start(lobbies: Lobbies, host: str, port: int, key: asyncssh.SSHKey
                ) -> asyncssh.SSHAcceptor:
    """The server, listening; `.close()` stops it."""
    return await asyncssh.create_server(
        lambda: GuestServer(lobbies), host, port, server_host_keys=[key],
        agent_forwarding=False, x11_forwarding=False, allow_scp=False,
        sftp_factory=None, process_factory=None, line_editor=False, encoding=None)


def lobby_command() -> list[str]:
    """What each session runs: this Python, this package's lobby."""
    return [sys.executable, "-m", "avatar_tui.tui.lobby"]
