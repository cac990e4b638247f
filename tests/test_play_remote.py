"""The play layer's remote seat (play/remote.py), without a network: a
host's game in-process (net/hosted.py) hands each receiver its frames, and
two seats and a watcher, each a `RemoteHost` under the headless driver,
play a whole game through the commands a front end carries out."""

from __future__ import annotations

import random

from avatar_tui.bots import setup_for
from avatar_tui.engine import observation
from avatar_tui.net.frames import Act, act, refused, seats
from avatar_tui.net.hosted import HostedGame
from avatar_tui.play.controller import GameController
from avatar_tui.play.headless import Headless
from avatar_tui.play.remote import NO_UNDO, RemoteHost, RemoteSession, event_of


class Table:
    """The host's game and its receivers, frames handed over at once."""

    def __init__(self, seed=21):
        self.hosted = HostedGame.new(setup_for(seed, "katara", "jojo"))
        self.drivers: dict[str | None, Headless] = {}
        self.since: dict[str | None, int] = {}
        self.refusals = 0
        for seat in ("p1", "p2", None):
            host = RemoteHost(GameController(), seat, "ws://test/", self._sender(seat))
            self.drivers[seat] = Headless(host)
            self.since[seat] = 0
            self.drivers[seat].run(host.open())
            self.deliver(seat)

    def _sender(self, seat):
        def send(frame):
            if not isinstance(frame, Act):
                return
            reason = self.hosted.act(seat, frame.action)
            if reason is not None:
                self.refusals += 1
                host = self.drivers[seat].host
                self.drivers[seat].run(host.received(
                    refused(frame.action, reason)))
                return
            for who in self.drivers:
                self.deliver(who)
        return send

    def deliver(self, who):
        frame = self.hosted.position(who, self.since[who], {"p1": "connected",
                                                            "p2": "connected"})
        self.since[who] = len(self.hosted.lines)
        driver = self.drivers[who]
        driver.run(driver.host.received(frame))


def test_two_remote_seats_and_a_watcher_play_a_whole_game():
    table = Table()
    rnd = random.Random(4)
    asked = 0
    for _ in range(3000):
        if table.hosted.over:
            break
        for seat in ("p1", "p2", None):
            session = table.drivers[seat].host.session
            assert isinstance(session, RemoteSession)
            # the board draws exactly what this receiver may see (R1.6)
            assert session.state == observation(table.hosted.state, seat).state
            assert session.seq == table.hosted.seq
        actor = table.hosted.actor
        driver = table.drivers[actor]
        if driver.asked is not None:
            assert driver.asked.look_away is None  # no privacy screen on one's own screen
            asked += 1
            driver.answer(rnd.randrange(len(driver.asked.question.actions)))
            continue
        other = table.drivers["p2" if actor == "p1" else "p1"]
        assert other.host.session.legal == [] and other.asked is None
        session = driver.host.session
        driver.run(driver.host.act(rnd.choice(session.legal)))
    assert table.hosted.over and asked > 0 and table.refusals == 0
    watcher = table.drivers[None].host.session
    assert [str(e) for e in watcher.log] == table.hosted.lines  # the whole log, rules and all
    assert all(d.over for s, d in table.drivers.items() if s is not None)
    # a seat's end says the moves made, never the seed that fixed the deck order (R1.6)
    for seat in ("p1", "p2"):
        over = table.drivers[seat].over
        assert over.remote and over.actions == table.hosted.seq > 0 and over.seed is None
    assert not table.drivers[None].over  # a watcher gets no end dialog
    # nobody is offered a new game the host does not keep: a seat may ask for the rematch
    assert "r rematch" in table.drivers["p1"].host.status()
    watching = table.drivers[None].host.status()
    assert "rematch" in watching and "n new game" not in watching


