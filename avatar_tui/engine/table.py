"""The table an engine step works on: the game state, the cards it refers
to, and the events it produces. Rule functions take a Table."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from avatar_tui.cardlib.cardset import Catalog
from avatar_tui.engine.events import BoardEvent, Event
from avatar_tui.model.cards import DeckCard, SignatureMove
from avatar_tui.model.common import PlayerId, Zone
from avatar_tui.model.state import GameSetup, GameState, PlayerState, ZoneState


class NoCatalog(ValueError):
    """A setup that holds no card catalog came to the engine."""


@lru_cache(maxsize=64)
def _with_inline(base: Catalog, key: tuple[str, ...]) -> Catalog:
    # keyed by the base catalog itself (it compares by identity) and the
    # inline cards' JSON: two games with the same scenario share one catalog
    from pydantic import TypeAdapter

    from avatar_tui.model.cards import AnyCard

    adapter = TypeAdapter(AnyCard)
    return base.with_inline(adapter.validate_json(k) for k in key)


def catalog_for(setup: GameSetup) -> Catalog:
    """The catalog the setup holds, plus the game's inline scenario cards
    if it has any. The engine has no catalog of its own: whoever made the
    setup chose it (GameSetup.catalog)."""
    base = setup.catalog
    if base is None:
        raise NoCatalog("this game's setup holds no card catalog: give GameSetup its "
                        "catalog= (or validate it with context={'catalog': ...})")
    if not setup.cards:
        return base
    return _with_inline(base, tuple(c.model_dump_json() for c in setup.cards))


class Table:
    __slots__ = ("state", "catalog", "card", "names", "events", "happened", "read_only",
                 "in_play_cache", "in_play_version")
    card: Callable[[str], DeckCard]  # the catalog's look-up of a deck card by id

    def __init__(self, state: GameState, catalog: Catalog | None = None,
                 read_only: bool = False):
        self.state = state
        self.catalog = catalog = catalog or catalog_for(state.setup)
        self.card = catalog.card  # asked a few times per step: one call, not two
        self.names = catalog.names()
        self.events: list[Event] = []
        self.happened: list[BoardEvent] = []  # for triggers, until the run loop takes them
        # `read_only`: this table (validation, legal actions, views) never
        # changes the board. The cards in play, as stats.in_play last found
        # them, and the count of board changes they are valid for:
        self.read_only = read_only
        self.in_play_cache: Any = None  # stats.InPlayNow
        self.in_play_version = -1

    # ---- reading
    def player(self, pid: PlayerId) -> PlayerState:
        return self.state.players[pid]

    def zone(self, pid: PlayerId, zone: Zone) -> ZoneState:
        return self.state.players[pid].zones[zone]

    def name(self, card_id: str) -> str:
        name = self.names.get(card_id)
        if name is not None:
            return name
        if card_id == "opening":
            return "the opening attack"
        return self.catalog.card(card_id).name  # (raises KeyError for an unknown id)

    def move_card(self, move_id: str) -> SignatureMove:
        return self.catalog.signature(move_id)

    def current_move(self, pid: PlayerId) -> SignatureMove:
        """The signature move on the chamber's current side (R10.1)."""
        chamber = self.player(pid).chamber
        front, back = self.catalog.moves_of(self.catalog.chamber(chamber.id))
        return front if chamber.side == "front" else back

    # ---- writing
    def emit(self, rule: str, text: str, player: PlayerId | None = None) -> None:
        self.events.append(Event(rule=rule, text=text, player=player))
