"""The `cards` and `deck check` subcommands: the card database as a table or
JSON, with filters, and a deck file checked against the deckbuilding rules
(R13, R1.1 for starter decks)."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, get_args

from avatar_tui import terminal_text
from avatar_tui.cardsearch import QueryError, parse
from avatar_tui.model.names import Trait

# The card database (pydantic) loads when a command runs, never to parse the
# command line; none of these commands needs the game engine or Textual.
if TYPE_CHECKING:
    from avatar_tui.catalog import CardDataError, Catalog
    from avatar_tui.model.cards import ChamberCard, DeckCard, SignatureMove
    from avatar_tui.model.common import Energy

TYPES = ["strike", "advantage", "ally", "signature", "chamber"]
TRAITS = [*get_args(Trait), "generic"]


# ------------------------------------------------------------------ entries


@dataclass(frozen=True)
class Entry:
    """One line of the listing: a deck card, a chamber or a signature move."""

    id: str
    name: str
    type: str
    number: str | None
    rarity: str | None
    traits: list[str]
    cost: Energy
    force: int | None
    intercept: int | None
    keywords: list[str]
    implemented: bool
    text: str = ""  # the card's own short wording (cards/*.toml), our words
    powers: tuple[str, ...] = ()  # its payment and pitch powers, in words

    def as_json(self) -> dict:
        from avatar_tui.model.common import ZONES

        return {
            "id": self.id,
            "name": self.name,
            "type": self.type,
            "number": self.number,
            "rarity": self.rarity,
            "traits": self.traits,
            "cost": {zone: self.cost.of(zone) for zone in ZONES},
            "force": self.force,
            "intercept": self.intercept,
            "keywords": self.keywords,
            "implemented": self.implemented,
            "text": self.text,
            "powers": list(self.powers),
        }


def card_entry(card: DeckCard) -> Entry:
    from avatar_tui.effect_words import powers_in_words
    from avatar_tui.model.cards import AdvantageCard

    keywords = [
        word
        for word, present in (
            ("immediate", isinstance(card, AdvantageCard) and card.immediate),
            ("reflip", card.reflip is not None),  # R7.4
            ("pitch", card.pitch is not None),  # R7.5
            ("exclusive", card.exclusive is not None),  # R13.3
        )
        if present
    ]
    return Entry(
        card.id, card.name, card.type, card.number, card.rarity, list(card.traits),
        card.cost, getattr(card, "force", None), getattr(card, "intercept", None),
        keywords, card.implemented, card.text, tuple(powers_in_words(card)),
    )


def chamber_entry(chamber: ChamberCard) -> Entry:
    from avatar_tui.model.common import NO_ENERGY

    return Entry(
        chamber.id, chamber.name, "chamber", chamber.number, chamber.rarity,
        list(chamber.traits), NO_ENERGY, None, None, [], chamber.implemented, chamber.text,
    )


def move_entry(move: SignatureMove) -> Entry:
    from avatar_tui.effect_words import powers_in_words

    return Entry(
        move.id, move.name, "signature", None, None, [], move.cost, move.force,
        move.intercept, [], move.implemented, move.text, tuple(powers_in_words(move)),
    )


def by_number(entry: Entry) -> tuple[bool, str]:
    number = entry.number or ""
    return (not number.startswith("AME"), number)  # the set first, then promos


def entries(catalog: Catalog, character: ChamberCard | None = None) -> list[Entry]:
    """Deck cards, then chambers (both by collector number), then signature
    moves. With a chamber: only what a deck headed by it may hold (R13.2,
    R13.3), and that character's chambers and moves."""
    from avatar_tui.deckbuilding import may_use

    cards = [c for c in catalog.cards.values() if character is None or may_use(c, character)]
    chambers = [
        c for c in catalog.chambers.values()
        if character is None or c.character == character.character
    ]
    move_ids = {m.id for c in chambers for m in catalog.moves_of(c)}
    moves = [
        m for m in catalog.signatures.values() if character is None or m.id in move_ids
    ]
    return [
        *sorted(map(card_entry, cards), key=by_number),
        *sorted(map(chamber_entry, chambers), key=by_number),
        *map(move_entry, moves),
    ]


