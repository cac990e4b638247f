"""The `cards` and `deck check` subcommands: the card database as a table or
JSON, with filters, and a deck file checked against the deckbuilding rules
(R13, R1.1 for starter decks)."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import get_args

from pydantic import ValidationError

from avatar_tui import files
from avatar_tui.catalog import (
    CardDataError,
    Catalog,
    DeckList,
    default_catalog,
    describe_validation_error,
)
from avatar_tui.deckbuilding import check_deck, may_use
from avatar_tui.model.cards import AdvantageCard, ChamberCard, DeckCard, SignatureMove
from avatar_tui.model.common import NO_ENERGY, ZONES, Energy, Trait

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

    def as_json(self) -> dict:
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
        }


def card_entry(card: DeckCard) -> Entry:
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
        keywords, card.implemented,
    )


def chamber_entry(chamber: ChamberCard) -> Entry:
    return Entry(
        chamber.id, chamber.name, "chamber", chamber.number, chamber.rarity,
        list(chamber.traits), NO_ENERGY, None, None, [], chamber.implemented,
    )


def move_entry(move: SignatureMove) -> Entry:
    return Entry(
        move.id, move.name, "signature", None, None, [], move.cost, move.force,
        move.intercept, [], move.implemented,
    )


def _by_number(entry: Entry) -> tuple[bool, str]:
    number = entry.number or ""
    return (not number.startswith("AME"), number)  # the set first, then promos


def entries(catalog: Catalog, character: ChamberCard | None = None) -> list[Entry]:
    """Deck cards, then chambers (both by collector number), then signature
    moves. With a chamber: only what a deck headed by it may hold (R13.2,
    R13.3), and that character's chambers and moves."""
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
        *sorted(map(card_entry, cards), key=_by_number),
        *sorted(map(chamber_entry, chambers), key=_by_number),
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
    cards.add_argument("--json", action="store_true", help="print a JSON list instead")
    cards.set_defaults(handler=run_cards)


def run_cards(args: argparse.Namespace) -> int:
    catalog = _load_catalog()
    if catalog is None:
        return 2
    chamber = None
    if args.character:
        chamber = catalog.find_chamber(args.character)
        if chamber is None:
            print(f"avatar-tui cards: unknown character '{args.character}'", file=sys.stderr)
            return 2
    rows = select(entries(catalog, chamber), args.type, args.trait, args.unimplemented)
    if args.json:
        print(json.dumps([row.as_json() for row in rows], indent=2, ensure_ascii=False))
    else:
        print_table(rows)
    return 0


def print_table(rows: list[Entry]) -> None:
    if not rows:  # a line, not an empty table
        print("No card matches.")
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{len(rows)} cards", title_justify="left")
    for column in ("id", "name", "type", "number", "rarity", "traits", "cost"):
        table.add_column(column, no_wrap=column in ("id", "number", "cost"))
    table.add_column("int", justify="right")
    table.add_column("force", justify="right")
    table.add_column("implemented")
    for row in rows:
        table.add_row(
            row.id, row.name, row.type, row.number or "", row.rarity or "",
            " ".join(row.traits), row.cost.short(), _num(row.intercept), _num(row.force),
            "yes" if row.implemented else "[red]no[/red]",
        )
    # Piped output (a file, `grep`, a test) gets room for whole rows.
    console = Console(file=sys.stdout, width=None if sys.stdout.isatty() else 200)
    console.print(table)


def _num(value: int | None) -> str:
    return "" if value is None else str(value)


# ------------------------------------------------------------------ deck check


def add_deck_parser(sub: argparse._SubParsersAction) -> None:
    deck = sub.add_parser(
        "deck",
        help="check a deck file against the deckbuilding rules",
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


def run_deck_check(args: argparse.Namespace) -> int:
    place = args.file
    deck = _read_deck(Path(place))
    if isinstance(deck, list):
        for line in deck:
            print(line, file=sys.stderr)
        return 2
    catalog = _load_catalog()
    if catalog is None:
        return 2
    problems = check_deck(deck, catalog, place)
    for line in problems:
        print(line)
    unready = [
        card_id for card_id in deck.cards
        if catalog.canonical(card_id) and not catalog.card(card_id).implemented
    ]
    if unready:
        print(
            f"{place}: note: not implemented yet, so the game cannot deal this deck: "
            + ", ".join(unready),
            file=sys.stderr,
        )
    if problems:
        return 1
    total = sum(deck.cards.values())
    chamber = catalog.chamber(deck.chamber)
    kind = "starter deck (R1.1)" if deck.starter else "deck, legal under R13"
    print(f"{place}: OK — {total} cards, chamber {chamber.id} {chamber.name}, {kind}")
    return 0


def _read_deck(path: Path) -> DeckList | list[str]:
    """The deck, or the lines saying why the file cannot be read."""
    try:
        raw = files.load_toml(path)
    except files.FileProblem as err:
        return [str(err)]
    try:
        return DeckList.model_validate(raw)
    except ValidationError as err:
        return describe_validation_error(str(path), err, raw)


def _load_catalog() -> Catalog | None:
    try:
        return default_catalog()
    except CardDataError as err:
        for line in err.problems:
            print(f"card database: {line}", file=sys.stderr)
        return None
