"""Keeping games safe in the app: one writer per data directory, and no
quit that silently loses the moves a failing disk did not take.

- `claim`: before anything is read or written, the data directory's lock
  (`storage.DataLock`). When another instance holds it, or no lock can be
  had there, the player is told which (and why) and may look on read-only
  (nothing is written) or quit.
- `request_quit`: every quit (q, ctrl+q, game over) first writes the move
  not yet written; if saving fails, it asks: try again, save the game
  elsewhere, or quit and lose the moves since the last good save."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from avatar_tui.io.datadir import home_dir
from avatar_tui.notation.save import save_game
from avatar_tui.play.plain import escape
from avatar_tui.tui.screens.choice import ChoiceScreen

if TYPE_CHECKING:
    from avatar_tui.model.state import GameState
    from avatar_tui.tui.app import AvatarApp

READ_ONLY = "read-only: nothing is saved"


def claim(app: AvatarApp, then: Callable[[], None]) -> None:
    """Take the data directory's lock, then `then()`; if another instance
    holds it, or no lock can be had there (the reason is said), ask first:
    read-only or quit. Never on without the lock and writing."""
    store = app.store
    outcome = store.lock.acquire() if store is not None else None
    if store is None or outcome is None or outcome.ours:
        then()
        return

    def answered(index: int | None) -> None:
        if index == 0:
            store.read_only = True
            app.sub_title = READ_ONLY
            then()
        else:
            app.exit()

    where = escape(str(store.directory))
    if outcome.problem is not None:
        title = "The game's folder cannot be locked"
        text = (f"{escape(outcome.problem)}.\n\nWithout the lock on {where} nothing keeps a "
                "second avatar-tui from writing over this game, so this one saves nothing.")
    else:
        who = f"process {outcome.holder}" if outcome.holder else "another program"
        title = "This game is open in another avatar-tui"
        text = (f"Another avatar-tui ({who}) is using {where}. Two at once would write over "
                "each other's game, so only one of them saves.")
    app.push_screen(ChoiceScreen(
        title, text, ["Open it read-only: play or look, nothing here is saved", "Quit"],
        can_cancel=False), answered)


def request_quit(app: AvatarApp) -> None:
    """Quit, unless moves would be lost: then ask what to do."""
    game = app.game
    game.settle()  # the saves being written, and the last move not yet handed in
    lost = game.moves_at_risk()
    if not lost:
        app.exit()
        return
    assert app.session is not None
    state = app.session.state
    moves = "1 move" if lost == 1 else f"{lost} moves"

    def answered(index: int | None) -> None:
        if index == 0:
            if game.save(state):
                app.exit()
            else:
                request_quit(app)
        elif index == 1:
            save_elsewhere(app, state)
        elif index == 2:
            app.exit()
        # escape: back to the game

    app.push_screen(ChoiceScreen(
        "The game could not be saved",
        f"{escape(game.save_error or '')}\n\nThe save lacks the last {moves}.",
        ["Try again", f"Save it elsewhere ({escape(str(elsewhere_dirs()[0]))})",
         f"Quit and lose {moves}"]), answered)


def elsewhere_dirs() -> list[Path]:
    """Where a game goes when its own folder takes no file: home (never the
    root an empty HOME would name, datadir.home_dir), then /tmp."""
    home = home_dir()
    return ([home] if home is not None else []) + [Path(tempfile.gettempdir())]


def save_elsewhere(app: AvatarApp, state: GameState) -> None:
    """Write the game to the first free `avatar-tui-game-N.toml` of a folder
    that takes it, say where, and quit; if none does, ask again."""
    problems = []
    for folder in elsewhere_dirs():
        path = _free_name(folder)
        try:
            save_game(state, path)
        except OSError as err:
            problems.append(f"{folder}: {err.strerror or err}")
            continue
        app.message("The game is saved", f"It is in {escape(str(path))}: "
                    f"`avatar-tui play --scenario {escape(str(path))}` plays on from it.",
                    then=app.exit)
        return
    app.game.save_error = "; ".join(problems)
    request_quit(app)


def _free_name(folder: Path) -> Path:
    n = 1
    while (folder / f"avatar-tui-game-{n}.toml").exists():
        n += 1
    return folder / f"avatar-tui-game-{n}.toml"
