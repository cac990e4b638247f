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
Flip 'Em is the one played today; Sealed Deck plugs in as one more entry
of FORMATS whose deck is built (by a person in the deck editor, by the
computer in decklib) rather than made, and whose check is R13.2-R13.3
within the pool."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from avatar_tui.cardlib.cardset import Catalog
from avatar_tui.cardlib.legality import may_use
from avatar_tui.cardlib.packs import RARITY_RANK, Pack, PackMaker, load_collation
from avatar_tui.model.cards import ChamberCard
from avatar_tui.model.common import PLAYERS, PlayerId
from avatar_tui.model.state import FormatSetup, GameSetup, PlayerSetup

Pool = list[list[str]]  # one side's packs, card ids in pack order


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
    player builds from the pool (Sealed Deck, later)."""

    name: str  # as typed: `play --format NAME`, and in a save
    title: str  # as printed on the format's page
    settings: Mapping[str, Setting]
    deck: Callable[[Catalog, Pool, str], list[str]] | None = field(default=None)

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

# every format that can be played, by name; Sealed Deck is added here
FORMATS: dict[str, PackFormat] = {f.name: f for f in (RIP_N_FLIP,)}


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
    cards = [catalog.card(card) for card in pulled_deck_cards(catalog, pool)]

    def worth(index: int) -> tuple[int, int, int]:
        chamber = catalog.chambers[chambers[index]]
        fits = sum(1 for card in cards if may_use(card, chamber))
        return fits, RARITY_RANK.get(chamber.rarity or "", 0), -index

    return chambers[max(range(len(chambers)), key=worth)]


def side_setup(fmt: PackFormat, catalog: Catalog, pool: Pool, chamber: str, seed: int,
               pid: PlayerId) -> PlayerSetup:
    """A side's setup from its pool and chosen chamber: the format's deck,
    shuffled (R2.1) by a generator of its own fixed by the game's seed and
    the seat, and listed whole, so the save deals exactly this deck."""
    if chamber not in pulled_chambers(catalog, pool):
        raise FormatError(f"{pid}.chamber: {chamber} is not one of the chambers {pid} pulled")
    if fmt.deck is None:
        raise FormatError(f"{fmt.name}: the deck is built by the player, not made")
    deck = fmt.deck(catalog, pool, chamber)
    random.Random(seed * 2 + PLAYERS.index(pid)).shuffle(deck)
    return PlayerSetup(chamber=chamber, deck=deck, complete=True)


def format_setup(fmt: PackFormat, catalog: Catalog, seed: int, settings: Mapping[str, int],
                 pools: Mapping[PlayerId, Pool],
                 chambers: Mapping[PlayerId, str]) -> GameSetup:
    """The game's setup: each side's chamber and deck from its pool, and the
    format that made them (so the save replays it, docs/notation.md)."""
    sides = {pid: side_setup(fmt, catalog, pools[pid], chambers[pid], seed, pid)
             for pid in PLAYERS}
    record = FormatSetup(name=fmt.name, settings=dict(settings),
                         packs={pid: [list(pack) for pack in pools[pid]] for pid in PLAYERS})
    return GameSetup(seed=seed, p1=sides["p1"], p2=sides["p2"], format=record,
                     catalog=catalog)


def computer_setup(fmt: PackFormat, catalog: Catalog, maker: PackMaker, seed: int,
                   settings: Mapping[str, int] | None = None) -> GameSetup:
    """A format game where both sides open and choose for themselves (the
    computer's rule): `simulate --format`."""
    chosen = settings_for(fmt, settings)
    pools = open_pools(maker, seed, chosen["packs"])
    chambers = {pid: computer_chamber(catalog, pools[pid]) for pid in PLAYERS}
    return format_setup(fmt, catalog, seed, chosen, pools, chambers)


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
        if len(pool) != settings["packs"]:
            return f"{place}: {len(pool)} packs, not the {settings['packs']} the settings say"
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
