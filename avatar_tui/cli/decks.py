"""The `decks` subcommand: the deck editor, over the decks saved in the data
directory, or on a new sealed deck from a pool (`--sealed SEED` opens the
pool's packs, `--pool FILE` reads them as `avatar-tui pack --json` printed
them; decklib/sealed.py, docs/formats.md)."""

from __future__ import annotations

import argparse
import sys

from avatar_tui.cli import args as cli_args
from avatar_tui.io import files, terminal_text

# The card database, the deck library and Textual load when the editor
# starts, not when the command line is parsed (`avatar-tui --help`).


def add_arguments(decks: argparse.ArgumentParser) -> None:
    decks.description = ("The deck editor, over the decks saved in the data directory's "
                         "decks/ (? in the editor lists its keys); with --sealed or --pool, "
                         "a new sealed deck held to a pool (docs/formats.md).")
    decks.add_argument("name", nargs="?", metavar="NAME", help="open this saved deck")
    pool = decks.add_mutually_exclusive_group()
    pool.add_argument("--sealed", type=cli_args.seed, metavar="SEED",
                      help="build a sealed deck from the packs of this seed (those of "
                      "avatar-tui pack --seed SEED --count PACKS)")
    pool.add_argument("--pool", metavar="FILE",
                      help='build a sealed deck from these packs: {"packs": [[card ids], ...]},'
                      " as avatar-tui pack --json prints")
    decks.add_argument("--packs", type=cli_args.whole(1, 100, "a number of packs"),
                       help="with --sealed: the packs opened (default 8)")
    decks.add_argument("--minimum", type=cli_args.whole(1, 99, "a deck minimum"),
                       help="with --sealed or --pool: the least cards of the deck (default 30)")
    cli_args.add_scheduler(decks, "the test's games (default: settings.toml's `scheduler`; "
                           "none: the editor's own process)")


def _fail(message: str) -> int:
    terminal_text.say(f"avatar-tui decks: {message}")
    return 2


def run(args: argparse.Namespace) -> int:
    from avatar_tui.decklib import sealed

    if (args.sealed is not None or args.pool) and args.name:
        return _fail("a saved deck (NAME) or a new sealed deck (--sealed, --pool), not both")
    if args.packs is not None and args.sealed is None:
        return _fail("--packs goes with --sealed (a pool file holds its own packs)")
    if args.minimum is not None and args.sealed is None and not args.pool:
        return _fail("--minimum goes with --sealed or --pool")
    minimum = args.minimum if args.minimum is not None else sealed.MINIMUM
    pool = None
    if args.sealed is not None or args.pool:
        from avatar_tui.cardlib.catalog import CardDataError
        from avatar_tui.cardlib.packs import load_collation
        from avatar_tui.cli.cards import load_catalog, print_problems

        catalog = load_catalog()
        if catalog is None:
            return 2
        try:
            if args.pool:
                pool = sealed.pool_from_json(files.load_json(args.pool), args.pool, catalog,
                                             minimum)
            else:
                rules = sealed.SealedRules(packs=args.packs or sealed.PACKS, minimum=minimum)
                pool = sealed.open_pool(catalog, load_collation(catalog), args.sealed, rules)
        except CardDataError as err:
            print_problems(err)
            return 2
        except (files.FileProblem, sealed.SealedError) as err:
            return _fail(str(err))
    from avatar_tui.tui.decks_app import run as edit

    return edit(args.name, _scheduler(args), pool)


def _scheduler(args: argparse.Namespace) -> str | None:
    """The deck test's Dask cluster: the command line's, else the setting's."""
    if args.scheduler is not None:
        return str(args.scheduler)
    from avatar_tui.store.storage import SaveStore

    store = SaveStore()
    scheduler = store.load_settings().scheduler
    note = store.settings_note()  # a bad setting, found as the settings were read
    if note is not None:
        print(f"avatar-tui decks: {note}", file=sys.stderr)
    return scheduler
