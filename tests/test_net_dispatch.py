"""The frames' seams (docs/protocol.md, PROTOCOL's "Extensions"), without
a network: text becomes a typed frame in one place (net/frames.py), and
each receiver — the host, the client, a remote seat's play layer —
dispatches with one `match` over its direction's union.

- a frame type the host does not know gets an `error`; one a client does
  not know is skipped, and the client goes on;
- fields a frame does not name are accepted (and kept);
- every frame type of each union reaches a case of every dispatcher: a
  type added to a union and left unhandled fails here (`assert_never` at
  run time), not silently in a game."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import pytest

from avatar_tui.bots import setup_for
from avatar_tui.net import frames
from avatar_tui.net.client import Client
from avatar_tui.net.host import Connection, GameServer
from avatar_tui.net.hosted import HostedGame, Seats
from avatar_tui.play.controller import GameController
from avatar_tui.play.remote import RemoteSeat, RemoteSession


def hosted_game() -> HostedGame:
    return HostedGame.new(setup_for(21, "katara", "jojo"))


def host_frames(hosted: HostedGame) -> dict[type, frames.Frame]:
    """One frame of each type a host sends."""
    return {
        frames.Welcome: frames.welcome("p1"),
        frames.Position: hosted.position("p1", 0, {"p1": "connected", "p2": "connected"}),
        frames.Refused: frames.refused("p1: flip", "not now (R5.1)"),
        frames.Error: frames.error("a message"),
        frames.SeatStates: frames.seats({"p1": "connected", "p2": "disconnected"}),
    }


SEAT_FRAMES: dict[type, frames.Frame] = {
    frames.Act: frames.act("p1: focus"),
    frames.Rematch: frames.rematch(),
}


def answers(conn: Connection) -> list[dict]:
    """What the host queued for `conn`, read back from the wire."""
    sent = []
    while not conn.queue.empty():
        text = conn.queue.get_nowait()
        if text is not None:
            sent.append(json.loads(text))
    return sent


def server_and_seat() -> tuple[GameServer, Connection]:
    hosted = hosted_game()
    seat = hosted.actor
    assert seat is not None
    return GameServer(hosted, Seats.fresh()), Connection(seat, None)  # type: ignore[arg-type]


# ---------------------------------------------------------------- reading text


def test_an_unknown_type_and_garbage_are_reasons_not_frames():
    for text in ('{"type": "dance"}', '{"kind": "act"}', "[1]", "{not json",
                 '{"type": "act", "action": 5}', '{"type": "act", "action": "p1: focus", '
                 '"seq": true}', "[" * 40 + "]" * 40):
        assert isinstance(frames.from_seat(text), str), text
    assert "unknown frame type 'dance'" in frames.from_seat('{"type": "dance"}')
    assert "nested more than" in frames.from_seat("[" * 40 + "]" * 40)
    # a frame of the other direction is unknown here too
    assert "unknown frame type 'welcome'" in frames.from_seat(frames.wire(frames.welcome("p1")))
    assert "unknown frame type 'act'" in frames.from_host(frames.wire(frames.act("p1: focus")))


def test_extra_fields_are_accepted_and_kept():
    frame = frames.from_seat('{"type": "act", "action": "p1: focus", "seq": 3, "why": "fun"}')
    assert isinstance(frame, frames.Act) and (frame.action, frame.seq) == ("p1: focus", 3)
    assert json.loads(frames.wire(frame))["why"] == "fun"
    hosted = hosted_game()
    for made in host_frames(hosted).values():
        data = {**json.loads(frames.wire(made)), "later": {"a": [1, 2]}}
        again = frames.from_host(json.dumps(data))
        assert type(again) is type(made) and again.model_extra == {"later": {"a": [1, 2]}}


def test_the_wire_is_protocol_s():
    """An act without `seq` travels without the key; `type` comes first."""
    assert frames.wire(frames.act("p1: focus")) == '{"type":"act","action":"p1: focus"}'
    assert json.loads(frames.wire(frames.act("p1: focus", seq=4))) == {
        "type": "act", "action": "p1: focus", "seq": 4}
    assert json.loads(frames.wire(frames.rematch())) == {"type": "rematch"}
    assert json.loads(frames.wire(frames.error("no"))) == {"type": "error", "message": "no"}
    position = json.loads(frames.wire(host_frames(hosted_game())[frames.Position]))
    assert list(position)[:6] == ["type", "game", "seq", "view", "legal", "log"]


# ---------------------------------------------------------------- the host


def test_the_host_answers_an_unknown_type_with_an_error_and_goes_on():
    server, conn = server_and_seat()
    server._received(conn, b'{"type": "dance", "steps": 3}')
    [error] = answers(conn)
    assert error["type"] == "error" and "unknown frame type 'dance'" in error["message"]
    # an act with a field it does not know is taken all the same
    action = server.hosted.legal()[0]
    server._received(conn, json.dumps({"type": "act", "action": action, "seq": 0,
                                       "from": "a bot"}).encode())
    assert server.hosted.seq == 1


def test_a_watcher_sends_nothing():
    server, _ = server_and_seat()
    watcher = Connection(None, None)  # type: ignore[arg-type]
    server._received(watcher, frames.wire(frames.act("p1: focus")).encode())
    [error] = answers(watcher)
    assert "sends nothing" in error["message"] and server.hosted.seq == 0


def test_every_seat_frame_type_is_handled_by_the_host():
    assert set(SEAT_FRAMES) == set(frames.members(frames.SeatFrame)), \
        "a seat's frame type without an example here: add one, and its case in the host"
    for frame in SEAT_FRAMES.values():
        server, conn = server_and_seat()
        server.take(conn, frame)  # AssertionError (assert_never): a type with no case
        assert answers(conn)  # each gets its answer (a refusal, an error)


# ---------------------------------------------------------------- the clients


class Wire:
    """A client's side of a connection that hands over these texts, then closes."""

    def __init__(self, texts: list[str]):
        self.messages = [aiohttp.WSMessage(aiohttp.WSMsgType.TEXT, t, None) for t in texts]
        self.closed = False

    async def receive(self) -> aiohttp.WSMessage:
        if self.messages:
            return self.messages.pop(0)
        self.closed = True
        return aiohttp.WSMessage(aiohttp.WSMsgType.CLOSED, None, None)


