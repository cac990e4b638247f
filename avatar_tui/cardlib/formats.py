"""The formats played from booster packs (docs/formats.md): how each side's
chamber and deck come from the packs it opened, given the game's seed.

A format game is an ordinary game (R2-R11) whose setup says where its decks
came from: `GameSetup.format` holds the format's name, its settings and
each side's packs as opened; `p1` and `p2` hold the chamber each side chose
and the deck the format made, listed whole in the order dealt. The engine
deals `p1` and `p2` and never reads the format; `check_format` tells a
setup whose three parts disagree (a hand-edited save) in one line each.

A format is a `PackFormat`: its settings with their bounds, which chambers
a side may choose from its pool, the deck a pool and a chamber make (None
where the player builds it), and the computer's own chamber. Rip 'Em and
Flip 'Em makes its deck of the pool; Sealed Deck's deck is built (by a
person in the deck editor, by the computer with decklib's deck-builder,
passed in as a `DeckBuilder`: the card library cannot import decklib), and
its check is the sealed deck rules of `legality.check_deck` within the pool."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from avatar_tui.cardlib.cardset import Catalog, DeckList, SealedPool
from avatar_tui.cardlib.legality import check_deck, may_use
from avatar_tui.cardlib.packs import RARITY_RANK, Pack, PackMaker, load_collation
from avatar_tui.model.cards import ChamberCard
from avatar_tui.model.common import PLAYERS, PlayerId
from avatar_tui.model.state import FormatSetup, GameSetup, PlayerSetup

Pool = list[list[str]]  # one side's packs, card ids in pack order
# a side's built deck from its pool, the settings and a seed: (chamber, cards)
DeckBuilder = Callable[[Catalog, Pool, Mapping[str, int], int], tuple[str, list[str]]]
# what is wrong with a side's built deck (`place: problem`), or None
DeckCheck = Callable[[Catalog, Pool, PlayerSetup, Mapping[str, int], PlayerId], str | None]
# can a pool build a deck under these settings (else one more pack is opened)?
CanBuild = Callable[[Catalog, Pool, Mapping[str, int]], bool]


@dataclass(frozen=True)
class Setting:
    """A format's number (packs per player, ...): its default and bounds."""

    default: int
    low: int
    high: int
    words: str


@dataclass(frozen=True)
class PackFormat:
    """A way to play from packs. `deck` is None for a format whose deck the
    player builds from the pool (Sealed Deck): then `check` judges the built
    deck, and `can_build` says whether a pool can build one at all (a pool
    that cannot opens one more pack, up to the `extra_packs` setting)."""

    name: str  # as typed: `play --format NAME`, and in a save
    title: str  # as printed on the format's page
    settings: Mapping[str, Setting]
    deck: Callable[[Catalog, Pool, str], list[str]] | None = field(default=None)
    check: DeckCheck | None = field(default=None)
    can_build: CanBuild | None = field(default=None)

    @property
    def built(self) -> bool:
        """Is the deck built by the player (rather than made of the pool)?"""
        return self.deck is None

    def defaults(self) -> dict[str, int]:
        return {key: s.default for key, s in self.settings.items()}


@lru_cache(maxsize=4)
def pack_maker(catalog: Catalog) -> PackMaker:
    """The packs of this catalog by the installed collation (read once)."""
    return PackMaker(catalog, load_collation(catalog))


def pulled_chambers(catalog: Catalog, pool: Pool) -> list[str]:
    """The chambers a side pulled, each once, in the order pulled: the
    chambers it may choose from."""
    found: list[str] = []
    for pack in pool:
        for card in pack:
            if card in catalog.chambers and card not in found:
                found.append(card)
    return found


def pulled_deck_cards(catalog: Catalog, pool: Pool) -> list[str]:
    """Every deck card a side pulled (a chamber is never a deck card), in
    the order pulled."""
    return [catalog.canonical(card) or card for pack in pool for card in pack
            if card not in catalog.chambers]


def rip_n_flip_deck(catalog: Catalog, pool: Pool, chamber: str) -> list[str]:
    """Rip 'Em and Flip 'Em: the deck is every deck card pulled, whatever
    its traits (R13.2-R13.3 lifted) and however many (R13.1 lifted); the
    chambers not chosen are set aside."""
    return pulled_deck_cards(catalog, pool)


RIP_N_FLIP = PackFormat(
    name="rip-n-flip",
    title="Rip 'Em and Flip 'Em",
    settings={"packs": Setting(4, 1, 24, "packs each player opens (at least four suggested)")},
    deck=rip_n_flip_deck,
)

