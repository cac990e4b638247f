"""The Textual app: owns the game session, asks the engine for every move,
saves after every action, and puts the result on the screen.

The app never decides a rule: the keys it offers come from
`legal_actions`, moves go through `apply`, and refusals are the engine's
`why_not` reasons."""

from __future__ import annotations

import os
import random
from functools import partial
from typing import TYPE_CHECKING, Literal

from textual.app import App
from textual.message import Message
from textual.timer import Timer

from avatar_tui.engine import Event, new_game
from avatar_tui.io.storage import SaveStore
from avatar_tui.model.actions import Action
from avatar_tui.model.state import GameSetup, GameState
from avatar_tui.notation.scenario import ScenarioError
from avatar_tui.play import describe, questions, seats
from avatar_tui.play.controller import GameController
from avatar_tui.play.keys import BY_NAME
from avatar_tui.play.modes import DemoMode, VsComputer
from avatar_tui.play.plain import escape
from avatar_tui.play.session import Session
from avatar_tui.tui import layout, palette, safety
from avatar_tui.tui.board import CardView, ZoneRow
from avatar_tui.tui.perf import heap, warm
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.game import BOARD_COMMANDS, GameScreen, too_small

if TYPE_CHECKING:
    from avatar_tui.bots import BotSeat
    from avatar_tui.play import hint as hints
    from avatar_tui.play.demo import Demo

# The dialogs, the hint and the demos are imported where they are opened:
# the first frame draws none of them (issue 16).

Start = Literal["ask", "resume", "new"]