def test_no_undo_over_the_network_and_a_watcher_only_looks():
    table = Table()
    actor = table.hosted.actor
    driver = table.drivers[actor]
    mode = driver.host.game.mode
    assert not mode.allows("undo") and mode.why_not("undo") == NO_UNDO
    driver.run(driver.host.undo())
    assert NO_UNDO in driver.host.game.hint
    watcher = table.drivers[None].host
    assert not watcher.game.mode.allows("play", ("flip",))
    assert not watcher.game.mode.allows("hint")
    assert watcher.game.mode.allows("explain")
    seq = table.hosted.seq
    session = driver.host.session
    watcher.game.act(session.legal[0])
    assert "watching" in watcher.game.hint and table.hosted.seq == seq


def test_a_refusal_is_shown_and_the_seat_may_try_again():
    table = Table()
    actor = table.hosted.actor
    driver = table.drivers[actor]
    driver.host.send(act(f"{actor}: flip"))  # not legal at the opening
    assert table.refusals == 1
    assert "Not allowed" in driver.host.game.hint
    assert driver.host.session.legal  # the seat's keys are back


def test_who_is_away_is_said():
    table = Table()
    actor = table.hosted.actor
    other = "p2" if actor == "p1" else "p1"
    host = table.drivers[actor].host
    host.received(seats({actor: "connected", other: "disconnected"}))
    assert f"{other} disconnected — waiting" in host.game.hint
    host.connection("connection lost — rejoining…")
    assert "rejoining" in host.game.hint and host.session.legal == []


def test_a_log_line_comes_back_as_its_event():
    event = event_of("p1 flips Frost Spear in the green zone (R5.1)")
    assert (event.rule, event.text) == ("R5.1", "p1 flips Frost Spear in the green zone")


def test_a_rejoin_does_not_double_the_log():
    table = Table()
    actor = table.hosted.actor
    driver = table.drivers[actor]
    driver.run(driver.host.act(driver.host.session.legal[0]))
    lines = len(table.hosted.lines)
    host = table.drivers[None].host
    host.connection("connection lost — rejoining…")
    host.connection("connected")
    table.since[None] = 0  # a new connection gets the whole log again
    table.deliver(None)
    assert [str(e) for e in host.session.log] == table.hosted.lines
    assert len(host.session.log) == lines


def test_the_other_seats_moves_get_the_recap_and_its_marks_as_at_one_screen():
    """Issue 36: over `join`, the other seat's run of moves was never
    recapped (no panel, no ✱): the host sends positions and log lines, and
    those are what the recap tells."""
    from avatar_tui.play.recap import marks_of

    table = Table()
    rnd = random.Random(2)
    seen_run = False
    for _ in range(400):
        if table.hosted.over:
            break
        actor = table.hosted.actor
        driver = table.drivers[actor]
        mine = driver.host.game.recap
        if mine.for_reader(driver.host.session.actor):  # the other's run, to read now
            assert mine.mover != actor and mine.said
            assert all(line.endswith(")") for line in mine.said)  # each with its rule
            marks = marks_of(driver.host.session, mine)
            assert marks.changed and marks.changed == frozenset(mine.places)
            seen_run = True
        if driver.asked is not None:
            driver.answer(rnd.randrange(len(driver.asked.question.actions)))
        else:
            driver.run(driver.host.act(rnd.choice(driver.host.session.legal)))
    assert seen_run


def test_a_game_key_while_the_other_seat_defends_says_who_is_defending():
    table = Table()
    rnd = random.Random(3)
    for _ in range(200):
        actor = table.hosted.actor
        state = table.hosted.state
        if state.turn == actor and state.choice is None and state.phase != "open":
            break
        driver = table.drivers[actor]
        if driver.asked is not None:
            driver.answer(rnd.randrange(len(driver.asked.question.actions)))
        else:
            driver.run(driver.host.act(rnd.choice(driver.host.session.legal)))
    other = table.drivers["p2" if actor == "p1" else "p1"].host
    said = other.game.mode.refusal("space", [("play", ("flip",))])
    name = "Katara (p1)" if actor == "p1" else "Jojo (p2)"
    assert said == f"[b]{name}[/b] is defending: wait for their move."
