"""The main screen: the board, the event log and the footer of the keys
that are legal now. It holds no game logic: keys and clicks go to the app,
which asks the engine; `show` puts the new state on the widgets in place."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static

from avatar_tui.app.board import Board, CardView, EventLog, RuleHelp, ZoneRow
from avatar_tui.app.keybar import KeyBar
from avatar_tui.app.keys import GAME_KEYS, candidates
from avatar_tui.app.session import Session

if TYPE_CHECKING:
    from avatar_tui.app.app import AvatarApp

GAME_KEY_NAMES = {k.key for k in GAME_KEYS} | {"c", "u", "v"}
DEMO_KEYS = {"right", "left", "space", "a", "p"}
MIN_SIZE = (80, 24)  # below this the board cannot be drawn
WIDE_SIZE = (110, 34)  # from here the full layout, below it the compact one
TALL = 36  # from this height, in the full layout, a fourth row for status and hint


class GameScreen(Screen[None]):
    AUTO_FOCUS = ""  # nothing: a card is focused by tab or a click, for the inspector
    BINDINGS = [
        # a demo's steps (first, so that the footer shows them first)
        Binding("right", "demo_step(1)", "Next", id="demo_next", key_display="→"),
        Binding("left", "demo_step(-1)", "Back", id="demo_back", key_display="←"),
        *[Binding(k.key, f"play('{k.name}')", k.label, id=k.name, key_display=k.display)
          for k in GAME_KEYS],
        Binding("c", "choose", "Answer", id="choose"),
        Binding("e", "explain", "Why?", id="explain"),  # explain: every move, and why (not)
        Binding("h", "hint", "Hint", id="hint", show=False),  # the expert's advice
        Binding("u", "undo", "Undo", id="undo"),
        Binding("v", "moves", "Moves", id="moves"),
        Binding("i", "inspect", "Inspect", id="inspect"),
        Binding("l", "log", "Log", id="log", show=False),
        # a demo (avatar-tui demo NAME): stepping, auto-play, taking over
        Binding("space", "demo_step(1)", "Next", id="demo_next_space", show=False),
        Binding("a", "demo_auto", "Auto-play", id="demo_auto"),
        Binding("a", "demo_stop", "Stop", id="demo_stop"),
        Binding("p", "take_over", "Take over", id="take_over"),
        Binding("question_mark", "help", "Help", id="help", key_display="?"),
        Binding("n", "new_game", "New", id="new_game", show=False),  # ? and game over list it
        Binding("q", "quit", "Quit", id="quit"),
    ]

    @property
    def game_app(self) -> AvatarApp:
        return self.app  # type: ignore[return-value]

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        # kept: show() runs after every move
        self.board = Board(id="board")
        self.event_log = EventLog(id="log")
        # hidden until there is a game; a widget's own visibility, as a class
        # on the screen would restyle every widget when it changes
        self.main = Horizontal(id="main")
        self.main.visible = False
        self.key_bar = KeyBar(self.BINDINGS, id="keys")

    def compose(self) -> ComposeResult:
        with self.main:
            yield self.board
            with Vertical(id="side"):
                with VerticalScroll(id="narration", can_focus=False):
                    yield Static(id="narration-text")
                yield self.event_log
                yield RuleHelp(id="rule-help")
        yield Static(id="too-small")
        yield self.key_bar

    # ---------------------------------------------------------------- showing

    def on_mount(self) -> None:
        self.query_one(RuleHelp).display = False
        self.event_log.border_title = "Events · l: their rules"
        self.game_app.begin()

    def show(self, session: Session | None, hint: str | None = None) -> None:
        self.main.visible = session is not None
        self.set_class(self.game_app.demo is not None, "-demo")
        if session is not None:
            self.board.show(session, hint)
            self.event_log.show(session)
        self.key_bar.refresh_keys()

    def refresh_bindings(self) -> None:
        """Textual's hook for "the legal keys may have changed"."""
        super().refresh_bindings()
        if self.key_bar.is_attached:
            self.key_bar.refresh_keys()

    def show_narration(self, markup: str | None, where: str = "") -> None:
        """The demo's narration panel (None: no demo, the panel hides)."""
        self.set_class(markup is not None, "-demo")
        if markup is None:
            return
        panel = self.query_one("#narration", VerticalScroll)
        panel.border_title = where
        self.query_one("#narration-text", Static).update(markup)
        panel.scroll_home(animate=False, immediate=False)

    def reset_log(self) -> None:
        self.query_one(EventLog).reset()
        self.query_one(RuleHelp).show_rule(None, None)

    def note(self, text: str) -> None:
        self.query_one(EventLog).note(text)

    def on_resize(self, event: events.Resize) -> None:
        width, height = event.size
        too_small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        self.set_class(too_small, "-too-small")
        compact = not too_small and (width < WIDE_SIZE[0] or height < WIDE_SIZE[1])
        self.set_class(compact, "-compact")
        self.set_class(not compact and not too_small and height >= TALL, "-tall")
        self.key_bar.compact = compact
        self.key_bar.refresh_keys()
        if too_small:
            self.query_one("#too-small", Static).update(
                f"The terminal is {width}×{height}.\n\navatar-tui needs at least "
                f"{MIN_SIZE[0]}×{MIN_SIZE[1]} (and {WIDE_SIZE[0]}×{WIDE_SIZE[1]} for the full "
                "layout).\nPlease make the window larger.")

    # ---------------------------------------------------------------- the log's rules

    def on_option_list_option_highlighted(self, message: OptionList.OptionHighlighted) -> None:
        self._show_rule(message.option_list, message.option_index)

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        self._show_rule(message.option_list, message.option_index)

    def _show_rule(self, log: OptionList, index: int) -> None:
        if isinstance(log, EventLog):
            found = log.rule_of(index)
            self.query_one(RuleHelp).show_rule(*(found or (None, None)))

    def on_event_log_left(self, message: EventLog.Left) -> None:
        self.query_one(RuleHelp).show_rule(None, None)

    def action_log(self) -> None:
        self.query_one(EventLog).focus()

    # ---------------------------------------------------------------- keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        app = self.game_app
        session = app.session
        demo = app.demo
        if action.startswith("demo_") or action == "take_over":
            if demo is None:
                return False
            if action == "demo_step":
                step = int(parameters[0])  # type: ignore[call-overload]
                return demo.step > 0 if step < 0 else not demo.at_end
            if action == "demo_auto":
                return not app.demo_playing and not demo.at_end
            if action == "demo_stop":
                return app.demo_playing
            return True
        if action == "hint":
            return demo is None and session is not None and not session.over \
                and not app.bot_to_move
        if action in ("play", "choose", "undo", "moves", "explain", "new_game"):
            if action == "explain":  # also in a demo: what could the player do here?
                return session is not None and not session.over and not app.bot_to_move
            if demo is not None or app.bot_to_move:
                return False
        if action == "play":
            return session is not None and bool(candidates(str(parameters[0]), session.legal))
        if action == "choose":
            return session is not None and session.pending_question
        if action == "undo":
            return session is not None and app.can_undo
        if action == "moves":
            return session is not None and not session.over
        if action == "inspect":
            return session is not None
        return True

    def on_key(self, event: events.Key) -> None:
        """A game key that is not legal now: say why, in the engine's words."""
        app = self.game_app
        if app.demo is not None:
            if event.key in GAME_KEY_NAMES and event.key not in DEMO_KEYS:
                event.stop()
                app.hint = "[b]This is a demo:[/b] p takes over, to play on from this step."
                app.refresh_view()
            return
        for key in GAME_KEYS:
            if event.key == key.key and not self.check_action("play", (key.name,)):
                event.stop()
                if app.bot_to_move:
                    app.computer_busy()
                else:
                    app.explain_key(key.name)
                return

    def action_play(self, name: str) -> None:
        self.game_app.play_key(name)

    def action_choose(self) -> None:
        self.game_app.ask_question()

    def action_explain(self) -> None:
        self.game_app.explain()

    def action_hint(self) -> None:
        self.game_app.show_hint()

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

    def action_demo_step(self, step: int) -> None:
        self.game_app.demo_step(step)

    def action_demo_auto(self) -> None:
        self.game_app.demo_auto(True)

    def action_demo_stop(self) -> None:
        self.game_app.demo_auto(False)

    def action_take_over(self) -> None:
        self.game_app.take_over()

    async def action_quit(self) -> None:
        self.app.exit()

    # ---------------------------------------------------------------- mouse

    def on_card_view_selected(self, message: CardView.Selected) -> None:
        self.game_app.card_clicked(message.card)

    def on_zone_row_deck_clicked(self, message: ZoneRow.DeckClicked) -> None:
        self.game_app.deck_clicked(message.owner)
