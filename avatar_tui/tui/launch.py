"""The app started for `avatar-tui play` (cli/play.py chooses its game).
Whatever starts, the unfinished game it replaces is kept
(SaveStore.start_over, once the app holds the data directory); after the
app, one line each on stderr says where such a game went."""

from __future__ import annotations

import sys
from typing import Any

from avatar_tui.store.storage import SaveStore
from avatar_tui.tui.app import AvatarApp


def start(store: SaveStore, **how: Any) -> int:
    """Run the app over `store`, started as `how` says (AvatarApp's
    game, start, bot, seed, kept); its exit status."""
    app = AvatarApp(store, freeze_startup_heap=True, **how)
    app.run()
    for line in app.controller.kept_notes:
        print(f"avatar-tui: {line}", file=sys.stderr)
    return app.return_code or 0
