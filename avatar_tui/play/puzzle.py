"""Puzzles (docs/notation.md, "Puzzle files"): a position, a goal the
engine's view decides, the solver's solution and the other side's replies.

Each goal kind is a small pure function of the view where the puzzle
started, the view now and the solver's moves made: `judge` says whether
the goal is reached, lost (and why, in words), or still open. The other
side's moves are the file's `replies` or the heuristic player's — never a
searching player's, so a puzzle plays the same whatever happens to the
computer players. No Textual: the referee and `replay` drive it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from avatar_tui.bots.heuristic import HeuristicBot
from avatar_tui.engine import Event, IllegalAction, apply, legal_actions, observation, view
from avatar_tui.model.actions import Action
from avatar_tui.model.common import PlayerId, other
from avatar_tui.model.state import GameState
from avatar_tui.notation.lesson import start as start_position
from avatar_tui.notation.scenario import ActionLine, Puzzle, Scenario, ScenarioError
from avatar_tui.play.plain import escape

MAX_MOVES = 400  # a puzzle is a turn or a few: far more than any needs
REPLY_SEED = 0  # the heuristic player's ties: fixed, so a reply is the same each time

GOAL_WORDS = {
    "survive": "survive: stop the attack coming at you, losing no point this turn",
    "win_point": "win the next point: your opponent must lose it before you do",
    "charge_all": "charge all three of your zones this turn",
    "signature": "play your signature move (it opens a turn once all three zones are charged)",
    "win_game": "win the game from here",
}

# the goal in a word or two, for the puzzles' list
GOAL_TITLES = {"survive": "survive", "win_point": "win a point", "charge_all": "charge all",
               "signature": "signature move", "win_game": "win the game"}


@dataclass(frozen=True)
class Verdict:
    reached: bool = False
    lost: str | None = None  # why the goal can no longer be reached

    @property
    def open(self) -> bool:
        return not self.reached and self.lost is None


OPEN = Verdict()


def _turn_passed(start: dict, now: dict, side: PlayerId) -> bool:
    """The solver's turn is over: the other side defends now (R4)."""
    mine, theirs = now["players"][side], now["players"][other(side)]
    return (now["status"] != "playing"
            or (mine["defending"] is None and theirs["defending"] is not None
                and start["players"][side]["defending"] is not None))


def _point_lost(start: dict, now: dict, side: PlayerId) -> bool:
    them = other(side)
    return (now["players"][them]["score"] > start["players"][them]["score"]
            or now["winner"] == them)


def survive(start: dict, now: dict, side: PlayerId, made: list[Action]) -> Verdict:
    if _point_lost(start, now, side):
        return Verdict(lost="the attack got through: your opponent won the point (R10.2)")
    if _turn_passed(start, now, side):
        return Verdict(reached=True)
    return OPEN


def win_point(start: dict, now: dict, side: PlayerId, made: list[Action]) -> Verdict:
    if (now["players"][side]["score"] > start["players"][side]["score"]
            or now["winner"] == side):
        return Verdict(reached=True)
    if _point_lost(start, now, side):
        return Verdict(lost="your opponent won the point instead (R10.2)")
    return OPEN


def charge_all(start: dict, now: dict, side: PlayerId, made: list[Action]) -> Verdict:
    zones = now["players"][side]["zones"]
    if all(zones[z]["charged"] for z in ("green", "yellow", "red")):
        return Verdict(reached=True)
    if _turn_passed(start, now, side) or _point_lost(start, now, side):
        left = [z for z in ("green", "yellow", "red") if not zones[z]["charged"]]
        return Verdict(lost=f"the turn ended with {', '.join(left)} not charged (R11.2)")
    return OPEN


def signature(start: dict, now: dict, side: PlayerId, made: list[Action]) -> Verdict:
    """The signature move comes at the start of a turn (R4.3): a puzzle may
    start a turn earlier, with a zone still to charge; it is lost once the
    move is skipped, or a point is lost first."""
    if any(action.verb == "signature" for action in made):
        return Verdict(reached=True)
    if any(action.verb == "skip" for action in made):
        return Verdict(lost="you skipped your signature move (R4.3)")
    if _point_lost(start, now, side) or now["status"] != "playing":
        return Verdict(lost="a point was lost before your signature move (R10.2)")
    return OPEN


