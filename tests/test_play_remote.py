"""The play layer's remote seat (play/remote.py), without a network: a
host's game in-process (net/hosted.py) hands each receiver its frames, and
two seats and a watcher, each a `RemoteSeat` under the headless driver,
play a whole game through the commands a front end carries out."""

from __future__ import annotations

import random

from avatar_tui.bots import setup_for
from avatar_tui.engine import observation
from avatar_tui.net.frames import Act, act, refused, seats
from avatar_tui.net.hosted import HostedGame
from avatar_tui.play.controller import GameController
from avatar_tui.play.headless import Headless
from avatar_tui.play.remote import NO_UNDO, RemoteSeat, RemoteSession, event_of


class Table:
    """The host's game and its receivers, frames handed over at once."""

    def __init__(self, seed=21):
        self.hosted = HostedGame.new(setup_for(seed, "katara", "jojo"))
        self.drivers: dict[str | None, Headless] = {}
        self.since: dict[str | None, int] = {}
        self.refusals = 0
        for seat in ("p1", "p2", None):
            seat_referee = RemoteSeat(GameController(), seat, "ws://test/", self._sender(seat))
            self.drivers[seat] = Headless(seat_referee)
            self.since[seat] = 0
            self.drivers[seat].run(seat_referee.open())
            self.deliver(seat)

    def _sender(self, seat):
        def send(frame):
            if not isinstance(frame, Act):
                return
            reason = self.hosted.act(seat, frame.action)
            if reason is not None:
                self.refusals += 1
                referee = self.drivers[seat].referee
                self.drivers[seat].run(referee.received(
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
        driver.run(driver.referee.received(frame))


def test_two_remote_seats_and_a_watcher_play_a_whole_game():
    table = Table()
    rnd = random.Random(4)
    asked = 0
    for _ in range(3000):
        if table.hosted.over:
            break
        for seat in ("p1", "p2", None):
            session = table.drivers[seat].referee.session
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
        assert other.referee.session.legal == [] and other.asked is None
        session = driver.referee.session
        driver.run(driver.referee.act(rnd.choice(session.legal)))
    assert table.hosted.over and asked > 0 and table.refusals == 0
    watcher = table.drivers[None].referee.session
    assert [str(e) for e in watcher.log] == table.hosted.lines  # the whole log, rules and all
    assert all(d.over for s, d in table.drivers.items() if s is not None)
    # a seat's end says the moves made, never the seed that fixed the deck order (R1.6)
    for seat in ("p1", "p2"):
        over = table.drivers[seat].over
        assert over.remote and over.actions == table.hosted.seq > 0 and over.seed is None
    assert not table.drivers[None].over  # a watcher gets no end dialog
    # nobody is offered a new game the host does not keep: a seat may ask for the rematch
    assert "r rematch" in table.drivers["p1"].referee.status()
    watching = table.drivers[None].referee.status()
    assert "rematch" in watching and "n new game" not in watching


def test_no_undo_over_the_network_and_a_watcher_only_looks():
    table = Table()
    actor = table.hosted.actor
    driver = table.drivers[actor]
    mode = driver.referee.controller.mode
    assert not mode.allows("undo") and mode.why_not("undo") == NO_UNDO
    driver.run(driver.referee.undo())
    assert NO_UNDO in driver.referee.controller.hint
    watcher = table.drivers[None].referee
    assert not watcher.controller.mode.allows("play", ("flip",))
    assert not watcher.controller.mode.allows("hint")
    assert watcher.controller.mode.allows("explain")
    seq = table.hosted.seq
    session = driver.referee.session
    watcher.controller.act(session.legal[0])
    assert "watching" in watcher.controller.hint and table.hosted.seq == seq


def test_a_refusal_is_shown_and_the_seat_may_try_again():
    table = Table()
    actor = table.hosted.actor
    driver = table.drivers[actor]
    driver.referee.send(act(f"{actor}: flip"))  # not legal at the opening
    assert table.refusals == 1
    assert "Not allowed" in driver.referee.controller.hint
    assert driver.referee.session.legal  # the seat's keys are back


def test_who_is_away_is_said():
    table = Table()
    actor = table.hosted.actor
    other = "p2" if actor == "p1" else "p1"
    referee = table.drivers[actor].referee
    referee.received(seats({actor: "connected", other: "disconnected"}))
    assert f"{other} disconnected — waiting" in referee.controller.hint
    referee.connection("connection lost — rejoining…")
    assert "rejoining" in referee.controller.hint and referee.session.legal == []


def test_a_log_line_comes_back_as_its_event():
    event = event_of("p1 flips Frost Spear in the green zone (R5.1)")
    assert (event.rule, event.text) == ("R5.1", "p1 flips Frost Spear in the green zone")


def test_a_rejoin_does_not_double_the_log():
    table = Table()
    actor = table.hosted.actor
    driver = table.drivers[actor]
    driver.run(driver.referee.act(driver.referee.session.legal[0]))
    lines = len(table.hosted.lines)
    referee = table.drivers[None].referee
    referee.connection("connection lost — rejoining…")
    referee.connection("connected")
    table.since[None] = 0  # a new connection gets the whole log again
    table.deliver(None)
    assert [str(e) for e in referee.session.log] == table.hosted.lines
    assert len(referee.session.log) == lines


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
        mine = driver.referee.controller.recap
        if mine.for_reader(driver.referee.session.actor):  # the other's run, to read now
            assert mine.mover != actor and mine.said
            assert all(line.endswith(")") for line in mine.said)  # each with its rule
            marks = marks_of(driver.referee.session, mine)
            assert marks.changed and marks.changed == frozenset(mine.places)
            seen_run = True
        if driver.asked is not None:
            driver.answer(rnd.randrange(len(driver.asked.question.actions)))
        else:
            driver.run(driver.referee.act(rnd.choice(driver.referee.session.legal)))
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
            driver.run(driver.referee.act(rnd.choice(driver.referee.session.legal)))
    other = table.drivers["p2" if actor == "p1" else "p1"].referee
    said = other.controller.mode.refusal("space", [("play", ("flip",))])
    name = "Katara (p1)" if actor == "p1" else "Jojo (p2)"
    assert said == f"[b]{name}[/b] is defending: wait for their move."


def test_a_line_repeated_in_a_remote_move_is_told_once_with_how_many_times():
    from avatar_tui.engine import Event
    from avatar_tui.play.remote import told_words

    lines = [Event("R5.3", "p1 counterattacks with Blast Cushion"),
             *[Event("R12.4", "Blast Cushion: nothing to do")] * 6,
             Event("R4", "turn 3: p2 defends"), Event("", "a [b]word[/b]")]
    assert told_words(lines) == ("p1 counterattacks with Blast Cushion (R5.3); "
                                 "Blast Cushion: nothing to do, 6 times (R12.4); "
                                 "turn 3: p2 defends (R4); a \\[b]word\\[/b]")
