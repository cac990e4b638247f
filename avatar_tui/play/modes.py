"""How the board is played: one object per mode — two people at one
keyboard (`HotSeat`), a person against the computer (`VsComputer`), a
narrated demo (`DemoMode`). A mode says which of the board's commands are
on now (the footer shows only those, through the screen's `check_action`),
why one is off, whether the game is saved and whether a secret answer needs
the other player to look away. The game's own rules stay the engine's: a
mode only narrows what the engine allows. No Textual here.

A mode reads its controller (`ControllerView`) and writes none of its
fields: a move it makes comes back as what happened (`ComputerMove`,
`DemoStep`) for the controller or the referee to record."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from avatar_tui.io.terminal_text import visible
from avatar_tui.play import describe
from avatar_tui.play.keys import GAME_KEY_NAMES, candidates, demo_keys, key_name
from avatar_tui.play.plain import escape
from avatar_tui.play.point import story

if TYPE_CHECKING:
    from avatar_tui.bots import BotSeat
    from avatar_tui.engine import Event
    from avatar_tui.model.actions import Action
    from avatar_tui.model.common import PlayerId
    from avatar_tui.model.state import GameState
    from avatar_tui.play.demo import Demo
    from avatar_tui.play.lesson import Lesson
    from avatar_tui.play.point import PointStory
    from avatar_tui.play.puzzle import PuzzleTry
    from avatar_tui.play.session import Session

# the commands of a demo (stepping, auto-play, taking over) and those of a
# game made by the player (never in a demo, never while the computer moves)
DEMO_COMMANDS = ("demo_step", "demo_auto", "demo_stop", "take_over", "narration_page")
PLAYER_COMMANDS = ("play", "choose", "undo", "moves", "new_game", "hint")
RULE_ID = re.compile(r"\bR\d+(?:\.\d+)?\b")
Params = tuple[object, ...]


class ControllerView(Protocol):
    """What a mode reads of its controller (play/controller.py's
    `GameController`), without importing it: the controller holds its mode."""

    @property
    def session(self) -> Session | None: ...

    @property
    def bot_said(self) -> str | None: ...

    def key_refusal(self, name: str) -> str: ...


@dataclass(frozen=True)
class ComputerMove:
    """The computer's move, made: for the controller to record (its recap,
    the point it scored, its words on the status line)."""

    before: GameState
    action: Action
    events: list[Event]
    point: PointStory | None  # the point it scored, told until a person acts


@dataclass(frozen=True)
class DemoStep:
    """A demo's step to put on the table. `rebuilt`: the board is rebuilt
    (the log starts anew)."""

    state: GameState
    events: list[Event]
    rebuilt: bool


class Mode:
    """Hot seat: every command the position allows (the base of the others)."""

    kind = "hot seat"
    saves = True  # the game is written after every action
    asks = True  # open the dialog of a pending question at once
    shared_screen = True  # a secret answer waits until the other player looks away (R1.6)
    bot: BotSeat | None = None
    demo: Demo | None = None
    lesson: Lesson | None = None

    def __init__(self, controller: ControllerView):
        self.controller = controller

    @property
    def subtitle(self) -> str:
        return ""

    def panel(self) -> tuple[str, str] | None:
        """A lesson step's panel and its title, beside the board (None: none)."""
        return None

    @property
    def computer(self) -> PlayerId | None:
        """The computer's seat, whose replies `u` takes back with the
        player's own last move (None: nobody's move goes with yours)."""
        return self.bot.player if self.bot is not None else None

    @property
    def waiting(self) -> bool:
        """The player's keys are off: the computer moves now."""
        return False

    def speaks(self, said: str) -> bool:
        """Whether the status line's `said` is the computer's own (its move,
        its thinking), not an answer to the player's key."""
        return False

    def off(self, command: str) -> str | None:
        """Why the mode itself keeps `command` off now, whatever the position."""
        if command in DEMO_COMMANDS:
            return "only in a demo (avatar-tui demo)"
        return None

    def allows(self, command: str, params: Params = ()) -> bool:
        """Whether the board's command is on now (the footer shows it)."""
        if self.off(command) is not None or command == "show_me":  # show_me: puzzles only
            return False
        session = self.controller.session
        if command in ("help", "quit", "log", "new_game", "settings"):
            return True
        if session is None:
            return False
        if command == "play":
            return bool(candidates(str(params[0]), session.legal))
        if command == "choose":
            return session.pending_question
        if command == "undo":
            return session.why_not_undo(self.computer) is None
        if command in ("moves", "explain", "hint"):
            return not session.over
        return True  # inspect

    def why_not(self, command: str, params: Params = ()) -> str:
        """Why the command is off now, in words for the status line."""
        session = self.controller.session
        off = self.off(command)
        if off is not None and command in DEMO_COMMANDS:
            return off
        if session is None:
            return "there is no game on the table yet"
        if off is not None:
            return off
        if session.over and command in ("choose", "undo", "moves", "explain"):
            return "the game is over (n: a new game)"
        if command == "choose":
            return ("no question is waiting for an answer; c opens one again when the game asks "
                    "(the opening defender, a target, a second ally)")
        if command == "undo":
            return (session.why_not_undo(self.computer)
                    or "only your own last action can be taken back")
        return "it is not possible now"

    def refusal(self, key: str, bindings: list[tuple[str, Params]]) -> str:
        """What the status line says when `key` does nothing now; `bindings`
        are the commands the key stands for on the board."""
        command, params = next(((c, p) for c, p in bindings if c not in DEMO_COMMANDS),
                               bindings[0])
        if command == "play":
            return self.controller.key_refusal(str(params[0]))
        return f"[b]{key_name(key)}:[/b] {self.why_not(command, params)}"


