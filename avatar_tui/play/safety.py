"""Keeping games safe, decided without a screen (the referee's part; a
front end only shows the offers and carries out `Leave`). `SaveGuard` owns
what it is waiting on (the opening held back until the lock is settled, why
saving elsewhere failed); it changes the game only through the controller's
and the store's own methods:

- `claim`: before anything is read or written, the data directory's lock
  (`storage.DataLock`). When another instance holds it, or no lock can be
  had there, the player is told which (and why) and may look on read-only
  (nothing is written) or quit — never on, writing, without the lock.
- `quit`: every quit (q, ctrl+q, game over) first writes the move not yet
  written; if saving fails, the player chooses: try again, save the game
  elsewhere, or quit and lose the moves since the last good save."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from avatar_tui.io.datadir import home_dir
from avatar_tui.notation.save import save_game
from avatar_tui.play.commands import Commands, Leave, Offer, Show
from avatar_tui.play.controller import READ_ONLY
from avatar_tui.play.plain import escape

if TYPE_CHECKING:
    from avatar_tui.model.state import GameState
    from avatar_tui.play.controller import GameController

LOCK, UNSAVED, SAVED_ELSEWHERE = "lock", "unsaved", "saved-elsewhere"
OFFERS = (LOCK, UNSAVED, SAVED_ELSEWHERE)  # the offers whose answers come to `answered`


class SaveGuard:
    """The save guard of one controller's game."""

    def __init__(self, controller: GameController):
        self.controller = controller
        self.after_claim: Callable[[], Commands] | None = None  # opens once the lock is settled
        self.elsewhere_failed: str | None = None  # why no other folder took the game

    def claim(self, then: Callable[[], Commands]) -> Commands:
        """Take the data directory's lock, then `then()`; if it cannot be had,
        ask first (read-only or quit; the answer comes to `answered`)."""
        store = self.controller.store
        outcome = store.lock.acquire() if store is not None else None
        if store is None or outcome is None or outcome.ours:
            return then()
        self.after_claim = then
        where = escape(str(store.directory))
        if outcome.problem is not None:
            title = "The game's folder cannot be locked"
            text = (f"{escape(outcome.problem)}.\n\nWithout the lock on {where} nothing keeps "
                    "a second avatar-tui from writing over this game, so this one saves nothing.")
        else:
            who = f"process {outcome.holder}" if outcome.holder else "another program"
            title = "This game is open in another avatar-tui"
            text = (f"Another avatar-tui ({who}) is using {where}. Two at once would write over "
                    "each other's game, so only one of them saves.")
        return [Offer(title, text, LOCK,
                      ("Open it read-only: play or look, nothing here is saved", "Quit"))]

    def quit(self) -> Commands:
        """Leave, unless moves would be lost: then ask what to do."""
        controller = self.controller
        controller.settle()  # the saves being written, and the last move not yet handed in
        lost = controller.moves_at_risk()
        # the latest failure is said: saving elsewhere, else the game's own save
        problem, self.elsewhere_failed = self.elsewhere_failed or controller.save_error, None
        if not lost or controller.session is None:
            return [Leave()]
        moves = "1 move" if lost == 1 else f"{lost} moves"
        return [Offer("The game could not be saved",
                      f"{escape(problem or '')}\n\nThe save lacks the last {moves}.",
                      UNSAVED,
                      ("Try again", f"Save it elsewhere ({escape(str(elsewhere_dirs()[0]))})",
                       f"Quit and lose {moves}"), can_cancel=True)]

    def answered(self, about: str, index: int | None) -> Commands:
        """The answer to one of this module's offers."""
        if about == LOCK:
            then, self.after_claim = self.after_claim, None
            if index != 0 or then is None:
                return [Leave()]
            assert self.controller.store is not None
            self.controller.store.look_on()
            return [Show(title=READ_ONLY), *then()]
        if about == SAVED_ELSEWHERE:
            return [Leave()]
        controller = self.controller
        session = controller.session
        if session is None:
            return [Leave()]
        if index == 0:
            return [Leave()] if controller.save(session.state) else self.quit()
        if index == 1:
            return self.save_elsewhere(session.state)
        if index == 2:
            return [Leave()]
        return []  # dismissed: back to the game

    def save_elsewhere(self, state: GameState) -> Commands:
        """Write the game to the first free `avatar-tui-game-N.toml` of a folder
        that takes it and say where (then leave); if none does, ask again."""
        problems = []
        for folder in elsewhere_dirs():
            path = _free_name(folder)
            try:
                save_game(state, path)
            except OSError as err:
                problems.append(f"{folder}: {err.strerror or err}")
                continue
            return [Offer("The game is saved", f"It is in {escape(str(path))}: "
                          f"`avatar-tui play --scenario {escape(str(path))}` plays on from it.",
                          SAVED_ELSEWHERE)]
        self.elsewhere_failed = "; ".join(problems)
        return self.quit()


def elsewhere_dirs() -> list[Path]:
    """Where a game goes when its own folder takes no file: home (never the
    root an empty HOME would name, datadir.home_dir), then /tmp."""
    home = home_dir()
    return ([home] if home is not None else []) + [Path(tempfile.gettempdir())]


def _free_name(folder: Path) -> Path:
    n = 1
    while (folder / f"avatar-tui-game-{n}.toml").exists():
        n += 1
    return folder / f"avatar-tui-game-{n}.toml"
