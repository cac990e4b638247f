"""The game behind the board, without a screen: the session (state, log,
legal actions), the mode (hot seat, against the computer, a demo), the
status line's text, the undo policy and saving. The referee (play/referee.py)
asks it to act and turns what it says into commands for a front end; tests
drive it without Textual. Its fields are written here only: the referee, the
modes and the screen ask through its methods (`tell`, `refuse`,
`computer_moved`, `hold`...).

The controller decides no rule either: moves go through the engine, refusals
are the engine's `why_not` reasons (made private, R1.6)."""

from __future__ import annotations

import errno
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from avatar_tui.engine import Event, IllegalAction, without_secret_move
from avatar_tui.model.actions import Action
from avatar_tui.model.common import PlayerId
from avatar_tui.model.state import GameSetup, GameState
from avatar_tui.play import describe, questions, seats
from avatar_tui.play.keys import BY_NAME, candidates, example, key_name
from avatar_tui.play.modes import (
    ComputerMove,
    DemoMode,
    HotSeat,
    LessonMode,
    Mode,
    Params,
    VsComputer,
)
from avatar_tui.play.plain import escape
from avatar_tui.play.point import PointStory, story
from avatar_tui.play.recap import Recap
from avatar_tui.play.session import Session
from avatar_tui.store.settings import Settings

if TYPE_CHECKING:
    from avatar_tui.bots import BotSeat
    from avatar_tui.play.demo import Demo
    from avatar_tui.play.lesson import Lesson
    from avatar_tui.store.storage import SaveStore

READ_ONLY = "read-only: nothing is saved"
READ_ONLY_HINT = ("[b]Read-only:[/b] another avatar-tui saves this game; nothing you do "
                  "here is saved.")