def win_game(start: dict, now: dict, side: PlayerId, made: list[Action]) -> Verdict:
    if now["winner"] == side:
        return Verdict(reached=True)
    if now["status"] != "playing":
        return Verdict(lost="the game is over and you did not win it (R10)")
    return OPEN


GOALS = {"survive": survive, "win_point": win_point, "charge_all": charge_all,
         "signature": signature, "win_game": win_game}


def judge(puzzle: Puzzle, start: dict, now: dict, made: list[Action]) -> Verdict:
    """Where the goal stands: `start` and `now` are views (engine.view),
    `made` the solver's moves so far."""
    return GOALS[puzzle.goal](start, now, puzzle.side, made)


def heuristic_reply(state: GameState, side: PlayerId) -> Action:
    """The heuristic player's move for `side` (deterministic: a fresh
    player with a fixed seed, reading only what that side may see, R1.6)."""
    return HeuristicBot(REPLY_SEED).choose(observation(state, side), legal_actions(state))


@dataclass
class Attempt:
    """One try at a puzzle: the position it started from and the one now;
    the moves made since are the game's own history (so a board that makes
    moves itself, the referee's, only hands its state over)."""

    scenario: Scenario
    state: GameState
    begun: GameState  # the puzzle's position

    @cached_property
    def start(self) -> dict:
        return view(self.begun)

    @property
    def puzzle(self) -> Puzzle:
        assert self.scenario.puzzle is not None
        return self.scenario.puzzle

    def follow(self, state: GameState) -> None:
        """The board's game now (the referee's moves are made on the board)."""
        self.state = state

    def since(self) -> list:
        """Every move made since the puzzle's position, in order."""
        return [entry.action for entry in self.state.history[len(self.begun.history):]]

    @property
    def made(self) -> list:
        return [action for action in self.since() if action.player == self.puzzle.side]

    @property
    def replied(self) -> int:
        return sum(action.player != self.puzzle.side for action in self.since())

    def verdict(self) -> Verdict:
        return judge(self.puzzle, self.start, view(self.state), self.made)

    @property
    def solver_to_move(self) -> bool:
        return view(self.state)["actor"] == self.puzzle.side

    def reply(self) -> Action | None:
        """The other side's next move (None: the file's replies are over, or
        the next one is refused here: the attempt left the solution's path)."""
        actor = view(self.state)["actor"]
        if actor is None or actor == self.puzzle.side:
            return None
        if self.puzzle.replies is None:
            return heuristic_reply(self.state, actor)
        if self.replied >= len(self.puzzle.replies):
            return None
        action = self.puzzle.replies[self.replied].action
        return action if action in legal_actions(self.state) else None

    def make(self, action: Action) -> list[Event]:
        """Make a move (raises IllegalAction)."""
        self.state, events = apply(self.state, action)
        return events


def begin(scenario: Scenario) -> Attempt:
    """A fresh attempt at the puzzle's position (raises ScenarioError)."""
    state, _ = start_position(scenario)
    return Attempt(scenario, state, state)


@dataclass(frozen=True)
class Solved:
    reached: bool
    problem: str  # why not, when not
    attempt: Attempt


def play_solution(scenario: Scenario) -> Solved:
    """The solution played, each reply made when the other side is to
    move, until the goal is decided. A solution move the engine refuses
    makes the file invalid (ScenarioError naming its line)."""
    attempt = begin(scenario)
    puzzle = attempt.puzzle
    moves = list(puzzle.solution)
    for _ in range(MAX_MOVES):
        verdict = attempt.verdict()
        if verdict.reached:
            return Solved(True, "", attempt)
        if verdict.lost:
            return Solved(False, f"the goal is lost: {verdict.lost}", attempt)
        if attempt.solver_to_move:
            if not moves:
                return Solved(False, "the solution ends before the goal is reached", attempt)
            line = moves.pop(0)
            _make(attempt, line, scenario, "puzzle.solution")
            continue
        action = attempt.reply()
        if action is None:
            if view(attempt.state)["status"] != "playing":
                return Solved(False, "the game ended before the goal was reached", attempt)
            return Solved(False, "the replies end before the goal is reached", attempt)
        attempt.make(action)
    return Solved(False, f"no end after {MAX_MOVES} moves", attempt)


