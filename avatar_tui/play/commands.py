"""What the play layer asks a front end to do, and what comes back.

The referee (play/referee.py) answers every event of the game (a key, an answer,
a search's result, a pause that ran out) with a short list of these
commands; a front end only carries them out: the Textual app with screens,
workers and timers, the headless driver (play/headless.py) at once and on a
virtual clock, a remote seat later. They hold game data only, nothing of a
screen, so any front end may carry them out.

Results come back as events (`Thought`, `TimerFired`) holding the token
they were issued with; the referee drops those no longer current."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from avatar_tui.bots import BotSeat
    from avatar_tui.engine import Observation
    from avatar_tui.model.actions import Action
    from avatar_tui.model.common import PlayerId
    from avatar_tui.play.hint import HintRequest
    from avatar_tui.play.lesson import LessonEntry
    from avatar_tui.play.puzzle import PuzzleEntry
    from avatar_tui.play.questions import Question

TimerKind = Literal["computer", "demo", "lesson", "puzzle"]


# ---------------------------------------------------------------- events coming back


@dataclass(frozen=True)
class Thought:
    """A search's result for the `Think` of the same token: the computer's
    move (an Action) or the hint's estimates; `error` when it failed."""

    token: int
    result: object = None
    error: str | None = None


@dataclass(frozen=True)
class TimerFired:
    """An `After` ran out: the computer's pause, a demo's auto-play step, or
    the pause before a lesson's next played move."""

    kind: TimerKind
    token: int


# ---------------------------------------------------------------- commands


@dataclass(frozen=True)
class Show:
    """Draw the game as the controller has it now (board, log, status
    line). `rebuilt`: the log starts anew first; `notes`: lines added to
    the log; `title`: the window's subtitle changed (who plays)."""

    rebuilt: bool = False
    notes: tuple[str, ...] = ()
    title: str | None = None


@dataclass(frozen=True)
class Ask:
    """Put the game's question; the answer goes to `Referee.answer(ask, i)`.
    `look_away`: on a shared screen this player alone may look (R1.6)."""

    question: Question
    token: int
    look_away: PlayerId | None = None


@dataclass(frozen=True)
class Offer:
    """A dialog outside the game's rules (a message, resuming a save):
    `labels` are its answers; the one chosen goes to `Referee.offered(about, i)`."""

    title: str
    text: str
    about: str
    labels: tuple[str, ...] = ("OK",)
    can_cancel: bool = False  # escape dismisses it (the answer None)


@dataclass(frozen=True)
class ChooseGame:
    """Offer a new game: characters and decks, the seed, who plays p2. The
    choice goes to `Referee.game_chosen`."""

    seed: int
    p1: str
    p2: str
    can_cancel: bool
    who: str  # who plays now, in words
    opponent: str | None  # the computer's kind in p2 now (None: a person)
    keeps: bool  # a new game keeps the unfinished one among the kept games
    learn: bool = False  # a new player (no kept game, no lesson finished): "Learn to play"
    game_format: str | None = None  # a format from packs offered first (play --format)
    packs: int | None = None  # its packs each (play --packs)


@dataclass(frozen=True)
class ChooseLesson:
    """Offer the built-in lessons (✓ on those finished); the name chosen,
    or None, goes to `Referee.lesson_chosen`."""

    lessons: tuple[LessonEntry, ...]
    can_cancel: bool = True


@dataclass(frozen=True)
class ChoosePuzzle:
    """Offer the built-in puzzles (✓ on those solved); the name chosen, or
    None, goes to `Referee.puzzle_chosen`."""

    puzzles: tuple[PuzzleEntry, ...]


@dataclass(frozen=True)
class GameOver:
    """The game is over: say who won; the answer (rematch, new, quit) goes
    to `Referee.game_over`. `actions` and `seed` are said when this screen may
    know them; a seat of a hosted game (`remote`) knows its position's
    number but not the seed (it fixed the deck order, R1.6), and has no game
    here to review or replace: it may only ask the host for a rematch."""

    actions: int | None = None
    seed: int | None = None
    remote: bool = False
    coach: bool = False  # the game a lesson handed on: its review opens at once


@dataclass(frozen=True, eq=False)
class Think:
    """Work out a move away from the board: the computer's (`seat` from
    `obs` and `legal`) or the hint's (`hint`, `worlds`: a fixed search),
    then hand `work()`'s Thought back to `Referee.thought`. The search may take
    seconds: the board stays live meanwhile."""

    token: int
    seat: BotSeat | None = None
    obs: Observation | None = None
    legal: tuple[Action, ...] = ()
    hint: HintRequest | None = None
    worlds: int | None = None

    def work(self) -> Thought:
        """The search itself (any thread: it reads only what it holds)."""
        try:
            if self.hint is not None:
                from avatar_tui.play import hint as hints

                return Thought(self.token, hints.think(self.hint, worlds=self.worlds))
            assert self.seat is not None
            return Thought(self.token, self.seat.choose(self.obs, list(self.legal)))
        except Exception as err:  # noqa: BLE001 - a search failing must not end the game
            return Thought(self.token, error=str(err) or type(err).__name__)


@dataclass(frozen=True)
class After:
    """Hand `event` back to `Referee.fired` after `seconds` (a later one of
    the same kind replaces it)."""

    seconds: float
    event: TimerFired


@dataclass(frozen=True)
class Save:
    """The game shown is to be written: once it is on screen, call
    `Referee.save_shown` (the write itself runs off the board's thread)."""


@dataclass(frozen=True)
class Leave:
    """Quit now: nothing would be lost (`Referee.quit` asked the save guard, play/safety.py)."""


# Every command a front end may be given. Each front end that carries them
# out (tui/app.py, play/headless.py) matches over this union and ends with
# `assert_never`: a kind added here and left out there fails the type check,
# and tests/test_commands_handled.py at run time.
Command = (Show | Ask | Offer | ChooseGame | ChooseLesson | ChoosePuzzle | GameOver | Think | After
           | Save | Leave)
Commands = list[Command]
