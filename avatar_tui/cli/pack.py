"""The `pack` subcommand: booster packs drawn by the collation in
`cards/collation.toml` (cardlib/packs.py), printed as a table or JSON, or
opened card by card on the pack-opening screen (`--open`).

Printing is the default even in a terminal, as `cards` prints: a command
whose output changes with where it is run surprises a script, and the
screen is one option away."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING

from avatar_tui.cli import args as cli_args
from avatar_tui.cli.cards import load_catalog, print_problems
from avatar_tui.io import terminal_text

if TYPE_CHECKING:
    from avatar_tui.cardlib.catalog import Catalog
    from avatar_tui.cardlib.packs import Pack

PACKS_MAX = 10_000


def add_arguments(pack: argparse.ArgumentParser) -> None:
    pack.description = (
        "Open booster packs: 10 cards each, one of them a chamber, drawn by the "
        "collation in cards/collation.toml (an assumption, see docs/formats.md). "
        "The same seed gives the same packs.")
    pack.add_argument("--seed", type=cli_args.seed,
                      help="the seed (default: a new one, printed with the packs)")
    how_many = pack.add_mutually_exclusive_group()
    how_many.add_argument("--count", type=cli_args.whole(1, PACKS_MAX, "a number of packs"),
                          help="how many packs (default 1)")
    how_many.add_argument("--box", action="store_true",
                          help="a whole box (24 packs, as the collation says)")
    shown = pack.add_mutually_exclusive_group()
    shown.add_argument("--json", action="store_true",
                       help='print {"packs": [[card ids], ...]} instead')
    shown.add_argument("--open", action="store_true",
                       help="open them on the pack-opening screen, card by card")
    pack.add_argument("--collation", type=Path, metavar="FILE",
                      help="another collation file (default: cards/collation.toml)")


def run(args: argparse.Namespace) -> int:
    import secrets  # not at import: every command line is parsed with this module loaded

    from avatar_tui.cardlib.catalog import CardDataError
    from avatar_tui.cardlib.packs import PackMaker, load_collation

    catalog = load_catalog()
    if catalog is None:
        return 2
    try:
        collation = load_collation(catalog, args.collation)
    except CardDataError as err:
        print_problems(err)
        return 2
    count = collation.packs_per_box if args.box else (args.count or 1)
    seed = args.seed if args.seed is not None else secrets.randbelow(cli_args.SEED_MAX + 1)
    packs = PackMaker(catalog, collation).packs(seed, count)
    if args.json:
        print(json.dumps({"packs": [[p.card for p in pack] for pack in packs]}))
        return 0
    if args.open:
        from avatar_tui.tui.packs_app import run as open_packs

        return open_packs(catalog, packs, seed)
    print_packs(catalog, packs, seed)
    return 0


def print_packs(catalog: Catalog, packs: list[Pack], seed: int) -> None:
    """Each pack as a table: its cards one a line, rarity, name, type."""
    from rich import box
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from avatar_tui.cardlib.packs import name_and_type

    console = Console(highlight=False)
    for i, pack in enumerate(packs, start=1):
        table = Table(title=f"Pack {i} of {len(packs)} · seed {seed}", title_justify="left",
                      box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
        for column in ("rarity", "card", "type"):
            table.add_column(column)
        for pulled in pack:
            name, kind = name_and_type(catalog, pulled.card)
            table.add_row(pulled.rarity, escape(terminal_text.visible(name)), kind)
        console.print(table)
        console.print()
