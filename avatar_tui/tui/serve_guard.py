"""textual-serve's server, made one that only the player can reach.

textual-serve starts an app process for every WebSocket that connects,
from any web page: a site the player merely visits could open
`ws://127.0.0.1:8000/ws` from its scripts, start games and press keys in
them (a new game replaces the save). This server:

- accepts a WebSocket only from a page of its own (the `Origin` header is
  this server's address: the bound host or, on loopback, any loopback
  name with the same port);
- on loopback, answers only requests whose `Host` is a loopback name with
  its port (a site that points its own name at 127.0.0.1 — DNS rebinding —
  is refused);
- runs at most `max_sessions` app processes at once;
- keeps the terminal size asked for in the URL and in resize messages, and
  the page's font size, within bounds; a page whose URL names no font size
  gets the server's `font_size` (`serve --font-size`, large for a projector);
- bounds what a page may send: one message at most MESSAGE_LIMIT bytes,
  and a session's input at most BURST bytes at once and RATE bytes a
  second after that; past either, that tab's socket is closed, saying why;
- ends a tab's app when its socket closes, however it closes: the app is
  asked to quit and, if it has not ended GRACE seconds later (busy with
  input it was sent), its process group is killed. Only then is the
  session's place given to another tab.

`exposure_warning` is the loud warning for a host beyond loopback."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import socket
import sys
import time
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from avatar_tui.io import files
from avatar_tui.io.addresses import is_loopback, reach

log = logging.getLogger("textual-serve")

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
WIDTH = (20, 400)  # terminal columns a page may ask for
HEIGHT = (8, 200)  # terminal rows
FONT_SIZE = (6, 64)  # the page's font size in pixels
DEFAULT_MAX_SESSIONS = 4
# A key press, a mouse move or a resize is a few dozen bytes; a paste is
# the largest thing a page sends. Mouse moves are the most: some kilobytes
# a second.
MESSAGE_LIMIT = 64 * 1024  # bytes of one message from the page
BURST = 4 * MESSAGE_LIMIT  # bytes of input a session may send at once
RATE = 32 * 1024  # bytes a second of input, once the burst is spent
GRACE = 3.0  # seconds an app has to end by itself once its tab has closed

TOO_BIG = f"avatar-tui serve: a message over {MESSAGE_LIMIT // 1024} KiB"
OVER_BUDGET = (f"avatar-tui serve: more input than {BURST // 1024} KiB at once "
               f"or {RATE // 1024} KiB per second")
NOT_THE_PAGES = "avatar-tui serve: a message that is not the page's"


def exposure_warning(host: str) -> str | None:
    """The warning for serving beyond this computer; None on loopback."""
    if is_loopback(host):
        return None
    return ("WARNING: avatar-tui serve is reachable from " + reach(host) + ". Anyone who can "
            "reach it can open games and press keys in them; there is no password. "
            "Serve on 127.0.0.1 (the default) unless you trust that network.")


def address_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on host:port (None: it can), found
    before it starts, so the reason is one line and nothing else is printed."""
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM)
        family, kind, proto, _, address = infos[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as aiohttp does
            probe.bind(address)
    except OSError as err:  # gaierror included: an unknown host
        return str(err.strerror or err)
    return None


def bounded(value: Any, low: int, high: int, default: int) -> int:
    """An integer from a URL or a message, kept in [low, high]."""
    try:
        number = int(str(value)[:6])
    except ValueError:
        return default
    return min(high, max(low, number))


class InputBudget:
    """A session's allowance of input: `burst` bytes at once, given back at
    `rate` bytes a second (a token bucket). `now` is a monotonic time in
    seconds, passed in so that a test can choose it."""

    def __init__(self, now: float, burst: int = BURST, rate: int = RATE):
        self.burst, self.rate = burst, rate
        self.left = float(burst)
        self.since = now

    def spend(self, size: int, now: float) -> bool:
        """Takes `size` bytes from the allowance; False (nothing taken) if
        there are not that many left."""
        self.left = min(float(self.burst), self.left + max(0.0, now - self.since) * self.rate)
        self.since = now
        if size > self.left:
            return False
        self.left -= size
        return True


class PageSocket(web.WebSocketResponse):
    """A tab's socket. aiohttp closes it on a message over its
    `max_msg_size` with the code for "too big" and no words; this close
    says which limit it was."""

    async def close(self, *, code: int = WSCloseCode.OK, message: bytes = b"",
                    drain: bool = True) -> bool:
        if code == WSCloseCode.MESSAGE_TOO_BIG and not message:
            message = TOO_BIG.encode()
        return await super().close(code=code, message=message, drain=drain)


class GameProcess(AppService):
    """textual-serve's app process for one tab, in a session (and process
    group) of its own, so that it can be ended whole: `stop` asks it to
    quit, and kills its group if it has not ended GRACE seconds later."""

    async def _open_app_process(self, width: int = 80, height: int = 24):
        pipe = asyncio.subprocess.PIPE
        self._process = process = await asyncio.create_subprocess_shell(
            self.command, stdin=pipe, stdout=pipe, stderr=pipe,
            env=self._build_environment(width=width, height=height), start_new_session=True)
        self._stdin = process.stdin
        return process

    async def stop(self) -> None:
        process = self._process
        if process is None or self._task is None:
            return
        try:
            await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)

            async def quit_and_wait() -> None:
                await self.send_meta({"type": "quit"})  # may wait: an app not reading
                await process.wait()

            try:
                await asyncio.wait_for(quit_and_wait(), GRACE)
            except TimeoutError:
                self.kill()
                await asyncio.wait_for(process.wait(), GRACE)
        except asyncio.CancelledError:  # the server stopping: no grace left
            self.kill()
            raise
        except TimeoutError:  # not ended even when killed: nothing more to do
            log.error("an app process (pid %s) did not end when killed", process.pid)
            return
        with contextlib.suppress(TimeoutError):  # (cancelled then: a page not reading)
            await asyncio.wait_for(self._task, GRACE)  # ends with the app's output
        self._task = None

    def kill(self) -> None:
        if self._process is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self._process.pid, signal.SIGKILL)


