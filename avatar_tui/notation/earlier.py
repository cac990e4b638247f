"""House decks as they were before a retune (`cards/decks/earlier/`).

A save used to name a character's house deck without listing it, so a
retune of the deck dealt an old save another game, or refused it. Since
then a save lists its house decks (`house` in a player's table); for the
saves written before, the earlier versions of the retuned decks are kept
here, and notation/save.py tries them when the house decks of today do not
replay a save. A file is `CHARACTER.until-DAY.toml`: the deck as it was up
to that day. None is ever dealt to a new game (the catalog does not load
them)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pydantic import ValidationError

from avatar_tui.cardlib.catalog import DeckList, card_data_dir, describe_validation_error
from avatar_tui.io import files

FOLDER = Path("decks") / "earlier"


class EarlierDeckError(ValueError):
    """A file of the earlier decks that cannot be read (one line)."""


@dataclass(frozen=True)
class EarlierDeck:
    until: str  # the day of the retune that replaced it, `2026-11-27`
    deck: DeckList

    @property
    def words(self) -> str:
        return f"{self.deck.name} as it was until {self.until}"


@cache
def earlier_decks(directory: Path | None = None) -> tuple[EarlierDeck, ...]:
    """Every earlier house deck, the most recent first."""
    folder = (directory or card_data_dir()) / FOLDER
    found = []
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else ():
        until = path.stem.partition(".until-")[2]
        if not until:
            raise EarlierDeckError(f"{path}: the name says no day (CHARACTER.until-DAY.toml)")
        try:
            deck = DeckList.model_validate(files.load_toml(path))
        except files.FileProblem as err:
            raise EarlierDeckError(str(err)) from None
        except ValidationError as err:
            raise EarlierDeckError(describe_validation_error(str(path), err)[0]) from None
        found.append(EarlierDeck(until, deck))
    return tuple(sorted(found, key=lambda e: e.until, reverse=True))
