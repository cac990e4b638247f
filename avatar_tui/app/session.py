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
    can_undo,
    legal_actions,
    look,
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

    def why_not_undo(self) -> str | None:
        """Why `u` cannot take back the last action now (None: it can). On a
        shared keyboard the player to act may take back only their own last
        action, never the opponent's, and never a card turned face up."""
        state = self.state
        if state.phase == "over":
            return "the game is over (R10.5)"
        if not state.history:
            return "there is no action to take back yet"
        last = state.history[-1]
        if not can_undo(state):
            return (f"the last action ({said(last)}) turned a hidden card face up, and what "
                    "was seen cannot be unseen")
        mover = last.action.player
        now = self.actor
        if mover != now:
            return (f"the last action ({said(last)}) was {mover}'s, and {now} may take back "
                    "only their own")
        return None

    def undo(self) -> str:
        """Take back the last action; returns it, in notation (an answer
        about hidden cards without the answer, R1.6)."""
        last = self.state.history[-1]
        self._set(undo(self.state))
        return said(last)

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


def said(entry: HistoryEntry) -> str:
    """An action of the history as the shared screen may show it: an answer
    about cards only its player saw keeps the answer secret (R1.6)."""
    return shown_action(entry.action, entry.secret)
