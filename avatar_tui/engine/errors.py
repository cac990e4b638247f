"""The engine's one error for refused actions."""


class IllegalAction(Exception):
    """An action the rules do not allow now. The message says why in plain
    words and cites the rule; the game state is unchanged."""
