"""`avatar-tui host`: one game for two screens (and any number of
watchers), served over WebSocket (docs/protocol.md). It prints one line per
person to paste — `p1: avatar-tui join URL`, `p2: avatar-tui join URL`,
`watch: avatar-tui watch URL` — and runs until ctrl+c. The game is saved
before every action is shown, in the data directory's `host/` folder
(store/hostsave.py: one host per data directory); `--resume` starts it again
with the same URLs, `--new` keeps an unfinished one among the kept games
and hosts a new one."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import socket
import sys

from avatar_tui.bots.kinds import COMPUTER_KINDS
from avatar_tui.cli import args as cli_args
from avatar_tui.cli.simulate import _bot_kind, _character
from avatar_tui.io import terminal_text
from avatar_tui.io.addresses import EVERY_ADDRESS, is_loopback, reach

DEFAULT_PORT = 8765
MISSING = ('avatar-tui host needs aiohttp, the optional extra "net": pip install ".[net]"')


def add_arguments(host: argparse.ArgumentParser) -> None:
    host.description = (
        "Host one game that two people play from their own terminals (avatar-tui "
        "join URL) and anyone may watch (avatar-tui watch URL). The game is saved after every "
        "action; --resume goes on after a restart with the same URLs. Ctrl+C stops.")
    host.add_argument("--p1", type=_character, default="aang", metavar="CHARACTER",
                      help="p1's character, one with a starter deck (default aang)")
    host.add_argument("--p2", type=_character, default="prince_zuko", metavar="CHARACTER",
                      help="p2's character (default prince_zuko)")
    host.add_argument("--deck1", metavar="FILE",
                      help="p1 plays this deck file (or saved deck) instead of --p1's house deck")
    host.add_argument("--deck2", metavar="FILE", help="p2's deck, as --deck1")
    host.add_argument("--bot1", type=_bot_kind, metavar="KIND",
                      help=f"the computer plays p1: {', '.join(COMPUTER_KINDS)}")
    host.add_argument("--bot2", type=_bot_kind, metavar="KIND", help="the computer plays p2")
    host.add_argument("--seed", type=cli_args.seed, metavar="N",
                      help="the game's seed (default: a random one)")
    host.add_argument("--port", type=cli_args.port, default=None,
                      help=f"the port (default {DEFAULT_PORT}, or the saved one with --resume)")
    host.add_argument("--host", default="127.0.0.1",
                      help="the address to listen on (default 127.0.0.1: this computer only)")
    host.add_argument("--format", metavar="FORMAT",
                      help="refused for now: a game from packs needs choices before the "
                      "game (packs, chambers) that PROTOCOL has no frame for "
                      "(docs/formats.md)")
    how = host.add_mutually_exclusive_group()
    how.add_argument("--resume", action="store_true",
                     help="go on with the hosted game saved in the data directory, same URLs")
    how.add_argument("--new", action="store_true",
                     help="host a new game even when one is unfinished (that one is kept "
                     "among the kept games: avatar-tui games lists them)")


def say(text: str) -> None:
    terminal_text.say(f"avatar-tui host: {text}")


NO_FORMAT = ("--format: not over host yet: PROTOCOL has no frame for the choices before a "
             "game (the packs opened, the chambers chosen); play it at one keyboard or "
             "against the computer (avatar-tui play --format)")


def run_host(args: argparse.Namespace) -> int:
    if getattr(args, "format", None) is not None:
        say(NO_FORMAT)
        return 2
    try:
        import aiohttp  # noqa: F401 - the optional extra `net`
    except ImportError:
        say(MISSING)
        return 2
    from avatar_tui.io.datadir import user_data_dir
    from avatar_tui.net.hosted import HostedGame, HostFileError, HostFiles, Seats
    from avatar_tui.notation.scenario import ScenarioError

    files = HostFiles(user_data_dir() / "host")
    if args.resume and any(getattr(args, o) for o in ("deck1", "deck2", "bot1", "bot2", "seed")):
        say("--resume goes on with the saved game and its seats: no --deck, --bot or "
            "--seed with it")
        return 2
    locked = files.claim()  # one host per data directory, before anything is read
    if locked is not None:
        say(locked)
        return 2
    try:
        if args.resume:
            if not files.game.is_file():
                say(f"{files.game}: no hosted game to resume")
                return 2
            try:
                seats = Seats.read(files.seats)
                hosted = HostedGame.resume(files, seats.game_number)
            except (HostFileError, ScenarioError) as err:
                say(f"{err} (avatar-tui host sets an unreadable game aside and hosts a new one)")
                return 2
            if hosted.over and not hosted.keep_finished():
                say(str(hosted.save_problem))
                return 2
        else:
            refused = _make_room(files, args.new)
            if refused:
                say(refused)
                return 2
            setup = _setup(args)
            if isinstance(setup, str):
                say(setup)
                return 2
            computer = {p: k for p, k in (("p1", args.bot1), ("p2", args.bot2)) if k}
            seats = Seats.fresh()
            try:
                hosted = HostedGame.new(setup, computer, files)
            except OSError as err:
                say(f"{files.game}: cannot save the new game: {err.strerror or err}")
                return 2
        port = args.port or (seats.port if args.resume and seats.port else DEFAULT_PORT)
        return asyncio.run(_serve(hosted, seats, files, args.host, port))
    finally:
        files.release()


def _make_room(files, new: bool) -> str | None:
    """Before a new game takes `host/game.toml`, the game there is kept: a
    finished one copied in among the kept games, an unfinished one moved
    there (with --new; without it, the host refuses), an unreadable one set
    aside as `game.broken-N.toml`. Each is said in one line. Returns why the
    new game cannot start (None: it can)."""
    from avatar_tui.notation.save import load_game
    from avatar_tui.notation.scenario import load_scenario
    from avatar_tui.store.savedgames import resume_line

    if not files.has_game():
        return None
    try:
        state, _ = load_game(files.game)
        computer = load_scenario(files.game).computer
    except Exception as err:  # noqa: BLE001 - whatever is wrong, the file is unusable
        try:
            aside = files.set_aside()
        except OSError as failed:
            return (f"the hosted game cannot be read ({err}) nor set aside "
                    f"({failed.strerror or failed}): it is left as it is, and no new game "
                    "replaces it")
        say(f"the hosted game cannot be read ({err}): it is kept as {aside}")
        return None
    try:
        if state.phase == "over":
            say(f"the finished hosted game is kept as {files.keep_finished(state, computer)}")
            return None
        if not new:
            return (f"a hosted game is unfinished ({files.game}): go on with it with --resume, "
                    "or host a new one with --new (the unfinished one is kept among the games)")
        say(resume_line(files.keep_unfinished(state)))
    except OSError as err:
        return (f"{files.game} could not be kept in {files.games.folder} "
                f"({err.strerror or err}), so no new game replaces it")
    return None


def _setup(args: argparse.Namespace):
    import random

    from avatar_tui.cardlib.catalog import default_catalog
    from avatar_tui.decklib.library import Seat, seat_setup
    from avatar_tui.decklib.playable import playable_deck
    from avatar_tui.model.common import PLAYERS
    from avatar_tui.model.state import GameSetup

    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**6)
    catalog = default_catalog()
    sides = []
    for pid, character, ref in zip(PLAYERS, (args.p1, args.p2), (args.deck1, args.deck2),
                                   strict=True):
        if ref is None:
            sides.append(seat_setup(Seat(character=character), catalog, seed, pid))
            continue
        deck = playable_deck(ref)
        if isinstance(deck, str):
            return deck
        sides.append(seat_setup(Seat(deck=deck), catalog, seed, pid))
    return GameSetup(seed=seed, p1=sides[0], p2=sides[1], catalog=catalog)


def url_address(host: str) -> str:
    """The address the printed URLs name: the one listened on, or for
    "every address" (0.0.0.0, ::) this computer's host name."""
    if host in EVERY_ADDRESS:
        return socket.gethostname()
    return host


