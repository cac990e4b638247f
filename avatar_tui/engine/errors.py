"""The engine's one error for refused actions, and the check of its kept
list of cards in play."""


class IllegalAction(Exception):
    """An action the rules do not allow now. The message says why in plain
    words and cites the rule; the game state is unchanged."""


class StaleInPlay(AssertionError):
    """A kept in-play list differs from the board: a change to what is in
    play was made without being counted (model/state.py BoardChanges).
    (Here, not in stats.py, so that stats.py compiles with mypyc, which
    cannot make a class derived from AssertionError.)"""