HotSeat = Mode


class VsComputer(Mode):
    """A person against the computer, which plays `bot`'s seat: while it
    moves, the person's keys are off; its secret answers need no looking away."""

    kind = "against the computer"
    shared_screen = False

    def __init__(self, controller: ControllerView, bot: BotSeat):
        super().__init__(controller)
        self.bot = bot

    @property
    def subtitle(self) -> str:
        return f"against the computer ({self.bot.kind})" if self.bot else ""

    @property
    def waiting(self) -> bool:
        session = self.controller.session
        return session is not None and self.bot is not None and self.bot.to_move(session.legal)

    def who(self) -> str:
        session = self.controller.session
        assert session is not None and self.bot is not None
        return describe.character(session.table, self.bot.player)

    def thinking(self) -> str:
        """The status line while it thinks: its last move stays in words."""
        last = self.controller.bot_said
        said = f"{last} · [i]thinking…[/i]" if last else "is thinking…"
        return f"[b]{self.who()}[/b] (the computer) {said}"

    def moved(self) -> str:
        """The status line after its move: the move in words."""
        return f"[b]{self.who()}[/b] (the computer) {self.controller.bot_said}"

    def speaks(self, said: str) -> bool:
        return self.controller.session is not None and said in (self.thinking(), self.moved())

    def move(self, action: Action) -> ComputerMove:
        """Make the computer's move through the engine, for the controller
        to record (raises what the engine raises, leaving the game as it was)."""
        session = self.controller.session
        assert session is not None
        before = session.state
        events = session.act(action)
        return ComputerMove(before, action, events, story(before, session.state, session.log))

    def off(self, command: str) -> str | None:
        if self.waiting and command in PLAYER_COMMANDS + ("explain",):
            return f"{self.who()} is the computer: wait for its move"
        return super().off(command)

    def refusal(self, key: str, bindings: list[tuple[str, Params]]) -> str:
        if self.waiting and any(c == "play" for c, _ in bindings):
            return f"[b]{self.who()}[/b] is the computer: wait for its move."
        return super().refusal(key, bindings)


