"""Setting up a game (R2): decks, energy, discard piles, and who chooses
the opening defender."""

from __future__ import annotations

from avatar_tui.cardlib.cardset import Catalog
from avatar_tui.engine import rng
from avatar_tui.engine.board import deck_to_discard, take_from_deck
from avatar_tui.engine.table import Table, catalog_for
from avatar_tui.model.cards import StrikeCard
from avatar_tui.model.common import PLAYERS, ZONES, PlayerId
from avatar_tui.model.state import (
    ChamberState,
    GameSetup,
    GameState,
    PlayerSetup,
    PlayerState,
    ZoneState,
)

ENERGY_PER_ZONE = 3  # R2.2


class SetupError(ValueError):
    """A setup that names something the database does not have."""


def build_deck(
    catalog: Catalog, ps: PlayerSetup, state_rng: int, who: str
) -> tuple[list[str], int]:
    """The deck, top first (docs/notation.md): the listed cards on top, then,
    unless complete, the rest of the chamber's starter deck (less one copy
    of each listed card it has) shuffled with the game's generator."""
    listed = []
    for i, ref in enumerate(ps.deck):
        card_id = catalog.canonical(ref)
        if card_id is None:
            raise SetupError(f"{who}.deck[{i}]: unknown card '{ref}'")
        listed.append(card_id)
    chamber = catalog.find_chamber(ps.chamber)
    if chamber is None:
        raise SetupError(f"{who}.chamber: unknown chamber '{ps.chamber}'")
    if ps.complete:
        return listed, state_rng
    rest: list[str] = []
    starter = catalog.starter_deck(chamber.character) if chamber.character else None
    if starter is not None:
        rest = catalog.deck_cards(starter)
        for card_id in listed:
            if card_id in rest:
                rest.remove(card_id)
    state_rng = rng.shuffle(state_rng, rest)
    return listed + rest, state_rng


def new_game(setup: GameSetup) -> tuple[GameState, Table]:
    """R2: shuffle (by the setup), deal 3 energy per zone, 4 cards to the
    discard pile, and compare discard forces to find who chooses (R2.4)."""
    catalog = catalog_for(setup)
    state_rng = rng.seeded(setup.seed)
    players: dict[PlayerId, PlayerState] = {}
    for pid in PLAYERS:
        ps: PlayerSetup = getattr(setup, pid)
        deck, state_rng = build_deck(catalog, ps, state_rng, pid)
        # model_construct: values the engine makes itself (ids from the
        # validated setup, lists of ids), so pydantic need not check them
        # again, nor build its validators before the first frame
        players[pid] = PlayerState.model_construct(
            chamber=ChamberState.model_construct(id=ps.chamber),
            deck=deck,
            zones={z: ZoneState.model_construct() for z in ZONES},
        )
    state = GameState.model_construct(setup=setup, players=players, rng=state_rng)
    t = Table(state, catalog)
    for pid in PLAYERS:
        # R2.2: cards 1-3 to green, 4-6 to yellow, 7-9 to red (R9.3: as far as possible)
        for zone in ZONES:
            for _ in range(ENERGY_PER_ZONE):
                card = take_from_deck(t, pid)
                if card is not None:
                    t.zone(pid, zone).energy.append(card)
        deck_to_discard(t, pid)  # R2.3
    t.emit("R2.2", "each player deals 3 energy to each zone and 4 cards to the discard pile")
    state.chooser = _opening_chooser(t)
    state.seen = 0  # setup is where undo starts
    return state, t


def discard_force(t: Table, pid: PlayerId) -> int:
    """R2.4: the printed force of the discard pile; allies and advantages count 0."""
    total = 0
    for card_id in t.player(pid).discard:
        card = t.card(card_id)
        if isinstance(card, StrikeCard):
            total += card.force
    return total


def _opening_chooser(t: Table) -> PlayerId:
    """R2.4: the higher discard force chooses; on a tie both add a card from
    the deck and compare again; a deck running out leaves the choice to p1."""
    while True:
        f1, f2 = discard_force(t, "p1"), discard_force(t, "p2")
        if f1 != f2:
            winner: PlayerId = "p1" if f1 > f2 else "p2"
            t.emit("R2.4", f"discard force p1 {f1}, p2 {f2}: {winner} chooses who defends "
                   "the opening attack", winner)
            return winner
        if not t.player("p1").deck or not t.player("p2").deck:
            t.emit("R2.4", f"discard force tied at {f1} and a deck ran out: p1 chooses", "p1")
            return "p1"
        t.emit("R2.4", f"discard force tied at {f1}: each player adds one more card")
        deck_to_discard(t, "p1", 1)
        deck_to_discard(t, "p2", 1)
