"""`avatar-tui` and `avatar-tui play`: what game the app starts with,
resuming (the current game, or a kept one by name) or from a scenario
file, hot seat or against the computer (`--vs-bot`), or a new game with
deck files. A bad deck, scenario or kept game is reported in one line
(exit 2) before any app starts; the app itself is started by the
launcher (tui/launch.py)."""

from __future__ import annotations

import argparse
import random
import sys

from avatar_tui.bots.kinds import COMPUTER_KINDS
from avatar_tui.cli import args as cli_args
from avatar_tui.cli.format_args import add_format, format_settings

DEFAULT_COMPUTER = "heuristic"  # --vs-bot without a kind, and --plain without --vs-bot
HOT_SEAT = ("avatar-tui play --plain: {what} is a hot-seat game, and at one keyboard two "
            "people would see each other's secrets (R1.6): play it without --plain")


def add_play_arguments(play: argparse.ArgumentParser) -> None:
    start = play.add_mutually_exclusive_group()
    start.add_argument("--resume", nargs="?", const=True, default=False, metavar="NAME",
                       help="resume the unfinished game, or the kept game NAME "
                       "(avatar-tui games lists them)")
    start.add_argument("--scenario", metavar="FILE",
                       help="set up from a scenario file, replay its actions, and play on")
    play.add_argument("--vs-bot", nargs="?", const=DEFAULT_COMPUTER,
                      choices=COMPUTER_KINDS, metavar="|".join(COMPUTER_KINDS),
                      help="p2 is the computer (default: heuristic; expert and master search, "
                      "random is easy); you play p1")
    play.add_argument("--think", type=cli_args.seconds, default=None, metavar="SECONDS",
                      help="how long the expert thinks per move, and the most the master "
                      "does (CPU seconds; default 1)")
    play.add_argument("--deck1", metavar="FILE",
                      help="p1 plays this deck file (or saved deck by name); an illegal "
                      "deck is refused with its problems before the game")
    play.add_argument("--deck2", metavar="FILE", help="p2's deck, as --deck1")
    play.add_argument("--share", nargs="?", const=8766, type=cli_args.port, metavar="PORT",
                      help="let watchers follow this game on this computer: avatar-tui watch "
                      "ws://127.0.0.1:PORT/watch (default port 8766; needs the extra net)")
    play.add_argument("--seed", type=cli_args.seed, metavar="N",
                      help="the seed of a new game: of a game with --deck1/2, else the "
                      "new-game dialog's (which may still change it)")
    add_format(play, "the new-game screen opens with it chosen; each person opens their "
               "packs and chooses a chamber there (in sealed, builds a deck of them in the "
               "deck editor), the computer for itself")
    play.add_argument("--plain", action="store_true",
                      help="plain text, line by line, for screen readers, pipes and scripts: "
                      "you against the computer (--vs-bot KIND, default heuristic); "
                      "help lists the commands")
    play.add_argument("--brief", action="store_true",
                      help="with --plain: one line per move instead of one per event")


def game_with_decks(deck1: str | None, deck2: str | None, seed: int | None = None):
    """A new game with these deck files (the house decks of Aang and Prince
    Zuko for a side without one), or the lines saying why a deck cannot be
    played: it is checked (R13, R1.1) before any game starts."""
    from avatar_tui.cardlib.catalog import default_catalog
    from avatar_tui.decklib.library import Seat, seat_setup
    from avatar_tui.decklib.playable import playable_deck
    from avatar_tui.engine import new_game
    from avatar_tui.model.state import GameSetup

    seats = []
    for ref, house in ((deck1, "aang"), (deck2, "prince_zuko")):
        if ref is None:
            seats.append(Seat(character=house))
            continue
        deck = playable_deck(ref)
        if isinstance(deck, str):
            return deck
        seats.append(Seat(deck=deck))
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    catalog = default_catalog()
    # the decks are checked above and the seats made from them: nothing here
    # is read from a file, so the setup is built without validating (which
    # would build its validators before the first frame)
    setup = GameSetup.model_construct(seed=seed, p1=seat_setup(seats[0], catalog, seed, "p1"),
                                      p2=seat_setup(seats[1], catalog, seed, "p2"),
                                      catalog=catalog)
    return new_game(setup)


