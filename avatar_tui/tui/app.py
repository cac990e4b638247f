"""The Textual app: the board, its dialogs, workers and timers, carrying
out what the play layer's referee decides (play/referee.py).

The app decides nothing about the game: a key, a click or an answer goes to
the referee, which returns commands (play/commands.py); the app carries them
out: `Show` redraws, `Ask`/`Offer`/`GameOver`/`ChooseGame` open a dialog whose
answer goes back to the referee, `Think` runs in a worker thread that posts a
message back, `After` is a timer, `Save` hands the move shown to the save
writer once it is drawn."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Literal, assert_never

from textual import work
from textual.message import Message
from textual.timer import Timer

from avatar_tui.engine import Event
from avatar_tui.model.actions import Action
from avatar_tui.model.common import PlayerId
from avatar_tui.model.state import GameState
from avatar_tui.play.commands import (
    After,
    Ask,
    ChooseGame,
    ChooseLesson,
    ChoosePuzzle,
    Commands,
    GameOver,
    Leave,
    Offer,
    Save,
    Show,
    Think,
    TimerFired,
)
from avatar_tui.play.commands import Thought as Result
from avatar_tui.play.controller import GameController
from avatar_tui.play.referee import Referee
from avatar_tui.store.storage import SaveStore
from avatar_tui.tui import dialogs, preferences, sharing, themes
from avatar_tui.tui.board import CardView, ZoneRow
from avatar_tui.tui.perf import heap, warm
from avatar_tui.tui.screens.game import BOARD_COMMANDS, GameScreen
from avatar_tui.tui.shell import Shell

if TYPE_CHECKING:
    from avatar_tui.play.demo import Demo
    from avatar_tui.play.lesson import Lesson
    from avatar_tui.play.seats import BotSeat

# The dialogs, the hint and the demos are imported where they are opened:
# the first frame draws none of them, and a start is quicker without them.

Start = Literal["ask", "resume", "new", "learn", "puzzles"]


def _to_referee(method: str, *given: object):
    """A key's action that hands the key to the referee (play/referee.py) and
    carries out what it decides."""

    def action(self: AvatarApp) -> None:
        self.carry_out(getattr(self.referee, method)(*given))

    action.__doc__ = f"The referee's {method}{given or ''}."
    return action


class AvatarApp(Shell):
    """avatar-tui: a hot-seat game of the Avatar TCG.

    `store`: where games are saved (None: nothing is saved). `start`: with
    no `game`, ask to resume an unfinished save, resume it at once, or
    offer a new game. `game`: a state (and its events) to play from, e.g.
    a scenario. `seed`: the seed offered for new games (default: random
    from the OS, never the clock; the seed is kept in the save).
    `demo`: step through a narrated demo instead (nothing is saved);
    `lesson`: teach a lesson instead (its progress is kept, no game is);
    `start="learn"`: open on the lessons' list; `start="puzzles"`: on the
    puzzles' list, or on puzzle `puzzle` (a built-in one's name);
    `bot`: a computer player in one seat (`play --vs-bot`); `kept`: the
    name of the kept game `game` is (`play --resume NAME`), which becomes
    the current save; `game_format` (and its `packs` each): the new-game
    screen offers this format from packs first (`play --format`)."""

    CSS_PATH = ["app.tcss", "screens.tcss"]
    TITLE = "avatar-tui"
    bottom: PlayerId = "p1"  # whose mat is at the bottom: p1 on a shared screen

    def __init__(self, store: SaveStore | None = None, *, start: Start = "ask",
                 game: tuple[GameState, list[Event]] | None = None, seed: int | None = None,
                 demo: Demo | None = None, lesson: Lesson | None = None,
                 bot: BotSeat | None = None,
                 kept: str | None = None, freeze_startup_heap: bool = False,
                 publisher=None, puzzle: str | None = None, game_format: str | None = None,
                 packs: int | None = None):
        super().__init__()
        self.publisher = publisher  # play --share: watchers follow this game (tui/sharing.py)
        themes.register(self)  # the colour-blind-safe one among Textual's
        self.freeze_startup_heap = freeze_startup_heap
        self.store = store
        self.start_mode = start
        self.initial_game = game
        self.initial_kept = kept
        # all but the widgets
        self.controller = GameController(store, bot=bot, demo=demo, lesson=lesson)
        # what happens next; `start="puzzles"` with `puzzle`: that one at once
        self.referee = Referee(self.controller, seed=seed, puzzle=puzzle,
                               game_format=game_format, packs=packs)
        self.settings = preferences.load(self)  # g; the theme also by ctrl+p
        self.timers: dict[str, tuple[Timer, TimerFired]] = {}  # the pauses running, by kind
        self.sub_title = self.controller.mode.subtitle

    def watch_theme(self, theme: str) -> None:
        preferences.theme_changed(self, theme)

    def action_settings(self) -> None:
        """g (the board), ctrl+o (the new-game screen): the settings screen."""
        preferences.open_screen(self)

    def get_default_screen(self) -> GameScreen:
        # the game opens once the board's widgets are mounted: on the first frame
        return GameScreen(self.controller, ready=self.open_game, bottom=self.bottom,
                          shown=self.shared)

    def shared(self) -> None:
        """The board shown anew: watchers of a shared game or lesson are
        sent what changed (play --share, learn --share)."""
        if self.publisher is not None:
            sharing.publish(self)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The board's keys (bound to the app's actions) are on when the
        game's mode says so, as the board's footer shows."""
        return self.controller.mode.allows(action, parameters) if action in BOARD_COMMANDS else True

    def action_command_palette(self) -> None:
        dialogs.command_palette(self)  # not where the board has no room

    def open_game(self) -> None:
        self.carry_out(self.referee.start(self.start_mode, self.initial_game, self.initial_kept))
        self.call_after_refresh(self.warm_models)

    def warm_models(self) -> None:
        """After the first frame: build the game model's deferred validators
        one per turn of the event loop (tui/perf/warm.py), then freeze the heap."""
        if warm.build_one():
            self.call_later(self.warm_models)
        elif self.freeze_startup_heap:
            heap.settle()  # the start's heap out of later collections (tui/perf/heap.py)

    # ---------------------------------------------------------------- carrying out

    def carry_out(self, commands: Commands) -> None:
        """Do what the referee (play/referee.py) decided, in order. Dialogs are
        put once the board is on top (the one just answered is gone by then).
        Every kind of command has its arm: a kind added to `Command` and
        not here fails the type check and, at run time, `assert_never`
        (tests/test_commands_handled.py)."""
        for command in commands:
            match command:
                case Show():
                    self.show(command)
                case Think():
                    self.think(command)
                case After():
                    self.after(command)
                case Save():
                    self.call_after_refresh(self.save_shown)
                case Leave():
                    self.exit()
                case ChooseGame():
                    dialogs.choose_game(self, command)
                case ChooseLesson():
                    dialogs.choose_lesson(self, command)
                case ChoosePuzzle():
                    dialogs.choose_puzzle(self, command)
                case Offer():
                    dialogs.offer(self, command)
                case Ask():  # the question and the game's end: on the board only (c asks again)
                    self.call_later(dialogs.ask, self, command)
                case GameOver():
                    self.call_later(dialogs.game_over, self, command)
                case _:
                    assert_never(command)

    def show(self, command: Show) -> None:
        if command.title is not None:
            self.sub_title = command.title
        if command.rebuilt:
            self.game_screen.reset_log()
        if self.session is not None:  # the move's events first, then the notes about them
            self.game_screen.event_log.show(self.session)
        for line in command.notes:
            self.game_screen.note(line)
        self.game_screen.show()  # and to the watchers, if shared (shared)

    class Thought(Message):
        """A search's result, from its worker thread (play/commands.Thought)."""

        def __init__(self, thought: Result):
            super().__init__()
            self.thought = thought

    @work(thread=True, exit_on_error=False, group="think")
    def think(self, command: Think) -> None:
        """A search in a worker thread, the board live meanwhile; not
        exclusive: the referee drops a result for a position gone."""
        self.post_message(self.Thought(command.work()))

    def on_avatar_app_thought(self, message: AvatarApp.Thought) -> None:
        self.carry_out(self.referee.thought(message.thought))

    def after(self, command: After) -> None:
        kind = command.event.kind
        if kind in self.timers:
            self.timers[kind][0].stop()
        timer = self.set_timer(command.seconds, partial(self.fire, kind), name=kind)
        self.timers[kind] = (timer, command.event)

    def fire(self, kind: str) -> None:
        """A pause ran out (the timer's call; tests call it without waiting)."""
        if kind not in self.timers:
            return
        timer, event = self.timers.pop(kind)
        timer.stop()  # when called before its time
        if self.screen_stack:  # not when the app is closing: a timer came late
            self.carry_out(self.referee.fired(event, covered=self.screen is not self.game_screen))

    def save_shown(self) -> None:
        self.carry_out(self.referee.save_shown(lambda: self.post_message(self.SaveFailed())))

    class SaveFailed(Message):
        """A save written in the background failed (controller.save_error says why)."""

    def on_avatar_app_save_failed(self, _message: SaveFailed) -> None:
        self.carry_out(self.referee.save_failed())

    def on_unmount(self) -> None:
        self.controller.settle()  # a quit right after a move still writes it
        if self.store is not None:
            self.store.lock.release()

    def message(self, title: str, text: str, then=None) -> None:
        dialogs.message(self, title, text, then)

    # ---------------------------------------------------------------- keys

    def act(self, action: Action) -> None:
        """Make a move through the engine; a refusal is shown, never raised."""
        self.carry_out(self.referee.act(action))

    def action_play(self, name: str) -> None:
        self.carry_out(self.referee.press(name))

    def action_demo_step(self, delta: int = 0) -> None:
        self.carry_out(self.referee.demo_step(delta))

    action_choose = _to_referee("choose")
    action_undo = _to_referee("undo")
    action_new_game = _to_referee("ask_new_game")
    action_hint = _to_referee("hint")
    action_show_me = _to_referee("hint")  # a puzzle's h: the referee's hint is "show me" there
    action_demo_auto = _to_referee("demo_auto", True)
    action_demo_stop = _to_referee("demo_auto", False)
    action_take_over = _to_referee("take_over")

    def action_quit(self) -> None:  # type: ignore[override]  # Textual runs a sync action too
        """Every quit (q, ctrl+q, game over) asks first if moves would be lost."""
        self.carry_out(self.referee.quit())

    # ---------------------------------------------------------------- looking

    def action_explain(self) -> None:
        dialogs.explain(self)

    def action_help(self) -> None:
        dialogs.help_screen(self)

    def action_moves(self) -> None:
        dialogs.own_moves(self)

    def action_inspect(self) -> None:
        dialogs.inspect(self, self.focused)

    # ---------------------------------------------------------------- mouse

    def on_card_view_selected(self, message: CardView.Selected) -> None:
        """Clicking the highlighted flipped card pays for it when it may."""
        card = message.card
        if card.role == "flip" and card.card_id is not None:
            self.carry_out(self.referee.clicked(card.owner, card.zone, flip=True))

    def on_zone_row_deck_clicked(self, message: ZoneRow.DeckClicked) -> None:
        self.carry_out(self.referee.clicked(message.owner))
