"""The Textual app: owns the game session, asks the engine for every move,
saves after every action, and puts the result on the screen.

The app never decides a rule: the keys it offers come from
`legal_actions`, moves go through `apply`, and refusals are the engine's
`why_not` reasons."""

from __future__ import annotations

import gc
import os
import random
import re
from functools import partial
from typing import TYPE_CHECKING, Literal

from textual.app import App
from textual.timer import Timer

from avatar_tui.app import describe, questions, safety, seats, warm
from avatar_tui.app import hint as hints
from avatar_tui.app.board import CardView
from avatar_tui.app.demo import Demo, DemoError
from avatar_tui.app.keys import BY_NAME, candidates, example
from avatar_tui.app.move_words import describe_move
from avatar_tui.app.plain import escape
from avatar_tui.app.screens.choice import ChoiceScreen
from avatar_tui.app.screens.explain import ExplainScreen
from avatar_tui.app.screens.game import GameScreen
from avatar_tui.app.screens.gameover import GameOverScreen
from avatar_tui.app.screens.help import HelpScreen
from avatar_tui.app.screens.inspector import InspectorScreen, table_cards
from avatar_tui.app.screens.newgame import NewGameScreen
from avatar_tui.app.screens.privacy import PrivacyScreen, SecretGate
from avatar_tui.app.session import Session
from avatar_tui.app.storage import SaveStore
from avatar_tui.decklib import reshuffled
from avatar_tui.engine import Event, IllegalAction, new_game, without_secret_move
from avatar_tui.model.actions import Action
from avatar_tui.model.common import PlayerId
from avatar_tui.model.state import GameSetup, GameState
from avatar_tui.notation.scenario import ScenarioError

if TYPE_CHECKING:
    from avatar_tui.bots import BotSeat

Start = Literal["ask", "resume", "new"]
RULE_ID = re.compile(r"\bR\d+(?:\.\d+)?\b")


