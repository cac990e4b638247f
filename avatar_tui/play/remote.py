"""A seat (or a watcher) of a game kept by `avatar-tui host`, played from
this screen (docs/protocol.md). The board draws a `Session` as ever: here
it holds the receiver's observation, rebuilt from each `position` frame, so
only what this screen may see is on it (R1.6); acting sends the action to
the host instead of applying it, and the host's next `position` moves the
board. The decisions are here, the transport is the front end's (a `send`
callable): `avatar-tui join`/`watch` run it over net/client.py.

- no undo over the network: every screen has seen the move;
- no privacy screens: nobody else looks at this screen;
- the hint and the explain panel read this seat's own position;
- who is connected is in the title ("p2 disconnected — waiting").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import groupby
from typing import assert_never

from avatar_tui.cardlib.catalog import Catalog, default_catalog
from avatar_tui.engine import Event, IllegalAction
from avatar_tui.model import frames
from avatar_tui.model.actions import Action, NotationError, parse_action
from avatar_tui.model.common import PlayerId
from avatar_tui.model.state import GameState
from avatar_tui.play import describe
from avatar_tui.play.commands import Commands, GameOver, Show
from avatar_tui.play.controller import GameController
from avatar_tui.play.lesson import words_panel
from avatar_tui.play.modes import DEMO_COMMANDS, PLAYER_COMMANDS, Mode, Params
from avatar_tui.play.plain import escape
from avatar_tui.play.referee import Referee
from avatar_tui.play.session import Session

NO_UNDO = "no undo over the network: both screens have seen the move"
WATCHING = "you are watching: the players move"
_LINE = re.compile(r"^(.*) \(([^()]*)\)$")


def event_of(line: str) -> Event:
    """A log line of the host back as an event (its text, its rule)."""
    m = _LINE.match(line)
    return Event(m.group(2), m.group(1)) if m else Event("", line)


@dataclass
class RemoteSession(Session):
    """The receiver's picture of the host's game. `seat`: "p1", "p2", or
    None for a watcher; `send(text)` hands an action to the host."""

    seat: str | None = None
    send: Callable[[str], None] | None = None
    game_number: int = 0  # the host's game counter (its frames' `game`)
    seq: int = 0
    seats: dict[str, str] = field(default_factory=dict)
    waiting: bool = False  # an action was sent; the host has not answered yet
    rejoined: bool = False  # a new connection: its first position brings the whole log
    lesson: frames.LessonWords | None = None  # the step of a lesson shared (learn --share)
    _words: list[str] = field(default_factory=list, repr=False)

    @property
    def seen(self) -> Session:
        """Already what this receiver may see: the host sent its observation."""
        return self

    @property
    def legal(self) -> list[Action]:
        """This seat's legal actions as the host sent them (none while an
        action it sent waits for the host's answer)."""
        if self.waiting:
            return []
        if self._legal is None:
            self._legal = [parse_action(w) for w in self._words]
        return self._legal

    def act(self, action: Action) -> list[Event]:
        if self.seat is None:
            raise IllegalAction(WATCHING)
        if str(action) not in self._words or self.waiting:
            raise IllegalAction(self.why_not(action) or "not your move now")
        assert self.send is not None
        self.waiting = True  # first: a front end may hand the answer back at once
        self._legal = None
        self.send(str(action))
        return []

    def why_not_undo(self, computer=None) -> str | None:
        return NO_UNDO

    @property
    def pending_question(self) -> bool:
        """A question waits for this seat's answer (another's is theirs)."""
        return super().pending_question and bool(self.legal)

    def refused(self) -> None:
        """The host refused the action sent: this seat's keys are back."""
        self.waiting = False
        self._legal = None

    def seated(self, seats: dict[str, str]) -> None:
        """Who is connected now, as the host says."""
        self.seats = seats

    def link_lost(self) -> None:
        """The link is down: nothing can be sent, and the next position
        (on a new connection) brings the whole log."""
        self.waiting = True
        self.rejoined = True

    def take(self, frame: frames.Position, observation: dict) -> bool:
        """A `position` from the host (and its observation); True when the
        log starts anew: a new game, or the first position after a rejoin
        (which brings it whole)."""
        new_game = frame.game != self.game_number or self.rejoined
        if new_game:
            self.log = []
        self.rejoined = False
        self.game_number, self.seq = frame.game, frame.seq
        self.log.extend(event_of(line) for line in frame.log)
        if frame.seats is not None:
            self.seats = dict(frame.seats)
        self.lesson = frame.lesson
        words = list(frame.legal)
        try:
            for w in words:
                parse_action(w)
        except NotationError:
            words = []
        self._words = words
        self.waiting = False
        # the cards are this screen's own catalog, as the first position's
        # (the host sends no catalog: the client checked it has the same card data)
        self._set(GameState.model_validate(observation,
                                           context={"catalog": self.state.setup.catalog}))
        return new_game