def exposure_warning(host: str) -> str | None:
    if is_loopback(host):
        return None
    return ("WARNING: avatar-tui host is reachable from " + reach(host) + ". Anyone who can reach "
            "it can watch the game; a seat needs its URL, whose token is the only password, "
            "and nothing is encrypted (ws://). Host on 127.0.0.1 (the default) unless you "
            "trust that network.")


async def _serve(hosted, seats, files, host: str, port: int) -> int:
    from avatar_tui.bots.seat import default_delay
    from avatar_tui.net.host import GameServer

    warning = exposure_warning(host)
    if warning:
        print(f"\n{'!' * 72}\n{warning}\n{'!' * 72}\n", file=sys.stderr, flush=True)
    server = GameServer(hosted, seats, host=host, port=port, delay=default_delay())
    try:
        seats.port = await server.start()
    except OSError as err:
        say(f"cannot listen on {host} port {port}: {err.strerror or err}")
        await server.stop()
        return 2
    try:
        seats.write(files.seats)
    except OSError as err:
        say(f"{files.seats}: cannot save the seats' tokens: {err.strerror or err}")
        await server.stop()
        return 2
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):  # before the lines: ctrl+c at once stops cleanly
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    for role, url in server.urls(url_address(host)).items():
        print(f"{role}: avatar-tui {'watch' if role == 'watch' else 'join'} {url}", flush=True)
    print(f"(game {hosted.game_number}, saved in {files.game}; ctrl+c stops, --resume goes on)",
          file=sys.stderr, flush=True)
    try:
        await stop.wait()
    finally:
        await server.stop()
    return 0
