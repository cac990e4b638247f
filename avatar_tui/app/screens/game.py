"""The main screen: the board, the event log and the footer of the keys
that are legal now. It holds no game logic: keys and clicks go to the app,
which asks the engine; `show` puts the new state on the widgets in place."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, Static

from avatar_tui.app.board import Board, CardView, EventLog, ZoneRow
from avatar_tui.app.keys import GAME_KEYS, candidates
from avatar_tui.app.session import Session

if TYPE_CHECKING:
    from avatar_tui.app.app import AvatarApp

MIN_SIZE = (80, 24)  # below this the board cannot be drawn
WIDE_SIZE = (110, 34)  # from here the full layout, below it the compact one


class GameScreen(Screen[None]):
    AUTO_FOCUS = ""  # nothing: a card is focused by tab or a click, for the inspector
    BINDINGS = [
        *[Binding(k.key, f"play('{k.name}')", k.label, id=k.name, key_display=k.display)
          for k in GAME_KEYS],
        Binding("c", "choose", "Answer", id="choose"),
        Binding("u", "undo", "Undo", id="undo"),
        Binding("v", "moves", "Moves", id="moves"),
        Binding("i", "inspect", "Inspect", id="inspect"),
        Binding("question_mark", "help", "Help", id="help", key_display="?"),
        Binding("n", "new_game", "New", id="new_game"),
        Binding("q", "quit", "Quit", id="quit"),
    ]

    @property
    def game_app(self) -> AvatarApp:
        return self.app  # type: ignore[return-value]

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            yield Board(id="board")
            yield EventLog(id="log")
        yield Static(id="too-small")
        yield Footer(show_command_palette=False)

    # ---------------------------------------------------------------- showing

    def on_mount(self) -> None:
        self.set_class(self.game_app.session is None, "-no-game")

    def show(self, session: Session | None, hint: str | None = None) -> None:
        self.set_class(session is None, "-no-game")
        if session is not None:
            self.query_one(Board).show(session, hint)
            self.query_one(EventLog).show(session)
        self.refresh_bindings()

    def reset_log(self) -> None:
        self.query_one(EventLog).reset()

    def note(self, text: str) -> None:
        self.query_one(EventLog).note(text)

    def on_resize(self, event: events.Resize) -> None:
        width, height = event.size
        too_small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.set_class(too_small, "-too-small")
        compact = not too_small and (width < WIDE_SIZE[0] or height < WIDE_SIZE[1])
        self.set_class(compact, "-compact")
        self.query_one(Footer).compact = compact
        if too_small:
            self.query_one("#too-small", Static).update(
                f"The terminal is {width}×{height}.\n\navatar-tui needs at least "
                f"{MIN_SIZE[0]}×{MIN_SIZE[1]} (and {WIDE_SIZE[0]}×{WIDE_SIZE[1]} for the full "
                "layout).\nPlease make the window larger.")

    # ---------------------------------------------------------------- keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        session = self.game_app.session
        if action == "play":
            return session is not None and bool(candidates(str(parameters[0]), session.legal))
        if action == "choose":
            return session is not None and session.pending_question
        if action == "undo":
            return session is not None and session.can_undo
        if action == "moves":
            return session is not None and not session.over
        if action == "inspect":
            return session is not None
        return True

    def on_key(self, event: events.Key) -> None:
        """A game key that is not legal now: say why, in the engine's words."""
        for key in GAME_KEYS:
            if event.key == key.key and not self.check_action("play", (key.name,)):
                event.stop()
                self.game_app.explain_key(key.name)
                return

    def action_play(self, name: str) -> None:
        self.game_app.play_key(name)

    def action_choose(self) -> None:
        self.game_app.ask_question()

    def action_undo(self) -> None:
        self.game_app.undo()

    def action_moves(self) -> None:
        self.game_app.show_moves()

    def action_inspect(self) -> None:
        focused = self.focused
        self.game_app.inspect(focused if isinstance(focused, CardView) else None)

    def action_help(self) -> None:
        self.game_app.show_help()

    def action_new_game(self) -> None:
        self.game_app.ask_new_game()

    async def action_quit(self) -> None:
        self.app.exit()

    # ---------------------------------------------------------------- mouse

    def on_card_view_selected(self, message: CardView.Selected) -> None:
        self.game_app.card_clicked(message.card)

    def on_zone_row_deck_clicked(self, message: ZoneRow.DeckClicked) -> None:
        self.game_app.deck_clicked(message.owner)
