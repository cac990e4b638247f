"""`avatar-tui` and `avatar-tui play`: start the app, resuming or from a
scenario file. Scenario problems are reported as one line (exit 2)."""

from __future__ import annotations

import argparse
import sys

from avatar_tui.app.app import AvatarApp
from avatar_tui.app.storage import SaveStore
from avatar_tui.notation.save import load_game
from avatar_tui.notation.scenario import ScenarioError


def run(args: argparse.Namespace) -> int:
    store = SaveStore()
    scenario = getattr(args, "scenario", None)
    if scenario:
        try:
            game = load_game(scenario)
        except ScenarioError as err:
            print(f"avatar-tui: {err}", file=sys.stderr)
            return 2
        app = AvatarApp(store, game=game)
    elif getattr(args, "resume", False):
        app = AvatarApp(store, start="resume")
    else:
        app = AvatarApp(store, start="ask")
    app.run()
    return app.return_code or 0
