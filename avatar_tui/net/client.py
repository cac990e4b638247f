"""The client side of docs/protocol.md: what `join` and `watch` (and the
tests) connect with. It opens a URL, checks the `welcome` (the protocol and
the card data: "this host uses other card data"), keeps the latest
`position`, the whole log of the game as its receiver may read it and who
is connected, sends a seat's `act`, and rejoins with the same URL.

Every frame arrives typed (net/frames.py reads it) and is taken in by one
`match` over the host's frame types; a frame it cannot read, or of a type
it does not know, is skipped (PROTOCOL, Extensions).

No Textual: a front end calls `receive()` in its own task and draws what
changed."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import assert_never

import aiohttp

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
        self.position: frames.Position | None = None
        self.log: list[str] = []  # every line of this game, as this receiver may read it
        self.seats: dict[str, str] = {}
        self.refused: frames.Refused | None = None  # the last `refused`
        self.errors: list[str] = []  # the host's `error` messages
        self._session: aiohttp.ClientSession | None = None
        self._ws: aiohttp.ClientWebSocketResponse | None = None

    @property
    def seat(self) -> str | None:
        return self.role if self.role in ("p1", "p2") else None

    @property
    def connected(self) -> bool:
        return self._ws is not None and not self._ws.closed

    async def connect(self, timeout: float = 10.0) -> frames.Welcome:
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
        if not isinstance(first, frames.Welcome):
            message = first.message if isinstance(first, frames.Error) else None
            await self.close()
            raise JoinError(f"the host said: {message}" if message
                            else f"{self.url} did not answer as avatar-tui host does")
        if first.protocol != frames.PROTOCOL:
            await self.close()
            raise JoinError(f"this host speaks protocol {first.protocol!r}, this program "
                            f"{frames.PROTOCOL}: use the same avatar-tui version")
        if first.cards != frames.cards_version():
            await self.close()
            raise JoinError("this host uses other card data (its version "
                            f"{first.cards!r}, yours {frames.cards_version()!r}): use "
                            "the same avatar-tui and cards/")
        self.role = first.role
        self.log = []
        return first

    async def _next_frame(self) -> frames.HostFrame | None:
        assert self._ws is not None
        while True:
            msg = await self._ws.receive()
            if msg.type == aiohttp.WSMsgType.TEXT:
                frame = frames.from_host(msg.data)
                if not isinstance(frame, str):  # PROTOCOL: what it cannot read is ignored
                    return frame
            elif msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSING,
                              aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                return None

    async def receive(self, timeout: float | None = None) -> frames.HostFrame | None:
        """The next frame, taken in (None: the connection closed)."""
        if self._ws is None:
            return None
        frame = await asyncio.wait_for(self._next_frame(), timeout)
        if frame is not None:
            self.take(frame)
        return frame

    def take(self, frame: frames.HostFrame) -> None:
        """A frame from the host into what this client keeps: one `match`
        over every frame type a host sends, so a type added to the union and
        not handled here fails (mypy, and `assert_never` at run time:
        tests/test_net_dispatch.py)."""
        match frame:
            case frames.Position():
                if self.position is not None and frame.game != self.position.game:
                    self.log = []  # a rematch: a new game's log
                self.position = frame
                self.log.extend(frame.log)
                if frame.seats is not None:
                    self.seats = dict(frame.seats)
                self.refused = None
            case frames.SeatStates(seats=seats):
                self.seats = dict(seats)
            case frames.Refused():
                self.refused = frame
            case frames.Error(message=message):
                self.errors.append(message)
            case frames.Welcome():
                pass  # read by `connect`: one per connection
            case _:
                assert_never(frame)

    async def until(self, wanted: Callable[[frames.HostFrame], bool],
                    timeout: float = 10.0) -> frames.HostFrame:
        """Receive until a frame for which `wanted(frame)` is true. Raises
        JoinError if the connection closes first, TimeoutError past `timeout`."""
        async def wait() -> frames.HostFrame:
            while True:
                frame = await self.receive()
                if frame is None:
                    raise JoinError("the host closed the connection")
                if wanted(frame):
                    return frame
        return await asyncio.wait_for(wait(), timeout)

    @property
    def legal(self) -> list[str]:
        return list(self.position.legal) if self.position else []

    async def act(self, action: str) -> None:
        await self.send(frames.act(action))

    async def send(self, frame: frames.SeatFrame) -> None:
        if self._ws is None or self._ws.closed:
            raise JoinError("not connected")
        await self._ws.send_str(frames.wire(frame))

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