class AvatarApp(App[None]):
    """avatar-tui: a hot-seat game of the Avatar TCG.

    `store`: where games are saved (None: nothing is saved). `start`: with
    no `game`, ask to resume an unfinished save, resume it at once, or
    offer a new game. `game`: a state (and its events) to play from, e.g.
    a scenario. `seed`: the seed offered for new games (default: random
    from the OS, never the clock; the seed is kept in the save).
    `demo`: step through a narrated demo instead (nothing is saved);
    `bot`: a computer player in one seat (`play --vs-bot`)."""

    CSS_PATH = ["app.tcss", "screens.tcss"]
    TITLE = "avatar-tui"

    def __init__(self, store: SaveStore | None = None, *, start: Start = "ask",
                 game: tuple[GameState, list[Event]] | None = None, seed: int | None = None,
                 demo: Demo | None = None, bot: BotSeat | None = None,
                 freeze_startup_heap: bool = False):
        super().__init__()
        self.freeze_startup_heap = freeze_startup_heap
        self.store = store
        # the theme chosen last time (ctrl+p), unless TEXTUAL_THEME names one
        saved = store.load_theme() if store is not None else None
        if saved in self.available_themes and "TEXTUAL_THEME" not in os.environ:
            self.theme = saved
        self.start_mode = start
        self.initial_game = game
        self.fixed_seed = seed
        self.session: Session | None = None
        self.unsaved: GameState | None = None  # shown, to be written after the frame
        self.save_error: str | None = None  # why the last save failed (None: it did not)
        self.saved_moves = 0  # the actions in the last good save
        self.hint: str | None = None
        self.last_setup: GameSetup | None = None
        self.demo = demo
        self.demo_playing = False  # auto-play is on
        self.demo_timer: Timer | None = None
        self.bot = bot
        self.bot_timer: Timer | None = None
        self.bot_said: str | None = None  # the computer's last move, in words
        self.bot_thinking: GameState | None = None  # the position the computer thinks on
        self.hint_for: hints.HintRequest | None = None
        self.hint_worlds: int | None = None  # tests: a fixed search instead of a second
        if demo is not None:
            self.sub_title = f"demo: {demo.title}"
        elif bot is not None:
            self.sub_title = f"against the computer ({bot.kind})"

    def watch_theme(self, theme: str) -> None:
        if self.store is not None:
            try:
                self.store.save_theme(theme)
            except OSError:
                pass  # a lost preference; the game itself is saved elsewhere

    def get_default_screen(self) -> GameScreen:
        return GameScreen()

    @property
    def game_screen(self) -> GameScreen:
        screen = self.screen_stack[0]
        assert isinstance(screen, GameScreen)
        return screen

    def begin(self) -> None:
        """Start: called by the game screen once its widgets are mounted, so
        a game given at launch is on the very first frame. The data
        directory is claimed first (one writer, `safety.claim`)."""
        safety.claim(self, self.open_game)

    def open_game(self) -> None:
        if self.demo is not None:
            self.demo_show(*self.demo.start())
        elif self.initial_game is not None:
            state, events = self.initial_game
            self.play(state, events)
        elif self.start_mode == "new":
            self.ask_new_game()
        else:
            self.resume(ask=self.start_mode == "ask")
        self.call_after_refresh(self.warm_models)

    def warm_models(self) -> None:
        """After the first frame: build the game model's deferred validators
        one per turn of the event loop (app/warm.py), then freeze the heap."""
        if warm.build_one():
            self.call_later(self.warm_models)
        elif self.freeze_startup_heap:
            # Everything made while starting (modules, card data, Textual's
            # styles, the validators) lives as long as the app: keeping it
            # out of Python's full garbage collections turns their 40-70 ms
            # pauses, which landed on random moves, into a few ms.
            gc.freeze()

    # ---------------------------------------------------------------- starting

    def next_seed(self) -> int:
        if self.fixed_seed is not None:
            return self.fixed_seed
        return random.SystemRandom().randrange(1, 1_000_000)

    def play(self, state: GameState, events: list[Event]) -> None:
        """Put a game on the table (new, resumed, or from a scenario)."""
        self.session = Session(state, list(events))
        self.saved_moves = len(state.history)
        self.last_setup = state.setup
        self.hint = None
        self.game_screen.reset_log()
        self.changed()

    def start_game(self, setup: GameSetup) -> None:
        try:
            state, events = new_game(setup)
        except Exception as err:  # noqa: BLE001 - a setup the engine refuses
            self.message("Cannot start this game", escape(str(err)), then=self.ask_new_game)
            return
        self.play(state, events)

    def ask_new_game(self, can_cancel: bool | None = None) -> None:
        if can_cancel is None:
            can_cancel = self.session is not None
        last = self.last_setup
        p1 = last.p1.chamber if last else "aang"
        p2 = last.p2.chamber if last else "prince_zuko"

        screen = NewGameScreen(self.next_seed(), p1, p2, can_cancel=can_cancel,
                               who=seats.who_plays(seats.of(self.bot)),
                               opponent=self.bot.kind if self.bot is not None else None)

        def chosen(setup: GameSetup | None) -> None:
            if setup is not None:
                self.set_opponent(screen.opponent)
                self.start_game(setup)
            elif self.session is not None:
                self.prompt()

        self.push_screen(screen, chosen)

    def set_opponent(self, kind: str | None) -> None:
        """p2 is the computer of this kind (the new-game screen's
        difficulty), or a person (None); a seat of the same kind stays."""
        if kind == (self.bot.kind if self.bot is not None else None):
            return
        self.bot = seats.bot_for({"p2": kind} if kind is not None else {}, self.bot)
        self.bot_thinking = None
        self.sub_title = f"against the computer ({kind})" if kind is not None else ""

    def rematch(self) -> None:
        last = self.last_setup
        if last is None:
            self.ask_new_game()
            return
        seed = last.seed + 1  # the same decks (a listed deck shuffled anew), a new seed
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
            self.save(state)  # archives it
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
            seats.resume_labels(saved, self.bot, store.read_only), can_cancel=False),
            answered)

    def resume_as_saved(self, saved: dict[str, str], state: GameState,
                        events: list[Event]) -> None:
        """Resume with the seats the save names: a game against the computer
        stays one, a hot-seat game stays hot seat (and says so when the
        command line asked for the computer)."""
        asked = self.bot
        self.bot = seats.bot_for(saved, asked)
        self.sub_title = f"against the computer ({self.bot.kind})" if self.bot else ""
        self.play(state, events)
        if asked is not None and self.bot is None:
            self.hint = ("This saved game is hot seat (two players): it resumes as it was "
                         "saved, without the computer.")
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
        if self.session is None:
            return
        try:
            self.session.act(action)
        except IllegalAction as err:
            self.hint = f"[b]Not allowed:[/b] {escape(str(err))}"
            self.refresh_view()
            return
        self.hint = None
        self.bot_said = None
        self.changed()

    def play_key(self, name: str) -> None:
        """A game key: its one legal action, or a chooser when it has several."""
        if self.session is None:
            return
        actions = candidates(name, self.session.legal)
        if not actions:
            self.explain_key(name)
        elif len(actions) == 1:
            self.act(actions[0])
        else:
            self.ask(questions.which(self.session, name, actions))

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
        if question.secret_for is not None and self.session is not None and self.bot is None:
            self.push_screen(SecretGate(self.session.table, question.secret_for), show)
        else:
            show()

    def explain_key(self, name: str) -> None:
        """Say, in the engine's words, why a game key does nothing now."""
        session = self.session
        if session is None:
            return
        label = BY_NAME[name].label
        if not session.legal:
            reason = "the game is over" if session.over else "nothing to do"
        else:
            probe = example(name, session.actor)
            reason = session.why_not(probe) if probe is not None else None
            if reason is not None and probe is not None:
                reason = without_secret_move(session.table, probe.player, reason)
            if reason is None:
                reason = ("no overpayment is needed or possible now (R6.3)"
                          if name == "overpay" else "it is not possible now")
        self.hint = f"[b]{label}:[/b] {escape(reason)}"
        self.refresh_view()

    @property
    def can_undo(self) -> bool:
        """Undo is offered for the person's own last action, never across a
        card turned face up, never the opponent's or the computer's move."""
        return self.session is not None and self.session.can_undo

    def undo(self) -> None:
        if self.session is None:
            return
        reason = self.session.why_not_undo()
        if reason is not None:
            self.hint = f"[b]Undo:[/b] {escape(reason)}"
            self.refresh_view()
            return
        last = self.session.undo()
        self.game_screen.note(f"undone: {last}")
        self.hint = f"Undone: {escape(last)}"
        self.changed()

    # ---------------------------------------------------------------- after a change

    def changed(self) -> None:
        """After every change of the game: save it, show it, ask what it
        asks, and let the computer play when it is its move."""
        if self.demo is not None:
            self.refresh_view()
            return
        if self.session is not None:
            # written once the move is on screen: the file costs the player
            # no wait, and a crash in between loses only what a crash just
            # before the key would have; quitting first still writes it
            self.unsaved = self.session.state
            self.call_after_refresh(self.save_unsaved)
        self.refresh_view()
        self.call_later(self.prompt)
        self.schedule_bot()

    def save_unsaved(self) -> None:
        """The save of the move just shown; a failure is shown at once, since
        the board was drawn before the file was written."""
        if self.unsaved is not None:
            state, self.unsaved = self.unsaved, None
            if not self.save(state):
                self.refresh_view()

    def on_unmount(self) -> None:
        if self.unsaved is not None:  # a quit right after a move
            self.save(self.unsaved)
        if self.store is not None:
            self.store.lock.release()

    def action_quit(self) -> None:
        """Every quit (q, ctrl+q, game over) asks first if moves would be lost."""
        safety.request_quit(self)

    def save(self, state: GameState) -> bool:
        """Write the game; False (and the reason in the hint) if it was not."""
        if self.store is None:
            return True
        if self.store.read_only:  # another instance writes this game (safety.claim)
            self.hint = self.hint or safety.READ_ONLY_HINT
            return False
        try:
            self.store.save(state, computer=seats.of(self.bot))
        except OSError as err:
            self.save_error = str(err)
            self.hint = f"[b]The game could not be saved:[/b] {escape(str(err))}"
            return False
        self.save_error, self.saved_moves = None, len(state.history)
        return True

    def refresh_view(self) -> None:
        self.game_screen.show(self.session, self.hint)
        if self.demo is not None:
            self.game_screen.show_narration(*self.narration())

    def prompt(self) -> None:
        """Open the dialog the game waits on (game over, a question), when
        the board is the screen on top."""
        if self.session is None or self.screen is not self.game_screen or \
                self.demo is not None:
            return
        if self.session.over:
            self.push_screen(GameOverScreen(self.session.table), self.game_over_answer)
        elif self.session.pending_question and not self.bot_to_move:
            self.ask_question()

    def game_over_answer(self, answer: str | None) -> None:
        if answer == "rematch":
            self.rematch()
        elif answer == "new":
            self.ask_new_game()
        elif answer == "quit":
            self.action_quit()

    def ask_question(self) -> None:
        """The opening defender (R2.4, R10.5) or the engine's pending choice."""
        question = questions.pending(self.session) if self.session else None
        if question is not None:
            self.ask(question)

    # ---------------------------------------------------------------- the computer

    @property
    def bot_to_move(self) -> bool:
        """The computer must act now (its keys are off for the person)."""
        session, bot = self.session, self.bot
        if session is None or bot is None or self.demo is not None:
            return False
        return bot.to_move(session.legal)

    def schedule_bot(self) -> None:
        """The computer's move after a short, visible pause (a timer; tests
        call `bot_move` themselves)."""
        if self.bot is None or not self.bot_to_move or self.bot_timer is not None \
                or self.bot_thinking is not None:
            return
        assert self.session is not None
        who = describe.character(self.session.table, self.bot.player)
        # its last move stays in words while it thinks about the next one
        said = f"{self.bot_said} · [i]thinking…[/i]" if self.bot_said else "is thinking…"
        self.hint = f"[b]{who}[/b] (the computer) {said}"
        self.refresh_view()
        self.bot_timer = self.set_timer(self.bot.delay, self.bot_move, name="bot")

    def bot_move(self) -> None:
        """The computer makes its move now, if it is its move."""
        if self.bot_timer is not None:
            self.bot_timer.stop()
            self.bot_timer = None
        bot, session = self.bot, self.session
        if bot is None or session is None or not self.bot_to_move:
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
        if bot is not self.bot or session is None or session.state is not state:
            self.schedule_bot()
            return
        try:
            session.act(action)
        except Exception as err:  # noqa: BLE001 - a bot failing must not end the game
            self.bot_failed(err)
            return
        who = describe.character(session.table, bot.player)
        self.bot_said = describe_move(state, session.state, action)
        self.hint = f"[b]{who}[/b] (the computer) {self.bot_said}"
        self.changed()

    def bot_failed(self, err: Exception) -> None:
        self.bot = None
        self.bot_thinking = None
        self.sub_title = ""
        self.message("The computer player stopped",
                     f"{escape(str(err))}\n\nPlay on for both players (hot seat).",
                     then=self.changed)

    def show_hint(self) -> None:
        """`h`: what the expert would do now, for the acting player, from
        their observation only (R1.6); worked out in a thread."""
        if self.session is None or self.session.over:
            return
        request = hints.hint_request(self.session.state)
        if request is None:
            return
        self.hint_for = request
        self.hint = "[b]Hint:[/b] the expert is thinking…"
        self.refresh_view()
        self.run_worker(partial(self.hint_think, request), thread=True, group="hint",
                        exit_on_error=False)

    def hint_think(self, request: hints.HintRequest) -> None:
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
        self.hint = text
        self.refresh_view()

    def computer_busy(self) -> None:
        if self.session is not None and self.bot is not None:
            who = describe.character(self.session.table, self.bot.player)
            self.hint = f"[b]{who}[/b] is the computer: wait for its move."
            self.refresh_view()

    # ---------------------------------------------------------------- demos

    def demo_show(self, state: GameState, events: list[Event], rebuilt: bool = True) -> None:
        """Put the demo's board of this step on the table."""
        self.session = Session(state, list(events))
        self.last_setup = state.setup
        self.hint = ("[b]Demo:[/b] → or space next step · ← back · a auto-play · p take over "
                     "and play on from here · PgUp/PgDn scroll the narration · e explain · "
                     "q quit")
        if rebuilt:
            self.game_screen.reset_log()
        self.refresh_view()

    def demo_step(self, delta: int) -> None:
        """The next step (the line's action through the engine), or the
        previous one (rebuilt exactly by replaying from the setup)."""
        demo, session = self.demo, self.session
        if demo is None or session is None:
            return
        try:
            if delta > 0:
                if demo.at_end:
                    return
                state, events = demo.forward(session.state)
                self.demo_show(state, session.log + events, rebuilt=False)
            elif demo.step > 0:
                self.demo_show(*demo.rebuild(demo.step - 1))
        except DemoError as err:
            self.demo_auto(False)
            self.message("This demo cannot go on", escape(str(err)))

    def demo_auto(self, on: bool) -> None:
        """Auto-play: a step after a pause long enough to read it."""
        if self.demo_timer is not None:
            self.demo_timer.stop()
            self.demo_timer = None
        self.demo_playing = on and self.demo is not None and not self.demo.at_end
        if self.demo_playing:
            assert self.demo is not None
            self.demo_timer = self.set_timer(self.demo.pause(), self.demo_tick, name="demo")
        self.refresh_view()

    def demo_tick(self) -> None:
        """One auto-play step (the timer's; tests call it directly)."""
        self.demo_timer = None
        if self.demo is None or not self.demo_playing:
            return
        self.demo_step(1)
        self.demo_auto(self.demo is not None and not self.demo.at_end and self.demo_playing)

    def take_over(self) -> None:
        """Play on from this step: the normal hot-seat game (not saved)."""
        demo = self.demo
        if demo is None:
            return
        self.demo_auto(False)
        self.demo = None
        self.sub_title = ""
        self.game_screen.show_narration(None)
        self.game_screen.note(f"You took over the demo at step {demo.step}: play on.")
        self.hint = (f"You took over at step {demo.step} of {demo.total}: the keys below are "
                     "the moves you may make (e explains, ? helps). This game is not saved.")
        self.changed()

    def narration(self) -> tuple[str | None, str]:
        """The narration panel: the step's action and its narration."""
        demo = self.demo
        if demo is None:
            return None, ""
        step = demo.current()
        parts: list[str] = []
        if step.line is None:
            parts.append(f"[b]{escape(demo.title)}[/b] — the setup")
        elif step.refused is not None:
            parts.append(f"{step.words} [dim]({escape(step.line.text)})[/] — "
                         f"[$error]refused:[/] {escape(step.refused)}")
        else:
            parts.append(f"{step.words} [dim]({escape(step.line.text)})[/]")
        parts.extend(RULE_ID.sub(r"[b]\g<0>[/b]", escape(said)) for said in step.narration)
        if demo.at_end:
            parts.append("[dim]The end of this demo: p plays on from here, ← goes back, "
                         "q quits.[/]")
        elif demo.step == 0:
            parts.append("[dim]→ or space: next step · ← back · a auto-play · p take over "
                         "and play on · e explain · q quit[/]")
        where = f"Demo · step {demo.step}/{demo.total}" + (" · auto-play" if
                                                           self.demo_playing else "")
        return "\n\n".join(parts), where

    # ---------------------------------------------------------------- looking

    def explain(self) -> None:
        """The explain panel: every move now, possible or not, and why."""
        if self.session is not None and not self.session.over:
            self.push_screen(ExplainScreen(self.session))

    def show_help(self) -> None:
        self.push_screen(HelpScreen())

    def show_moves(self) -> None:
        session = self.session
        if session is None:
            return
        state = session.state
        pid: PlayerId = session.actor or state.turn or "p1"
        self.push_screen(PrivacyScreen(session.table, pid))

    def inspect(self, card: CardView | None) -> None:
        session = self.session
        if session is None:
            return
        t, state = session.table, session.state
        spots = table_cards(t)
        index = 0
        wanted: tuple[str | None, str | None] = (None, None)
        if card is not None and card.card_id is not None:
            wanted = (card.card_id, card.owner)
        elif state.turn is not None:
            zone = state.players[state.turn].defending
            flip = state.players[state.turn].zones[zone].flip if zone else None
            if flip is not None:
                wanted = (flip.card, state.turn)
            elif state.incoming is not None:
                wanted = (state.incoming.card, state.incoming.owner)
        for i, spot in enumerate(spots):
            if (spot.card, spot.owner) == wanted:
                index = i
                break
        self.push_screen(InspectorScreen(t, spots, index))

    # ---------------------------------------------------------------- mouse

    def card_clicked(self, card: CardView) -> None:
        """Clicking the highlighted flipped card pays for it when it may."""
        session = self.session
        if session is None or card.role != "flip" or card.card_id is None:
            return
        state = session.state
        if state.phase != "decide" or state.turn != card.owner or \
                state.players[card.owner].defending != card.zone:
            return
        if candidates("pay", session.legal):
            self.play_key("pay")
        elif candidates("overpay", session.legal):
            self.play_key("overpay")
        else:
            self.explain_key("pay")

    def deck_clicked(self, owner: PlayerId) -> None:
        session = self.session
        if session is not None and session.state.turn == owner and \
                candidates("flip", session.legal):
            self.play_key("flip")