def fits(catalog: Catalog, pool: Pool, chamber: str) -> int:
    """How many of the deck cards a side pulled a deck headed by `chamber`
    may hold (R13.2, R13.3): the computer's choice of chamber, the chamber
    choice's "fits N" and whether a sealed pool can build a deck all ask here."""
    head = catalog.chambers[chamber]
    return sum(1 for card in pulled_deck_cards(catalog, pool)
               if may_use(catalog.card(card), head))


def sealed_pool(catalog: Catalog, pool: Pool, minimum: int) -> SealedPool:
    """A side's packs as the pool a sealed deck is built from and judged by
    (cardset.SealedPool, as the deck editor and `deck check` know it)."""
    return SealedPool(minimum=minimum, chambers=pulled_chambers(catalog, pool),
                      cards=dict(Counter(pulled_deck_cards(catalog, pool))), packs=len(pool))


def sealed_can_build(catalog: Catalog, pool: Pool, settings: Mapping[str, int]) -> bool:
    """Sealed Deck: some chamber pulled may hold the deck minimum of the
    pool's cards (R13.2, R13.3; no copy limit beyond the pool)."""
    return any(fits(catalog, pool, chamber) >= settings["minimum"]
               for chamber in pulled_chambers(catalog, pool))


def sealed_check(catalog: Catalog, pool: Pool, side: PlayerSetup,
                 settings: Mapping[str, int], pid: PlayerId) -> str | None:
    """Sealed Deck: the side's deck judged as a sealed deck list of its pool
    (legality.check_deck: the pool's cards and copies, R13.2, R13.3 and the
    deck minimum), the first problem as `p1.deck: cards.ID: problem`."""
    if not side.complete:
        return f"{pid}.complete: a format game lists its deck whole (complete = true)"
    cards = Counter(catalog.canonical(card) or card for card in side.deck)
    try:
        deck = DeckList(name=f"{pid}'s sealed deck", chamber=side.chamber, cards=dict(cards),
                        sealed=sealed_pool(catalog, pool, settings["minimum"]))
    except ValueError:  # a count past what a deck file may hold
        return f"{pid}.deck: more copies of one card than any pool holds"
    problems = check_deck(deck, catalog, f"{pid}.deck")
    return problems[0] if problems else None


SEALED = PackFormat(
    name="sealed",
    title="Sealed Deck",
    # the defaults measured by benchmarks/sealed_pools.py (docs/formats.md):
    # with 8 packs at least 99% of pools can build a deck of 30 at once
    settings={"packs": Setting(8, 1, 20, "packs each player opens"),
              "minimum": Setting(30, 1, 60, "the least cards a sealed deck holds"),
              "extra_packs": Setting(4, 0, 4, "more packs opened, one at a time, by a pool "
                                              "that cannot build a deck")},
    check=sealed_check,
    can_build=sealed_can_build,
)

# every format that can be played, by name
FORMATS: dict[str, PackFormat] = {f.name: f for f in (RIP_N_FLIP, SEALED)}


class FormatError(ValueError):
    """A format, a setting or a choice that cannot be: one line."""


def settings_for(fmt: PackFormat, given: Mapping[str, int] | None = None) -> dict[str, int]:
    """The format's settings, the given ones over the defaults, each checked
    against its bounds (FormatError names the first one wrong)."""
    settings = fmt.defaults()
    for key, value in (given or {}).items():
        setting = fmt.settings.get(key)
        if setting is None:
            raise FormatError(f"{key}: {fmt.name} has no such setting (it has: "
                              f"{', '.join(fmt.settings)})")
        if isinstance(value, bool) or not isinstance(value, int) \
                or not setting.low <= value <= setting.high:
            raise FormatError(f"{key}: {value!r} is not a whole number from {setting.low} to "
                              f"{setting.high} ({setting.words})")
        settings[key] = value
    return settings


def open_packs(maker: PackMaker, seed: int, packs: int) -> dict[PlayerId, list[Pack]]:
    """Each side's packs, opened from the game's seed: p1's first, then p2's
    from the same generator, so one seed fixes both."""
    opened = maker.packs(seed, 2 * packs)
    return {"p1": opened[:packs], "p2": opened[packs:]}


