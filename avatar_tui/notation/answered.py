"""Reading files written before the engine stopped asking questions that
have one answer (two identical cards to put in order, one place left):
such a file still answers them on a line of its own. The engine now gives
that answer itself as part of the move before (engine/game.py), so the
line is refused, and a save or scenario that was fine yesterday would be
called broken. A replay that meets such a line skips it when it names
exactly an answer the engine gave by itself, by the same player, in the
move just made; any other refused line is still an error. The states
reached are the same either way: the answer given is the one named."""

from __future__ import annotations

from avatar_tui.model.actions import Action
from avatar_tui.model.state import GameState


class AnsweredAlready:
    """Follows one replay: which of the last move's unasked answers the
    file has named so far (each is matched once, in order)."""

    def __init__(self) -> None:
        self._move = -1  # the history length the count below belongs to
        self._named = 0

    def covers(self, state: GameState, action: Action) -> bool:
        """True when `action`, just refused, is the next answer the engine
        gave by itself in the last move: the line can be skipped."""
        if not state.history:
            return False
        if self._move != len(state.history):
            self._move, self._named = len(state.history), 0
        unasked = state.history[-1].unasked
        if self._named < len(unasked) and unasked[self._named] == action:
            self._named += 1
            return True
        return False