class GameController:
    """One game as the keyboard plays it. `store`: where it is saved (None:
    nowhere); `bot`: the computer's seat; `demo`: a narrated demo instead;
    `lesson`: a lesson instead (play/lesson.py)."""

    def __init__(self, store: SaveStore | None = None, *, bot: BotSeat | None = None,
                 demo: Demo | None = None, lesson: Lesson | None = None):
        self.store = store
        self.session: Session | None = None
        self.hint: str | None = None  # the status line (None: the board's own words)
        self.last_setup: GameSetup | None = None
        self.unsaved: GameState | None = None  # shown, to be written after the frame
        self.save_error: str | None = None  # why the last save failed (None: it did not)
        self.saved_moves = 0  # the actions in the last good save
        self.bot_said: str | None = None  # the computer's last move, in words
        self.recap = Recap()  # the latest run of one player's moves, kept to be read
        self.point: PointStory | None = None  # the last point, told until a person acts
        # a setting (off by default): when flipping is a person's only legal
        # move, the referee flips for them (Referee.auto_flip; undo stops at it)
        self.auto_flip = False
        self.step_hints = True  # a setting: the status line's keys for the step
        self.think: float | None = None  # a setting: a searching computer's seconds a move
        self.writer: SaveWriter | None = None  # started by the first save in the background
        self.kept_notes: list[str] = []  # where the games this run replaced went, in words
        self.mode: Mode = (DemoMode(self, demo) if demo is not None else
                           LessonMode(self, lesson) if lesson is not None else
                           VsComputer(self, bot) if bot is not None else HotSeat(self))

    def use(self, settings: Settings) -> None:
        """The player's settings (store/settings.py) that change how the game goes."""
        self.auto_flip, self.step_hints, self.think = \
            settings.auto_flip, settings.hints, settings.think

    def tell(self, words: str | None) -> None:
        """The status line says `words` (None: the board's own words) until
        the next move, refusal or note."""
        self.hint = words

    def refuse(self, key: str, bindings: list[tuple[str, Params]] | None) -> None:
        """A key that does nothing now, said on the status line: the mode's
        reason for the commands it stands for (`bindings`), or that it is
        no key of this game at all (None)."""
        if bindings is None:
            self.hint = f"[b]{key_name(key)}[/b]: not a key of this game (? lists the keys)"
        else:
            self.hint = self.mode.refusal(key, bindings)

    @property
    def shown_hint(self) -> str | None:
        """The status line's second line: what was said (a refusal, the
        computer's move), else the step's keys, or nothing ("") when the
        step hints are turned off. The keys come from the session's legal
        actions, the list the footer's keys come from (the board draws the
        public observation, whose legal moves are not the player's)."""
        if self.hint is not None:
            return self.hint
        if not self.step_hints:
            return ""
        session = self.session
        if session is None:
            return None
        return f"[dim]{describe.next_step(session.state, session.look, session.legal)}[/]"

    @property
    def answered(self) -> bool:
        """Whether the status line's second line answers the player's own
        key (a refusal with its rule, a note): a panel too short for both
        may give it the status's row, which the player has just read. Not
        the computer's move: the status after it is news (and the recap
        tells the move whole)."""
        return self.hint is not None and not self.mode.speaks(self.hint)

    # ---------------------------------------------------------------- seats

    @property
    def bot(self) -> BotSeat | None:
        return self.mode.bot

    @property
    def demo(self) -> Demo | None:
        return self.mode.demo

    @property
    def lesson(self) -> Lesson | None:
        return self.mode.lesson

    def seat(self, bot: BotSeat | None) -> None:
        """Play on with the computer in `bot`'s seat, or hot seat (None).
        The move not yet written is written first, with the seats it was
        played with."""
        self.play_as(VsComputer(self, bot) if bot is not None else HotSeat(self))

    def play_as(self, mode: Mode) -> None:
        """Play on in `mode` (its seats); the move not yet written is written
        first, with the seats it was played with."""
        self.settle()
        self.mode = mode

    def follow(self, session: Session) -> None:
        """Put a game kept elsewhere on the table: `session` is the picture
        a remote host's positions keep up to date (play/remote.py)."""
        self.session = session

    @property
    def computer(self) -> dict[str, str]:
        """The seats the computer plays, as the save keeps them."""
        return seats.of(self.bot)

    # ---------------------------------------------------------------- the game

    def start(self, state: GameState, events: list[Event], *, resumed: bool = False,
              kept: str | None = None) -> None:
        """Put a game on the table (new, resumed, from a scenario or a demo step).

        Unless it is the current save `resumed`, the game it replaces is
        kept first (SaveStore.start_over) and the status line says where;
        `kept`: the kept game of that name, which becomes the current save.
        Raises OSError, with nothing changed, when the replaced game could
        not be kept whole."""
        said = None
        store = self.store
        if not resumed and self.mode.saves and store is not None and not store.read_only:
            self.settle()  # the replaced game's last moves are in its file first
            if self.moves_at_risk():
                raise OSError(errno.EIO, "the game on the table lacks moves its save could "
                              f"not take ({self.save_error})")
            said = store.start_over(state)
            if kept is not None:
                store.games.take(kept, store.current)
        self.session = Session(state, list(events))
        self.recap.clear()
        self.point = None
        self.last_setup = state.setup
        self.hint = None
        if said is not None:
            self.kept_notes.append(said)
            self.hint = escape(said[0].upper() + said[1:])
        note = store.settings_note() if store is not None else None  # the first game says it
        if note is not None:
            self.hint = escape(note) if self.hint is None else f"{self.hint} · {escape(note)}"
        if self.mode.saves:
            self.saved_moves = len(state.history)

    def act(self, action: Action, auto: bool = False) -> bool:
        """Make a move through the engine; a refusal goes to the status line
        (False), never raised. `auto`: made for the player by a setting
        (auto-flip), which leaves the moves they have yet to read alone."""
        if self.session is None:
            return False
        before = self.session.state
        try:
            events = self.session.act(action)
        except IllegalAction as err:
            self.hint = f"[b]Not allowed:[/b] {escape(str(err))}"
            return False
        if not auto:
            self.recap.add(before, self.session.state, action, events)
            # a person's move: the point before it was read (this one may score)
            self.point = story(before, self.session.state, self.session.log)
        self.hint = None
        self.bot_said = None
        return True

    def computer_moved(self, moved: ComputerMove) -> None:
        """Record the computer's move (VsComputer.move): its recap, the point
        it scored (kept until the person has read it, i.e. acts) and its
        words on the status line."""
        session = self.session
        assert session is not None
        self.recap.add(moved.before, session.state, moved.action, moved.events)
        if moved.point is not None:
            self.point = moved.point
        self.bot_said = self.recap.said[-1]  # describe_move's words
        mode = self.mode
        assert isinstance(mode, VsComputer)
        self.hint = mode.moved()

    def press(self, name: str) -> questions.Question | bool:
        """A game key: its one legal action (True when made), a question
        when it stands for several, or why it does nothing (False)."""
        if self.session is None:
            return False
        actions = candidates(name, self.session.legal)
        if not actions:
            self.hint = self.key_refusal(name)
            return False
        if len(actions) == 1:
            return self.act(actions[0])
        return questions.which(self.session, name, actions)

    def key_refusal(self, name: str) -> str:
        """Why a game key does nothing now, in the engine's words."""
        session = self.session
        assert session is not None
        label = BY_NAME[name].label
        reason: str | None
        if not session.legal:
            reason = "the game is over" if session.over else "nothing to do"
        else:
            actor = session.actor
            probe = example(name, actor) if actor is not None else None
            reason = session.why_not(probe) if probe is not None else None
            if reason is not None and probe is not None:
                reason = without_secret_move(session.table, probe.player, reason)
            if reason is None:
                reason = ("no overpayment is needed or possible now (R6.3)"
                          if name == "overpay" else "it is not possible now")
        return f"[b]{label}:[/b] {escape(reason)}"

    def undo(self) -> str | None:
        """Take back the player's own last action, and the computer's
        replies since (Session.why_not_undo says when not); returns it in
        words, or None with the reason shown."""
        if self.session is None:
            return None
        reason = self.session.why_not_undo(self.mode.computer)
        if reason is not None:
            self.hint = f"[b]Undo:[/b] {escape(reason)}"
            return None
        last = self.session.undo(self.mode.computer)
        self.recap.clear()  # the moves it kept may be the ones taken back
        self.point = None
        self.hint = f"Undone: {escape(last)}"
        return last

    # ---------------------------------------------------------------- looking

    @property
    def actor(self) -> PlayerId:
        """Who acts now (who the `v` look at one's moves is for)."""
        assert self.session is not None
        return self.session.actor or self.session.state.turn or "p1"

    def looked_at(self, card: str | None, owner: str | None) -> tuple[str | None, str | None]:
        """The card the inspector opens at: the one asked for, else the
        defender's flipped card, else the incoming attack."""
        lk = self.session.look if self.session is not None else None
        if card is not None or lk is None or lk.turn is None:
            return card, owner
        if lk.flipped is not None:
            return lk.flipped.card, lk.flipped.player
        if lk.incoming is not None:
            return lk.incoming.card, lk.incoming.owner
        return None, None

    def clicked(self, owner: PlayerId, zone: str | None = None, flip: bool = False) -> str | None:
        """The game key a click stands for: on the defender's highlighted
        flipped card, paying (or why not); on the acting player's deck, a flip."""
        session = self.session
        if session is None:
            return None
        state, legal = session.state, session.legal
        if not flip:
            return "flip" if state.turn == owner and candidates("flip", legal) else None
        flipped = session.look.flipped
        if flipped is None or (flipped.player, flipped.zone) != (owner, zone):
            return None
        return "overpay" if not candidates("pay", legal) and candidates("overpay", legal) \
            else "pay"

    # ---------------------------------------------------------------- saving

    def save_later(self, state: GameState, then: Callable[[bool], None]) -> bool:
        """Write the game in the background (SaveWriter: in order, the last
        state wins); `then(ok)` is called from the writer's thread. False
        (and why in the status line) when nothing will be written."""
        store = self.store
        if store is None or not self.mode.saves:
            return True
        if store.read_only:  # another instance writes this game (safety.claim)
            self.hint = self.hint or READ_ONLY_HINT
            return False
        if self.writer is None:
            self.writer = SaveWriter(self._write)
        self.writer.submit(state, self.computer, then)
        return True

    def hold(self, state: GameState) -> None:
        """The game shown: written once the frame is drawn (`save_shown`),
        or before quitting (`settle`)."""
        self.unsaved = state

    def save_shown(self, then: Callable[[bool], None]) -> bool:
        """Hand the game held since it was shown to the save writer
        (`save_later`); False (and why in the status line) when it will not
        be written."""
        if self.unsaved is None:
            return True
        state, self.unsaved = self.unsaved, None
        return self.save_later(state, then)

    def save(self, state: GameState) -> bool:
        """Write the game now, after any save still being written; False
        (and the reason in the status line) if it was not."""
        store = self.store
        if store is None or not self.mode.saves:
            return True
        if store.read_only:
            self.hint = self.hint or READ_ONLY_HINT
            return False
        if self.writer is not None:
            self.writer.flush()
        if not self._write(state, self.computer):
            self.hint = self.save_failed()
            return False
        return True

    def settle(self) -> None:
        """Before quitting: every save handed in is written, and the move
        shown but not yet handed in too."""
        if self.writer is not None:
            self.writer.flush()
        if self.unsaved is not None:
            state, self.unsaved = self.unsaved, None
            self.save(state)

    def _write(self, state: GameState, computer: dict[str, str]) -> bool:
        """Write the file and note the outcome (from any thread)."""
        assert self.store is not None
        try:
            self.store.save(state, computer=computer)
        except OSError as err:
            self.save_error = str(err)
            return False
        self.save_error, self.saved_moves = None, len(state.history)
        return True

    def save_failed(self) -> str:
        return f"[b]The game could not be saved:[/b] {escape(self.save_error or '')}"

    def moves_at_risk(self) -> int:
        """How many moves the save lacks because writing it failed (0: none)."""
        store, session = self.store, self.session
        if store is None or store.read_only or session is None or self.save_error is None:
            return 0
        return max(1, len(session.state.history) - self.saved_moves)