class DemoMode(Mode):
    """A narrated demo: its own keys step through it; the game's keys wait
    until the player takes over (p). Nothing is saved."""

    kind = "demo"
    saves = False
    asks = False
    HINT = f"[b]Demo:[/b] {demo_keys(also=True)}"
    demo: Demo  # always one here (Mode's is None)

    def __init__(self, controller: ControllerView, demo: Demo):
        super().__init__(controller)
        self.demo = demo
        self.playing = False  # auto-play is on

    @property
    def subtitle(self) -> str:
        # a demo file's title: its control characters never reach the terminal
        return f"demo: {visible(self.demo.title)}"

    def off(self, command: str) -> str | None:
        if command in PLAYER_COMMANDS:
            return "this is a demo: p takes over, to play on from this step"
        return None

    def allows(self, command: str, params: Params = ()) -> bool:
        demo = self.demo
        assert demo is not None
        if command == "demo_step":
            return demo.step > 0 if int(params[0]) < 0 else not demo.at_end  # type: ignore[call-overload]  # a demo step's parameter is a number
        if command == "demo_auto":
            return not self.playing and not demo.at_end
        if command == "demo_stop":
            return self.playing
        if command in DEMO_COMMANDS:
            return True
        return super().allows(command, params)

    def why_not(self, command: str, params: Params = ()) -> str:
        if command == "narration_page":
            return "the whole narration of this step fits its panel"
        if command == "demo_step":
            back = int(params[0]) < 0  # type: ignore[call-overload]  # a demo step's parameter is a number
            return "this is the first step" if back else "this is the last step of the demo"
        if command == "demo_auto":
            return "the demo is at its end (← goes back)"
        if command == "demo_stop":
            return "auto-play is not on (a starts it)"
        return super().why_not(command, params)

    def refusal(self, key: str, bindings: list[tuple[str, Params]]) -> str:
        mine = [(c, p) for c, p in bindings if c in DEMO_COMMANDS]
        if not mine and key in GAME_KEY_NAMES:
            return "[b]This is a demo:[/b] p takes over, to play on from this step."
        command, params = (mine or bindings)[0]
        return f"[b]{key_name(key)}:[/b] {self.why_not(command, params)}"

    def step(self, delta: int) -> DemoStep | None:
        """The demo's next step (1: the line's action through the engine),
        previous one (-1: rebuilt exactly, replaying from the setup) or start
        (0), to put on the table; None: there is no such step. Raises
        DemoError."""
        demo = self.demo
        assert demo is not None
        session = self.controller.session
        if delta > 0 and session is not None:
            if demo.at_end:
                return None
            state, events = demo.forward(session.state)
            return DemoStep(state, session.log + events, rebuilt=False)
        if delta < 0 and demo.step == 0:
            return None
        state, events = demo.rebuild(demo.step - 1) if delta < 0 else demo.start()
        return DemoStep(state, events, rebuilt=delta <= 0)

    def play(self, on: bool) -> bool:
        """Auto-play on (never past the end) or off; whether it is on."""
        assert self.demo is not None
        self.playing = on and not self.demo.at_end
        return self.playing

    def narration(self) -> tuple[str, str]:
        """The narration panel: the step's action and its narration, and
        the panel's title (the demo and the step)."""
        demo = self.demo
        assert demo is not None
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
            parts.append(f"[dim]{demo_keys(also=True)}[/]")
        where = f"Demo · step {demo.step}/{demo.total}" + (" · auto-play" if self.playing
                                                           else "")
        return "\n\n".join(parts), where


# what a lesson keeps off, and why: a move not asked for is never made, so
# there is nothing to take back; the lesson's own game is not a new game's
LESSON_OFF = {"undo": "in a lesson a move not asked for is never made: nothing to take back",
              "new_game": "this is a lesson: q leaves it",
              "hint": "in a lesson the step's words say what to do"}


