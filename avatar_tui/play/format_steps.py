"""The steps before a game from packs (docs/formats.md), without a screen:
each side's packs opened from the game's seed, then, person by person, the
other person turning away (two people at one keyboard, R1.6: a deck's
cards and signature moves are secret), the packs opened and a chamber
chosen among those pulled (Rip 'Em and Flip 'Em) or a deck built of the
pool (Sealed Deck); the computer's seat opens its own and chooses (and
builds) by its rule; last, the game's setup.

Like the deck editor (play/deck_editor.py), `FormatSteps` says what comes
next as a small step object and takes the answer to it: `go_on` after a
look-away or the packs, `chosen` with a chamber's index, `built` with the
deck the person played, `back` (or None for either) to give up. The words
of each step (the chamber's labels, the prompt) are decided here, as the
game's questions are in the play layer, so every front end says the same;
they are plain text, and a front end that draws markup escapes them. No
Textual here: the new-game screen's driver (tui/screens/format_steps.py)
pushes a screen per step, and tests/test_format_steps.py answers them in
plain Python."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from avatar_tui.cardlib.cardset import DeckList, SealedPool
from avatar_tui.cardlib.catalog import Catalog
from avatar_tui.cardlib.entries import chamber_label
from avatar_tui.cardlib.formats import (
    DeckBuilder,
    FormatError,
    PackFormat,
    computer_side,
    fits,
    format_setup,
    open_format_packs,
    pack_maker,
    pool_of,
    pulled_chambers,
    sealed_pool,
)
from avatar_tui.cardlib.packs import Pack
from avatar_tui.decklib.sealed import format_deck
from avatar_tui.model.common import PLAYERS, PlayerId
from avatar_tui.model.state import GameSetup

# ---------------------------------------------------------------- the steps


@dataclass(frozen=True)
class TurnAway:
    """Before `pid`'s packs at a shared keyboard, the other person looks
    away (R1.6); `go_on` opens the packs, `back` gives up. `title`: the
    format's; `then`: what comes after the packs, in words."""

    pid: PlayerId
    title: str
    then: str


@dataclass(frozen=True)
class OpenPacks:
    """`pid`'s packs to open, one by one; `go_on` once they are seen.
    `then`: what going on leads to, in words."""

    pid: PlayerId
    packs: tuple[Pack, ...]
    then: str


@dataclass(frozen=True)
class ChooseChamber:
    """One of the chambers `pid` pulled (`chambers`, worded by `labels`,
    in the order pulled): `chosen` with its index, or None to give up."""

    pid: PlayerId
    title: str
    prompt: str
    labels: tuple[str, ...]
    chambers: tuple[str, ...]


@dataclass(frozen=True)
class BuildDeck:
    """A deck of `pid`'s pool to build (Sealed Deck): `built` with the deck
    the person chose to play (its chamber one of the pool's), or None."""

    pid: PlayerId
    pool: SealedPool


@dataclass(frozen=True)
class Finished:
    """Every side has its chamber and deck: the game's setup."""

    setup: GameSetup


@dataclass(frozen=True)
class WentBack:
    """No game: someone went back, or (`problem`, one line) the settings
    are ones no pool can meet."""

    problem: str | None = None


Step = TurnAway | OpenPacks | ChooseChamber | BuildDeck | Finished | WentBack


# ---------------------------------------------------------------- the sequence


