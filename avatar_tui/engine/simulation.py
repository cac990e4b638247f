"""The fast path for simulations (search, playouts): a move taken from
`legal_actions` is made without being checked a second time, with no
events and no history. The rules are the same code as `apply`'s (game.py
`make_move`), so the states reached are the same; a test plays random
games both ways and compares every state (tests/test_simulation.py).

The history is left as it was: a playout state cannot be undone or saved
as a game record, and `can_undo` / `undo` mean nothing on it.
"""

from __future__ import annotations

from avatar_tui.engine.game import make_move
from avatar_tui.engine.table import Table
from avatar_tui.model.actions import Action
from avatar_tui.model.common import PlayerId
from avatar_tui.model.state import GameSetup, GameState


class _Quiet(Table):
    """A table that keeps no events: nobody reads a playout's story."""

    __slots__ = ()

    def emit(self, rule: str, text: str, player: PlayerId | None = None) -> None:
        return None


def playout_apply(state: GameState, action: Action) -> None:
    """Make `action`, which must be one of `legal_actions(state)` (anything
    else may leave the state inconsistent: it is not checked), on the
    state itself: no events, no history entry."""
    global _last
    t, setup = _last
    if t is None or t.state is not state or setup is not state.setup:
        t = _Quiet(state)
        _last = (t, state.setup)
    elif t.happened:  # left by a move that stopped half way (an exception)
        t.happened = []
    make_move(t, action)


# The table of the last playout move and the setup it was made for: a
# playout makes its moves on one state, and a table keeps nothing from a
# move but its list of cards in play, checked at every use.
_last: tuple[_Quiet | None, GameSetup | None] = (None, None)
