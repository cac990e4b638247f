"""The one rule for names a player gives to files of the data directory:
kept games (`games/NAME.toml`) and decks (`decks/NAME.toml`). A name is
the file's stem, so it must be safe as one on every system: letters,
digits, '.', '-' and '_', starting with a letter or digit (never a hidden
file, never a path), and not too long to show in a list."""

from __future__ import annotations

import re

NAME_LIMIT = 64
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def name_problem(name: str, what: str) -> str | None:
    """Why `name` cannot name `what` ("a game", "a deck"), or None when it can."""
    if not name:
        return f"{what}'s name cannot be empty"
    if len(name) > NAME_LIMIT:
        return f"{what}'s name has at most {NAME_LIMIT} characters"
    if "/" in name or "\\" in name:
        return f"{what}'s name cannot hold a path separator"
    if name.lower().endswith(".toml"):
        return f"{what}'s name is given without '.toml'"
    if not _NAME.fullmatch(name):
        return (f"{what}'s name is letters, digits, '-', '_' and '.', starting with a "
                "letter or digit")
    return None


def slug(text: str, limit: int, fallback: str) -> str:
    """A name made from free text: `Aang's fox deck` → `aang-s-fox-deck`,
    at most `limit` characters, `fallback` when nothing is left."""
    word = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:limit].strip("-")
    return word or fallback