def select(
    rows: list[Entry], kind: str | None, trait: str | None, unimplemented: bool
) -> list[Entry]:
    def keep(row: Entry) -> bool:
        if kind and row.type != kind:
            return False
        if trait == "generic" and (row.traits or row.type in ("chamber", "signature")):
            return False
        if trait and trait != "generic" and trait not in row.traits:
            return False
        return not (unimplemented and row.implemented)

    return [row for row in rows if keep(row)]


# ------------------------------------------------------------------ cards


def add_cards_parser(sub: argparse._SubParsersAction) -> None:
    cards = sub.add_parser(
        "cards",
        help="list the card database",
        description="List every card, chamber and signature move of the database.",
    )
    cards.add_argument("--type", choices=TYPES, help="only this kind of card")
    cards.add_argument(
        "--trait", choices=TRAITS, metavar="TRAIT",
        help=f"only cards with this trait ({', '.join(TRAITS)})",
    )
    cards.add_argument(
        "--character", metavar="NAME",
        help="only what this character may use (R13.2, R13.3): a character such as "
        "aang or prince_zuko, or a chamber number such as AME181",
    )
    cards.add_argument(
        "--unimplemented", action="store_true",
        help="only cards whose effects the game does not know yet",
    )
    cards.add_argument(
        "--search", metavar="QUERY",
        help="only cards matching QUERY, the deck editor's query language: plain words "
        "search name, id and text; type:strike trait:fox rarity:rare kw:reflip f>=5 "
        "i<4 g<=1 y=0 r>0 cost<=2; -TERM negates (see README)",
    )
    cards.add_argument("--json", action="store_true", help="print a JSON list instead")
    cards.add_argument(
        "--check", action="store_true",
        help="validate every card and deck file again, renew the cached database, and "
        "say whether it is sound (exit status 2 when it is not)",
    )
    cards.set_defaults(handler=run_cards)


def run_cards(args: argparse.Namespace) -> int:
    if getattr(args, "check", False):
        return run_check()
    catalog = _load_catalog()
    if catalog is None:
        return 2
    chamber = None
    if args.character:
        chamber = catalog.find_chamber(args.character)
        if chamber is None:
            terminal_text.say(f"avatar-tui cards: unknown character "
                              f"'{terminal_text.quote(args.character)}'")
            return 2
    rows = select(entries(catalog, chamber), args.type, args.trait, args.unimplemented)
    if getattr(args, "search", None):
        try:
            rows = parse(args.search).filter(rows)
        except QueryError as err:
            terminal_text.say(f"avatar-tui cards: --search: {err}")
            return 2
    if args.json:
        print(terminal_text.json_text(
            json.dumps([row.as_json() for row in rows], indent=2, ensure_ascii=False)))
    else:
        print_table(rows)
    return 0


RARITY = {"common": "C", "uncommon": "U", "rare": "R", "promo": "P", "zenemental": "Z"}


def print_table(rows: list[Entry], width: int | None = None) -> None:
    """The rows as a table as wide as the terminal (80 columns when the
    output is not one, `width` in tests): the card's name over its id and
    number, its type and rarity over its traits, its cost over force and
    intercept, and its text wrapped in what is left (its powers in words are
    in --json). A column no row has anything in is left out."""
    if not rows:  # a line, not an empty table
        print("No card matches.")
        return
    from rich import box
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    def t(text: str) -> str:  # a card file's text: neither markup nor terminal controls
        return escape(terminal_text.visible(text, keep="\n"))

    columns = [
        ("card", lambda r: f"{t(r.name)}\n[dim]{t(r.id)}{' ' + t(r.number) if r.number else ''}"
                           "[/]"),
        ("kind", lambda r: t("\n".join(filter(None, [
            r.type + (f" {RARITY.get(r.rarity, r.rarity)}" if r.rarity else ""),
            " ".join(r.traits)])))),
        ("cost", lambda r: "\n".join(filter(None, [
            r.cost.short() if r.type != "chamber" else "",
            f"F{r.force} I{r.intercept}" if r.force is not None else ""]))),
        ("text", lambda r: t(r.text)),
        ("impl", lambda r: "yes" if r.implemented else "[red]no[/red]"),
    ]
    cells = [[show(row) for row in rows] for _, show in columns]
    wanted = [
        i for i, (name, _) in enumerate(columns)
        if any(cells[i]) and (name != "impl" or not all(r.implemented for r in rows))
    ]
    table = Table(title=f"{len(rows)} cards", title_justify="left", box=box.SIMPLE_HEAD,
                  show_edge=False, pad_edge=False, padding=(0, 1))
    widths = {"card": 20, "kind": 11, "cost": 8}
    for i in wanted:
        name = columns[i][0]
        table.add_column(name, width=widths.get(name), ratio=1 if name == "text" else None,
                         overflow="fold")
    for r in range(len(rows)):
        table.add_row(*(cells[i][r] for i in wanted))
    if width is None:
        width = None if sys.stdout.isatty() else 80
    console = Console(file=sys.stdout, width=width)
    console.print(table)


