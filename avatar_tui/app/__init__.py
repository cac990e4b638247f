"""The terminal game (Textual): both playmats, the keys that are legal now,
dialogs for every choice, saved after every action."""

from avatar_tui.app.app import AvatarApp

__all__ = ["AvatarApp"]