class GuidedMode(Mode):
    """A file leads one person on the real board (a lesson, a puzzle): it
    keeps some commands off for its own reasons (`OFF`), and while it plays
    moves itself the person's keys wait, saying why (`waiting_words`).
    Nothing is saved as a game: the progress is the referee's to keep
    (store/progress.py)."""

    saves = False
    shared_screen = False  # one person at the screen
    OFF: dict[str, str] = {}

    def waiting_words(self) -> str:
        raise NotImplementedError

    def off(self, command: str) -> str | None:
        if command in self.OFF:
            return self.OFF[command]
        if self.waiting and command in PLAYER_COMMANDS:
            return self.waiting_words()
        return super().off(command)


class LessonMode(GuidedMode):
    """A lesson (play/lesson.py): a move is made only when it is the step's
    answer; any other is refused beside the step's words and counted. While
    a step plays its own moves, the learner's keys wait."""

    kind = "lesson"
    asks = False  # the step's words say when to press c
    OFF = LESSON_OFF  # the learner makes both players' moves
    lesson: Lesson  # always one here (Mode's is None)

    def __init__(self, controller: ControllerView, lesson: Lesson):
        super().__init__(controller)
        self.lesson = lesson

    @property
    def subtitle(self) -> str:
        return f"lesson: {visible(self.lesson.title)}"  # a file's title: no control characters

    @property
    def waiting(self) -> bool:
        return self.lesson.playing or self.lesson.at_end

    def waiting_words(self) -> str:
        return ("the lesson is over (q quits)" if self.lesson.at_end
                else "watch: the lesson makes these moves")

    def refusal(self, key: str, bindings: list[tuple[str, Params]]) -> str:
        """A game key that makes no legal move is a miss of the step (the
        lesson is this mode's own, as a demo is DemoMode's): the engine's
        reason and rule, beside the step's words."""
        said = super().refusal(key, bindings)
        if not self.waiting and any(c == "play" for c, _ in bindings):
            self.lesson.missed(said, self.controller.session)
        return said

    def panel(self) -> tuple[str, str] | None:
        """The lesson's panel and its title (Lesson.panel)."""
        session = self.controller.session
        assert session is not None
        return self.lesson.panel(session.state)


# in a puzzle, h (the hint) is "show me": the solution from the start
PUZZLE_OFF = {"undo": "in a puzzle a failed try starts again from its end's dialog",
              "new_game": "this is a puzzle: q leaves it"}


class PuzzleMode(GuidedMode):
    """A puzzle (play/puzzle.py): any legal move of the solver is made; the
    other side's replies come by themselves, and while they or "show me"
    play, the solver's keys wait. The ✓ is the referee's to keep."""

    kind = "puzzle"
    OFF = PUZZLE_OFF

    def __init__(self, controller: ControllerView, puzzle: PuzzleTry):
        super().__init__(controller)
        self.puzzle = puzzle

    @property
    def subtitle(self) -> str:
        return f"puzzle: {visible(self.puzzle.title)}"  # a file's title: no control characters

    @property
    def waiting(self) -> bool:
        session = self.controller.session
        return (self.puzzle.showing is not None or self.puzzle.ended is not None
                or session is None or session.actor != self.puzzle.puzzle.side)

    def waiting_words(self) -> str:
        return ("the puzzle is over" if self.puzzle.ended is not None
                else "watch: these moves are made for you")

    def allows(self, command: str, params: Params = ()) -> bool:
        # h is "show me" here: the footer shows show_me, on when the hint would be
        if command == "hint":
            return False
        return super().allows("hint" if command == "show_me" else command, params)

    def why_not(self, command: str, params: Params = ()) -> str:
        return super().why_not("hint" if command == "show_me" else command, params)

    def panel(self) -> tuple[str, str] | None:
        return self.puzzle.panel()