class SaveWriter:
    """Writes saves in a thread of its own, one at a time and in order: a
    state handed in while another is written waits, and a newer one replaces
    it (each save holds the whole game, so the last state wins). The board
    never waits for the disk; `flush` waits for it (a quit, a save made now).
    A plain thread, not a front end's worker: a quit waits for it from the
    app's synchronous unmount, which a Textual worker cannot offer, and
    every front end (the app, the headless driver) saves the same way."""

    def __init__(self, write: Callable[[GameState, dict[str, str]], bool]):
        self.write = write
        self._lock = threading.Lock()
        self._pending: tuple[GameState, dict[str, str], Callable[[bool], None]] | None = None
        self._thread: threading.Thread | None = None
        self._idle = threading.Event()
        self._idle.set()

    def submit(self, state: GameState, computer: dict[str, str],
               then: Callable[[bool], None]) -> None:
        with self._lock:
            self._pending = (state, computer, then)
            if self._thread is None:
                self._idle.clear()
                self._thread = threading.Thread(target=self._run, name="avatar-tui-save",
                                                daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                job, self._pending = self._pending, None
                if job is None:
                    self._thread = None
                    self._idle.set()
                    return
            state, computer, then = job
            try:
                ok = self.write(state, computer)
            except Exception:  # noqa: BLE001 - a bug must not stop later saves
                ok = False
            then(ok)

    def flush(self) -> None:
        self._idle.wait()
