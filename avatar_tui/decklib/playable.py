"""A deck named on the command line (a deck file, or the name of a deck
saved by the editor), and whether it may be played: the decks of `play`
and `simulate`, checked (R13, R1.1) before any game starts."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from avatar_tui.io import terminal_text

# The card database and the deck library load when a deck is asked for.
if TYPE_CHECKING:
    from avatar_tui.cardlib.catalog import DeckList


def load_deck_arg(ref: str) -> DeckList:
    """A deck named on the command line: a file, or a saved deck's name."""
    from avatar_tui.decklib.library import DeckFileError, DeckStore, read_deck_file

    path = Path(ref)
    if not path.is_file():
        store = DeckStore()
        try:
            if store.exists(ref):
                path = store.path(ref)
        except DeckFileError:
            pass
    if not path.exists():  # neither: say both were looked for, not just "no such file"
        raise DeckFileError(f"{terminal_text.quote(ref)}: no deck file and no saved deck of "
                            "that name (avatar-tui deck list shows the saved ones)")
    return read_deck_file(path)


def playable_deck(ref: str) -> DeckList | str:
    """A legal deck from a file or saved deck's name, or the lines saying
    why it cannot be played (R13, R1.1)."""
    from avatar_tui.cardlib.catalog import default_catalog
    from avatar_tui.cardlib.legality import check_deck
    from avatar_tui.decklib.library import DeckFileError

    try:
        deck = load_deck_arg(ref)
    except DeckFileError as err:
        return f"avatar-tui: {err}"
    problems = check_deck(deck, default_catalog(), ref)
    if problems:
        return terminal_text.message(
            "\n".join([f"avatar-tui: {ref}: this deck cannot be played:", *problems]))
    return deck
