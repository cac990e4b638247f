"""The `deck` subcommand: `deck check` judges a deck file by the
deckbuilding rules (R13, R1.1 for starter decks); `deck random`, `deck
import`, `deck export` and `deck list` deal starter decks from a seed and
share a deck as a plain text list. The named decks are those of the editor
(`avatar-tui decks`), in the data directory's `decks/`."""

from __future__ import annotations

import argparse
import sys

from avatar_tui.cli import args as cli_args
from avatar_tui.cli import cards as cards_cli
from avatar_tui.io import files, terminal_text

# The card database and the deck library load when an action runs, not
# when the command line is parsed (`avatar-tui --help`).

def add_arguments(deck: argparse.ArgumentParser) -> None:
    deck.description = "Deck files (cards/README.md) and the deckbuilding rules (R13)."
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
    add_deck_actions(actions)


def run_deck_check(args: argparse.Namespace) -> int:
    from avatar_tui.cardlib.legality import check_deck
    from avatar_tui.decklib.library import DeckFileError, read_deck_file

    place = args.file
    try:
        deck = read_deck_file(place)
    except DeckFileError as err:
        terminal_text.say(err)
        return 2
    catalog = cards_cli.load_catalog()  # the listing's database, in tests too
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
    kind = {"starter": "starter deck (R1.1)", "casual": "casual deck (R13 lifted)",
            "sealed": "sealed deck, legal for its pool",
            "constructed": "deck, legal under R13"}[deck.format]
    print(terminal_text.message(
        f"{place}: OK — {total} cards, chamber {chamber.id} {chamber.name}, {kind}"))
    return 0


def add_deck_actions(actions: argparse._SubParsersAction) -> None:
    rand = actions.add_parser(
        "random", help="a random starter deck: 30 cards, 1 rare, 8 uncommon, 21 common",
        description="Deal a starter deck as the Starter Set did (R1.1): 30 cards, 1 rare, "
        "8 uncommon and 21 common, each usable by the chamber (R13.2, R13.3), none more "
        "than twice. The same seed deals the same deck. Prints the deck file.")
    rand.add_argument("--character", required=True, metavar="NAME",
                      help="a character (aang), chamber id or collector number (AME181)")
    rand.add_argument("--seed", type=cli_args.seed, default=1, help="the seed (default 1)")
    rand.add_argument("--save", metavar="NAME", help="keep it as a named deck instead")
    rand.set_defaults(handler=run_random)

    imp = actions.add_parser(
        "import", help="a text list (`3 Knuckle Sandwich`, `chamber: Aang`) as a deck file",
        description="Read a plain text deck list (FILE, or - for standard input) and print "
        "it as a deck file, or keep it as a named deck with --save. A bad line is reported "
        "as FILE: line N: problem, and nothing is saved.")
    imp.add_argument("file", metavar="FILE", help="the text list, or - for standard input")
    imp.add_argument("--save", metavar="NAME", help="keep it as this named deck")
    imp.set_defaults(handler=run_import, uses_data=True)  # named decks: the data directory

    exp = actions.add_parser(
        "export", help="a deck file or named deck as a text list to paste",
        description="Print a deck (a file, or the name of a saved deck) as a plain text list.")
    exp.add_argument("deck", metavar="FILE|NAME")
    exp.set_defaults(handler=run_export, uses_data=True)  # named decks: the data directory

    lst = actions.add_parser("list", help="the named decks of the data directory")
    lst.set_defaults(handler=run_list, uses_data=True)  # named decks: the data directory


def _fail(message: str) -> int:
    terminal_text.say(f"avatar-tui deck: {message}")
    return 2


def _keep(name: str, deck) -> int:
    """Keep `deck` as the named deck `name`, which it is then called too:
    a list's own title would leave it listed under a name nobody gave it."""
    from avatar_tui.decklib.library import DeckFileError, DeckStore

    store = DeckStore()
    try:
        if store.exists(name):
            return _fail(f"{store.path(name)}: a deck of that name exists already")
        path = store.save(name, deck.model_copy(update={"name": name}))
    except (DeckFileError, OSError) as err:
        return _fail(str(err))
    print(terminal_text.message(f"saved {path}"))
    return 0


def run_random(args: argparse.Namespace) -> int:
    from avatar_tui.cardlib.catalog import default_catalog
    from avatar_tui.decklib.library import DeckFileError, deck_toml, random_starter

    catalog = default_catalog()
    chamber = catalog.find_chamber(args.character)
    if chamber is None:
        return _fail(f"unknown character '{terminal_text.quote(args.character)}'")
    try:
        deck = random_starter(catalog, chamber, args.seed)
    except DeckFileError as err:
        return _fail(str(err))
    if args.save:
        return _keep(args.save, deck)
    sys.stdout.write(deck_toml(deck))
    return 0


def run_import(args: argparse.Namespace) -> int:
    from avatar_tui.cardlib.catalog import default_catalog
    from avatar_tui.cardlib.legality import check_deck
    from avatar_tui.decklib.library import DeckFileError, deck_toml, import_text

    source = "standard input" if args.file == "-" else args.file
    try:
        text = sys.stdin.read(files.MAX_BYTES) if args.file == "-" else files.read_text(args.file)
    except files.FileProblem as err:
        return _fail(str(err))
    except (OSError, UnicodeDecodeError) as err:  # standard input
        return _fail(f"{source}: cannot read: {getattr(err, 'strerror', None) or err}")
    catalog = default_catalog()
    try:
        deck = import_text(text, catalog, source)
    except DeckFileError as err:
        return _fail(str(err))
    for line in check_deck(deck, catalog, source):
        terminal_text.say(f"note: {line}")
    if args.save:
        return _keep(args.save, deck)
    sys.stdout.write(deck_toml(deck))
    return 0


def run_export(args: argparse.Namespace) -> int:
    from avatar_tui.cardlib.catalog import default_catalog
    from avatar_tui.decklib.library import DeckFileError, export_text
    from avatar_tui.decklib.playable import load_deck_arg

    try:
        deck = load_deck_arg(args.deck)
    except DeckFileError as err:
        return _fail(str(err))
    sys.stdout.write(terminal_text.message(export_text(deck, default_catalog())))
    return 0


def run_list(args: argparse.Namespace) -> int:
    from avatar_tui.decklib.library import DeckFileError, DeckStore

    store = DeckStore()
    names = store.names()
    if not names:
        print(terminal_text.message(f"No saved decks in {store.directory}."))
    for name in names:  # names are file names a deck may have: letters, digits, - and _
        try:
            deck = store.load(name)
        except DeckFileError as err:
            print(f"{name}: {err}")  # made safe where it was made
            continue
        print(f"{name}: {terminal_text.quote(deck.name)} ({sum(deck.cards.values())} cards)")
    return 0