def test_a_client_skips_an_unknown_type_and_goes_on():
    hosted = hosted_game()
    position = host_frames(hosted)[frames.Position]
    client = Client("ws://test/p1/token")
    client._ws = Wire(['{"type": "dance", "steps": 3}', "{not json", '{"type": "position"}',
                       frames.wire(position), frames.wire(frames.error("told"))])

    async def read() -> list:
        got = []
        while (frame := await client.receive(timeout=5)) is not None:
            got.append(frame)
        return got

    got = asyncio.run(read())
    assert [type(f) for f in got] == [frames.Position, frames.Error]
    assert client.position == position and client.errors == ["told"]


def test_every_host_frame_type_is_handled_by_each_client():
    hosted = hosted_game()
    examples = host_frames(hosted)
    assert set(examples) == set(frames.members(frames.HostFrame)), \
        "a host's frame type without an example here: add one, and its case in each client"
    client = Client("ws://test/p1/token")
    remote = RemoteSeat(GameController(), "p1", "ws://test/", lambda frame: None)
    remote.received(examples[frames.Position])  # a session to apply the rest to
    for frame in examples.values():
        client.take(frame)  # AssertionError (assert_never): a type with no case
        remote.received(frame)
    assert isinstance(remote.session, RemoteSession)
    assert client.seats == remote.session.seats == {"p1": "connected", "p2": "disconnected"}


@pytest.mark.parametrize("side", ["client", "remote"])
def test_a_frame_type_left_unhandled_fails_loudly(side):
    """The check above can fail: a frame that no case matches (as a type
    added to the union without one would be) stops at `assert_never`."""

    class Ping(frames.Frame):
        type: str = "ping"

    client = Client("ws://test/p1/token")
    remote = RemoteSeat(GameController(), "p1", "ws://test/", lambda frame: None)
    take = client.take if side == "client" else remote.received
    with pytest.raises(AssertionError):
        take(Ping())  # type: ignore[arg-type]
