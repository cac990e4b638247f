"""Which key names the app can be sent, as Textual names keys: the
screenshot command's --press checks its keys here, where Textual is."""

from __future__ import annotations

import unicodedata

from textual.keys import REPLACED_KEYS, Keys

from avatar_tui.tui.textual_private import key_character_name

MODIFIERS = ("ctrl+", "shift+", "alt+", "meta+", "super+", "hyper+")


def known_key(key: str) -> bool:
    """Whether the app can be sent `key`: a printable character, a key's
    name (escape, up, f1, space), a character's name (question_mark, plus),
    with modifiers (ctrl+q)."""
    names = {k.value for k in Keys}
    if key in names:
        return True
    base = key
    while base.startswith(MODIFIERS):
        base = base.split("+", 1)[1]
    if len(base) == 1:
        return base.isprintable() and not base.isspace()
    if base in names:
        return True
    try:
        unicodedata.lookup(key_character_name(REPLACED_KEYS.get(base, base)))
    except KeyError:
        return False
    return True
