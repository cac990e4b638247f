"""What a shared screen may say (R1.6): the one home of hiding a secret in
words. Two players read the same screen, so anything written on it is
read by both:

- a player's signature move stays unnamed ("your signature move") until it
  is in play, in refusal reasons and in the explain panel alike;
- an answer to a question about cards only its chooser may see (the top of
  their deck) is never written out: not in the log, not when it is taken
  back, not when the computer says what it did.

The engine's own reasons use `move_named`; the app writes actions and
reasons through `shown_action`, `answer_is_secret` and `without_secret_move`.
"""

from __future__ import annotations

from avatar_tui.engine.table import Table
from avatar_tui.model.actions import Action
from avatar_tui.model.common import PlayerId
from avatar_tui.model.state import GameState

HIDDEN_MOVE = "your signature move"


def move_named(t: Table, pid: PlayerId) -> str:
    """How a shared screen names `pid`'s current signature move: by its name
    once it is in play, else `HIDDEN_MOVE` (R1.6)."""
    if t.player(pid).chamber.move is not None:
        return t.current_move(pid).name
    return HIDDEN_MOVE


def without_secret_move(t: Table, pid: PlayerId, text: str) -> str:
    """`text` with `pid`'s signature move unnamed while it is hidden (R1.6)."""
    if t.player(pid).chamber.move is not None:
        return text
    try:
        name = t.current_move(pid).name
    except (KeyError, AssertionError):  # a chamber known by its character only
        return text
    return text.replace(f"{name}'s", f"{HIDDEN_MOVE}'s").replace(name, HIDDEN_MOVE)


def answer_is_secret(state: GameState, action: Action | None = None) -> bool:
    """Whether the answer to the question pending in `state` (`action`, when
    given, being that answer) names cards only its chooser may see (R1.6)."""
    choice = state.choice
    if choice is None or not choice.secret:
        return False
    return action is None or action.verb == "choose"


def shown_action(action: Action, secret: bool) -> str:
    """An action in notation as a shared screen may show it: a secret answer
    (`answer_is_secret` when it was made; `HistoryEntry.secret` after) keeps
    its word to itself (R1.6)."""
    if secret:
        return f"{action.player}: choose (a secret answer, R1.6)"
    return str(action)
