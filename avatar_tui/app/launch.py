"""`avatar-tui` and `avatar-tui play`: start the app, resuming (the current
game, or a kept one by name) or from a scenario file, hot seat or against
the computer (`--vs-bot`). Scenario problems are reported as one line
(exit 2). Whatever starts, the unfinished game it replaces is kept
(SaveStore.start_over, once the app holds the data directory); after the
app, one line each on stderr says where such a game went."""

from __future__ import annotations

import argparse
import random
import sys

from avatar_tui.app import seats
from avatar_tui.app.app import AvatarApp
from avatar_tui.app.storage import SaveStore
from avatar_tui.notation.save import load_game
from avatar_tui.notation.scenario import ScenarioError, load_scenario


def game_with_decks(deck1: str | None, deck2: str | None, seed: int | None = None):
    """A new game with these deck files (the house decks of Aang and Prince
    Zuko for a side without one), or the lines saying why a deck cannot be
    played: it is checked (R13, R1.1) before any game starts."""
    from avatar_tui.catalog import default_catalog
    from avatar_tui.deck_cli import playable_deck
    from avatar_tui.decklib import Seat, seat_setup
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
    # is read from a file, so the setup is built without validating (issue 16)
    setup = GameSetup.model_construct(seed=seed, p1=seat_setup(seats[0], catalog, seed, "p1"),
                                      p2=seat_setup(seats[1], catalog, seed, "p2"))
    return new_game(setup)


def run(args: argparse.Namespace) -> int:
    store = SaveStore()
    bot = None
    kind = getattr(args, "vs_bot", None)
    if kind:
        from avatar_tui.bots import BotSeat

        think = getattr(args, "think", None)
        bot = BotSeat(kind, player="p2", **({"think": think} if think is not None else {}))
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
        app = AvatarApp(store, game=game, bot=bot, freeze_startup_heap=True)
    elif scenario:
        try:
            game = load_game(scenario)
            if bot is None:  # a save of a game against the computer goes on as one
                bot = seats.bot_for(load_scenario(scenario).computer, None)
        except ScenarioError as err:
            print(f"avatar-tui: {err}", file=sys.stderr)
            return 2
        app = AvatarApp(store, game=game, bot=bot, freeze_startup_heap=True)
    elif isinstance(getattr(args, "resume", None), str):
        app = kept_game(store, args.resume, bot)
        if isinstance(app, str):
            print(f"avatar-tui: {app}", file=sys.stderr)
            return 2
    elif getattr(args, "resume", False):
        app = AvatarApp(store, start="resume", bot=bot, freeze_startup_heap=True)
    else:
        # --seed fills the new-game dialog's seed (it stays editable there)
        app = AvatarApp(store, start="ask", bot=bot, seed=getattr(args, "seed", None),
                        freeze_startup_heap=True)
    app.run()
    for line in app.game.kept_notes:
        print(f"avatar-tui: {line}", file=sys.stderr)
    return app.return_code or 0


def kept_game(store: SaveStore, name: str, bot) -> AvatarApp | str:
    """The app resuming the kept game `name` with the seats it was saved
    with, or why it cannot (an unknown or bad name, an unreadable file, a
    finished game)."""
    from avatar_tui.savedgames import GameNameError, UnknownGame

    try:
        game, events, computer = store.games.load(name)
    except (GameNameError, UnknownGame, ScenarioError) as err:
        return str(err)
    if game.phase == "over":
        return (f"{name} is a finished game, nothing to resume (avatar-tui screenshot "
                f"{store.games.path(name)} draws its end)")
    return AvatarApp(store, game=(game, events), bot=seats.bot_for(computer, bot), kept=name,
                     freeze_startup_heap=True)
