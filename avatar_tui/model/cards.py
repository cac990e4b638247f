"""Card definitions (R1.2): strikes, advantages, allies, chambers and their
signature moves. Loaded from `cards/*.toml` and from scenario `[[cards]]`."""

# No `from __future__ import annotations` here: pydantic would evaluate
# every field's annotation from its string when the class is made, a good
# part of importing the models at every start. A name defined
# further down is written in quotes.

from typing import Annotated, Literal

from pydantic import Field

from avatar_tui.model.common import NO_ENERGY, Energy, Rarity, Strict, Trait
from avatar_tui.model.effects import Effect, Power, Static, Trigger


class CardBase(Strict):
    id: str = Field(pattern=r"^[A-Za-z0-9_]+$")
    name: str
    number: str | None = None  # collector number, e.g. AME068
    rarity: Rarity | None = None
    traits: list[Trait] = []
    text: str = ""  # our own short wording of the card's effect
    exclusive: str | None = None  # Exclusive - a character id (R13.3)
    implemented: bool = True  # every effect of the card is described below
    # Other ids that name this card: an ally's full name in snake_case
    # (`sokka_big_brother`, as docs/notation.md names cards) besides the short
    # one (`sokka`): card lists use either.
    aliases: list[str] = []


class Playable(CardBase):
    """What strikes, advantages and allies share: a cost and effects."""

    cost: Energy = NO_ENERGY
    reflip: Energy | None = None  # R7.4
    powers: list[Power] = []
    pitch: Power | None = None  # R7.5: its cost includes pitching
    statics: list[Static] = []
    triggers: list[Trigger] = []


class StrikeCard(Playable):
    type: Literal["strike"]
    force: int
    intercept: int


class AdvantageCard(Playable):
    type: Literal["advantage"]
    immediate: bool = False  # R7.7
    on_play: list[Effect] = []


class AllyCard(Playable):
    type: Literal["ally"]


class SignatureMove(Strict):
    """A chamber's hidden strike (R10). Never in a deck."""

    id: str = Field(pattern=r"^[A-Za-z0-9_]+$")
    name: str
    cost: Energy = NO_ENERGY
    force: int
    intercept: int
    text: str = ""
    implemented: bool = True
    powers: list[Power] = []
    statics: list[Static] = []
    triggers: list[Trigger] = []
    keep_chamber_side: bool = False  # Storms Without End: no turn at cleanup


class ChamberCard(CardBase):
    """A character (R1.2): four traits and a signature move on each side.

    `front` / `back` name signature moves by id, or define them inline
    (scenario files)."""

    type: Literal["chamber"]
    character: str | None = None  # snake_case character name, e.g. prince_zuko
    front: str | SignatureMove
    back: str | SignatureMove


DeckCard = Annotated[StrikeCard | AdvantageCard | AllyCard, Field(discriminator="type")]
AnyCard = Annotated[
    StrikeCard | AdvantageCard | AllyCard | ChamberCard, Field(discriminator="type")
]