class RemoteMode(Mode):
    """The keys of a remote seat: the position's, never undo; a watcher's:
    looking only."""

    kind = "remote"
    saves = False
    shared_screen = False

    def __init__(self, controller: GameController, seat: str | None, url: str):
        super().__init__(controller)
        self.seat = seat
        self.url = url
        self.connection = "connecting"

    def linked(self, state: str) -> None:
        """The link's state in words ("connected", "connection lost — rejoining…")."""
        self.connection = state

    @property
    def subtitle(self) -> str:
        who = f"you play {self.seat}" if self.seat else "watching"
        session = self.controller.session
        parts = [who]
        if isinstance(session, RemoteSession):
            for pid, how in sorted(session.seats.items()):
                if pid != self.seat and how == "disconnected":
                    parts.append(f"{pid} disconnected — waiting")
            if session.game_number > 1:
                parts.append(f"game {session.game_number}")
        if self.connection != "connected":
            parts.append(self.connection)
        return " · ".join(parts)

    @property
    def computer(self) -> PlayerId | None:
        """The seat the host's computer plays, if any: the recap's title
        says whose moves it shows."""
        session = self.controller.session
        if isinstance(session, RemoteSession):
            return next((p for p, how in sorted(session.seats.items())  # type: ignore[misc]  # the seats' keys are player ids
                         if how == "computer"), None)
        return None

    def panel(self) -> tuple[str, str] | None:
        """A shared lesson's step, in the panel its learner reads (None: no
        lesson, no panel)."""
        session = self.controller.session
        if isinstance(session, RemoteSession) and session.lesson is not None:
            return words_panel(session.lesson)
        return None

    def refusal(self, key: str, bindings: list[tuple[str, Params]]) -> str:
        """A game key while the other player acts: who it is and what they
        do (defend, or choose), as at one screen against the computer."""
        session = self.controller.session
        if self.seat is not None and isinstance(session, RemoteSession) \
                and any(c == "play" for c, _ in bindings):
            actor = session.actor
            if actor is not None and actor != self.seat:
                who = describe.character(session.table, actor)
                doing = "is defending" if actor == session.state.turn and \
                    session.state.phase not in ("open",) and session.state.choice is None \
                    else "is choosing"
                computer = " (the computer)" if actor == self.computer else ""
                return f"[b]{who}[/b]{computer} {doing}: wait for their move."
        return super().refusal(key, bindings)

    def off(self, command: str) -> str | None:
        if command in DEMO_COMMANDS:
            return "only in a demo (avatar-tui demo)"
        if command == "undo":
            return NO_UNDO
        if command == "new_game":
            return "the host keeps this game: when it is over, the end dialog asks for a rematch"
        if command == "moves":
            return "i on a card shows it whole; e lists every move now and why"
        if self.seat is None and command in PLAYER_COMMANDS:
            return WATCHING
        return None

    def allows(self, command: str, params: Params = ()) -> bool:
        if command == "hint":
            session = self.controller.session
            return self.off(command) is None and session is not None and bool(session.legal)
        return super().allows(command, params)


