"""What one player may see (R1.6): the game state with everything hidden
from that player taken out. A bot is given this, never the real state.

Hidden, and so replaced here:

- the order and identity of every deck card (both decks: a player does not
  know their own deck's order either) — each becomes `HIDDEN`, the count
  stays; a top card turned face up by an effect is public and stays;
- the identity of every face-down energy card (both players') — the count
  per zone stays, and a colour is its zone's (R6.2), so paying is unchanged;
- the setup's seed, the listed top cards of a scenario's decks and the
  game's random generator, from which the deck order could be recomputed;
- the history: a `choose` answer may name a card only its chooser saw
  (looking at the top of one's deck), and the public moves are on the table;
- a choice someone else is making, and the bookkeeping of their effects.

A player looking at the top of their own deck (an effect's choice) sees those
cards while they choose; a bot remembers nothing between moves, so it knows
no more than the observation of the moment.

The opponent's signature moves are not in the state at all (only the
chamber, face up, and a move once revealed); a bot never asks the catalog
for them. Everything else is face up and public.

The result is a `GameState`, so read-only engine functions work on it:
`legal_actions(obs.state)` equals the real legal actions (they depend only on
public information), and a bot may try a payment power on a copy with
`apply` to see whether it would make a counterattack possible. Actions that
would turn a hidden card face up (flip, reflip, looking at the deck) cannot
be tried this way: the card is `HIDDEN`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from avatar_tui.model.common import PLAYERS, PlayerId, other
from avatar_tui.model.state import (
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

    player: PlayerId
    state: GameState
    _view: dict[str, Any] | None = field(default=None, repr=False, compare=False)

    @property
    def opponent(self) -> PlayerId:
        return other(self.player)

    def view(self) -> dict[str, Any]:
        """The public picture (NOTATION.md view) of this observation."""
        if self._view is None:
            from avatar_tui.engine import view

            object.__setattr__(self, "_view", view(self.state))
        assert self._view is not None
        return self._view


def observation(state: GameState, pid: PlayerId) -> Observation:
    """What `pid` may see of `state` (R1.6), as a detached copy."""
    players = {p: _player_view(state.players[p]) for p in PLAYERS}
    looked = _looking_at(state, pid)
    if looked:  # the top cards this player is looking at right now are theirs to see
        players[pid].deck[:looked] = state.players[pid].deck[:looked]
    choice = state.choice
    if choice is not None:
        if choice.chooser == pid:
            choice = choice.model_copy(update={"step": _step_view(choice.step, pid)})
        else:  # someone else's question: its wording may name a card they alone saw
            choice = Choice(chooser=choice.chooser, prompt="", options=[], kind=choice.kind)
    seen = state.model_copy(update={
        "setup": setup_without_secrets(state.setup),
        "players": players,
        "queue": [_step_view(s, pid) for s in state.queue],
        "choice": choice,
        "rng": 0,
        "history": [],
    })
    return Observation(player=pid, state=seen)


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


def _step_view(step, pid: PlayerId):
    """A deep copy of a queued step without another player's private
    bookkeeping (the cards they looked at): every ResolveStep inside it,
    however nested, keeps its `progress` only if it is `pid`'s."""
    if step is None:
        return None
    copied = step.model_copy(deep=True)
    _scrub(copied, pid)
    return copied


def _scrub(node: Any, pid: PlayerId) -> None:
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


def setup_without_secrets(setup: GameSetup) -> GameSetup:
    """The setup as a player sees it: chambers and inline cards only."""
    return setup.model_copy(update={
        "seed": 0,
        "p1": setup.p1.model_copy(update={"deck": [], "complete": False}),
        "p2": setup.p2.model_copy(update={"deck": [], "complete": False}),
    })