def format_refused(args: argparse.Namespace) -> str | None:
    """Why --format (or --packs) cannot be played as asked, or None: the
    packs are opened and the chambers chosen on the new-game screen, so a
    format starts a new game there, never with decks, a scenario, a kept
    game or plain text."""
    refused = format_settings(args)
    if isinstance(refused, str):
        return refused
    if getattr(args, "format", None) is None:
        return None
    given = [option for option, attr in (("--deck1", "deck1"), ("--deck2", "deck2"),
                                         ("--scenario", "scenario"), ("--resume", "resume"),
                                         ("--plain", "plain"))
             if getattr(args, attr, None)]
    if given:
        return (f"--format opens the packs on the new-game screen: not with "
                f"{' or '.join(given)}")
    return None


def run(args: argparse.Namespace) -> int:
    refused = format_refused(args)
    if refused is not None:
        print(f"avatar-tui: {refused}", file=sys.stderr)
        return 2
    if getattr(args, "plain", False):
        return run_plain(args)
    if getattr(args, "brief", False):
        print("avatar-tui: --brief is for --plain", file=sys.stderr)
        return 2
    # the app's modules load here, once the command line is read: a wrong
    # argument or --help is answered without loading Textual
    from avatar_tui.notation.save import load_game
    from avatar_tui.notation.scenario_error import ScenarioError
    from avatar_tui.play import seats
    from avatar_tui.store.storage import SaveStore
    from avatar_tui.tui import launch

    store = SaveStore()
    share = getattr(args, "share", None)
    extra = {}
    if share is not None:
        try:
            from avatar_tui.net.share import Share
        except ImportError:
            print('avatar-tui: --share needs aiohttp, the optional extra "net": '
                  'pip install ".[net]"', file=sys.stderr)
            return 2
        extra["publisher"] = Share(share)

    def start(**how):
        return launch.start(store, **how, **extra)

    bot = None
    kind = getattr(args, "vs_bot", None)
    if kind:
        from avatar_tui.bots import BotSeat

        think = getattr(args, "think", None)
        if think is None:  # the settings screen's, kept in settings.toml
            think = store.load_settings().think
        bot = BotSeat(kind, player="p2") if think is None else \
            BotSeat(kind, player="p2", think=think)
    scenario = getattr(args, "scenario", None)
    decks = (getattr(args, "deck1", None), getattr(args, "deck2", None))
    if any(decks):
        if scenario or getattr(args, "resume", False):
            print("avatar-tui: --deck1/--deck2 start a new game: not with --resume or "
                  "--scenario", file=sys.stderr)
            return 2
        game = game_with_decks(*decks, seed=getattr(args, "seed", None))
        if isinstance(game, str):
            print(game, file=sys.stderr)
            return 2
        return start(game=game, bot=bot)
    if scenario:
        from avatar_tui.notation.scenario import load_scenario  # only for a scenario

        try:
            game = load_game(scenario)
            if bot is None:  # a save of a game against the computer goes on as one
                bot = seats.bot_for(load_scenario(scenario).computer, None)
        except ScenarioError as err:
            print(f"avatar-tui: {err}", file=sys.stderr)
            return 2
        return start(game=game, bot=bot)
    if isinstance(getattr(args, "resume", None), str):
        kept = kept_game(store, args.resume, bot)
        if isinstance(kept, str):
            print(f"avatar-tui: {kept}", file=sys.stderr)
            return 2
        return start(**kept)
    if getattr(args, "resume", False):
        return start(start="resume", bot=bot)
    game_format = getattr(args, "format", None)
    if game_format is not None:  # a new game of packs: straight to the new-game screen
        return start(start="new", bot=bot, seed=getattr(args, "seed", None),
                     game_format=game_format, packs=getattr(args, "packs", None))
    # --seed fills the new-game dialog's seed (it stays editable there)
    return start(start="ask", bot=bot, seed=getattr(args, "seed", None))