def _num(value: int | None) -> str:
    return "" if value is None else str(value)


# ------------------------------------------------------------------ deck check


def add_deck_parser(sub: argparse._SubParsersAction) -> None:
    deck = sub.add_parser(
        "deck",
        help="deck files: check, random starter, import and export a text list",
        description="Deck files (cards/README.md) and the deckbuilding rules (R13).",
    )
    actions = deck.add_subparsers(title="actions", metavar="ACTION")
    actions.required = True
    check = actions.add_parser(
        "check",
        help="check a deck file: R13.1 size and copies, R13.2 traits, R13.3 exclusives",
        description="Exit status: 0 legal, 1 rule problems (one line each), "
        "2 the file cannot be read.",
    )
    check.add_argument("file", metavar="FILE", help="a deck TOML file")
    check.set_defaults(handler=run_deck_check)
    from avatar_tui import deck_cli

    deck_cli.add_deck_actions(actions)


def run_deck_check(args: argparse.Namespace) -> int:
    from avatar_tui.deckbuilding import check_deck
    from avatar_tui.decklib import DeckFileError, read_deck_file

    place = args.file
    try:
        deck = read_deck_file(place)
    except DeckFileError as err:
        terminal_text.say(err)
        return 2
    catalog = _load_catalog()
    if catalog is None:
        return 2
    problems = check_deck(deck, catalog, place)
    for line in problems:  # they quote the file's card ids
        print(terminal_text.message(line))
    unready = [
        card_id for card_id in deck.cards
        if catalog.canonical(card_id) and not catalog.card(card_id).implemented
    ]
    if unready:
        terminal_text.say(
            f"{place}: note: not implemented yet, so the game cannot deal this deck: "
            + ", ".join(unready))
    if problems:
        return 1
    total = sum(deck.cards.values())
    chamber = catalog.chamber(deck.chamber)
    kind = "starter deck (R1.1)" if deck.starter else "deck, legal under R13"
    print(terminal_text.message(
        f"{place}: OK — {total} cards, chamber {chamber.id} {chamber.name}, {kind}"))
    return 0


def run_check() -> int:
    """`cards --check`: the database validated from its files whatever the
    cache says, and the cache written anew."""
    from avatar_tui import catalog as database

    try:
        catalog = database.cached_catalog(database.card_data_dir(),
                                          database.catalog_cache_file(), check=True)
    except database.CardDataError as err:
        _print_problems(err)
        return 2
    print(f"card database: OK — {len(catalog.cards)} cards, {len(catalog.chambers)} "
          f"chambers, {len(catalog.signatures)} signature moves, {len(catalog.decks)} decks")
    return 0


def default_catalog() -> Catalog:
    from avatar_tui import catalog

    return catalog.default_catalog()


def _load_catalog() -> Catalog | None:
    from avatar_tui.catalog import CardDataError

    try:
        return default_catalog()
    except CardDataError as err:
        _print_problems(err)
        return None


def _print_problems(err: CardDataError) -> None:
    for line in err.problems:
        terminal_text.say(f"card database: {line}")