def open_format_packs(fmt: PackFormat, catalog: Catalog, maker: PackMaker, seed: int,
                      settings: Mapping[str, int]) -> dict[PlayerId, list[Pack]]:
    """Each side's packs for `fmt` (open_packs). A pool that cannot build a
    deck (`fmt.can_build`) opens one more pack, up to `extra_packs` more:
    drawn from the same generator after both sides' packs, p1's extra packs
    before p2's, so the seed still fixes every pack (docs/formats.md)."""
    count = settings["packs"]
    rng = random.Random(seed)  # as maker.packs draws: the first packs are open_packs's
    opened = [maker.pack(rng) for _ in range(2 * count)]
    packs: dict[PlayerId, list[Pack]] = {"p1": opened[:count], "p2": opened[count:]}
    if fmt.can_build is not None:
        for pid in PLAYERS:
            for _ in range(settings.get("extra_packs", 0)):
                if fmt.can_build(catalog, pool_of(packs[pid]), settings):
                    break
                packs[pid].append(maker.pack(rng))
            if not fmt.can_build(catalog, pool_of(packs[pid]), settings):
                raise FormatError(f"seed {seed}: {pid}'s {len(packs[pid])} packs cannot build "
                                  f"a {fmt.title} deck: open more packs or lower the settings")
    return packs


def pool_of(packs: list[Pack]) -> Pool:
    """A side's packs as the setup keeps them: card ids, pack by pack."""
    return [[pulled.card for pulled in pack] for pack in packs]


def open_pools(maker: PackMaker, seed: int, packs: int) -> dict[PlayerId, Pool]:
    """Each side's pool, as `open_packs` opens it."""
    return {pid: pool_of(opened) for pid, opened in open_packs(maker, seed, packs).items()}


def computer_chamber(catalog: Catalog, pool: Pool) -> str:
    """The computer's choice of chamber, from the chambers it pulled: the
    one that would allow the most of its pulled deck cards under R13.2-R13.3
    (traits are ignored for building, but a card of the chamber's traits or
    exclusive to its character tends to play with it); then the rarer
    chamber; then the first pulled. Nothing random, so a seed fixes it."""
    chambers = pulled_chambers(catalog, pool)
    if not chambers:
        raise FormatError("no chamber was pulled: every pack holds one, so the packs are wrong")

    def worth(index: int) -> tuple[int, int, int]:
        chamber = catalog.chambers[chambers[index]]
        return (fits(catalog, pool, chamber.id), RARITY_RANK.get(chamber.rarity or "", 0),
                -index)

    return chambers[max(range(len(chambers)), key=worth)]


def side_setup(fmt: PackFormat, catalog: Catalog, pool: Pool, chamber: str, seed: int,
               pid: PlayerId, built: list[str] | None = None) -> PlayerSetup:
    """A side's setup from its pool and chosen chamber: the format's deck
    (or the deck `built` from the pool, where the player builds it),
    shuffled (R2.1) by a generator of its own fixed by the game's seed and
    the seat, and listed whole, so the save deals exactly this deck."""
    if chamber not in pulled_chambers(catalog, pool):
        raise FormatError(f"{pid}.chamber: {chamber} is not one of the chambers {pid} pulled")
    if fmt.deck is not None:
        deck = fmt.deck(catalog, pool, chamber)
    elif built is not None:
        deck = list(built)
    else:
        raise FormatError(f"{fmt.name}: {pid}'s deck is built by the player, and none was")
    random.Random(seed * 2 + PLAYERS.index(pid)).shuffle(deck)
    return PlayerSetup(chamber=chamber, deck=deck, complete=True)


def format_setup(fmt: PackFormat, catalog: Catalog, seed: int, settings: Mapping[str, int],
                 pools: Mapping[PlayerId, Pool], chambers: Mapping[PlayerId, str],
                 built: Mapping[PlayerId, list[str]] | None = None) -> GameSetup:
    """The game's setup: each side's chamber and deck from its pool (`built`:
    the decks the players built, where the format has them build), and the
    format that made them (so the save replays it, docs/notation.md)."""
    sides = {pid: side_setup(fmt, catalog, pools[pid], chambers[pid], seed, pid,
                             (built or {}).get(pid))
             for pid in PLAYERS}
    record = FormatSetup(name=fmt.name, settings=dict(settings),
                         packs={pid: [list(pack) for pack in pools[pid]] for pid in PLAYERS})
    return GameSetup(seed=seed, p1=sides["p1"], p2=sides["p2"], format=record,
                     catalog=catalog)


def builder_seed(seed: int, pid: PlayerId) -> int:
    """The seed a computer side's deck-builder is given: the game's and the seat's."""
    return seed * 2 + PLAYERS.index(pid)


