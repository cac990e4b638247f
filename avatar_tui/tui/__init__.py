"""The terminal game (Textual): both playmats, the keys that are legal now,
dialogs for every choice, saved after every action, over the Textual-free
game logic of avatar_tui.play. `AvatarApp` is loaded on first use, so a
module of this package that needs no app (the layout's sizes) imports
without it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from avatar_tui.tui.app import AvatarApp

__all__ = ["AvatarApp"]


def __getattr__(name: str) -> Any:
    if name == "AvatarApp":
        from avatar_tui.tui.app import AvatarApp
        return AvatarApp
    raise AttributeError(name)