def kept_game(store, name: str, bot) -> dict | str:
    """How the app resumes the kept game `name`, with the seats it was
    saved with, or why it cannot (an unknown or bad name, an unreadable
    file, a finished game)."""
    from avatar_tui.notation.scenario_error import ScenarioError
    from avatar_tui.play import seats
    from avatar_tui.store.savedgames import GameNameError, UnknownGame

    try:
        game, events, computer = store.games.load(name)
    except (GameNameError, UnknownGame, ScenarioError) as err:
        return str(err)
    if game.phase == "over":
        return (f"{name} is a finished game, nothing to resume (avatar-tui screenshot "
                f"{store.games.path(name)} draws its end)")
    return {"game": (game, events), "bot": seats.bot_for(computer, bot), "kept": name}


def run_plain(args: argparse.Namespace) -> int:
    """`play --plain`: the game as lines (play/plain_text.py), you against the
    computer; never hot seat (R1.6). A new game unless --resume or
    --scenario says otherwise; saved as the app saves it."""
    from avatar_tui.bots import BotSeat
    from avatar_tui.model.common import other
    from avatar_tui.notation.save import load_game
    from avatar_tui.notation.scenario import ScenarioError, load_scenario
    from avatar_tui.play import seats
    from avatar_tui.play.controller import GameController
    from avatar_tui.play.plain_text import PlainText, play_lines
    from avatar_tui.play.referee import Referee
    from avatar_tui.store.storage import SaveStore

    if getattr(args, "share", None) is not None:
        print("avatar-tui: --share needs the board: not with --plain", file=sys.stderr)
        return 2
    store = SaveStore()
    settings = store.load_settings()
    think = args.think if args.think is not None else settings.think
    kind = args.vs_bot or DEFAULT_COMPUTER
    bot = BotSeat(kind, player="p2") if think is None else BotSeat(kind, player="p2", think=think)
    game, kept, start = None, None, "new"
    decks = (args.deck1, args.deck2)
    if any(decks) and (args.scenario or args.resume):
        print("avatar-tui: --deck1/--deck2 start a new game: not with --resume or "
              "--scenario", file=sys.stderr)
        return 2
    if args.scenario:
        try:
            game = load_game(args.scenario)
            if args.vs_bot is None:  # a scenario naming the computer's seat keeps it
                bot = seats.bot_for(load_scenario(args.scenario).computer, None, think) or bot
        except ScenarioError as err:
            print(f"avatar-tui: {err}", file=sys.stderr)
            return 2
    elif isinstance(args.resume, str):
        found = kept_game(store, args.resume, bot)
        if isinstance(found, str):
            print(f"avatar-tui: {found}", file=sys.stderr)
            return 2
        if found["bot"] is None:
            print(HOT_SEAT.format(what=args.resume), file=sys.stderr)
            return 2
        game, kept, bot = found["game"], found["kept"], found["bot"]
    elif args.resume:
        if store.has_current() and not store.load_computer():
            print(HOT_SEAT.format(what="the unfinished game"), file=sys.stderr)
            return 2
        start = "resume"
    else:
        game = game_with_decks(*decks, seed=args.seed)
        if isinstance(game, str):
            print(game, file=sys.stderr)
            return 2
    controller = GameController(store, bot=bot)
    controller.use(settings)
    referee = Referee(controller, seed=args.seed)
    front = PlainText(referee, other(bot.player), _line, brief=args.brief)
    try:
        front.run(referee.start(start, game, kept))
        if controller.bot is None:  # a save that turned out hot seat: not in plain text
            print(HOT_SEAT.format(what="this game"), file=sys.stderr)
            return 2
        front.seat = other(controller.bot.player)  # a resumed game's seats are the save's
        try:
            play_lines(front, sys.stdin)
        except KeyboardInterrupt:  # ctrl+c: as the end of the input
            front.ended()
    finally:
        controller.settle()
        store.lock.release()
    return 0


def _line(text: str) -> None:
    print(text, flush=True)