class RemoteSeat(Referee):
    """The referee of a remote seat's (or a watcher's) front end, the
    client of a game kept by `avatar-tui host`: what the game key does is
    decided as ever; the positions come from `received`."""

    def __init__(self, controller: GameController, seat: str | None, url: str,
                 send: Callable[[frames.SeatFrame], None], catalog: Catalog | None = None):
        super().__init__(controller)
        # the positions' cards: this screen's catalog (None: the installed
        # one, which the client checked is the host's card data)
        self.catalog = catalog or default_catalog()
        self.own_seat = seat  # this screen's seat (None: watching)
        self.send = send
        controller.play_as(RemoteMode(controller, seat, url))
        controller.tell(f"Connecting to {escape(url)}…")

    @property
    def mode(self) -> RemoteMode:
        mode = self.controller.mode
        assert isinstance(mode, RemoteMode)
        return mode

    def open(self, start: str = "ask", game=None, kept=None) -> Commands:
        return [Show(title=self.mode.subtitle)]

    def received(self, frame: frames.HostFrame) -> Commands:
        """A frame from the host (typed: net/frames.py read it, and dropped
        any type it does not know), into commands for the front end: one
        `match` over every frame type a host sends, so a type added to the
        union and not handled here fails (mypy, and `assert_never` at run
        time: tests/test_net_dispatch.py)."""
        session = self.session
        match frame:
            case frames.Position(observation=dict() as observation):
                return self._position(frame, observation)
            case frames.Position():  # another host's, without the observation to draw
                return []
            case frames.Refused(reason=reason):
                if isinstance(session, RemoteSession):
                    session.refused()
                self.controller.tell(f"[b]Not allowed:[/b] {escape(reason)}")
                return [Show(), *self.prompt()]
            case frames.Error(message=message):
                self.controller.tell(f"[b]The host says:[/b] {escape(message)}")
                return [Show()]
            case frames.SeatStates(seats=seats):
                if not isinstance(session, RemoteSession):
                    return []
                session.seated(dict(seats))
                self.controller.tell(self.status())
                return [Show(title=self.mode.subtitle)]
            case frames.Welcome():
                return []  # the link read it on connecting
            case _:
                assert_never(frame)

    def status(self) -> str | None:
        """The status line under the board's own first line: who is away,
        the link, and whose move it is as this screen sees it (None: the
        board's words for the step at hand, when this seat acts)."""
        session = self.session
        if not isinstance(session, RemoteSession):
            return None
        parts = [f"[b]{pid} disconnected — waiting[/b]" for pid, how in sorted(
            session.seats.items()) if pid != self.own_seat and how == "disconnected"]
        if self.mode.connection != "connected":
            parts.append(f"[b]{escape(self.mode.connection)}[/b]")
        actor = session.actor
        if session.over:  # no new game here: the host keeps the game (and its rematch)
            parts.append("[dim]The game is over: " + (
                "a rematch starts when both seats ask · q quit" if self.own_seat is None
                else "r rematch (when the other seat asks too) · q quit") + "[/]")
        elif actor is None or self.mode.connection != "connected":
            pass
        elif self.own_seat is None:
            parts.append(f"[dim]watching: {describe.character(session.table, actor)} "
                         "to act[/]")
        elif not session.legal:
            parts.append(f"[dim]waiting for {describe.character(session.table, actor)}…[/]")
        elif parts:
            keys = describe.next_step(session.state, session.look, session.legal)
            parts.append(f"[dim]{keys}[/]")
        return " · ".join(parts) or None

    def _position(self, frame: frames.Position, observation: dict) -> Commands:
        session = self.session
        first = not isinstance(session, RemoteSession)
        if first:
            session = RemoteSession(GameState.model_validate(observation,
                                                             context={"catalog": self.catalog}),
                                    seat=self.own_seat, send=self._send_action)
            self.controller.follow(session)
        assert isinstance(session, RemoteSession)
        before, mover, told = session.state, session.actor, len(session.log)
        rebuilt = session.take(frame, observation) or first
        if rebuilt:
            self.controller.recap.clear()
        elif mover is not None and mover != self.own_seat:  # the other's, recapped as at one screen
            self.controller.recap.add_told(before, session.state, mover,
                                           told_words(session.log[told:]))
        self.position += 1
        self.controller.tell(self.status())
        return [Show(rebuilt=rebuilt, title=self.mode.subtitle), *self.prompt()]

    def _send_action(self, text: str) -> None:
        self.send(frames.act(text))

    def connection(self, state: str) -> Commands:
        """The link's state in words ("connected", "connection lost —
        rejoining…"); while it is down nothing can be sent."""
        self.mode.linked(state)
        session = self.session
        if state != "connected" and isinstance(session, RemoteSession):
            session.link_lost()
        self.controller.tell(self.status() if session is not None else escape(state))
        return [Show(title=self.mode.subtitle)]

    def act(self, action: Action) -> Commands:
        if self.controller.act(action):
            self.controller.recap.clear()  # the other's run has been read; one's own is not told
            self.controller.tell(f"Sent: {escape(str(action))}")
        return [Show()]

    def undo(self) -> Commands:
        self.controller.tell(f"[b]Undo:[/b] {NO_UNDO}")
        return [Show()]

    def ask_new_game(self, can_cancel: bool | None = None) -> Commands:
        self.controller.tell(f"[b]New game:[/b] {self.mode.off('new_game')}")
        return [Show()]

    def prompt(self) -> Commands:
        session = self.session
        if session is None:
            return []
        if session.over:
            seq = session.seq if isinstance(session, RemoteSession) else None
            return [GameOver(actions=seq, remote=True)] if self.own_seat is not None else []
        if session.pending_question and session.legal:
            return self.choose()
        return []

    def game_over(self, answer: str | None) -> Commands:
        if answer in ("rematch", "new"):
            self.send(frames.rematch())
            self.controller.tell("Rematch asked: it starts when the other seat asks too.")
            return [Show()]
        if answer == "quit":
            return self.quit()
        return []


def told_words(lines: list[Event]) -> str:
    """A remote move's log lines as one recap entry. The same line again
    and again (each use of a payment power armed its own effect, and each
    found nothing to do, R12.4) is said once, with how many times."""
    said = []
    for (text, rule), same in groupby(lines, key=lambda line: (line.text, line.rule)):
        times = len(list(same))
        words = escape(text) + (f", {times} times" if times > 1 else "")
        said.append(f"{words} ({rule})" if rule else words)
    return "; ".join(said)
