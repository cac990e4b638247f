"""The kept games (avatar_tui/store/savedgames.py), opened from the new-game
screen: the same list as `avatar-tui games`, most recently played first.
An unfinished one is resumed with enter (or a click); finished and
unreadable ones are listed, greyed, for what they are."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from avatar_tui.io.terminal_text import visible
from avatar_tui.store.savedgames import KeptGame, SavedGames
from avatar_tui.tui.screens.dialog import Dialog


def entry(game: KeptGame) -> Text:
    """Two lines: the name, then what the game is. Text, never markup: the
    characters' names may come from a file, their control characters shown
    escaped."""
    text = Text(game.name, style="bold")
    if game.problem is not None:
        text.append(f"\n  unreadable: {visible(game.problem)}")
    else:
        text.append(f"\n  {game.status} · {visible(game.players)} · {game.points} · "
                    f"{game.played:%Y-%m-%d %H:%M}")
    return text


class KeptGamesScreen(Dialog[str | None]):
    """Answers the name of the unfinished game to resume, or None (escape)."""

    BINDINGS = [Binding("escape", "back", "Back", id="back")]

    def __init__(self, games: SavedGames):
        super().__init__()
        self.games = games.games()
        self.folder = games.folder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog kept-games"):
            yield Static("[b]Kept games[/b]", classes="dialog-title")
            if not self.games:
                yield Static("No game is kept yet: a game is kept here when a new one takes "
                             "its place, and when it ends.", classes="dialog-prompt")
            else:
                yield OptionList(*(Option(entry(g), id=g.name, disabled=g.finished or
                                          g.problem is not None) for g in self.games),
                                 id="kept-list", compact=True)
            unfinished = sum(1 for g in self.games if g.status == "unfinished")
            keys = "enter resumes the highlighted game · " if unfinished else ""
            yield Static(f"[dim]{keys}escape goes back · avatar-tui games lists them, "
                         "games delete NAME deletes one[/]", classes="dialog-keys")

    def on_mount(self) -> None:
        if self.games:
            listing = self.query_one(OptionList)
            listing.focus()
            first = next((i for i, g in enumerate(self.games) if g.status == "unfinished"),
                         None)
            listing.highlighted = first

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.dismiss(event.option.id)

    def action_back(self) -> None:
        self.dismiss(None)
