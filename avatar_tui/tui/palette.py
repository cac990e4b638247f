"""Textual's command palette (ctrl+p: the colour themes, the keys) and its
theme picker, guarded against what crashes them in Textual 8.2.8. Every
app of the project is a `PaletteApp`, so every palette it opens is a
`Palette`.

- No room: the palette's list measures its lines only when it has room on
  the screen. With none (a terminal of 4 rows or fewer, or a very narrow
  one) PgUp and PgDn look up lines it never measured and the app crashes.
  So the page keys wait until the list has room (the game also refuses to
  open the palette where the board cannot be shown, and says so).
- Acting after closing: keys and clicks reach the palette in a queue. One
  that closes it (enter on a command, a click outside it) leaves the rest
  queued, and each of those closes it again: Textual pops whatever screen
  is on top, the board or the deck editor, until none is left and the app
  crashes (four quick enters, a double click outside it while typing). So
  a palette no longer on top ignores them: it closes once, runs its
  command once."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TypeVar

from textual import events
from textual.app import App, SystemCommand
from textual.command import CommandList, CommandPalette
from textual.message import Message
from textual.screen import Screen
from textual.theme import ThemeProvider
from textual.widgets import Button, Input, OptionList

from avatar_tui.tui.textual_private import GuardedPalette

PAGE_KEYS = (("page_up",), ("page_down",))  # the list actions that need measured lines

# what the palette acts on: each may close it (and run a command)
CLOSING = (Input.Submitted, Input.Changed, Button.Pressed, OptionList.OptionSelected,
           events.Click)

ReturnType = TypeVar("ReturnType")


class Palette(GuardedPalette):
    """Textual's palette, whose page keys wait for its list to have room and
    which acts only while it is on top."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "command_list" and parameters in PAGE_KEYS:
            lists = self.query(CommandList)  # none yet: the palette is still being mounted
            return bool(lists) and bool(lists.first().scrollable_content_region)
        return super().check_action(action, parameters)

    def drops(self, message: Message) -> bool:
        # a late one, queued before the palette closed, would close it again
        return isinstance(message, CLOSING) and not self.is_active


class PaletteApp(App[ReturnType]):
    """An app whose ctrl+p and theme picker open the guarded `Palette`."""

    def action_command_palette(self) -> None:
        open_palette(self)

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's commands; for a guest of `avatar-tui ssh`
        (AVATAR_TUI_GUEST set) without the screenshot, which a terminal app
        writes to the server's disk, where the guest cannot fetch it."""
        for command in super().get_system_commands(screen):
            if not (guest() and command.title == "Screenshot"):
                yield command

    def search_themes(self) -> None:
        """The palette's Theme command: Textual's theme picker, guarded."""
        self.push_screen(Palette(providers=[ThemeProvider], placeholder="Search for themes…"))


def guest() -> bool:
    """Whether this app plays for a guest of `avatar-tui ssh`
    (tui/ssh_server.py sets AVATAR_TUI_GUEST in the session's environment)."""
    return os.environ.get("AVATAR_TUI_GUEST", "") not in ("", "0")


def open_palette(app: App) -> None:
    """What ctrl+p does: as Textual's own action, with the guarded palette."""
    if app.use_command_palette and not CommandPalette.is_open(app):
        app.push_screen(Palette(id="--command-palette"))