def _make(attempt: Attempt, line: ActionLine, scenario: Scenario, place: str) -> None:
    try:
        attempt.make(line.action)
    except IllegalAction as err:
        raise ScenarioError(f"{scenario.path}: {place}: {line.text!r} is not legal there: "
                            f"{err}") from None


def first_moves_solving(scenario: Scenario) -> list[Action]:
    """The solver's legal first moves that reach the goal when the rest is
    played by the heuristic player for both sides (a puzzle any first move
    solves teaches nothing; the tests check the built-in ones)."""
    found = []
    base = begin(scenario)
    for first in legal_actions(base.state):
        attempt = begin(scenario)
        attempt.make(first)
        for _ in range(MAX_MOVES):
            verdict = attempt.verdict()
            if not verdict.open:
                break
            actor = view(attempt.state)["actor"]
            action = (heuristic_reply(attempt.state, actor) if actor == attempt.puzzle.side
                      else attempt.reply())
            if action is None:
                break
            attempt.make(action)
        if attempt.verdict().reached:
            found.append(first)
    return found


# ---------------------------------------------------------------- on the board

REPLY_PAUSE = 1.0  # seconds before a reply or a shown move: time to see the last one


def reply_pause() -> float:
    """The pause before a reply or shown move; AVATAR_TUI_DEMO_DELAY fixes
    it, as for the demos and lessons (the tests set it to 0)."""
    from avatar_tui.io import pauses

    fixed = pauses.from_env("AVATAR_TUI_DEMO_DELAY")
    return REPLY_PAUSE if fixed is None else fixed


class ToPuzzles:
    """The new-game screen's answer for the puzzles' list (PUZZLES), which
    no setup or kept game's name can be mistaken for."""


PUZZLES = ToPuzzles()
# the lessons' list answers this for the puzzles' list: no lesson file's
# name (`NN_name`) starts with a colon
TO_PUZZLES = ":puzzles"


@dataclass(frozen=True)
class PuzzleEntry:
    """A built-in puzzle as the puzzles' list shows it."""

    number: int
    name: str
    title: str
    goal: str
    solved: bool


class PuzzleTry:
    """A puzzle on the board: the attempt, how it stands, and "show me"
    (the solution played step by step, each step's words shown).
    `name`: a built-in puzzle's, under which its ✓ is kept."""

    def __init__(self, scenario: Scenario, name: str | None = None):
        self.scenario = scenario
        self.name = name
        self.title = scenario.title or scenario.path.stem
        self.attempt = begin(scenario)
        self.showing: int | None = None  # show me: the solution's moves made so far
        self.said: str | None = None  # the last step's words, shown me
        self.ended: str | None = None  # markup: what went wrong, or that it is solved

    @property
    def puzzle(self) -> Puzzle:
        assert self.scenario.puzzle is not None
        return self.scenario.puzzle

    def end(self, words: str) -> None:
        """The try is over: `words` (markup) say how."""
        self.ended = words

    def again(self, show: bool = False) -> GameState:
        """The puzzle's position anew (for another try, or to be shown)."""
        self.attempt = begin(self.scenario)
        self.showing = 0 if show else None
        self.said = self.ended = None
        return self.attempt.state

    def next_shown(self) -> ActionLine | None:
        """Show me: the solution's next move (None: all made)."""
        if self.showing is None or self.showing >= len(self.puzzle.solution):
            return None
        line = self.puzzle.solution[self.showing]
        self.showing += 1
        self.said = f"{self.showing}. {line.text}: " + (" ".join(line.narration) or "")
        return line

    def panel(self) -> tuple[str, str]:
        """The goal beside the board, how the attempt stands; and the title."""
        parts = [f"[b]Goal ({self.puzzle.side}):[/b] {GOAL_WORDS[self.puzzle.goal]}."]
        if self.puzzle.say:
            parts.append(escape(self.puzzle.say))
        if self.showing is not None:
            parts.append(f"[dim]Show me: the solution, step by step…[/] "
                         f"{escape(self.said or '')}")
        if self.ended:
            parts.append(self.ended)
        elif self.showing is None:
            parts.append("[dim]h: show me the solution, from the start[/]")
        return "\n".join(parts), f"Puzzle · {self.puzzle.goal}"


