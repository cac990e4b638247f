"""Kept for imports from before the move: the words for effects now live in
`avatar_tui/effect_words.py`, which the command line reads without Textual."""

from avatar_tui.effect_words import *  # noqa: F403
from avatar_tui.effect_words import describe, describe_all  # noqa: F401
