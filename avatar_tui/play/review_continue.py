"""Play on from any position of a review: the game so far becomes a new
kept game (`games/NAME.toml`, its own file: the reviewed file is never
written), hot seat or against the computer.

By default the hidden order is the one the game had: the new game is the
old one's setup and its first moves, so what comes next is what would
have come. `deal_again` deals anew what nobody has seen yet (R1.6): the
cards of each deck that were never drawn up to that point, in an order
drawn from `seed`. The new game is then written with both decks listed
in full (`complete`), and it is replayed and checked: at every position
up to that point both players see exactly what they saw in the original
game (`observation`), else the deal is refused with the reason."""

from __future__ import annotations

import random
import secrets
from datetime import date

from avatar_tui.engine import IllegalAction, apply, new_game, observation
from avatar_tui.model.common import PlayerId
from avatar_tui.model.state import GameSetup, GameState, PlayerState
from avatar_tui.notation.save import scenario_text, write_atomically
from avatar_tui.play.review import Review, ReviewError
from avatar_tui.store.savedgames import SavedGames

PLAYERS: tuple[PlayerId, PlayerId] = ("p1", "p2")


def _dealt_order(player: PlayerState) -> list[str]:
    """A deck as it was before the deal (R2.2, R2.3), read back from the
    board just after it: the energy by zone, the discard pile in the order
    it was dealt (ties of R2.4 add to it), then the deck."""
    cards: list[str] = []
    for zone in ("green", "yellow", "red"):
        cards += player.zones[zone].energy
    return cards + list(player.discard) + list(player.deck)


def _never_drawn(start: list[str], now: list[str]) -> int:
    """How many cards at the bottom of the deck as dealt are still, in
    order, at the top of the deck now: nobody has drawn or seen them."""
    for m in range(min(len(start), len(now)), 0, -1):
        if now[:m] == start[-m:]:
            return m
    return 0


def dealt_again(review: Review, at: int, seed: int) -> GameState:
    """Position `at` of the review with the cards nobody has drawn yet
    dealt in a new order (from `seed`); ReviewError when it cannot be.
    A card looked at without being drawn (the top of a deck) was seen: when
    the check finds a sight changed, the card nearest the top is left in
    its place and the rest dealt again, until nothing seen moves."""
    first, here = review.positions[0], review.positions[at]
    starts = {pid: _dealt_order(first.players[pid]) for pid in PLAYERS}
    unseen = {pid: _never_drawn(starts[pid], here.players[pid].deck) for pid in PLAYERS}
    while any(unseen.values()):
        shuffle = random.Random(seed)  # a generator of its own, never the global one
        decks = {}
        for pid in PLAYERS:
            start, m = starts[pid], unseen[pid]
            tail = start[len(start) - m:]
            shuffle.shuffle(tail)
            decks[pid] = start[:len(start) - m] + tail
        setup = GameSetup(
            seed=_deal_seed(first),
            p1=first.setup.p1.model_copy(update={"deck": decks["p1"], "complete": True}),
            p2=first.setup.p2.model_copy(update={"deck": decks["p2"], "complete": True}),
            cards=first.setup.cards, catalog=first.setup.catalog)
        found = _same_sights(review, setup, at)
        if isinstance(found, GameState):
            return found
        unseen = {pid: max(0, m - 1) for pid, m in unseen.items()}
    raise ReviewError(f"by move {at} every card of both decks was drawn or seen: nothing is "
                      "left to deal again (R1.6)")


def _deal_seed(first: GameState) -> int:
    """The seed of a setup whose decks are listed as dealt: the generator as
    the original deal left it (a seed is taken modulo 2**64; written as a
    signed 64-bit number, which TOML can hold), so a deck rebuilt later
    (R9.1) shuffles exactly as it did in the game reviewed."""
    return first.rng - (1 << 64) if first.rng >= 1 << 63 else first.rng


def _same_sights(review: Review, setup: GameSetup, at: int) -> GameState | int:
    """The game of `setup` replayed to `at`, if both players saw at every
    step what they saw in the review (R1.6); else the move where a sight
    changed."""
    state, _ = new_game(setup)
    for k in range(at + 1):
        if k:
            try:
                state, _ = apply(state, review.positions[at].history[k - 1].action)
            except IllegalAction:
                return k
        if any(observation(state, pid) != observation(review.positions[k], pid)
               for pid in PLAYERS):
            return k
    return state


def play_on(review: Review, at: int, games: SavedGames, *, computer: dict[str, str] | None = None,
            deal_again: bool = False, seed: int | None = None) -> tuple[str, GameState]:
    """Keep position `at` as a new game; returns its name and the state.
    `computer`: the seats the computer plays (seat -> kind), none for hot seat;
    `seed`: how the unseen cards are dealt again (None: a new one from the
    system, never the clock)."""
    if review.positions[at].phase == "over":
        raise ReviewError("the game is over at this point (R10.5): step back to play on")
    if seed is None:
        seed = secrets.randbelow(2**32)
    state = dealt_again(review, at, seed) if deal_again else review.positions[at]
    how = "dealt again" if deal_again else "same deal"
    title = f"{review.title}, played on from move {at} ({how})"
    # its own file under a name no kept game has; its title says where it
    # came from, so it is never word for word the reviewed file
    name = games.free_name(state, date.today())
    write_atomically(games.folder / f"{name}.toml",
                     scenario_text(state, title=title, computer=computer))
    return name, state
