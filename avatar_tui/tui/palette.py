"""Textual's command palette (ctrl+p: the colour themes), kept away from a
terminal too small for it.

In Textual 8.2.8 the palette's list measures its lines only when it has
room on the screen. With none (a terminal of 4 rows or fewer, or a very
narrow one) PgUp and PgDn in the palette look up lines it never measured
and the app crashes. So the game does not open the palette where the board
cannot be shown, and says so where it says the terminal is too small; and
a palette opened on a larger terminal that then shrinks ignores PgUp and
PgDn until its list has room again."""

from __future__ import annotations

from textual.app import App
from textual.command import CommandList, CommandPalette

PAGE_KEYS = (("page_up",), ("page_down",))  # the list actions that need measured lines


class Palette(CommandPalette):
    """Textual's palette, whose page keys wait for its list to have room."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "command_list" and parameters in PAGE_KEYS:
            return bool(self.query_one(CommandList).scrollable_content_region)
        return super().check_action(action, parameters)


def open_palette(app: App) -> None:
    """What ctrl+p does: as Textual's own action, with the guarded palette."""
    if app.use_command_palette and not CommandPalette.is_open(app):
        app.push_screen(Palette(id="--command-palette"))
