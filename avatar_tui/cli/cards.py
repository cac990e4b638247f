"""The `cards` subcommand: the card database as a table or JSON, with
filters, and `cards --check`, the database validated anew."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from avatar_tui.cardlib.entries import RARITY, TRAITS, TYPES, Entry, entries, select
from avatar_tui.io import terminal_text

# The card database (pydantic) loads when a command runs, never to parse the
# command line; none of these commands needs the game engine or Textual.
if TYPE_CHECKING:
    from avatar_tui.cardlib.catalog import CardDataError, Catalog

# ------------------------------------------------------------------ cards


def add_arguments(cards: argparse.ArgumentParser) -> None:
    cards.description = "List every card, chamber and signature move of the database."
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
        "i<4 g<=1 y=0 r>0 cost<=2; -TERM negates (see docs/decks.md)",
    )
    cards.add_argument("--json", action="store_true", help="print a JSON list instead")
    cards.add_argument(
        "--check", action="store_true",
        help="validate every card and deck file (and the packs' collation) again, renew the "
        "cached database, and "
        "say whether it is sound (exit status 2 when it is not)",
    )


def run_cards(args: argparse.Namespace) -> int:
    if getattr(args, "check", False):
        return run_check()
    catalog = load_catalog()
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
        # the query language (and shlex): loaded by a search, not by every
        # start of the command line, which builds this command's parser too
        from avatar_tui.cardlib.search import QueryError, parse

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


def run_check() -> int:
    """`cards --check`: the database validated from its files whatever the
    cache says, and the cache written anew."""
    from avatar_tui.cardlib import catalog as database
    from avatar_tui.cardlib.packs import load_collation

    try:
        catalog = database.cached_catalog(database.card_data_dir(),
                                          database.catalog_cache_file(), check=True)
        load_collation(catalog)  # the packs' make-up lives beside the cards
    except database.CardDataError as err:
        print_problems(err)
        return 2
    print(f"card database: OK — {len(catalog.cards)} cards, {len(catalog.chambers)} "
          f"chambers, {len(catalog.signatures)} signature moves, {len(catalog.decks)} decks, "
          "the packs' collation")
    return 0


def default_catalog() -> Catalog:
    from avatar_tui.cardlib import catalog

    return catalog.default_catalog()


def load_catalog() -> Catalog | None:
    from avatar_tui.cardlib.catalog import CardDataError

    try:
        return default_catalog()
    except CardDataError as err:
        print_problems(err)
        return None


def print_problems(err: CardDataError) -> None:
    for line in err.problems:
        terminal_text.say(f"card database: {line}")
