"""The client side of docs/protocol.md: what `join` and `watch` (and the
tests) connect with. It opens a URL, checks the `welcome` (the protocol and
the card data: "this host uses other card data"), keeps the latest
`position`, the whole log of the game as its receiver may read it and who
is connected, sends a seat's `act`, and rejoins with the same URL.

No Textual: a front end calls `receive()` in its own task and draws what
changed."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import aiohttp

from avatar_tui.io import files
from avatar_tui.net import frames

RECEIVE_LIMIT = 16 * 1024 * 1024  # a position is a few KiB; a host may send more


class JoinError(Exception):
    """Why a connection could not be used: one line for the person."""


class Client:
    def __init__(self, url: str):
        if not url.startswith(("ws://", "wss://")):
            raise JoinError(f"'{url}' is not a WebSocket URL (ws://...): paste the URL that "
                            "avatar-tui host printed")
        self.url = url
        self.role: str | None = None
        self.position: dict[str, Any] | None = None
        self.log: list[str] = []  # every line of this game, as this receiver may read it
        self.seats: dict[str, str] = {}
        self.refused: dict[str, Any] | None = None  # the last `refused`
        self.errors: list[str] = []  # the host's `error` messages
        self._session: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None

    @property
    def seat(self) -> str | None:
        return self.role if self.role in ("p1", "p2") else None

    @property
    def connected(self) -> bool:
        return self._ws is not None and not self._ws.closed

    async def connect(self, timeout: float = 10.0) -> dict[str, Any]:
        """Open the URL (again: a rejoin) and read the welcome. Raises JoinError."""
        await self.close()
        self._session = aiohttp.ClientSession()
        try:
            self._ws = await self._session.ws_connect(
                self.url, max_msg_size=RECEIVE_LIMIT, timeout=aiohttp.ClientWSTimeout(ws_close=5),
                heartbeat=30.0)
            first = await asyncio.wait_for(self._next_frame(), timeout)
        except (aiohttp.ClientError, OSError, TimeoutError) as err:
            await self.close()
            raise JoinError(f"cannot reach {self.url}: {str(err) or type(err).__name__}") from None
        if first is None or first.get("type") != "welcome":
            message = first.get("message") if first and first.get("type") == "error" else None
            await self.close()
            raise JoinError(f"the host said: {message}" if message
                            else f"{self.url} did not answer as avatar-tui host does")
        if first.get("protocol") != frames.PROTOCOL:
            await self.close()
            raise JoinError(f"this host speaks protocol {first.get('protocol')!r}, this program "
                            f"{frames.PROTOCOL}: use the same avatar-tui version")
        if first.get("cards") != frames.cards_version():
            await self.close()
            raise JoinError("this host uses other card data (its version "
                            f"{first.get('cards')!r}, yours {frames.cards_version()!r}): use "
                            "the same avatar-tui and cards/")
        self.role = first.get("role")
        self.log = []
        return first

    async def _next_frame(self) -> dict[str, Any] | None:
        assert self._ws is not None
        while True:
            msg = await self._ws.receive()
            if msg.type == aiohttp.WSMsgType.TEXT:
                try:
                    frame = files.loads_json(msg.data)
                except files.JsonProblem:
                    continue
                if isinstance(frame, dict):
                    return frame
            elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSING,
                              aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                return None

    async def receive(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next frame, taken in (None: the connection closed)."""
        if self._ws is None:
            return None
        frame = await asyncio.wait_for(self._next_frame(), timeout)
        if frame is None:
            return None
        kind = frame.get("type")
        if kind == "position":
            if self.position is not None and frame.get("game") != self.position.get("game"):
                self.log = []  # a rematch: a new game's log
            self.position = frame
            self.log.extend(str(line) for line in frame.get("log", []))
            self.seats = dict(frame.get("seats", self.seats))
            self.refused = None
        elif kind == "seats":
            self.seats = dict(frame.get("seats", {}))
        elif kind == "refused":
            self.refused = frame
        elif kind == "error":
            self.errors.append(str(frame.get("message")))
        return frame

    async def until(self, wanted, timeout: float = 10.0) -> dict[str, Any]:
        """Receive until a frame for which `wanted(frame)` is true. Raises
        JoinError if the connection closes first, TimeoutError past `timeout`."""
        async def wait() -> dict[str, Any]:
            while True:
                frame = await self.receive()
                if frame is None:
                    raise JoinError("the host closed the connection")
                if wanted(frame):
                    return frame
        return await asyncio.wait_for(wait(), timeout)

    @property
    def legal(self) -> list[str]:
        return list(self.position.get("legal", [])) if self.position else []

    async def act(self, action: str) -> None:
        await self.send({"type": "act", "action": action})

    async def send(self, frame: dict[str, Any]) -> None:
        if self._ws is None or self._ws.closed:
            raise JoinError("not connected")
        await self._ws.send_str(json.dumps(frame))

    async def send_text(self, text: str) -> None:
        """A raw text frame (the tests' garbage)."""
        if self._ws is None:
            raise JoinError("not connected")
        await self._ws.send_str(text)

    async def close(self) -> None:
        if self._ws is not None:
            await self._ws.close()
            self._ws = None
        if self._session is not None:
            await self._session.close()
            self._session = None


FINAL = ("other card data", "protocol", "unknown seat or token", "not a WebSocket URL")


async def follow(client: Client, deliver, said, retry: float = 2.0) -> None:
    """Keep `client` connected for a front end: each frame goes to
    `deliver(frame)`, the link's state in words to `said(text)`
    ("connected", "connection lost — rejoining…"). A dropped connection is
    opened again with the same URL (a rejoin: the host sends the current
    position); a seat taken over by a newer connection, or a host that can
    never be used (other card data, a wrong token), ends it.

    However it ends (those, or cancelled by a front end that quits), the
    client is closed on the way out, while the event loop still runs: an
    aiohttp session left open is reported at exit as unclosed."""
    try:
        while True:
            try:
                await client.connect()
            except JoinError as err:
                if any(word in str(err) for word in FINAL):
                    said(str(err))
                    return
                said(f"{err} — trying again")
                await asyncio.sleep(retry)
                continue
            said("connected")
            seen = len(client.errors)
            while (frame := await client.receive()) is not None:
                deliver(frame)
            if any("taken over" in e for e in client.errors[seen:]):
                said("taken over by a newer connection: this screen has stopped")
                return
            said("connection lost — rejoining…")
            await asyncio.sleep(retry)
    finally:
        await client.close()
