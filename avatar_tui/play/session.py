"""One game being played: the engine state, the events so far, and the
legal actions of the moment. The app's model: widgets read it, the app
changes it only through the engine (apply / undo)."""

from __future__ import annotations

from dataclasses import dataclass, field

from avatar_tui.engine import (
    Event,
    Look,
    Table,
    actor_of,
    apply,
    legal_actions,
    look,
    observation,
    shown_action,
    undo,
    why_not,
)
from avatar_tui.model.actions import Action
from avatar_tui.model.common import PlayerId
from avatar_tui.model.state import GameState, HistoryEntry


@dataclass
class Session:
    state: GameState
    log: list[Event] = field(default_factory=list)
    _legal: list[Action] | None = field(default=None, repr=False)
    _table: Table | None = field(default=None, repr=False)
    _look: Look | None = field(default=None, repr=False)
    _seen: Session | None = field(default=None, repr=False)

    @property
    def legal(self) -> list[Action]:
        """What the acting player may do now (cached per state)."""
        if self._legal is None:
            self._legal = legal_actions(self.state)
        return self._legal

    @property
    def table(self) -> Table:
        if self._table is None:
            self._table = Table(self.state)
        return self._table

    @property
    def look(self) -> Look:
        """The engine's facts of the moment (cached per state)."""
        if self._look is None:
            self._look = look(self.state)
        return self._look

    @property
    def seen(self) -> Session:
        """The game as a shared screen may show it: a session over the
        watcher's observation (R1.6), which the board draws from, as a
        remote seat's board draws from the observation its host sends."""
        if self._seen is None:
            self._seen = Session(observation(self.state, None).state, self.log)
        return self._seen

    @property
    def actor(self) -> PlayerId | None:
        """Who acts now (None once the game is over)."""
        return actor_of(self.state)

    def why_not(self, action: Action) -> str | None:
        return why_not(self.state, action)

    def act(self, action: Action) -> list[Event]:
        """Make a move through the engine. Raises IllegalAction, leaving
        the session as it was."""
        new, events = apply(self.state, action)
        self._set(new)
        self.log.extend(events)
        return events

    @property
    def can_undo(self) -> bool:
        return self.why_not_undo() is None

    def why_not_undo(self, computer: PlayerId | None = None) -> str | None:
        """Why `u` cannot take back the last action now (None: it can)."""
        taken = self._to_take_back(computer)
        return taken if isinstance(taken, str) else None

    def _to_take_back(self, computer: PlayerId | None) -> int | str:
        """How many of the last actions `u` takes back, or why it takes
        none. On a shared keyboard the player to act may take back only
        their own last action, never the opponent's; against the computer
        (`computer` is its seat) the computer's replies since that action
        go with it. Never a card turned face up: it was seen."""
        state = self.state
        history = state.history
        if state.phase == "over":
            return "the game is over (R10.5)"
        if not history:
            return "there is no action to take back yet"
        replies = 0
        while computer is not None and replies < len(history) and \
                history[-1 - replies].action.player == computer:
            replies += 1
        if replies == len(history):
            return "every action so far was the computer's: none of yours to take back"
        taken = history[-1 - replies:]
        for entry in reversed(taken):
            if entry.revealed:
                which = "the last action" if entry is history[-1] else "the computer's reply"
                return (f"{which} ({said(entry)}) turned a hidden card face up, and what "
                        "was seen cannot be unseen")
        mover = taken[0].action.player
        now = self.actor
        if mover != now:
            return (f"the last action ({said(taken[0])}) was {mover}'s, and {now} may take "
                    "back only their own")
        return len(taken)

    def undo(self, computer: PlayerId | None = None) -> str:
        """Take back the player's last action (with the computer's replies
        since, against the computer); returns what was taken back, in
        notation (an answer about hidden cards without the answer, R1.6)."""
        count = self._to_take_back(computer)
        assert isinstance(count, int), count
        taken = self.state.history[-count:]
        self._set(undo(self.state, count))
        if count == 1:
            return said(taken[0])
        replies = ", ".join(said(e) for e in taken[1:])
        return f"{said(taken[0])} and the computer's {replies}"

    @property
    def pending_question(self) -> bool:
        """A question waits for an answer: the opening defender or a choice."""
        state = self.state
        return state.phase != "over" and (state.choice is not None or state.phase == "open")

    @property
    def over(self) -> bool:
        return self.state.phase == "over"

    def _set(self, state: GameState) -> None:
        self.state = state
        self._legal = None
        self._table = None
        self._look = None
        self._seen = None


def said(entry: HistoryEntry) -> str:
    """An action of the history as the shared screen may show it: an answer
    about cards only its player saw keeps the answer secret (R1.6)."""
    return shown_action(entry.action, entry.secret)
