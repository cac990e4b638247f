"""The referee of the table: it decides what happens next, and a front end
carries it out. Every event (a game key, an answer, a search's result, a
pause that ran out, a new game chosen) goes to one of its methods, which
changes the game through the controller and returns the commands for the
front end (play/commands.py): draw, ask, think, wait, save.

The computer's turn, the hint and a demo's auto-play live here: a search or
a pause is a command carrying a token, and its result comes back with it;
one for a position gone (a move made, a game started, the seats changed
since) is dropped here, not by the front end. No Textual, no clock: the
same referee runs under the app, the headless driver and the tests. It
changes the controller's game through the controller's methods only, and
keeps the save guard (play/safety.py) as an object of its own."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TYPE_CHECKING

from avatar_tui.engine import Event, new_game
from avatar_tui.model.actions import Action
from avatar_tui.model.common import PlayerId
from avatar_tui.model.state import GameSetup, GameState
from avatar_tui.notation.scenario_error import ScenarioError
from avatar_tui.play import describe, questions, seats
from avatar_tui.play.commands import (
    After,
    Ask,
    ChooseGame,
    ChooseLesson,
    ChoosePuzzle,
    Commands,
    GameOver,
    Offer,
    Save,
    Show,
    Think,
    Thought,
    TimerFired,
)
from avatar_tui.play.controller import GameController
from avatar_tui.play.keys import BY_NAME, candidates
from avatar_tui.play.modes import DemoMode, LessonMode, PuzzleMode, VsComputer
from avatar_tui.play.plain import escape
from avatar_tui.play.safety import OFFERS, SaveGuard
from avatar_tui.play.session import Session

if TYPE_CHECKING:
    from collections.abc import Callable

    from avatar_tui.bots import BotSeat
    from avatar_tui.lessons import BuiltInLesson
    from avatar_tui.play.lesson import Lesson, ToLessons
    from avatar_tui.play.puzzle import ToPuzzles

HINT_THINKING = "[b]Hint:[/b] the expert is thinking…"
POINT_LINES = 8  # of a point's story in the question after it


class Referee:
    """`controller`: the controller of the game on the table. `seed`: the seed
    offered for new games (None: one from the OS, never the clock)."""

    def __init__(self, controller: GameController, *, seed: int | None = None,
                 puzzle: str | None = None, game_format: str | None = None,
                 packs: int | None = None):
        self.controller = controller
        self.fixed_seed = seed
        # play --format: the new-game screen offers this format from packs first
        self.game_format = game_format
        self.packs = packs
        self.hint_worlds: int | None = None  # tests: fewer worlds than the coach's
        self.position = 0  # counts every change of the game on the table: the tokens' clock
        self._tokens = 0
        self.computer_due: int | None = None  # the computer's pause that runs (its token)
        self.computer_search: tuple[int, int] | None = None  # (token, position) thought on
        self.hint_search: tuple[int, int] | None = None
        self.demo_due: int | None = None  # the auto-play step that waits (its token)
        self.lesson_due: int | None = None  # a lesson's next played move (its token)
        self.lessons_left_to = "quit"  # what leaving the lessons' list goes back to
        self.resumable: tuple[dict[str, str], GameState, list[Event]] | None = None
        self.coach_at_end = False  # the game a lesson handed on: the coach reviews its end
        self.lesson_after: BuiltInLesson | None = None  # the lesson offered after this one
        self.puzzle_due: int | None = None  # a puzzle's next reply or shown move (its token)
        self.puzzle_wanted = puzzle  # `avatar-tui puzzle N`: the one to open on
        self.puzzles_left_to = "quit"  # what leaving the puzzles' list goes back to
        self.guard = SaveGuard(controller)  # the lock, and a quit that would lose moves

    @property
    def session(self) -> Session | None:
        return self.controller.session

    def _token(self) -> int:
        self._tokens += 1
        return self._tokens

    # ---------------------------------------------------------------- opening

    def start(self, start: str, game: tuple[GameState, list[Event]] | None = None,
              kept: str | None = None) -> Commands:
        """The data directory claimed (one writer, play/safety.py), then `open`."""
        return self.guard.claim(lambda: self.open(start, game, kept))

    def open(self, start: str, game: tuple[GameState, list[Event]] | None = None,
             kept: str | None = None) -> Commands:
        """The first thing on the table: the demo's setup, the game given,
        a new game offered, or the save resumed (`start`: ask, resume, new)."""
        if self.controller.demo is not None:
            return self.demo_step(0)
        if self.controller.lesson is not None:
            return self.lesson_start(self.controller.lesson)
        if start == "learn":
            return self.lessons()
        if start == "puzzles":
            if self.puzzle_wanted is not None:
                return self.puzzle_open(self.puzzle_wanted)
            return self.puzzles()
        if game is not None:
            return self.play(*game, kept=kept)
        if start == "new":
            return self.ask_new_game()
        return self.resume(ask=start == "ask")

    def next_seed(self) -> int:
        if self.fixed_seed is not None:
            return self.fixed_seed
        return random.SystemRandom().randrange(1, 1_000_000)

    def play(self, state: GameState, events: list[Event], *, resumed: bool = False,
             kept: str | None = None) -> Commands:
        """Put a game on the table (new, resumed, from a scenario or a kept
        game). The game it replaces is kept first (GameController.start);
        when that fails, the new game does not start and the player is told."""
        told = len(self.controller.kept_notes)
        try:
            self.controller.start(state, events, resumed=resumed, kept=kept)
        except OSError as err:
            return [Offer("The new game cannot start",
                          f"{escape(str(err))}\n\nSo it does not start, and nothing is lost.",
                          "not-started")]
        # the status line may cut where a replaced game went: the log does not
        notes = tuple(escape(line[0].upper() + line[1:])
                      for line in self.controller.kept_notes[told:])
        return self.changed(Show(rebuilt=True, notes=notes))

    def start_game(self, setup: GameSetup) -> Commands:
        try:
            state, events = new_game(setup)
        except Exception as err:  # noqa: BLE001 - a setup the engine refuses
            return [Offer("Cannot start this game", escape(str(err)), "new-game")]
        return self.play(state, events)

    def ask_new_game(self, can_cancel: bool | None = None) -> Commands:
        last = self.controller.last_setup
        bot = self.controller.bot
        return [ChooseGame(self.next_seed(), last.p1.chamber if last else "aang",
                           last.p2.chamber if last else "prince_zuko",
                           self.session is not None if can_cancel is None else can_cancel,
                           seats.who_plays(self.controller.computer),
                           bot.kind if bot is not None else None, self.replaces_a_game(),
                           learn=self.new_player(), game_format=self.game_format,
                           packs=self.packs)]

    def new_player(self) -> bool:
        """Nothing on the table, no game kept or to resume, no lesson
        finished: the first screen offers "Learn to play"."""
        store = self.controller.store
        if store is None or self.session is not None or store.has_current():
            return False
        return not store.games.names() and not store.lessons.finished()

    def game_chosen(self, setup: GameSetup | str | ToLessons | ToPuzzles | None,
                    opponent: str | None) -> Commands:
        """The new-game screen's answer: a setup (with p2's player), a kept
        game's name, the lessons, or nothing (back to the game, if there is one)."""
        from avatar_tui.play.lesson import ToLessons  # loaded once a game is chosen

        if isinstance(setup, ToLessons):
            return self.lessons(left_to="new-game")
        from avatar_tui.play.puzzle import ToPuzzles  # noqa: F811 - the class, at run time

        if isinstance(setup, ToPuzzles):
            return self.puzzles(left_to="new-game")
        if isinstance(setup, str):
            return self.resume_kept(setup)
        if setup is not None:
            return [*self.set_opponent(opponent), *self.start_game(setup)]
        return self.prompt() if self.session is not None else []

    def replaces_a_game(self) -> bool:
        """Whether a game started now takes the place of an unfinished one
        (which is then kept: SaveStore.start_over)."""
        store = self.controller.store
        if store is None or store.read_only or not self.controller.mode.saves:
            return False
        if self.session is not None:
            return not self.session.over
        return store.has_current()

    def resume_kept(self, name: str) -> Commands:
        """Play on the kept game `name`: it becomes the current save, with
        the seats it was saved with."""
        store = self.controller.store
        assert store is not None
        from avatar_tui.store.savedgames import GameNameError, UnknownGame

        try:
            state, events, computer = store.games.load(name)
        except (GameNameError, UnknownGame, ScenarioError) as err:
            return [Offer("This game cannot be resumed", escape(str(err)), "new-game")]
        return [*self.seat(seats.bot_for(computer, self.controller.bot, self.controller.think)),
                *self.play(state, events, kept=name)]

    def set_opponent(self, kind: str | None) -> Commands:
        """p2 is the computer of this kind, or a person (None); a seat of
        the same kind stays."""
        if kind == (self.controller.bot.kind if self.controller.bot is not None else None):
            return []
        return self.seat(seats.bot_for({"p2": kind} if kind is not None else {},
                                       self.controller.bot, self.controller.think))

    def seat(self, bot: BotSeat | None) -> Commands:
        """The computer in `bot`'s seat (None: hot seat), said in the title;
        what the seat before was working on no longer counts."""
        self.controller.seat(bot)
        self.position += 1
        self.computer_due = self.computer_search = None
        return [Show(title=self.controller.mode.subtitle)]

    def rematch(self) -> Commands:
        last = self.controller.last_setup
        if last is None:
            return self.ask_new_game()
        seed = last.seed + 1  # the same decks (a listed deck shuffled anew), a new seed
        from avatar_tui.decklib.library import reshuffled

        # a format game keeps its packs and chambers: the same decks, shuffled anew
        return self.start_game(GameSetup(seed=seed, p1=reshuffled(last.p1, seed, "p1"),
                                         p2=reshuffled(last.p2, seed, "p2"),
                                         cards=last.cards, format=last.format,
                                         catalog=last.catalog))

    def resume(self, ask: bool) -> Commands:
        """Resume the saved game: with `ask`, offer resume or a new game."""
        store = self.controller.store
        if store is None or not store.has_current():
            if ask:
                return self.ask_new_game()
            return [Offer("No saved game", "There is no unfinished game to resume.", "new-game")]
        try:
            state, events = store.load()
        except ScenarioError as err:
            return self.broken_save(str(err))
        if state.phase == "over":
            self.controller.save(state)  # archives it
            return self.ask_new_game()
        saved = store.load_computer()
        if not ask:
            return self.resume_as_saved(saved, state, events)
        self.resumable = (saved, state, events)
        t = Session(state).table
        scores = " — ".join(f"{describe.character(t, p)} {state.players[p].score}"
                            for p in ("p1", "p2"))
        return [Offer("Resume the unfinished game?",
                      f"{scores} · turn {state.turn_number} · {len(state.history)} actions · "
                      f"seed {state.setup.seed}\nWho plays: {seats.who_plays(saved)}.",
                      "resume", tuple(seats.resume_labels(saved, self.controller.bot,
                                                          store.read_only)))]

    def resume_as_saved(self, saved: dict[str, str], state: GameState,
                        events: list[Event]) -> Commands:
        """Resume with the seats the save names: a game against the computer
        stays one, a hot-seat game stays hot seat (and says so when the
        command line asked for the computer)."""
        asked = self.controller.bot
        done = [*self.seat(seats.bot_for(saved, asked, self.controller.think)),
                *self.play(state, events, resumed=True)]
        if asked is not None and self.controller.bot is None:
            self.controller.tell("This saved game is hot seat (two players): it resumes as "
                                 "it was saved, without the computer.")
            done.append(Show())
        return done

    def broken_save(self, reason: str) -> Commands:
        store = self.controller.store
        assert store is not None
        try:
            kept = str(store.keep_aside())
        except OSError as err:
            kept = f"(could not be renamed: {err.strerror})"
        return [Offer("The saved game cannot be read",
                      f"{escape(reason)}\n\nThe file is kept as {escape(kept)}; a new game "
                      "starts.", "new-game-now")]

    def offered(self, about: str, index: int | None) -> Commands:
        """The answer to an `Offer` (index of its label; None: dismissed)."""
        if about in OFFERS:
            return self.guard.answered(about, index)
        if about == "resume":
            resumable, self.resumable = self.resumable, None
            if index == 0 and resumable is not None:
                return self.resume_as_saved(*resumable)
            return self.ask_new_game(can_cancel=False)
        if about == "new-game":
            return self.ask_new_game()
        if about == "new-game-now":
            return self.ask_new_game(can_cancel=False)
        if about == "not-started":
            return self.prompt() if self.session is not None else self.quit()
        if about == "computer-stopped":
            return self.changed()
        if about == "lesson-end":
            return self.lesson_ended(index)
        if about == "lesson-stopped":
            return self.lessons()
        if about == "puzzle-end":
            return self.puzzle_ended(index)
        if about == "puzzle-stopped":
            return self.puzzles()
        return []

    # ---------------------------------------------------------------- moves

    def act(self, action: Action) -> Commands:
        """Make a move through the engine; a refusal is shown, never raised."""
        if self.lesson_mode is not None:
            return self.lesson_move(action)
        return self.changed() if self.controller.act(action) else [Show()]

    def press(self, name: str) -> Commands:
        """A game key: its one legal action, or a question when it has several."""
        session = self.session
        if self.lesson_mode is not None and session is not None:
            found = candidates(name, session.legal)
            if not found or self.lesson_mode.waiting:  # a miss (LessonMode.refusal)
                self.controller.refuse(BY_NAME[name].key, [("play", (name,))])
                return [Show()]
            if len(found) == 1:
                return self.lesson_move(found[0])
        said = self.controller.press(name)
        if isinstance(said, questions.Question):
            return [self.ask(said)]
        return self.changed() if said else [Show()]

    def clicked(self, owner: PlayerId, zone: str | None = None, flip: bool = False) -> Commands:
        """A click stands for a game key: played when the mode allows it,
        else said why, like the key pressed (a demo, the computer's move)."""
        name = self.controller.clicked(owner, zone, flip=flip)
        if name is None:
            return []
        mode = self.controller.mode
        if mode.allows("play", (name,)) or mode.off("play") is None:
            return self.press(name)  # or the engine's reason it cannot
        self.controller.refuse(BY_NAME[name].key, [("play", (name,))])
        return [Show()]

    def ask(self, question: questions.Question) -> Ask:
        """The question, for this position; on a shared screen a secret one
        is for its player's eyes only (R1.6; not the computer's)."""
        secret = question.secret_for if self.controller.mode.shared_screen else None
        return Ask(question, self.position, secret)

    def answer(self, asked: Ask, index: int | None) -> Commands:
        """A question answered: its action, if the game is still where it was asked."""
        if index is None or asked.token != self.position or self.session is None:
            return []
        return self.act(asked.question.actions[index])

    def choose(self) -> Commands:
        """`c`: the opening defender (R2.4, R10.5) or the engine's pending choice.
        After a point, the question that follows it tells how it came about."""
        question = questions.pending(self.session) if self.session else None
        point = self.controller.point
        if question is not None and point is not None and self.session is not None \
                and self.session.state.phase == "open":
            told = list(point.lines)
            if len(told) > POINT_LINES:  # the answers must fit under it at 80x24
                told = [told[0], "[dim]… (the board's panel and the log have it all)[/]",
                        *told[-(POINT_LINES - 2):]]
            question = replace(question, title=f"{point.title} — {question.title}",
                               details=[*told, "", *question.details])
        return [self.ask(question)] if question is not None else []

    def undo(self) -> Commands:
        last = self.controller.undo()
        if last is None:
            return [Show()]
        return self.changed(Show(notes=(f"undone: {last}",)))

    def changed(self, show: Show | None = None) -> Commands:
        """After every change of the game: show it, save it, ask what it
        asks, and let the computer play when it is its move."""
        self.position += 1
        shown = show or Show()
        flipped = self.auto_flip()
        if flipped is not None:
            shown = Show(shown.rebuilt, (*shown.notes, flipped), shown.title)
        if self.puzzle_mode is not None:
            return [shown, *self.puzzle_next()]
        if not self.controller.mode.saves:
            return [shown]
        done: Commands = [shown]
        if self.session is not None:
            # written once the move is on screen: the file costs the player
            # no wait, and a crash in between loses only what a crash just
            # before the key would have; quitting first still writes it
            self.controller.hold(self.session.state)
            done.append(Save())
        return [*done, *self.prompt(), *self.computer_next()]

    def settings_changed(self, think_changed: bool = False) -> Commands:
        """The settings screen saved (the controller holds the new values):
        a searching computer thinks the new time from its next move on, and
        auto-flip turned on flips at once when that is the only move."""
        done: Commands = []
        bot = self.controller.bot
        if think_changed and bot is not None and bot.thinks and self.controller.think is not None:
            from avatar_tui.bots import BotSeat

            done += self.seat(BotSeat(bot.kind, bot.player, delay=bot.delay,
                                      think=self.controller.think))
            done += self.computer_next()  # its move, if it was on its way
        if self.session is not None and not self.session.over and self.auto_flip_due():
            return [*done, *self.changed()]
        return [*done, Show()]

    def auto_flip_due(self) -> bool:
        """Whether auto-flip would flip now."""
        controller, session = self.controller, self.session
        if not controller.auto_flip or session is None or controller.mode.waiting \
                or not controller.mode.allows("play", ("flip",)):
            return False
        legal = session.legal
        return bool(legal) and all(a.verb == "flip" for a in legal)

    def auto_flip(self) -> str | None:
        """The auto-flip setting: when flipping the top card is all a person
        may do (R5.1), it is done for them, and said in the log. The card
        it turns face up is seen, so undo stops there as after a flip by key."""
        controller, session = self.controller, self.session
        if session is None or not self.auto_flip_due():
            return None  # off, or another move is possible: the player decides
        legal = session.legal
        who = describe.character(session.table, legal[0].player)
        if not controller.act(legal[0], auto=True):
            return None
        return f"Auto-flip: the top card was flipped for {who}, the only move (R5.1)"

    def prompt(self) -> Commands:
        """What the game waits on from a person: the end, or a question."""
        session = self.session
        if session is None or not self.controller.mode.asks:
            return []
        if session.over:
            state = session.state
            return [GameOver(actions=len(state.history), seed=state.setup.seed,
                             coach=self.coach_at_end)]
        if session.pending_question and not self.controller.mode.waiting:
            return self.choose()
        return []

    def game_over(self, answer: str | None) -> Commands:
        if answer == "rematch":
            return self.rematch()
        if answer == "new":
            return self.ask_new_game()
        if answer == "quit":
            return self.quit()
        return []

    def quit(self) -> Commands:
        """Every quit (q, ctrl+q, game over): at once, or a question first
        when moves would be lost (play/safety.py)."""
        return self.guard.quit()

    def save_shown(self, failed: Callable[[], object]) -> Commands:
        """Hand the game shown to the save writer (a thread: the board never
        waits for the disk); `failed()` is called from it when the write fails."""
        def written(ok: bool) -> None:
            if not ok:
                failed()

        if self.controller.save_shown(written):
            return []
        return [Show()]

    def save_failed(self) -> Commands:
        if self.controller.save_error is None:
            return []
        self.controller.tell(self.controller.save_failed())
        return [Show()]

    # ---------------------------------------------------------------- the computer

    def computer_next(self) -> Commands:
        """The computer's move after a short, visible pause, when it is its move."""
        bot, mode = self.controller.bot, self.controller.mode
        if bot is None or not mode.waiting or self.computer_due is not None \
                or self.computer_search is not None:
            return []
        assert isinstance(mode, VsComputer)
        self.controller.tell(mode.thinking())
        self.computer_due = self._token()
        return [Show(), After(bot.delay, TimerFired("computer", self.computer_due))]

    def fired(self, event: TimerFired, covered: bool = False) -> Commands:
        """A pause ran out. `covered`: a dialog hides the board, so the
        computer waits for it to close (its move would change the board
        under it)."""
        if event.kind == "demo":
            return self._demo_tick(event.token)
        if event.kind == "lesson":
            return self._lesson_tick(event.token)
        if event.kind == "puzzle":
            return self._puzzle_tick(event.token)
        if event.token != self.computer_due:
            return []
        self.computer_due = None
        bot, session = self.controller.bot, self.session
        if bot is None or session is None or not self.controller.mode.waiting:
            return []
        if covered:
            self.computer_due = event.token
            return [After(bot.delay, event)]
        try:
            obs, legal = bot.snapshot(session.state)
            if bot.thinks:  # a search: away from the board, which stays live
                token = self._token()
                self.computer_search = (token, self.position)
                return [Think(token, seat=bot, obs=obs, legal=tuple(legal))]
            action = bot.choose(obs, legal)
        except Exception as err:  # noqa: BLE001 - a bot failing must not end the game
            return self.computer_failed(str(err))
        return self.computer_moves(action)

    def computer_moves(self, action: Action) -> Commands:
        mode = self.controller.mode
        assert isinstance(mode, VsComputer)
        try:
            self.controller.computer_moved(mode.move(action))
        except Exception as err:  # noqa: BLE001 - a bot failing must not end the game
            return self.computer_failed(str(err))
        return self.changed()

    def computer_failed(self, reason: str) -> Commands:
        return [*self.seat(None),
                Offer("The computer player stopped",
                      f"{escape(reason)}\n\nPlay on for both players (hot seat).",
                      "computer-stopped")]

    def thought(self, done: Thought) -> Commands:
        """A search's result: made or shown if its position is still the
        game's, dropped otherwise (a later search or position replaced it)."""
        search = self.computer_search
        if search is not None and search[0] == done.token:
            self.computer_search = None
            if done.error is not None:
                return self.computer_failed(done.error)
            if search[1] != self.position:
                return self.computer_next()  # the game moved on: think again
            assert isinstance(done.result, Action)
            return self.computer_moves(done.result)
        hint = self.hint_search
        if hint is None or hint[0] != done.token:
            return []  # a search nobody waits for any more
        self.hint_search = None
        if hint[1] != self.position or self.session is None:
            return []  # the game moved on: the hint is for a position gone
        from avatar_tui.play import hint as hints

        if done.error is not None:
            self.controller.tell(f"[b]No hint:[/b] {escape(done.error)}")
        else:
            request = hints.hint_request(self.session.state)
            assert request is not None
            self.controller.tell(hints.hint_text(request, done.result))  # type: ignore[arg-type]  # the worker's result is the hint's answer
        return [Show()]

    def hint(self) -> Commands:
        """`h`: what the expert would do now, for the acting player, from
        their observation only (R1.6); worked out away from the board."""
        session = self.session
        if session is None or session.over:
            return []
        if self.puzzle_mode is not None:  # a puzzle's hint is "show me" (play/puzzle.py)
            return self.puzzle_restart(show=True)
        from avatar_tui.play import hint as hints

        request = hints.hint_request(session.state)
        if request is None:
            return []
        token = self._token()
        self.hint_search = (token, self.position)
        self.controller.tell(HINT_THINKING)
        return [Show(), Think(token, hint=request, worlds=self.hint_worlds)]

    # ---------------------------------------------------------------- demos

    @property
    def demo_mode(self) -> DemoMode | None:
        mode = self.controller.mode
        return mode if isinstance(mode, DemoMode) else None

    def demo_step(self, delta: int = 0) -> Commands:
        """The next step (1), the previous one (-1) or the start (0) of the
        demo, put on the board (DemoMode.step)."""
        mode = self.demo_mode
        if mode is None:
            return []
        from avatar_tui.play.demo import DemoError

        try:
            step = mode.step(delta)
        except DemoError as err:
            return [*self.demo_auto(False),
                    Offer("This demo cannot go on", escape(str(err)), "demo-stopped")]
        if step is None:
            return []
        self.controller.start(step.state, step.events)
        self.controller.tell(mode.HINT)
        self.position += 1
        return [Show(rebuilt=step.rebuilt)]

    def demo_auto(self, on: bool) -> Commands:
        """Auto-play: a step after a pause long enough to read it."""
        self.demo_due = None
        mode = self.demo_mode
        if mode is None:
            return []
        if not mode.play(on):
            return [Show()]
        self.demo_due = self._token()
        return [Show(), After(mode.demo.pause(), TimerFired("demo", self.demo_due))]

    def _demo_tick(self, token: int) -> Commands:
        if token != self.demo_due:
            return []  # stopped, or started again since
        self.demo_due = None
        mode = self.demo_mode
        if mode is None or not mode.playing:
            return []
        stepped = self.demo_step(1)
        return [*stepped, *self.demo_auto(mode.playing and not mode.demo.at_end)]

    def take_over(self) -> Commands:
        """Play on from this step: the normal hot-seat game (not saved)."""
        demo = self.controller.demo
        if demo is None:
            return []
        done = [*self.demo_auto(False), *self.seat(None)]
        self.controller.tell(f"You took over at step {demo.step} of {demo.total}: the keys "
                             "below are the moves you may make (e explains, ? helps). This game "
                             "is not saved.")
        note = f"You took over the demo at step {demo.step}: play on."
        return [*done, *self.changed(Show(notes=(note,)))]

    # ---------------------------------------------------------------- lessons

    @property
    def lesson_mode(self) -> LessonMode | None:
        mode = self.controller.mode
        return mode if isinstance(mode, LessonMode) else None

    def lessons(self, left_to: str | None = None) -> Commands:
        """The built-in lessons' list (✓ on those finished); `left_to`: what
        leaving it goes back to ("quit", "new-game"; None: as before)."""
        from avatar_tui.lessons import list_lessons
        from avatar_tui.play.lesson import LessonEntry

        if left_to is not None:
            self.lessons_left_to = left_to
        store = self.controller.store
        finished = store.lessons.finished() if store is not None else []
        entries = tuple(
            LessonEntry(found.number, found.name, found.title, found.name in finished,
                        store.lessons.left_at(found.name) if store is not None else None)
            for found in list_lessons())
        return [ChooseLesson(entries)]

    def lesson_chosen(self, name: str | None) -> Commands:
        """The lessons' list answered: the lesson of that name, the puzzles, or back."""
        from avatar_tui.play.puzzle import TO_PUZZLES

        if name == TO_PUZZLES:
            return self.puzzles(left_to="lessons")
        if name is None:
            if self.lessons_left_to == "new-game":
                return self.ask_new_game()
            return [Show()] if self.session is not None else self.quit()
        return self.learn(name)

    def learn(self, name: str) -> Commands:
        """Built-in lesson `name`, at the step it was left at."""
        from avatar_tui.lessons import load_lesson
        from avatar_tui.play.lesson import Lesson

        try:
            scenario = load_lesson(name)
        except (LookupError, ScenarioError) as err:
            return [Offer("This lesson cannot start", escape(str(err)), "lesson-stopped")]
        return self.lesson_start(Lesson(scenario, name=scenario.path.stem))

    def lesson_start(self, lesson: Lesson) -> Commands:
        """Put the lesson on the table, at the step its progress was left at."""
        store = self.controller.store
        at = store.lessons.left_at(lesson.name) if store is not None and lesson.name else None
        if self.lesson_mode is None or self.lesson_mode.lesson is not lesson:
            self.controller.play_as(LessonMode(self.controller, lesson))
        self.computer_due = self.computer_search = self.lesson_due = None
        try:
            state, events = lesson.start(at or 1)
        except ScenarioError as err:
            return [Offer("This lesson cannot start", escape(str(err)), "lesson-stopped")]
        self.controller.start(state, events)
        self.position += 1
        return [Show(rebuilt=True, title=self.controller.mode.subtitle), *self.lesson_next()]

    def lesson_move(self, action: Action) -> Commands:
        """A move in a lesson: made if it is the step's answer, else not made
        (the board as it was) and said why beside the step's words."""
        mode, session = self.lesson_mode, self.session
        assert mode is not None
        lesson = mode.lesson
        if session is None or mode.waiting:
            return [Show()]
        if not lesson.answers(action):
            reason = session.why_not(action)
            if reason is not None:  # the engine's reason and rule
                lesson.missed(f"[b]Not allowed:[/b] {escape(reason)}", session)
            else:
                lesson.not_the_answer(session)
            self.controller.tell(None)
            return [Show()]
        if not self.controller.act(action):
            return [Show()]
        return self.lesson_step_done()

    def lesson_step_done(self) -> Commands:
        """The step answered (or played): the next one, kept as the progress."""
        mode = self.lesson_mode
        assert mode is not None
        lesson = mode.lesson
        lesson.done()
        store = self.controller.store
        if store is not None and lesson.name is not None and not lesson.at_end:
            try:
                store.lessons.reached(lesson.name, lesson.step)
            except OSError as err:
                self.controller.tell(f"[b]Progress not kept:[/b] {escape(str(err))}")
        self.position += 1
        return [Show(), *self.lesson_next()]

    def lesson_next(self) -> Commands:
        """What the step now reached waits on: its played moves after a
        pause, or the learner; at the end, the lesson finished."""
        mode = self.lesson_mode
        assert mode is not None
        lesson = mode.lesson
        if lesson.at_end:
            return self.lesson_finished(lesson)
        if lesson.playing:
            self.lesson_due = self._token()
            return [After(lesson.pause(), TimerFired("lesson", self.lesson_due))]
        return []

    def _lesson_tick(self, token: int) -> Commands:
        if token != self.lesson_due:
            return []  # a lesson left, or started again since
        self.lesson_due = None
        mode = self.lesson_mode
        if mode is None:
            return []
        line = mode.lesson.next_played()
        if line is None:
            return self.lesson_step_done()
        if not self.controller.act(line.action):  # the lesson's moves were checked legal
            return [Offer("This lesson cannot go on",
                          f"{escape(line.text)} is refused here.", "lesson-stopped")]
        self.position += 1
        self.lesson_due = self._token()
        return [Show(), After(mode.lesson.pause(), TimerFired("lesson", self.lesson_due))]

    def lesson_finished(self, lesson: Lesson) -> Commands:
        """The end of the lesson: kept as finished (✓), and the next lesson
        offered, or the game played on against the computer (`then_play`)."""
        from avatar_tui.lessons import next_lesson

        store = self.controller.store
        if store is not None and lesson.name is not None:
            try:
                store.lessons.finish(lesson.name)
            except OSError as err:
                self.controller.tell(f"[b]Progress not kept:[/b] {escape(str(err))}")
        self.lesson_after = next_lesson(lesson.name) if lesson.name is not None else None
        labels: list[str] = []
        if lesson.scenario.then_play is not None:
            labels.append("Play on against the computer")
        if self.lesson_after is not None:
            labels.append(f"Next lesson: {self.lesson_after.title}")
        labels += ["The lessons", "Quit"]
        text = f"You finished {escape(lesson.title)}."
        if lesson.scenario.then_play is not None:
            text += (" Play on from here against the computer: a real game, which the "
                     "coach looks back on when it ends.")
        return [Show(), Offer("Lesson finished", text, "lesson-end", tuple(labels),
                              can_cancel=True)]

    def lesson_ended(self, index: int | None) -> Commands:
        """The answer to the end of a lesson."""
        mode = self.lesson_mode
        if mode is None or index is None:
            return []
        lesson = mode.lesson
        choices: list[str] = []
        if lesson.scenario.then_play is not None:
            choices.append("play-on")
        if self.lesson_after is not None:
            choices.append("next")
        choices += ["lessons", "quit"]
        chosen = choices[index]
        if chosen == "play-on":
            return self.play_on_after(lesson)
        if chosen == "next":
            assert self.lesson_after is not None
            return self.learn(self.lesson_after.name)
        if chosen == "lessons":
            return self.lessons()
        return self.quit()

    def play_on_after(self, lesson: Lesson) -> Commands:
        """The last lesson's hand-off: a real game from its final position,
        the computer (`then_play`'s kind) in p2, kept like any game, and
        reviewed by the coach when it ends."""
        from avatar_tui.bots import BotSeat

        session = self.session
        assert session is not None and lesson.scenario.then_play is not None
        self.coach_at_end = True
        done = self.seat(BotSeat(lesson.scenario.then_play, player="p2"))
        return [*done, *self.play(session.state, list(session.log))]

    # ---------------------------------------------------------------- puzzles

    @property
    def puzzle_mode(self) -> PuzzleMode | None:
        mode = self.controller.mode
        return mode if isinstance(mode, PuzzleMode) else None

    def puzzles(self, left_to: str | None = None) -> Commands:
        """The built-in puzzles' list (✓ on those solved); `left_to`: what
        leaving it goes back to ("quit", "new-game", "lessons"; None: as before)."""
        from avatar_tui.play.puzzle import PuzzleEntry
        from avatar_tui.puzzles import list_puzzles

        if left_to is not None:
            self.puzzles_left_to = left_to
        store = self.controller.store
        solved = store.puzzles.solved() if store is not None else []
        return [ChoosePuzzle(tuple(PuzzleEntry(found.number, found.name, found.title,
                                               found.goal, found.name in solved)
                                   for found in list_puzzles()))]

    def puzzle_chosen(self, name: str | None) -> Commands:
        """The puzzles' list answered: the puzzle of that name, or back."""
        if name is not None:
            return self.puzzle_open(name)
        if self.puzzles_left_to == "new-game":
            return self.ask_new_game()
        if self.puzzles_left_to == "lessons":
            return self.lessons()
        return [Show()] if self.session is not None else self.quit()

    def puzzle_open(self, name: str) -> Commands:
        """Built-in puzzle `name` on the board, at its position."""
        from avatar_tui.play.puzzle import PuzzleTry
        from avatar_tui.puzzles import find_puzzle, load_puzzle

        try:
            found = find_puzzle(name)
            scenario = load_puzzle(found.name)
            puzzle = PuzzleTry(scenario, name=found.name)
        except (LookupError, ScenarioError) as err:
            return [Offer("This puzzle cannot start", escape(str(err)), "puzzle-stopped")]
        self.controller.play_as(PuzzleMode(self.controller, puzzle))
        return self.puzzle_restart(show=False)

    def puzzle_restart(self, show: bool) -> Commands:
        """The puzzle's position anew: for another try, or to show the solution."""
        mode = self.puzzle_mode
        assert mode is not None
        self.computer_due = self.computer_search = self.puzzle_due = None
        state = mode.puzzle.again(show=show)
        self.controller.start(state, [])
        self.position += 1
        return [Show(rebuilt=True, title=mode.subtitle), *self.puzzle_next()]

    def puzzle_next(self) -> Commands:
        """After each move of a puzzle: its end when the goal is reached or
        lost; else the reply (or the shown move) after a pause, or the solver."""
        from avatar_tui.play.puzzle import reply_pause

        mode, session = self.puzzle_mode, self.session
        assert mode is not None
        if session is None or mode.puzzle.ended is not None:
            return []
        puzzle = mode.puzzle
        puzzle.attempt.follow(session.state)
        verdict = puzzle.attempt.verdict()
        if verdict.reached:
            return self.puzzle_solved()
        if verdict.lost:
            return self.puzzle_failed(verdict.lost)
        if puzzle.showing is not None or not puzzle.attempt.solver_to_move:
            if puzzle.showing is None and puzzle.attempt.reply() is None:
                return self.puzzle_failed("the other side has no reply this puzzle knows: "
                                          "the attempt left the puzzle's path")
            self.puzzle_due = self._token()
            return [After(reply_pause(), TimerFired("puzzle", self.puzzle_due))]
        return [*self.prompt()]

    def _puzzle_tick(self, token: int) -> Commands:
        if token != self.puzzle_due:
            return []  # a puzzle left, or started again since
        self.puzzle_due = None
        mode = self.puzzle_mode
        if mode is None or mode.puzzle.ended is not None:
            return []
        puzzle = mode.puzzle
        action = None
        if puzzle.attempt.solver_to_move and puzzle.showing is not None:
            line = puzzle.next_shown()
            if line is None:
                return self.puzzle_failed("the solution ends before the goal")
            action = line.action
        else:
            action = puzzle.attempt.reply()
        if action is None or not self.controller.act(action):
            return self.puzzle_failed("the other side has no reply this puzzle knows")
        return self.changed()

    def puzzle_solved(self) -> Commands:
        """The goal reached: ✓ kept (not for "show me"), and what next."""
        mode = self.puzzle_mode
        assert mode is not None
        puzzle = mode.puzzle
        shown = puzzle.showing is not None
        puzzle.end("[$success]✓ Shown:[/] that is the solution." if shown
                   else "[$success]✓ Solved![/]")
        store = self.controller.store
        if not shown and store is not None and puzzle.name is not None:
            try:
                store.puzzles.solve(puzzle.name)
            except OSError as err:
                self.controller.tell(f"[b]Progress not kept:[/b] {escape(str(err))}")
        text = ("The solution reached the goal. Now try it yourself." if shown
                else f"You solved {escape(puzzle.title)}.")
        return [Show(), Offer("Puzzle shown" if shown else "Puzzle solved ✓", text,
                              "puzzle-end", PUZZLE_END_LABELS, can_cancel=True)]

    def puzzle_failed(self, why: str) -> Commands:
        """The goal can no longer be reached: what went wrong, and a new try offered."""
        mode = self.puzzle_mode
        assert mode is not None
        mode.puzzle.end(f"[$warning]✗[/] {escape(why)}")
        return [Show(), Offer("Not solved", f"{escape(why[0].upper() + why[1:])}.",
                              "puzzle-end", PUZZLE_END_LABELS, can_cancel=True)]

    def puzzle_ended(self, index: int | None) -> Commands:
        """The answer to a puzzle's end: start again, show me, the list, quit."""
        if self.puzzle_mode is None or index is None:
            return []
        chosen = ("again", "show", "puzzles", "quit")[index]
        if chosen == "again":
            return self.puzzle_restart(show=False)
        if chosen == "show":
            return self.puzzle_restart(show=True)
        if chosen == "puzzles":
            return self.puzzles()
        return self.quit()


PUZZLE_END_LABELS = ("Start again", "Show me", "The puzzles", "Quit")