def computer_side(fmt: PackFormat, catalog: Catalog, pool: Pool,
                  settings: Mapping[str, int], seed: int, pid: PlayerId,
                  builder: DeckBuilder | None) -> tuple[str, list[str] | None]:
    """The computer's chamber for `pid`'s pool, and its deck where the format
    has the player build one (`builder`, from a seed of the game's and the
    seat's); None where the format makes the deck itself."""
    if not fmt.built:
        return computer_chamber(catalog, pool), None
    if builder is None:
        raise FormatError(f"{fmt.name}: the computer's decks need a deck-builder")
    chamber, cards = builder(catalog, pool, settings, builder_seed(seed, pid))
    return chamber, cards


def computer_setup(fmt: PackFormat, catalog: Catalog, maker: PackMaker, seed: int,
                   settings: Mapping[str, int] | None = None,
                   builder: DeckBuilder | None = None) -> GameSetup:
    """A format game where both sides open and choose for themselves (the
    computer's rule; where the player builds the deck, `builder` builds it
    and chooses the chamber): `simulate --format`."""
    chosen = settings_for(fmt, settings)
    pools = {pid: pool_of(packs)
             for pid, packs in open_format_packs(fmt, catalog, maker, seed, chosen).items()}
    sides = {pid: computer_side(fmt, catalog, pools[pid], chosen, seed, pid, builder)
             for pid in PLAYERS}
    decks = {pid: cards for pid, (_, cards) in sides.items() if cards is not None}
    return format_setup(fmt, catalog, seed, chosen, pools,
                        {pid: chamber for pid, (chamber, _) in sides.items()}, decks)


def check_format(record: FormatSetup, sides: Mapping[PlayerId, PlayerSetup],
                 catalog: Catalog) -> str | None:
    """What is wrong with a format game's setup, as `place: problem` (the
    first problem), or None: a known format, settings in bounds, the packs
    the settings say of known cards, each side's chamber one it pulled and
    its deck exactly the one the format makes of its pool."""
    fmt = FORMATS.get(record.name)
    if fmt is None:
        return (f"format.name: unknown format {record.name!r} (known: "
                f"{', '.join(FORMATS)})")
    try:
        settings = settings_for(fmt, record.settings)
    except FormatError as err:
        return f"format.settings.{err}"
    for pid in PLAYERS:
        pool = record.packs.get(pid)
        place = f"format.packs.{pid}"
        if pool is None:
            return f"{place}: missing: the packs {pid} opened"
        most = settings["packs"] + (settings.get("extra_packs", 0) if fmt.can_build else 0)
        if not settings["packs"] <= len(pool) <= most:
            said = str(settings["packs"]) if most == settings["packs"] else \
                f"{settings['packs']} to {most}"
            return f"{place}: {len(pool)} packs, not the {said} the settings say"
        for i, pack in enumerate(pool):
            for card in pack:
                if card not in catalog.chambers and catalog.canonical(card) is None:
                    return f"{place}[{i}]: unknown card {card!r}"
        side = sides[pid]
        chamber = catalog.find_chamber(side.chamber)
        pulled = pulled_chambers(catalog, pool)
        if chamber is None or chamber.id not in pulled:
            return (f"{pid}.chamber: {side.chamber!r} is not one of the chambers {pid} pulled "
                    f"({', '.join(pulled) or 'none'})")
        if fmt.deck is not None:
            problem = _deck_problem(fmt, catalog, pool, chamber, side, pid)
        else:
            problem = fmt.check(catalog, pool, side, settings, pid) if fmt.check else None
        if problem:
            return problem
    return None


def _deck_problem(fmt: PackFormat, catalog: Catalog, pool: Pool, chamber: ChamberCard,
                  side: PlayerSetup, pid: PlayerId) -> str | None:
    assert fmt.deck is not None
    if not side.complete:
        return f"{pid}.complete: a format game lists its deck whole (complete = true)"
    wanted = Counter(fmt.deck(catalog, pool, chamber.id))
    have = Counter(catalog.canonical(card) or card for card in side.deck)
    if have != wanted:
        extra = sorted((have - wanted).elements())
        missing = sorted((wanted - have).elements())
        said = "; ".join(part for part in (
            f"not pulled: {', '.join(extra)}" if extra else "",
            f"pulled but missing: {', '.join(missing)}" if missing else "") if part)
        return f"{pid}.deck: not the deck {fmt.name} makes of {pid}'s packs ({said})"
    return None
