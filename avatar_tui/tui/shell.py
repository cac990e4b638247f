"""The app as its parts see it: what the dialogs (tui/dialogs.py), the
settings (tui/preferences.py) and the shared game (tui/sharing.py) read and
call on it. They take a `Shell`, and `AvatarApp` (tui/app.py) is one, so
they build on this module and never on the app that imports them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from avatar_tui.tui.palette import PaletteApp
from avatar_tui.tui.screens.game import GameScreen

if TYPE_CHECKING:
    from avatar_tui.play.commands import Commands
    from avatar_tui.play.controller import GameController
    from avatar_tui.play.referee import Referee
    from avatar_tui.play.session import Session
    from avatar_tui.store.settings import Settings
    from avatar_tui.store.storage import SaveStore


class Shell(PaletteApp[None]):
    """The game's app, but for how it carries out the referee's commands."""

    store: SaveStore | None  # where games are saved (None: nothing is saved)
    controller: GameController  # the game on the board: all but the widgets
    referee: Referee  # what happens next: it answers with commands
    settings: Settings
    publisher: Any  # play --share: net/share.py's Share, or None

    @property
    def session(self) -> Session | None:
        """The game on the board (the controller keeps it)."""
        return self.controller.session

    @property
    def game_screen(self) -> GameScreen:
        screen = self.screen_stack[0]
        assert isinstance(screen, GameScreen)
        return screen

    def carry_out(self, commands: Commands) -> None:
        """Do what the referee decided (AvatarApp.carry_out)."""
        raise NotImplementedError