def envelope(text: str) -> tuple[str, Any] | None:
    """A message of the page's protocol as (type, data); None if it is not
    one: JSON of a list that starts with the type's name."""
    try:
        found = files.loads_json(text)
    except files.JsonProblem:
        return None
    if not isinstance(found, list) or not found or not isinstance(found[0], str):
        return None
    data = found[1] if len(found) > 1 else None
    if found[0] == "stdin" and not isinstance(data, str):
        return None
    if found[0] == "resize" and not isinstance(data, dict):
        return None
    return found[0], data


class GuardedServer(Server):
    def __init__(self, command: str, host: str, port: int, title: str,
                 max_sessions: int = DEFAULT_MAX_SESSIONS, font_size: int = 16,
                 **options: Any):
        super().__init__(command, host=host, port=port, title=title, **options)
        self.max_sessions = max_sessions
        self.font_size = bounded(font_size, *FONT_SIZE, 16)
        self.sessions = 0
        self.sockets: set[web.WebSocketResponse] = set()  # the open tabs
        names = LOOPBACK_NAMES if is_loopback(host) else (host,)
        self.hosts = {f"{name}:{port}" for name in names}
        if port == 80:
            self.hosts |= set(names)
        self.anywhere = host in ("0.0.0.0", "::", "")

    # ---------------------------------------------------------------- checks

    def refusal(self, request: web.Request) -> str | None:
        """Why this request is not the player's own (None: it is)."""
        host = request.headers.get("Host", "")
        if not self.anywhere and host not in self.hosts:
            return f"the Host {host!r} is not this server's"
        if request.path == "/ws":
            origin = request.headers.get("Origin")
            allowed = {f"http://{h}" for h in (self.hosts | {host} if self.anywhere
                                               else self.hosts)}
            if origin not in allowed:
                return f"a WebSocket from {origin!r}, not from this server's page"
        return None

    @web.middleware
    async def guard(self, request: web.Request, handler) -> web.StreamResponse:
        why = self.refusal(request)
        if why is not None:
            return web.Response(status=403, text=f"avatar-tui serve refuses {why}.\n")
        if request.path == "/ws" and self.sessions >= self.max_sessions:
            return web.Response(status=503, text=f"avatar-tui serve runs at most "
                                f"{self.max_sessions} games at once.\n")
        if request.path in ("/", "/ws"):
            request = self._bounded_query(request)
        return await handler(request)

    def _bounded_query(self, request: web.Request) -> web.Request:
        query = dict(request.query)
        if request.path == "/":
            query["fontsize"] = str(bounded(query.get("fontsize", self.font_size), *FONT_SIZE,
                                            self.font_size))
        else:
            query["width"] = str(bounded(query.get("width", 80), *WIDTH, 80))
            query["height"] = str(bounded(query.get("height", 24), *HEIGHT, 24))
        return request.clone(rel_url=request.rel_url.with_query(query))

    # ---------------------------------------------------------------- textual-serve's

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: `avatar-tui serve` prints its own one line."""

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self.guard)
        return app

    async def on_shutdown(self, app: web.Application) -> None:
        """Stopping: every tab is closed, so that every app is ended."""
        await asyncio.gather(*(ws.close(code=WSCloseCode.GOING_AWAY,
                                        message=b"avatar-tui serve is stopping")
                               for ws in list(self.sockets)), return_exceptions=True)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """textual-serve's, with the socket's message limit, and the app
        ended (and the session's place freed) whenever the socket closes."""
        self.sessions += 1
        try:
            return await self._play(request)
        finally:
            self.sessions -= 1

    async def _play(self, request: web.Request) -> web.WebSocketResponse:
        websocket = PageSocket(heartbeat=15, max_msg_size=MESSAGE_LIMIT)
        await websocket.prepare(request)
        game = GameProcess(self.command, write_bytes=websocket.send_bytes,
                           write_str=websocket.send_str,
                           close=websocket.close,  # type: ignore[arg-type]  # its bool unread

                           download_manager=self.download_manager, debug=self.debug)
        self.sockets.add(websocket)
        why = None
        try:
            await game.start(bounded(request.query.get("width"), *WIDTH, 80),
                             bounded(request.query.get("height"), *HEIGHT, 24))
            why = await self._process_messages(websocket, game)
        except Exception as error:  # noqa: BLE001 - logged as textual-serve does
            log.exception(error)
        finally:
            self.sockets.discard(websocket)
            await game.stop()
            if not websocket.closed:
                await websocket.close()
        if why is not None:
            print(f"{why}: that tab was closed and its game ended", file=sys.stderr, flush=True)
        return websocket

    async def _process_messages(  # type: ignore[override]  # only our _play reads the result
            self, websocket: web.WebSocketResponse,
                                app_service: AppService) -> str | None:
        """The page's messages to the app, within the session's budget.
        Returns why the server closed the socket (None: the page closed it,
        or the app ended)."""
        budget = InputBudget(time.monotonic())
        async for message in websocket:
            if message.type is WSMsgType.ERROR:  # aiohttp has closed the socket
                too_big = getattr(message.data, "code", None) == WSCloseCode.MESSAGE_TOO_BIG
                return TOO_BIG if too_big else None
            if message.type is not WSMsgType.TEXT:
                continue  # the page sends text only (textual-serve skips the rest too)
            text = message.data
            if not budget.spend(len(text.encode("utf-8", "replace")), time.monotonic()):
                await websocket.close(code=WSCloseCode.POLICY_VIOLATION,
                                      message=OVER_BUDGET.encode())
                return OVER_BUDGET
            found = envelope(text)
            if found is None:
                await websocket.close(code=WSCloseCode.UNSUPPORTED_DATA,
                                      message=NOT_THE_PAGES.encode())
                return NOT_THE_PAGES
            kind, data = found
            if kind == "stdin":  # a lone surrogate (JSON allows one) becomes "?"
                await app_service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize":
                await app_service.set_terminal_size(bounded(data.get("width"), *WIDTH, 80),
                                                    bounded(data.get("height"), *HEIGHT, 24))
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()
        return None
