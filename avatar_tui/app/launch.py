"""`avatar-tui` and `avatar-tui play`: start the app, resuming or from a
scenario file, hot seat or against the computer (`--vs-bot`). Scenario
problems are reported as one line (exit 2)."""

from __future__ import annotations

import argparse
import sys

from avatar_tui.app import seats
from avatar_tui.app.app import AvatarApp
from avatar_tui.app.storage import SaveStore
from avatar_tui.notation.save import load_game
from avatar_tui.notation.scenario import ScenarioError, load_scenario


def run(args: argparse.Namespace) -> int:
    store = SaveStore()
    bot = None
    kind = getattr(args, "vs_bot", None)
    if kind:
        from avatar_tui.bots import BotSeat

        think = getattr(args, "think", None)
        bot = BotSeat(kind, player="p2", **({"think": think} if think is not None else {}))
    scenario = getattr(args, "scenario", None)
    if scenario:
        try:
            game = load_game(scenario)
            if bot is None:  # a save of a game against the computer goes on as one
                bot = seats.bot_for(load_scenario(scenario).computer, None)
        except ScenarioError as err:
            print(f"avatar-tui: {err}", file=sys.stderr)
            return 2
        app = AvatarApp(store, game=game, bot=bot, freeze_startup_heap=True)
    elif getattr(args, "resume", False):
        app = AvatarApp(store, start="resume", bot=bot, freeze_startup_heap=True)
    else:
        app = AvatarApp(store, start="ask", bot=bot, freeze_startup_heap=True)
    app.run()
    return app.return_code or 0
