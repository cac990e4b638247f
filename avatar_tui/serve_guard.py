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
  the page's font size, within bounds.

`exposure_warning` is the loud warning for a host beyond loopback."""

from __future__ import annotations

import ipaddress
import socket
from typing import Any

from aiohttp import web
from textual_serve.server import Server

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
WIDTH = (20, 400)  # terminal columns a page may ask for
HEIGHT = (8, 200)  # terminal rows
FONT_SIZE = (6, 64)  # the page's font size in pixels
DEFAULT_MAX_SESSIONS = 4


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def exposure_warning(host: str) -> str | None:
    """The warning for serving beyond this computer; None on loopback."""
    if is_loopback(host):
        return None
    where = "every network this computer is on" if host in ("0.0.0.0", "::", "") else host
    return ("WARNING: avatar-tui serve is reachable from " + where + ". Anyone who can "
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


class GuardedServer(Server):
    def __init__(self, command: str, host: str, port: int, title: str,
                 max_sessions: int = DEFAULT_MAX_SESSIONS, **options: Any):
        super().__init__(command, host=host, port=port, title=title, **options)
        self.max_sessions = max_sessions
        self.sessions = 0
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

    @staticmethod
    def _bounded_query(request: web.Request) -> web.Request:
        query = dict(request.query)
        if request.path == "/":
            query["fontsize"] = str(bounded(query.get("fontsize", 16), *FONT_SIZE, 16))
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

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        self.sessions += 1
        try:
            return await super().handle_websocket(request)
        finally:
            self.sessions -= 1

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service) -> None:
        resize = app_service.set_terminal_size

        async def bounded_resize(width: Any, height: Any) -> None:
            await resize(bounded(width, *WIDTH, 80), bounded(height, *HEIGHT, 24))

        app_service.set_terminal_size = bounded_resize
        await super()._process_messages(websocket, app_service)
