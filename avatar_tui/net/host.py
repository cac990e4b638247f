"""`avatar-tui host`'s server: one authoritative game (net/hosted.py) over
WebSocket, with aiohttp (the library `serve` already runs on; it gives the
server and the client in one, and bounds a message's size itself).

Paths: `/p1/TOKEN`, `/p2/TOKEN` for the seats, `/watch` for watchers. The
rules of docs/protocol.md, and the limits it leaves to the host:

- every connection gets `welcome`, then its `position`; after every accepted
  action everyone gets their own `position` (the log lines since their last);
- the newest connection on a seat takes it: the older one gets `error` and
  is closed;
- a frame over 64 KiB, one that is not UTF-8 or not JSON, nests deeper
  than FRAME_DEPTH, or is of an unknown type gets `error` (the text is
  read in one place, net/frames.py, and what it reads is dispatched in one
  `match` over the seat's frame types); an `act` may
  name the `seq` of the position it answers, and a stale one is `refused`;
  past RATE frames a second (after a burst of BURST) a seat is read
  more slowly — a program playing a seat as fast as the host answers is
  slowed, never cut off — and a watcher, who sends nothing, is closed;
  nothing a client sends stops the host;
- each connection has its own bounded send queue and a send timeout: a
  client that does not read is closed (it may rejoin and gets the current
  position then), and never stalls the game or anyone else;
- a seat the computer plays chooses in a worker thread from its observation
  (R1.6), so the server keeps answering while it thinks;
- a connection is cheap to attack (net/door.py): sockets are counted per
  address and in all, a handshake has HANDSHAKE seconds, at most
  WATCHERS_PER_ADDRESS watchers come from one address, and a connection
  refused (a wrong token, too many watchers) gets its `error` without
  compression and is let go at once;
- the watchers' `position` is built once for all of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, assert_never

from aiohttp import WSMsgType, web

from avatar_tui.bots import make_bot
from avatar_tui.bots.kinds import SEEDED_WORLDS
from avatar_tui.engine import legal_actions, observation
from avatar_tui.model.common import PLAYERS, PlayerId
from avatar_tui.net import frames
from avatar_tui.net.door import BACKLOG, Door, room_in_file_limit
from avatar_tui.net.hosted import HostedGame, Seats

MESSAGE_LIMIT = 64 * 1024  # bytes of one frame from a client (PROTOCOL)
HARD_LIMIT = 4 * MESSAGE_LIMIT  # past this aiohttp closes the connection by itself
RATE = 20.0  # frames a second a client may send, once its burst is spent
BURST = 40
QUEUE = 64  # frames waiting for a slow client before it is closed
SEND_TIMEOUT = 10.0  # seconds one frame may take to go out
BEHIND = 1024 * 1024  # bytes written but not yet taken by a client before it is closed
MAX_WATCHERS = 64
SAVE_RETRY = 5.0  # seconds before the computer tries again a move its save refused
WATCHERS_PER_ADDRESS = 16
PER_ADDRESS = 32  # sockets one address may hold, handshakes under way included
HANDSHAKE = 10.0  # seconds a connection has to become a WebSocket
REFUSED_CLOSE = 1.0  # seconds a refused client has to answer the closing handshake
FRAME_DEPTH = frames.FRAME_DEPTH  # arrays and objects inside each other in a frame
SEAT_PATH = re.compile(r"/(?P<seat>p[12])/(?P<token>[^/]+)")


@dataclass(eq=False)
class Connection:
    receiver: PlayerId | None  # None: a watcher
    ws: web.WebSocketResponse
    address: str | None = None  # the client's
    since: int = 0  # log lines of this game already sent
    queue: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(QUEUE))
    allowance: float = BURST
    checked: float = field(default_factory=time.monotonic)
    closing: bool = False
    transport: Any = None  # the connection's transport: how far behind the client is

    def behind(self) -> int:
        """Bytes sent to this client that it has not taken yet (beyond the
        system's own buffers)."""
        size = getattr(self.transport, "get_write_buffer_size", None)
        return size() if size is not None else 0

    def pace(self) -> float:
        """A token bucket, BURST frames at once and RATE a second after: the
        seconds to wait before this frame is read (0: at once)."""
        now = time.monotonic()
        self.allowance = min(BURST, self.allowance + (now - self.checked) * RATE)
        self.checked = now
        self.allowance -= 1
        return max(0.0, -self.allowance / RATE)


class GameServer:
    """Serves `hosted` on `host`:`port` (0: a free port). `bots` maps a
    computer seat to its kind; `delay` is the pause before its move."""

    def __init__(self, hosted: HostedGame, seats: Seats, *, host: str = "127.0.0.1",
                 port: int = 0, delay: float = 0.0, bot_seed: int | None = None,
                 watch_only: bool = False, handshake: float | None = None):
        self.hosted = hosted
        self.seats = seats
        self.host = host
        self.port = port
        self.delay = delay
        self.watch_only = watch_only  # play --share: the seats are a local keyboard's
        self.handshake = handshake  # None: HANDSHAKE
        self.door: Door | None = None
        seed = hosted.state.setup.seed if bot_seed is None else bot_seed
        # a searching kind searches a fixed number of worlds: a hosted game
        # with computer seats replays from its seed alone
        self.bots = {pid: make_bot(kind, seed * 2 + (pid == "p2"), worlds=SEEDED_WORLDS)
                     for pid, kind in hosted.computer.items()}
        self.seat_conn: dict[str, Connection] = {}
        self.watchers: set[Connection] = set()
        self.rematch_asked: set[str] = set()
        self.runner: web.ServerRunner | None = None
        self.bot_task: asyncio.Task | None = None
        self.sender_tasks: set[asyncio.Task] = set()

    # ---------------------------------------------------------------- start, stop

    async def start(self) -> int:
        handshake = HANDSHAKE if self.handshake is None else self.handshake
        self.door = Door(self._route, handshake=handshake, per_address=PER_ADDRESS,
                         room=room_in_file_limit(), access_log=None)
        self.runner = web.ServerRunner(self.door, handle_signals=False)
        await self.runner.setup()
        site = web.TCPSite(self.runner, self.host, self.port, backlog=BACKLOG)
        await site.start()
        self.port = self.runner.addresses[0][1]
        self._bot_turn()
        return self.port

    async def stop(self) -> None:
        if self.bot_task is not None:
            self.bot_task.cancel()
        for conn in [*self.seat_conn.values(), *self.watchers]:
            await self._close(conn)
        if self.runner is not None:
            await self.runner.cleanup()

    def urls(self, address: str | None = None) -> dict[str, str]:
        """The URLs a client opens: each person's seat, and the watchers'."""
        where = address or self.host
        if ":" in where and not where.startswith("["):
            where = f"[{where}]"
        base = f"ws://{where}:{self.port}"
        urls: dict[str, str] = {p: f"{base}/{p}/{self.seats.tokens[p]}" for p in PLAYERS
                if p not in self.hosted.computer}
        urls["watch"] = f"{base}/watch"
        return urls

    # ---------------------------------------------------------------- connections

    async def _route(self, request: web.BaseRequest) -> web.StreamResponse:
        if request.method not in ("GET", "HEAD"):
            return web.Response(status=405)
        if request.path == "/watch":
            return await self._watch(request)
        found = SEAT_PATH.fullmatch(request.path)
        if found is None:
            return web.Response(status=404)
        return await self._seat(request, found["seat"], found["token"])

    async def _seat(self, request: web.BaseRequest, seat: str, token: str) -> web.StreamResponse:
        if self.watch_only:
            return await self._refuse(request, "this game is played on one screen: "
                                               "it can only be watched")
        if seat in self.hosted.computer or not secrets.compare_digest(
                token.encode(), self.seats.tokens[seat].encode()):
            return await self._refuse(request, "unknown seat or token: check the URL")
        ws = await self._open(request)
        conn = Connection(seat, ws, request.remote,  # type: ignore[arg-type]  # a peer address, never None on a TCP socket
                          transport=request.transport)
        older = self.seat_conn.get(seat)
        self.seat_conn[seat] = conn
        if older is not None:
            self._send(older, frames.error(f"{seat} was taken over by a newer connection"))
            older.closing = True
            self._send_close(older)
        return await self._serve(conn)

    async def _watch(self, request: web.BaseRequest) -> web.StreamResponse:
        if len(self.watchers) >= MAX_WATCHERS:
            return await self._refuse(request, "too many watchers")
        if sum(w.address == request.remote for w in self.watchers) >= WATCHERS_PER_ADDRESS:
            return await self._refuse(request, f"too many watchers from one address "
                                               f"(at most {WATCHERS_PER_ADDRESS})")
        ws = await self._open(request)
        conn = Connection(None, ws, request.remote, transport=request.transport)
        self.watchers.add(conn)
        return await self._serve(conn)

    async def _open(self, request: web.BaseRequest) -> web.WebSocketResponse:
        # text frames are decoded here (`_received`), so one that is not
        # UTF-8 gets an `error` like any frame the host cannot read
        ws = web.WebSocketResponse(max_msg_size=HARD_LIMIT, heartbeat=30.0, decode_text=False)
        await ws.prepare(request)
        self._shook(request)
        return ws

    async def _refuse(self, request: web.BaseRequest, message: str) -> web.WebSocketResponse:
        """PROTOCOL's `error`, then closed, keeping nothing: no compression
        (its buffers are the most of a connection's memory), a reader for
        small frames, and REFUSED_CLOSE for the client's closing handshake."""
        ws = web.WebSocketResponse(compress=False, max_msg_size=1024, timeout=REFUSED_CLOSE,
                                   autoping=False)
        await ws.prepare(request)
        self._shook(request)
        with contextlib.suppress(Exception):
            await ws.send_str(frames.wire(frames.error(message)))
            await ws.close()
        return ws

    def _shook(self, request: web.BaseRequest) -> None:
        if self.door is not None:
            self.door.shook(request.protocol)

    async def _serve(self, conn: Connection) -> web.WebSocketResponse:
        sender = asyncio.create_task(self._sender(conn))
        self.sender_tasks.add(sender)
        sender.add_done_callback(self.sender_tasks.discard)
        self._send(conn, frames.welcome(conn.receiver))
        self._send_position(conn)
        if self.hosted.save_problem is not None:  # a screen that joins now hears it at once
            self._send(conn, frames.error(self.hosted.save_problem))
        if conn.receiver is not None:
            self._seats_changed(conn)
        try:
            async for msg in conn.ws:
                if conn.closing:
                    break
                if msg.type == WSMsgType.TEXT:  # bytes: decode_text=False
                    wait = conn.pace()
                    if wait and conn.receiver is None:  # a watcher's flood: it sends nothing
                        self._send(conn, frames.error(f"more than {RATE:.0f} frames a second"))
                        self._send_close(conn)
                        break
                    if wait:  # a seat's next frame waits its turn: slowed, not cut off
                        await asyncio.sleep(wait)
                    self._received(conn, msg.data)
                elif msg.type == WSMsgType.BINARY:
                    self._send(conn, frames.error("frames are JSON in text frames"))
                else:
                    break
        finally:
            self._gone(conn)
            with contextlib.suppress(asyncio.QueueFull):
                conn.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(sender, SEND_TIMEOUT)
        return conn.ws

    def _gone(self, conn: Connection) -> None:
        if conn.receiver is None:
            self.watchers.discard(conn)
        elif self.seat_conn.get(conn.receiver) is conn:
            del self.seat_conn[conn.receiver]
            self._seats_changed(None)

    async def _sender(self, conn: Connection) -> None:
        """Sends `conn`'s queue in order; a frame that does not go out in
        SEND_TIMEOUT, or a client more than BEHIND bytes behind, closes the
        connection."""
        stuck = False
        while True:
            text = await conn.queue.get()
            if text is None or conn.ws.closed:
                break
            try:
                await asyncio.wait_for(conn.ws.send_str(text), SEND_TIMEOUT)
            except (TimeoutError, ConnectionError, RuntimeError):
                stuck = True
                break
            if conn.behind() > BEHIND:  # a client that stopped reading: let it go
                stuck = True
                break
        conn.closing = True
        if stuck and conn.transport is not None:
            conn.transport.abort()  # it would not read a closing handshake either
            return
        with contextlib.suppress(Exception):
            await asyncio.wait_for(conn.ws.close(), SEND_TIMEOUT)

    def _send(self, conn: Connection, frame: frames.HostFrame | str) -> None:
        """Queue `frame` (or its text already made, net/frames.wire) for `conn`."""
        if conn.closing:
            return
        try:
            conn.queue.put_nowait(frame if isinstance(frame, str) else frames.wire(frame))
        except asyncio.QueueFull:  # a laggard: closed, never waited for
            self._send_close(conn)

    def _send_close(self, conn: Connection) -> None:
        """Close once what is queued has gone out; a client so far behind
        that its queue is full is cut off at once."""
        conn.closing = True
        try:
            conn.queue.put_nowait(None)
        except asyncio.QueueFull:
            if conn.transport is not None:
                conn.transport.abort()

    async def _close(self, conn: Connection) -> None:
        conn.closing = True
        with contextlib.suppress(Exception):
            await asyncio.wait_for(conn.ws.close(), 2.0)

    # ---------------------------------------------------------------- frames in

    def _received(self, conn: Connection, data: bytes) -> None:
        """One frame from `conn`: whatever it is, it gets one answer."""
        if len(data) > MESSAGE_LIMIT:
            self._send(conn, frames.error(f"a frame over {MESSAGE_LIMIT // 1024} KiB"))
            return
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            self._send(conn, frames.error("a text frame that is not UTF-8"))
            return
        self.take(conn, frames.from_seat(text))

    def take(self, conn: Connection, frame: frames.SeatFrame | str) -> None:
        """A frame from `conn` as net/frames.py read it, or why it could
        not be read (PROTOCOL: a type the host does not know among them):
        either way, one answer."""
        if isinstance(frame, str):
            self._send(conn, frames.error(frame))
        elif conn.receiver is None:
            self._send(conn, frames.error("a watcher sends nothing"))
        else:
            self._dispatch(conn.receiver, conn, frame)

    def _dispatch(self, seat: PlayerId, conn: Connection, frame: frames.SeatFrame) -> None:
        """One `match` over every frame type a seat sends: a type added to
        the union and not handled here fails (mypy, and `assert_never` at
        run time: tests/test_net_dispatch.py)."""
        match frame:
            case frames.Act(action=action, seq=seq):
                self._answer(seat, action, seq, conn)
            case frames.Rematch():
                self._rematch(seat, conn)
            case _:
                assert_never(frame)

    def _answer(self, seat: PlayerId, action: str, seq: int | None, conn: Connection) -> None:
        """An `act` that may name the `seq` of the position it answers
        (PROTOCOL, Extensions): one made for an older position is refused,
        so a move meant for one position is never played in the next."""
        if seq is None:
            self._act(seat, action, conn)
        elif seq != self.hosted.seq:
            self._send(conn, frames.refused(action, f"stale: it answers position {seq}, and "
                                                    f"the game is at {self.hosted.seq}; "
                                                    "nothing changed"))
        else:
            self._act(seat, action, conn)

    def _act(self, seat: PlayerId, action: str, conn: Connection | None) -> bool:
        reason = self.hosted.act(seat, action)
        if reason is not None:
            if conn is not None:
                self._send(conn, frames.refused(action, reason))
            self._tell_unsaved()
            return False
        self._broadcast()
        self._tell_unsaved()
        self._bot_turn()
        return True

    def _tell_unsaved(self) -> None:
        """While the game cannot be saved (a move left unmade, a finished
        game not kept), every screen is told so."""
        if self.hosted.save_problem is not None:
            for conn in self._connections():
                self._send(conn, frames.error(self.hosted.save_problem))

    def _rematch(self, seat: PlayerId, conn: Connection) -> None:
        if not self.hosted.over:
            self._send(conn, frames.error("a rematch starts once the game is over (R10.5)"))
            return
        self.rematch_asked.add(seat)
        if set(PLAYERS) - set(self.hosted.computer) <= self.rematch_asked:
            self.rematch_asked.clear()
            refused = self.hosted.rematch()
            if refused is not None:  # nothing changed: the seats may ask again
                for c in self._connections():
                    self._send(c, frames.error(refused))
                return
            self.seats.game_number = self.hosted.game_number
            if self.hosted.files is not None:
                # the counter only numbers the games: failing to write it loses no move
                with contextlib.suppress(OSError):
                    self.seats.write(self.hosted.files.seats)
            for c in self._connections():
                c.since = 0
            self._broadcast()
            self._bot_turn()

    # ---------------------------------------------------------------- frames out

    def _connections(self) -> list[Connection]:
        return [*self.seat_conn.values(), *self.watchers]

    def seat_states(self) -> dict[str, str]:
        if self.watch_only:  # play --share: both seats are at the sharing screen
            return {p: "local" for p in PLAYERS}
        return {p: "computer" if p in self.hosted.computer
                else "connected" if p in self.seat_conn else "disconnected" for p in PLAYERS}

    def _send_position(self, conn: Connection) -> None:
        self._send(conn, self.hosted.position(conn.receiver, conn.since, self.seat_states()))
        conn.since = len(self.hosted.lines)

    def _broadcast(self) -> None:
        """Everyone's `position`: a seat's own, and the watchers' built once
        for all who have seen the same log lines (after the first broadcast,
        every one of them), the same text in each queue."""
        seats = self.seat_states()
        for conn in self.seat_conn.values():
            self._send(conn, self.hosted.position(conn.receiver, conn.since, seats))
            conn.since = len(self.hosted.lines)
        made: dict[int, str] = {}  # a watcher's position, by the log line it starts from
        for conn in self.watchers:
            if conn.since not in made:
                made[conn.since] = frames.wire(self.hosted.position(None, conn.since, seats))
            self._send(conn, made[conn.since])
            conn.since = len(self.hosted.lines)

    def _seats_changed(self, joined: Connection | None) -> None:
        """Everyone else hears who is connected now (an extra frame type,
        docs/protocol.md)."""
        frame = frames.wire(frames.seats(self.seat_states()))
        for conn in self._connections():
            if conn is not joined:
                self._send(conn, frame)

    def publish(self, state, lines: list[str], lesson: frames.LessonWords | None = None) -> None:
        """A game played elsewhere (play --share) as it is now, with its
        whole log, and the lesson step it is at (learn --share; None: no
        lesson): sent to everyone. Moves taken back (undo) make it a new
        `game` for the watchers, as `seq` never goes back within one."""
        hosted = self.hosted
        hosted.lesson = lesson
        new_game = len(state.history) < hosted.seq or state.setup != hosted.state.setup \
            or lines[:len(hosted.lines)] != hosted.lines
        hosted.state, hosted.lines = state, list(lines)
        if new_game:
            hosted.game_number += 1
            for conn in self._connections():
                conn.since = 0
        self._broadcast()

    # ---------------------------------------------------------------- the computer

    def _bot_turn(self) -> None:
        actor = self.hosted.actor
        if actor not in self.bots or (self.bot_task is not None and not self.bot_task.done()):
            return
        self.bot_task = asyncio.get_running_loop().create_task(self._bot_move(actor))

    async def _bot_move(self, seat: PlayerId) -> None:
        await asyncio.sleep(self.delay)
        bot = self.bots[seat]
        seq, game_number = self.hosted.seq, self.hosted.game_number
        obs = observation(self.hosted.state, seat) if bot.observes else None
        legal = legal_actions(self.hosted.state)
        try:
            action = await asyncio.to_thread(bot.choose, obs, legal)
        except Exception:  # noqa: BLE001 - a computer player failing must not stop the game
            action = legal[0]
        self.bot_task = None
        if (self.hosted.seq, self.hosted.game_number) != (seq, game_number):
            self._bot_turn()  # the position changed meanwhile (a rematch): think again
            return
        if not self._act(seat, str(action), None) and self.hosted.save_problem is not None:
            await asyncio.sleep(SAVE_RETRY)  # its move was not saved, so not made: again later
            self._bot_turn()