class AvatarApp(App[None]):
    """avatar-tui: a hot-seat game of the Avatar TCG.

    `store`: where games are saved (None: nothing is saved). `start`: with
    no `game`, ask to resume an unfinished save, resume it at once, or
    offer a new game. `game`: a state (and its events) to play from, e.g.
    a scenario. `seed`: the seed offered for new games (default: random
    from the OS, never the clock; the seed is kept in the save).
    `demo`: step through a narrated demo instead (nothing is saved);
    `bot`: a computer player in one seat (`play --vs-bot`); `kept`: the
    name of the kept game `game` is (`play --resume NAME`), which becomes
    the current save."""

    CSS_PATH = ["app.tcss", "screens.tcss"]
    TITLE = "avatar-tui"

    def __init__(self, store: SaveStore | None = None, *, start: Start = "ask",
                 game: tuple[GameState, list[Event]] | None = None, seed: int | None = None,
                 demo: Demo | None = None, bot: BotSeat | None = None,
                 kept: str | None = None, freeze_startup_heap: bool = False):
        super().__init__()
        self.freeze_startup_heap = freeze_startup_heap
        self.store = store
        # the theme chosen last time (ctrl+p), unless TEXTUAL_THEME names one
        saved = store.load_theme() if store is not None else None
        if saved in self.available_themes and "TEXTUAL_THEME" not in os.environ:
            self.theme = saved
        self.start_mode = start
        self.initial_game = game
        self.initial_kept = kept
        self.fixed_seed = seed
        self.game = GameController(store, bot=bot, demo=demo)  # all but the widgets
        self.demo_timer: Timer | None = None
        self.bot_timer: Timer | None = None
        self.bot_thinking: GameState | None = None  # the position the computer thinks on
        self.hint_for: hints.HintRequest | None = None
        self.hint_worlds: int | None = None  # tests: a fixed search instead of a second
        self.sub_title = self.game.mode.subtitle

    # the game on the board (the controller keeps it)
    @property
    def session(self) -> Session | None:
        return self.game.session

    def watch_theme(self, theme: str) -> None:
        if self.store is not None:
            try:
                self.store.save_theme(theme)
            except OSError:
                pass  # a lost preference; the game itself is saved elsewhere

    def get_default_screen(self) -> GameScreen:
        return GameScreen(self.game, ready=self.game_screen_ready)

    @property
    def game_screen(self) -> GameScreen:
        screen = self.screen_stack[0]
        assert isinstance(screen, GameScreen)
        return screen

    def game_screen_ready(self) -> None:
        """Start once the board's widgets are mounted, so a game given at
        launch is on the first frame. The data directory is claimed first
        (one writer, `safety.claim`)."""
        safety.claim(self, self.open_game)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The board's keys (bound to the app's actions) are on when the
        game's mode says so, as the board's footer shows."""
        return self.game.mode.allows(action, parameters) if action in BOARD_COMMANDS else True

    def action_command_palette(self) -> None:
        """ctrl+p: Textual's command palette, but not on a terminal too small
        for the board, where no key but q acts (tui/layout.py) and the
        palette has no room (tui/palette.py); the too-small message says so."""
        width, height = self.size
        if layout.choose(width, height).kind == "too-small":
            refused = too_small("ctrl+p", width, height, layout.MIN_SIZE)
            if self.screen is self.game_screen:
                self.game_screen.show_too_small(refused)
            else:
                self.notify(refused, severity="warning")
            return
        palette.open_palette(self)

    def open_game(self) -> None:
        if self.game.demo is not None:
            self.action_demo_step(0)
        elif self.initial_game is not None:
            state, events = self.initial_game
            self.play(state, events, kept=self.initial_kept)
        elif self.start_mode == "new":
            self.ask_new_game()
        else:
            self.resume(ask=self.start_mode == "ask")
        self.call_after_refresh(self.warm_models)

    def warm_models(self) -> None:
        """After the first frame: build the game model's deferred validators
        one per turn of the event loop (tui/perf/warm.py), then freeze the heap."""
        if warm.build_one():
            self.call_later(self.warm_models)
        elif self.freeze_startup_heap:
            heap.settle()  # the start's heap out of later collections (tui/perf/heap.py)

    # ---------------------------------------------------------------- starting

    def next_seed(self) -> int:
        if self.fixed_seed is not None:
            return self.fixed_seed
        return random.SystemRandom().randrange(1, 1_000_000)

    def play(self, state: GameState, events: list[Event], *, resumed: bool = False,
             kept: str | None = None) -> None:
        """Put a game on the table (new, resumed, from a scenario or a kept
        game). The game it replaces is kept first (GameController.start);
        when that fails, the new game does not start and the player is
        told why."""
        told = len(self.game.kept_notes)
        try:
            self.game.start(state, events, resumed=resumed, kept=kept)
        except OSError as err:
            back = self.prompt if self.session is not None else self.exit
            self.message("The new game cannot start",
                         f"{escape(str(err))}\n\nSo it does not start, and nothing is lost.",
                         then=back)
            return
        self.game_screen.reset_log()
        for line in self.game.kept_notes[told:]:  # the status line may cut it: the log does not
            self.game_screen.note(escape(line[0].upper() + line[1:]))
        self.changed()

    def start_game(self, setup: GameSetup) -> None:
        try:
            state, events = new_game(setup)
        except Exception as err:  # noqa: BLE001 - a setup the engine refuses
            self.message("Cannot start this game", escape(str(err)), then=self.ask_new_game)
            return
        self.play(state, events)

    def action_new_game(self) -> None:
        self.ask_new_game()

    def ask_new_game(self, can_cancel: bool | None = None) -> None:
        if can_cancel is None:
            can_cancel = self.session is not None
        last = self.game.last_setup
        p1 = last.p1.chamber if last else "aang"
        p2 = last.p2.chamber if last else "prince_zuko"
        from avatar_tui.tui.screens.newgame import NewGameScreen

        screen = NewGameScreen(self.next_seed(), p1, p2, can_cancel=can_cancel,
                               who=seats.who_plays(self.game.computer),
                               opponent=self.game.bot.kind if self.game.bot is not None else None,
                               keeps=self.replaces_a_game())

        def chosen(setup: GameSetup | str | None) -> None:
            if isinstance(setup, str):
                self.resume_kept(setup)
            elif setup is not None:
                self.set_opponent(screen.opponent)
                self.start_game(setup)
            elif self.session is not None:
                self.prompt()

        self.push_screen(screen, chosen)

    def replaces_a_game(self) -> bool:
        """Whether a game started now takes the place of an unfinished one
        (which is then kept: SaveStore.start_over)."""
        store = self.store
        if store is None or store.read_only or not self.game.mode.saves:
            return False
        if self.session is not None:
            return not self.session.over
        return store.has_current()

    def resume_kept(self, name: str) -> None:
        """Play on the kept game `name` (chosen on the new-game screen): it
        becomes the current save, with the seats it was saved with."""
        assert self.store is not None
        from avatar_tui.io.savedgames import GameNameError, UnknownGame

        try:
            state, events, computer = self.store.games.load(name)
        except (GameNameError, UnknownGame, ScenarioError) as err:
            self.message("This game cannot be resumed", escape(str(err)),
                         then=lambda: self.ask_new_game())
            return
        self.seat(seats.bot_for(computer, self.game.bot))
        self.play(state, events, kept=name)

    def set_opponent(self, kind: str | None) -> None:
        """p2 is the computer of this kind (the new-game screen's
        difficulty), or a person (None); a seat of the same kind stays."""
        if kind == (self.game.bot.kind if self.game.bot is not None else None):
            return
        self.seat(seats.bot_for({"p2": kind} if kind is not None else {}, self.game.bot))

    def seat(self, bot: BotSeat | None) -> None:
        """The computer in `bot`'s seat (None: hot seat), said in the title."""
        self.game.seat(bot)
        self.bot_thinking = None
        self.sub_title = self.game.mode.subtitle

    def rematch(self) -> None:
        last = self.game.last_setup
        if last is None:
            self.ask_new_game()
            return
        seed = last.seed + 1  # the same decks (a listed deck shuffled anew), a new seed
        from avatar_tui.decklib.library import reshuffled

        self.start_game(GameSetup(seed=seed, p1=reshuffled(last.p1, seed, "p1"),
                                  p2=reshuffled(last.p2, seed, "p2")))

    def resume(self, ask: bool) -> None:
        """Resume the saved game: with `ask`, offer resume or a new game."""
        store = self.store
        if store is None or not store.has_current():
            if not ask:
                self.message("No saved game", "There is no unfinished game to resume.",
                             then=self.ask_new_game)
            else:
                self.ask_new_game()
            return
        try:
            state, events = store.load()
        except ScenarioError as err:
            self.broken_save(str(err))
            return
        if state.phase == "over":
            self.game.save(state)  # archives it
            self.ask_new_game()
            return
        saved = store.load_computer()
        if not ask:
            self.resume_as_saved(saved, state, events)
            return
        t = Session(state).table
        scores = " — ".join(f"{describe.character(t, p)} {state.players[p].score}"
                            for p in ("p1", "p2"))

        def answered(index: int | None) -> None:
            if index == 0:
                self.resume_as_saved(saved, state, events)
            else:
                self.ask_new_game(can_cancel=False)

        self.push_screen(ChoiceScreen(
            "Resume the unfinished game?",
            f"{scores} · turn {state.turn_number} · {len(state.history)} actions · "
            f"seed {state.setup.seed}\nWho plays: {seats.who_plays(saved)}.",
            seats.resume_labels(saved, self.game.bot, store.read_only), can_cancel=False),
            answered)

    def resume_as_saved(self, saved: dict[str, str], state: GameState,
                        events: list[Event]) -> None:
        """Resume with the seats the save names: a game against the computer
        stays one, a hot-seat game stays hot seat (and says so when the
        command line asked for the computer)."""
        asked = self.game.bot
        self.seat(seats.bot_for(saved, asked))
        self.play(state, events, resumed=True)
        if asked is not None and self.game.bot is None:
            self.game.hint = ("This saved game is hot seat (two players): it resumes as it "
                              "was saved, without the computer.")
            self.refresh_view()

    def broken_save(self, reason: str) -> None:
        assert self.store is not None
        try:
            kept = str(self.store.keep_aside())
        except OSError as err:
            kept = f"(could not be renamed: {err.strerror})"
        self.message("The saved game cannot be read",
                     f"{escape(reason)}\n\nThe file is kept as {escape(kept)}; a new game "
                     "starts.",
                     then=lambda: self.ask_new_game(can_cancel=False))

    def message(self, title: str, text: str, then=None) -> None:
        def closed(_index: int | None) -> None:
            if then is not None:
                then()

        self.push_screen(ChoiceScreen(title, text, ["OK"], can_cancel=False), closed)

    # ---------------------------------------------------------------- moves

    def act(self, action: Action) -> None:
        """Make a move through the engine; a refusal is shown, never raised."""
        self.shown(self.game.act(action))

    def action_play(self, name: str) -> None:
        """A game key: its one legal action, or a chooser when it has several."""
        said = self.game.press(name)
        if isinstance(said, questions.Question):
            self.ask(said)
        else:
            self.shown(said)

    def shown(self, moved: bool) -> None:
        """After the controller acted: a move is saved and shown, a refusal shown."""
        if moved:
            self.changed()
        else:
            self.refresh_view()

    def ask(self, question: questions.Question) -> None:
        """Put a question; the answer is one of the engine's legal actions."""
        state = self.session.state if self.session else None

        def answered(index: int | None) -> None:
            if index is not None and self.session is not None and self.session.state is state:
                self.act(question.actions[index])

        def show(reveal: bool | None = True) -> None:
            if reveal:
                self.push_screen(ChoiceScreen(question.title, question.prompt, question.labels,
                                              question.details), answered)

        # R1.6: on a shared screen the other player looks away first (not the computer)
        if question.secret_for is not None and self.session is not None and \
                self.game.mode.shared_screen:
            from avatar_tui.tui.screens.privacy import SecretGate

            self.push_screen(SecretGate(self.session.table, question.secret_for), show)
        else:
            show()

    def action_undo(self) -> None:
        last = self.game.undo()
        if last is not None:
            self.game_screen.note(f"undone: {last}")
        self.shown(last is not None)

    # ---------------------------------------------------------------- after a change

    def changed(self) -> None:
        """After every change of the game: save it, show it, ask what it
        asks, and let the computer play when it is its move."""
        if not self.game.mode.saves:
            self.refresh_view()
            return
        if self.session is not None:
            # written once the move is on screen: the file costs the player
            # no wait, and a crash in between loses only what a crash just
            # before the key would have; quitting first still writes it
            self.game.unsaved = self.session.state
            self.call_after_refresh(self.save_unsaved)
        self.refresh_view()
        self.call_later(self.prompt)
        self.schedule_bot()

    def save_unsaved(self) -> None:
        """Hand the move just shown to the save writer (a thread: the board
        never waits for the disk); a failure is shown when it is known."""
        game = self.game
        if game.unsaved is not None:
            state, game.unsaved = game.unsaved, None
            if not game.save_later(state, lambda ok: ok or self.post_message(self.SaveFailed())):
                self.refresh_view()

    class SaveFailed(Message):
        """A save written in the background failed (controller.save_error says why)."""

    def on_avatar_app_save_failed(self, _message: SaveFailed) -> None:
        if self.game.save_error is not None:
            self.game.hint = self.game.save_failed()
            self.refresh_view()

    def on_unmount(self) -> None:
        self.game.settle()  # a quit right after a move still writes it
        if self.store is not None:
            self.store.lock.release()

    def action_quit(self) -> None:
        """Every quit (q, ctrl+q, game over) asks first if moves would be lost."""
        safety.request_quit(self)

    def refresh_view(self) -> None:
        self.game_screen.show()

    def prompt(self) -> None:
        """Open the dialog the game waits on (game over, a question), when
        the board is the screen on top."""
        if self.session is None or self.screen is not self.game_screen or \
                not self.game.mode.asks:
            return
        if self.session.over:
            from avatar_tui.tui.screens.gameover import GameOverScreen

            self.push_screen(GameOverScreen(self.session.table), self.game_over_answer)
        elif self.session.pending_question and not self.bot_to_move:
            self.action_choose()

    def game_over_answer(self, answer: str | None) -> None:
        if answer == "rematch":
            self.rematch()
        elif answer == "new":
            self.ask_new_game()
        elif answer == "quit":
            self.action_quit()

    def action_choose(self) -> None:
        """The opening defender (R2.4, R10.5) or the engine's pending choice."""
        question = questions.pending(self.session) if self.session else None
        if question is not None:
            self.ask(question)

    # ---------------------------------------------------------------- the computer

    @property
    def bot_to_move(self) -> bool:
        """The computer must act now (its keys are off for the person)."""
        return self.game.mode.waiting

    def schedule_bot(self) -> None:
        """The computer's move after a short, visible pause (a timer; tests
        call `bot_move` themselves)."""
        if self.game.bot is None or not self.bot_to_move or self.bot_timer is not None \
                or self.bot_thinking is not None:
            return
        assert isinstance(self.game.mode, VsComputer)
        self.game.hint = self.game.mode.thinking()
        self.refresh_view()
        self.bot_timer = self.set_timer(self.game.bot.delay, self.bot_move, name="bot")

    def bot_move(self) -> None:
        """The computer makes its move now, if it is its move."""
        if self.bot_timer is not None:
            self.bot_timer.stop()
            self.bot_timer = None
        bot, session = self.game.bot, self.session
        if bot is None or session is None or not self.bot_to_move:
            return
        if not self.screen_stack:  # the app is closing: a timer came late
            return
        if self.screen is not self.game_screen:  # a dialog is open: wait for it
            self.bot_timer = self.set_timer(bot.delay, self.bot_move, name="bot")
            return
        try:
            obs, legal = bot.snapshot(session.state)
            if bot.thinks:  # a search: in a thread, the board stays live
                self.bot_thinking = session.state
                self.run_worker(partial(self.bot_think, bot, session.state, obs, legal),
                                thread=True, group="bot", exit_on_error=False)
                return
            self.bot_answer(bot, session.state, bot.choose(obs, legal))
        except Exception as err:  # noqa: BLE001 - a bot failing must not end the game
            self.bot_failed(err)

    def bot_think(self, bot: BotSeat, state: GameState, obs, legal) -> None:
        """In a worker thread: the computer's choice, handed back to the app."""
        try:
            action = bot.choose(obs, legal)
        except Exception as err:  # noqa: BLE001
            self.call_from_thread(self.bot_failed, err)
            return
        self.call_from_thread(self.bot_answer, bot, state, action)

    def bot_answer(self, bot: BotSeat, state: GameState, action: Action) -> None:
        """The computer's move for `state`, made if the game is still there."""
        session = self.session
        if self.bot_thinking is not None and self.bot_thinking is not state:
            return  # an answer for an old position: another search runs now
        self.bot_thinking = None
        if bot is not self.game.bot or session is None or session.state is not state:
            self.schedule_bot()
            return
        assert isinstance(self.game.mode, VsComputer)
        try:
            self.game.mode.move(action)
        except Exception as err:  # noqa: BLE001 - a bot failing must not end the game
            self.bot_failed(err)
            return
        self.changed()

    def bot_failed(self, err: Exception) -> None:
        self.seat(None)
        self.message("The computer player stopped",
                     f"{escape(str(err))}\n\nPlay on for both players (hot seat).",
                     then=self.changed)

    def action_hint(self) -> None:
        """`h`: what the expert would do now, for the acting player, from
        their observation only (R1.6); worked out in a thread."""
        if self.session is None or self.session.over:
            return
        from avatar_tui.play import hint as hints

        request = hints.hint_request(self.session.state)
        if request is None:
            return
        self.hint_for = request
        self.game.hint = "[b]Hint:[/b] the expert is thinking…"
        self.refresh_view()
        self.run_worker(partial(self.hint_think, request), thread=True, group="hint",
                        exit_on_error=False)

    def hint_think(self, request: hints.HintRequest) -> None:
        from avatar_tui.play import hint as hints

        try:
            text = hints.hint_text(request, hints.think(request, worlds=self.hint_worlds))
        except Exception as err:  # noqa: BLE001 - a hint failing must not end the game
            text = f"[b]No hint:[/b] {escape(str(err))}"
        self.call_from_thread(self.hint_ready, request, text)

    def hint_ready(self, request: hints.HintRequest, text: str) -> None:
        session = self.session
        if request is not self.hint_for or session is None or \
                len(session.state.history) != request.history:
            return  # the game moved on: the hint is for a position gone
        self.game.hint = text
        self.refresh_view()

    # ---------------------------------------------------------------- demos

    @property
    def demo_mode(self) -> DemoMode | None:
        mode = self.game.mode
        return mode if isinstance(mode, DemoMode) else None

    def action_demo_step(self, delta: int = 0) -> None:
        """The next step (1), the previous one (-1) or the start (0) of the
        demo, put on the board (DemoMode.step)."""
        mode = self.demo_mode
        if mode is None:
            return
        from avatar_tui.play.demo import DemoError

        try:
            rebuilt = mode.step(delta)
        except DemoError as err:
            self.demo_auto(False)
            self.message("This demo cannot go on", escape(str(err)))
            return
        if rebuilt is not None:
            if rebuilt:
                self.game_screen.reset_log()
            self.refresh_view()

    def action_demo_auto(self) -> None:
        self.demo_auto(True)

    def demo_auto(self, on: bool) -> None:
        """Auto-play: a step after a pause long enough to read it."""
        if self.demo_timer is not None:
            self.demo_timer.stop()
            self.demo_timer = None
        mode = self.demo_mode
        if mode is None:
            return
        mode.playing = on and not mode.demo.at_end
        if mode.playing:
            self.demo_timer = self.set_timer(mode.demo.pause(), self.demo_tick, name="demo")
        self.refresh_view()

    def action_demo_stop(self) -> None:
        self.demo_auto(False)

    def demo_tick(self) -> None:
        """One auto-play step (the timer's; tests call it directly)."""
        self.demo_timer = None
        mode = self.demo_mode
        if mode is None or not mode.playing:
            return
        self.action_demo_step(1)
        self.demo_auto(mode.playing and not mode.demo.at_end)

    def action_take_over(self) -> None:
        """Play on from this step: the normal hot-seat game (not saved)."""
        demo = self.game.demo
        if demo is None:
            return
        self.demo_auto(False)
        self.seat(None)
        self.game_screen.show_narration(None)
        self.game_screen.note(f"You took over the demo at step {demo.step}: play on.")
        self.game.hint = (f"You took over at step {demo.step} of {demo.total}: the keys below "
                          "are the moves you may make (e explains, ? helps). This game is not "
                          "saved.")
        self.changed()

    # ---------------------------------------------------------------- looking

    def action_explain(self) -> None:
        """The explain panel: every move now, possible or not, and why."""
        if self.session is not None and not self.session.over:
            from avatar_tui.tui.screens.explain import ExplainScreen

            self.push_screen(ExplainScreen(self.session))

    def action_help(self) -> None:
        # imported here: the help leads to the rules browser, whose Markdown
        # widget (markdown-it, pygments) is a large part of a start otherwise
        from avatar_tui.tui.screens.help import HelpScreen

        self.push_screen(HelpScreen())

    def action_moves(self) -> None:
        if self.session is not None:
            from avatar_tui.tui.screens.privacy import PrivacyScreen

            self.push_screen(PrivacyScreen(self.session.table, self.game.actor))

    def action_inspect(self) -> None:
        """The inspector, at the focused card (tab, a click) or the flipped one."""
        session, focused = self.session, self.focused
        if session is None:
            return
        from avatar_tui.tui.screens.inspector import InspectorScreen, table_cards

        card = focused if isinstance(focused, CardView) and focused.card_id else None
        wanted = self.game.looked_at(card.card_id if card else None, card.owner if card else None)
        spots = table_cards(session.table)
        index = next((i for i, spot in enumerate(spots) if (spot.card, spot.owner) == wanted), 0)
        self.push_screen(InspectorScreen(session.table, spots, index))

    # ---------------------------------------------------------------- mouse

    def on_card_view_selected(self, message: CardView.Selected) -> None:
        """Clicking the highlighted flipped card pays for it when it may."""
        card = message.card
        if card.role == "flip" and card.card_id is not None:
            self.play_clicked(self.game.clicked(card.owner, card.zone, flip=True))

    def on_zone_row_deck_clicked(self, message: ZoneRow.DeckClicked) -> None:
        self.play_clicked(self.game.clicked(message.owner))

    def play_clicked(self, name: str | None) -> None:
        """A click stands for a game key: played when the mode allows it,
        else said why, like the key pressed (a demo, the computer's move)."""
        if name is None:
            return
        if self.game.mode.allows("play", (name,)) or self.game.mode.off("play") is None:
            self.action_play(name)  # or the engine's reason it cannot
        else:
            self.game.hint = self.game.mode.refusal(BY_NAME[name].key, [("play", (name,))])
            self.refresh_view()