class FormatSteps:
    """The steps of `fmt` from `seed` for each person in `people` (the
    seats played at this keyboard, in turn; the other seats are the
    computer's). `builder` builds the computer's deck where the format has
    decks built. `start` gives the first step; each answer gives the next.
    An answer that does not fit the step (a chamber while packs are open,
    an index past the list) changes nothing and gives the same step."""

    def __init__(self, fmt: PackFormat, catalog: Catalog, seed: int,
                 settings: Mapping[str, int], people: tuple[PlayerId, ...],
                 builder: DeckBuilder = format_deck):
        self.fmt = fmt
        self.catalog = catalog
        self.seed = seed
        self.settings = dict(settings)
        self.people = people
        self.builder = builder
        self.packs: dict[PlayerId, list[Pack]] = {}
        self.chambers: dict[PlayerId, str] = {}
        self.decks: dict[PlayerId, list[str]] = {}  # the decks built, where the format builds
        self.step: Step = WentBack()  # until `start`

    def start(self) -> Step:
        self.chambers, self.decks = {}, {}
        try:
            self.packs = open_format_packs(self.fmt, self.catalog, pack_maker(self.catalog),
                                           self.seed, self.settings)
        except FormatError as err:  # settings no pool can meet
            return self._to(WentBack(str(err)))
        return self._to(self._next_side())

    # ------------------------------------------------------------ the answers

    def go_on(self) -> Step:
        """Past a look-away (to the packs) or the packs (to the chamber or
        the deck)."""
        step = self.step
        if isinstance(step, TurnAway):
            return self._to(self._open(step.pid))
        if isinstance(step, OpenPacks):
            return self._to(self._build(step.pid) if self.fmt.built else
                            self._choose(step.pid))
        return step

    def back(self) -> Step:
        """Give up at any step before the end: no game."""
        if isinstance(self.step, (Finished, WentBack)):
            return self.step
        return self._to(WentBack())

    def chosen(self, index: int | None) -> Step:
        step = self.step
        if index is None:
            return self.back() if isinstance(step, ChooseChamber) else step
        if not isinstance(step, ChooseChamber) or not 0 <= index < len(step.chambers):
            return step
        self.chambers[step.pid] = step.chambers[index]
        return self._to(self._next_side())

    def built(self, deck: DeckList | None) -> Step:
        """The deck the person played from the editor (its chamber the one
        chosen there), or None when they left without one."""
        step = self.step
        if deck is None:
            return self.back() if isinstance(step, BuildDeck) else step
        if not isinstance(step, BuildDeck):
            return step
        self.chambers[step.pid] = deck.chamber
        self.decks[step.pid] = [card for card, n in deck.cards.items() for _ in range(n)]
        return self._to(self._next_side())

    # ------------------------------------------------------------ the order

    def _to(self, step: Step) -> Step:
        self.step = step
        return step

    def _next_side(self) -> Step:
        waiting = [pid for pid in self.people if pid not in self.chambers]
        if not waiting:
            return self._finish()
        pid = waiting[0]
        if len(self.people) > 1:  # people at one keyboard: the other looks away (R1.6)
            then = "build your deck" if self.fmt.built else "choose your chamber"
            return TurnAway(pid, self.fmt.title, then)
        return self._open(pid)

    def _open(self, pid: PlayerId) -> OpenPacks:
        then = "goes on to your deck" if self.fmt.built else "goes on to your chamber"
        return OpenPacks(pid, tuple(self.packs[pid]), then)

    def _build(self, pid: PlayerId) -> BuildDeck:
        return BuildDeck(pid, sealed_pool(self.catalog, pool_of(self.packs[pid]),
                                          self.settings["minimum"]))

    def _choose(self, pid: PlayerId) -> Step:
        catalog = self.catalog
        pool = pool_of(self.packs[pid])
        chambers = pulled_chambers(catalog, pool)
        if not chambers:  # every pack holds one: packs without are wrong, not a choice
            return WentBack(f"seed {self.seed}: {pid} pulled no chamber to choose")
        deck = len(self.fmt.deck(catalog, pool, chambers[0])) if self.fmt.deck else 0
        # two chambers of one character may read alike: the number and rarity
        # tell them apart, and how many pulled cards each may use (R13.2,
        # R13.3) is the computer's own measure of a chamber (computer_chamber)
        labels = tuple(f"{chamber_label(catalog, catalog.chambers[c])} · "
                       f"{catalog.chambers[c].rarity or 'no rarity'} · "
                       f"fits {fits(catalog, pool, c)} of your cards" for c in chambers)
        prompt = (f"{self.fmt.title}: choose one of the chambers you pulled. The others are "
                  f"set aside; the {deck} other cards you pulled are your deck, whatever "
                  "their traits.")
        return ChooseChamber(pid, f"{pid}: your chamber", prompt, labels, tuple(chambers))

    def _finish(self) -> Step:
        """The game's setup; the computer's seats choose by its own rule
        and build with `builder` where the format has decks built
        (cardlib/formats.py `computer_side`, as `simulate --format` does)."""
        pools = {pid: pool_of(self.packs[pid]) for pid in PLAYERS}
        try:
            for pid in PLAYERS:
                if pid not in self.chambers:
                    self.chambers[pid], cards = computer_side(
                        self.fmt, self.catalog, pools[pid], self.settings, self.seed, pid,
                        self.builder)
                    if cards is not None:
                        self.decks[pid] = cards
            return Finished(format_setup(self.fmt, self.catalog, self.seed, self.settings,
                                         pools, self.chambers, self.decks))
        except FormatError as err:  # a chamber not pulled, packs without one: one line
            return WentBack(str(err))
