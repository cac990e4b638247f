"""The host's door: every TCP connection the host accepts is counted here
before aiohttp reads a byte of it, so that sockets nobody uses cannot cost
the host its memory or its file descriptors (docs/protocol.md, Limits).

- One address holds at most `per_address` sockets at once.
- A connection has `handshake` seconds to finish its WebSocket handshake
  (`shook`); one that has not is closed (a half-open connection otherwise
  stays until the client goes).
- All addresses together hold at most `room` sockets, what the file limit
  leaves after `room_in_file_limit`'s reserve.
- When an address or the host is full, the oldest connection still in its
  handshake (of that address, or of anyone) makes way for the new one, so
  a seat can still come in; if every one is a served client, the new one is
  closed as it arrives.
- The descriptors of the reserve are never a socket's: saving a move can
  always open its file.

It is aiohttp's own low-level server (`web.Server`), told of each
connection by the request handler aiohttp makes for it."""

from __future__ import annotations

import asyncio
import os
from collections import Counter
from typing import Any

from aiohttp import web

RESERVE = 32  # descriptors kept from sockets: the save, card files, the bots' threads
BACKLOG = 64  # connections the kernel queues, and asyncio may accept in one go


def room_in_file_limit(default: int = 1024) -> int:
    """How many sockets the host may hold: its file limit, less the files
    open now, less RESERVE for what it opens later, less BACKLOG (asyncio
    accepts that many in one go before any is counted here)."""
    try:
        import resource
    except ImportError:  # no file limit to read (Windows)
        return default
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return default
    try:
        in_use = len(os.listdir("/proc/self/fd"))
    except OSError:
        in_use = 0
    return max(8, soft - in_use - RESERVE - BACKLOG)


class Door(web.Server):
    """aiohttp's server (`handler` answers each request), counting sockets."""

    def __init__(self, handler: Any, *, handshake: float, per_address: int, room: int,
                 **kwargs: Any):
        super().__init__(handler, **kwargs)
        self.handshake = handshake
        self.per_address = per_address
        self.room = room
        self.sockets: dict[Any, tuple[asyncio.Transport, str]] = {}  # by request handler
        self.at: Counter[str] = Counter()  # sockets held by each address
        # connections still in their handshake, oldest first, with their deadline
        self.waiting: dict[Any, asyncio.TimerHandle] = {}

    def connection_made(self, handler: Any, transport: asyncio.Transport) -> None:
        super().connection_made(handler, transport)
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        if (self.at[address] >= self.per_address and not self._make_way(address)) or (
                len(self.sockets) >= self.room and not self._make_way(None)):
            transport.abort()
            return
        self.sockets[handler] = (transport, address)
        self.at[address] += 1
        loop = asyncio.get_running_loop()
        self.waiting[handler] = loop.call_later(self.handshake, self.close_one, handler)

    def connection_lost(self, handler: Any, exc: BaseException | None = None) -> None:
        super().connection_lost(handler, exc)
        self._forget(handler)

    def _make_way(self, address: str | None) -> bool:
        """Close the oldest connection still in its handshake (from `address`,
        or from anyone); False if there is none: every socket is a client's."""
        oldest = next((h for h in self.waiting
                       if address is None or self.sockets[h][1] == address), None)
        if oldest is None:
            return False
        self.close_one(oldest)
        return True

    def shook(self, handler: Any) -> None:
        """The connection of `handler` finished its WebSocket handshake."""
        timer = self.waiting.pop(handler, None)
        if timer is not None:
            timer.cancel()

    def close_one(self, handler: Any) -> None:
        found = self.sockets.get(handler)
        self._forget(handler)
        if found is not None:
            found[0].abort()

    def _forget(self, handler: Any) -> None:
        found = self.sockets.pop(handler, None)
        timer = self.waiting.pop(handler, None)
        if timer is not None:
            timer.cancel()
        if found is not None:
            self.at[found[1]] -= 1
            if not self.at[found[1]]:
                del self.at[found[1]]
