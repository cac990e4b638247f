"""What one player may see (R1.6), and full game states consistent with it.

`observation(state, pid)` is the game state with everything hidden from
`pid` taken out. A computer player is given this, never the real state.

Hidden, and so replaced there:

- the order and identity of every deck card (both decks: a player does not
  know their own deck's order either) — each becomes `HIDDEN`, the count
  stays; a top card turned face up by an effect is public and stays;
- the identity of every face-down energy card (both players') — the count
  per zone stays, and a colour is its zone's (R6.2), so paying is unchanged;
- the opponent's chamber card, which names their signature moves: only its
  character is public (the id becomes the character's name) until one of its
  moves has been revealed (`ChamberState.revealed`, R1.6, R10.1);
- the setup's seed, the listed top cards of a scenario's decks and the
  game's random generator, from which the deck order could be recomputed;
- the history: a `choose` answer may name a card only its chooser saw
  (looking at the top of one's deck), and the public moves are on the table;
- the wording and answers of a question someone else answers about cards
  only they see (a public question stays, R1.6), and the bookkeeping of
  their effects.

A player looking at the top of their own deck (an effect's choice) sees those
cards while they choose; a computer player remembers nothing between moves,
so it knows no more than the observation of the moment. What the observer
knows of each deck's contents as a whole is in `Observation.pools`: their
own deck list always, the opponent's when it is a house starter deck.

The result is a `GameState`, so read-only engine functions work on it:
`legal_actions(obs.state)` equals the real legal actions (they depend only on
public information), and a bot may try a payment power on a copy with
`apply` to see whether it would make a counterattack possible. Actions that
would turn a hidden card face up (flip, reflip, looking at the deck) cannot
be tried this way: the card is `HIDDEN`.

`determinize(obs, rng)` deals the hidden parts at random: a full state that
a search can play forward, and whose observation by the same player is
exactly `obs` again.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from pydantic import BaseModel

from avatar_tui.cardlib.cardset import Catalog
from avatar_tui.engine import rng as rngmod
from avatar_tui.engine.game import clone
from avatar_tui.engine.table import catalog_for
from avatar_tui.engine.view import view
from avatar_tui.model.common import PLAYERS, ZONES, PlayerId, other
from avatar_tui.model.state import (
    ChamberState,
    Choice,
    GameSetup,
    GameState,
    PlayerState,
    ResolveStep,
    ZoneState,
)

HIDDEN = "?"  # a face-down card whose identity this player may not know


@dataclass(frozen=True)
class Observation:
    """One player's picture of the game. `state` is a detached copy: a bot
    may read it freely; changing it changes nothing in the real game."""

    player: PlayerId | None  # None: a watcher, who sees only what is public
    state: GameState
    # each player's whole deck (every card they own, wherever it is now), as
    # far as `player` knows it: None when it is an opponent's own deck list
    pools: dict[PlayerId, tuple[str, ...] | None] = field(
        default_factory=dict, repr=False, compare=False)
    _view: dict[str, Any] | None = field(default=None, repr=False, compare=False)

    @property
    def opponent(self) -> PlayerId:
        assert self.player is not None, "a watcher has no opponent"
        return other(self.player)

    def view(self) -> dict[str, Any]:
        """The public picture (docs/notation.md view) of this observation."""
        if self._view is None:
            object.__setattr__(self, "_view", view(self.state))
        assert self._view is not None
        return self._view


def observation(state: GameState, pid: PlayerId | None) -> Observation:
    """What `pid` may see of `state` (R1.6), as a detached copy; with `pid`
    None, what a watcher may see: only what is public to both players."""
    catalog = catalog_for(state.setup)
    players = {p: _player_view(state.players[p]) for p in PLAYERS}
    for opp in PLAYERS:
        if opp != pid and not _chamber_known(state.players[opp].chamber):
            players[opp].chamber.id = character_of(catalog, state.players[opp].chamber.id)
    looked = _looking_at(state, pid) if pid is not None else 0
    if looked and pid is not None:  # the top cards pid looks at right now are theirs to see
        players[pid].deck[:looked] = state.players[pid].deck[:looked]
    choice = state.choice
    if choice is not None:
        if choice.chooser == pid or not choice.secret:  # the question is public (R1.6)
            choice = choice.model_copy(update={"step": _step_view(choice.step, pid)})
        else:  # someone else's question about cards they alone saw: that it is asked
            choice = Choice(chooser=choice.chooser, prompt="", options=[], kind=choice.kind,
                            secret=True)
    seen = state.model_copy(update={
        "setup": setup_without_secrets(state.setup, pid, catalog, watcher=pid is None),
        "players": players,
        "queue": [_step_view(s, pid) for s in state.queue],
        "choice": choice,
        "rng": 0,
        "history": [],
    })
    pools = {p: deck_pool(state.setup, p) if p == pid or _house_deck(state.setup, p) else None
             for p in PLAYERS}
    return Observation(player=pid, state=seen, pools=pools)


def _chamber_known(chamber: ChamberState) -> bool:
    """R1.6, R10.1: a chamber is known to the opponent once one of its moves
    has been face up."""
    return bool(chamber.revealed) or chamber.move is not None


def character_of(catalog: Catalog, chamber_ref: str) -> str:
    """The public name of a chamber: its character (a chamber without one,
    a scenario's inline card, is public as it is)."""
    chamber = catalog.find_chamber(chamber_ref)
    if chamber is None or not chamber.character:
        return chamber_ref
    return chamber.character


def _house_deck(setup: GameSetup, pid: PlayerId) -> bool:
    ps = getattr(setup, pid)
    return not ps.deck and not ps.complete


def deck_pool(setup: GameSetup, pid: PlayerId) -> tuple[str, ...]:
    """Every card of `pid`'s deck as set up (R2.1), sorted: the listed
    cards, plus the rest of the starter deck unless the list is complete."""
    ps = getattr(setup, pid)
    if setup.cards:
        return _pool_from(catalog_for(setup), ps.chamber, tuple(ps.deck), ps.complete)
    return _pool_cached(catalog_for(setup), ps.chamber, tuple(ps.deck), ps.complete)


@lru_cache(maxsize=256)
def _pool_cached(catalog: Catalog, chamber: str, deck: tuple[str, ...],
                 complete: bool) -> tuple[str, ...]:
    return _pool_from(catalog, chamber, deck, complete)


def _pool_from(catalog: Catalog, chamber_ref: str, deck: tuple[str, ...],
               complete: bool) -> tuple[str, ...]:
    cards = [catalog.canonical(c) or c for c in deck]
    if not complete:
        chamber = catalog.find_chamber(chamber_ref)
        starter = catalog.starter_deck(chamber.character) \
            if chamber is not None and chamber.character else None
        rest = catalog.deck_cards(starter) if starter is not None else []
        for card in cards:
            if card in rest:
                rest.remove(card)
        cards += rest
    return tuple(sorted(cards))


def _looking_at(state: GameState, pid: PlayerId) -> int:
    """How many of their top cards `pid` is looking at in the pending choice."""
    choice = state.choice
    if choice is None or choice.chooser != pid or not isinstance(choice.step, ResolveStep):
        return 0
    step = choice.step
    if step.effect.effect != "look_at_top" or step.ctx.controller != pid:
        return 0
    return int(step.progress.get("n", 0))


def _player_view(p: PlayerState) -> PlayerState:
    deck = [HIDDEN] * len(p.deck)
    if p.top_revealed and p.deck:
        deck[0] = p.deck[0]  # face up on the deck: public
    zones = {z: _zone_view(zs) for z, zs in p.zones.items()}
    return p.model_copy(update={
        "chamber": p.chamber.model_copy(deep=True),
        "deck": deck,
        "discard": list(p.discard),
        "zones": zones,
        "advantages": list(p.advantages),
    })


def _zone_view(zs: ZoneState) -> ZoneState:
    return zs.model_copy(update={
        "energy": [HIDDEN] * len(zs.energy),
        "ally": zs.ally.model_copy(deep=True) if zs.ally is not None else None,
        "flip": zs.flip.model_copy(deep=True) if zs.flip is not None else None,
    })


def _step_view(step, pid: PlayerId | None):
    """A deep copy of a queued step without another player's private
    bookkeeping (the cards they looked at): every ResolveStep inside it,
    however nested, keeps its `progress` only if it is `pid`'s."""
    if step is None:
        return None
    copied = step.model_copy(deep=True)
    _scrub(copied, pid)
    return copied


def _scrub(node: Any, pid: PlayerId | None) -> None:
    if isinstance(node, ResolveStep):
        if node.ctx.controller != pid:
            node.progress = {}
        return
    if isinstance(node, BaseModel):
        for value in node.__dict__.values():
            _scrub(value, pid)
    elif isinstance(node, list | tuple):
        for item in node:
            _scrub(item, pid)
    elif isinstance(node, dict):
        for item in node.values():
            _scrub(item, pid)


def setup_without_secrets(setup: GameSetup, pid: PlayerId | None = None,
                          catalog: Catalog | None = None, *,
                          watcher: bool = False) -> GameSetup:
    """The setup as a player sees it: chambers and inline cards only; for
    `pid`, the opponent's chamber by its character alone (R1.6); for a
    watcher, both chambers so."""
    p1 = setup.p1.model_copy(update={"deck": [], "complete": False})
    p2 = setup.p2.model_copy(update={"deck": [], "complete": False})
    hidden = [p2 if pid == "p1" else p1] if pid is not None else [p1, p2] if watcher else []
    for ps in hidden:
        ps.chamber = character_of(catalog or catalog_for(setup), ps.chamber)
    # a format game's packs would name every card of each deck: the format
    # and its settings are public, the pools are not
    played = setup.format.model_copy(update={"packs": {}}) if setup.format else None
    return setup.model_copy(update={"seed": 0, "p1": p1, "p2": p2, "format": played})


# ------------------------------------------------------------------ determinize


def determinize(obs: Observation, state_rng: int) -> tuple[GameState, int]:
    """A full game state consistent with everything in `obs`, the hidden
    parts dealt at random with the engine's generator (`state_rng`; the new
    generator state is returned beside it):

    - each player's face-down cards (deck and energy) are what is left of
      their deck (`obs.pools`) once every card of theirs in sight is taken
      out, shuffled; an opponent's unknown deck list is guessed to be their
      character's house deck;
    - a hidden chamber is one of the character's chambers (R1.2), drawn
      among those whose moves include every move revealed (R10.1), with the
      side that is up kept;
    - the state's own generator is drawn afresh, so what happens later is
      as unknown as the deck order.

    `observation(result, obs.player).state == obs.state` always holds. The
    state is the observer's to play forward: a pending choice that belongs
    to someone else keeps only what the observation showed of it."""
    state = clone(obs.state)
    catalog = catalog_for(state.setup)
    for pid in PLAYERS:
        state_rng = _deal_hidden(state, catalog, pid, obs.pools.get(pid), state_rng)
    for opp in PLAYERS:
        chamber = state.players[opp].chamber
        if opp != obs.player and not _chamber_known(chamber):
            state_rng = _draw_chamber(catalog, chamber, state_rng)
    state_rng, state.rng = rngmod.next_u64(state_rng)
    return state, state_rng


def _deal_hidden(state: GameState, catalog: Catalog, pid: PlayerId,
                 pool: tuple[str, ...] | None, state_rng: int) -> int:
    player = state.players[pid]
    slots: list[tuple[list[str], int]] = [
        (player.deck, i) for i, c in enumerate(player.deck) if c == HIDDEN]
    for z in ZONES:
        energy = player.zones[z].energy
        slots += [(energy, i) for i, c in enumerate(energy) if c == HIDDEN]
    if not slots:
        return state_rng
    if pool is None:  # an unknown deck list: guessed to be the character's house deck,
        pool = _pool_from(catalog, state.setup.p1.chamber if pid == "p1"
                          else state.setup.p2.chamber, (), False)
    if not pool:  # or, for a character without one, like the cards of theirs in sight
        pool = tuple(sorted(_in_sight(state, pid))) or _any_pool(state, catalog)
    unknown = Counter(pool)
    unknown.subtract(Counter(_in_sight(state, pid)))
    cards = sorted(unknown.elements())
    state_rng = rngmod.shuffle(state_rng, cards)
    while len(cards) < len(slots):  # a guessed or changed deck: fill from the pool
        state_rng, i = rngmod.below(state_rng, len(pool))
        cards.append(pool[i])
    for (pile, i), card in zip(slots, cards, strict=False):
        pile[i] = card
    return state_rng


def _any_pool(state: GameState, catalog: Catalog) -> tuple[str, ...]:
    """Cards to deal when nothing is known of a deck: all the cards in sight."""
    seen = tuple(sorted(c for p in PLAYERS for c in _in_sight(state, p)))
    return seen or tuple(sorted(catalog.cards))


def _in_sight(state: GameState, pid: PlayerId) -> list[str]:
    """`pid`'s own cards that are face up somewhere (or face down but
    known: a top card being looked at)."""
    player = state.players[pid]
    seen = [c for c in player.deck if c != HIDDEN] + list(player.discard)
    seen += [a.card for a in player.advantages]
    for z in ZONES:
        zs = player.zones[z]
        seen += [c for c in zs.energy if c != HIDDEN]
        if zs.flip is not None:
            seen.append(zs.flip.card)
    for p in PLAYERS:  # an ally may be controlled by the other player (R8)
        for z in ZONES:
            ally = state.players[p].zones[z].ally
            if ally is not None and ally.owner == pid:
                seen.append(ally.card)
    return seen


def _draw_chamber(catalog: Catalog, chamber: ChamberState, state_rng: int) -> int:
    character = chamber.id
    candidates = sorted(
        c.id for c in catalog.chambers.values()
        if c.character == character
        and set(chamber.revealed) <= {m.id for m in catalog.moves_of(c)})
    if candidates:
        state_rng, i = rngmod.below(state_rng, len(candidates))
        chamber.id = candidates[i]
    return state_rng
