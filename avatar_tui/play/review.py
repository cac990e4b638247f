"""A game looked back on: the replay theatre's model (Textual-free).

A save, a kept game or any scenario is replayed through the engine once;
every position is kept (position 0 is the setup, position k the board after
the k-th move), so stepping is a lookup, and the board at any point is
exact: a game is fixed by its setup and its actions. Each move has its
words (`move_words.describe_move`, with its rule IDs) and the log's events
of that move, the turn it belongs to (R4) and the points after it (R10.2).

What the board may show follows play (R1.6): a review is seen from one
player's seat (`viewer`, the player being reviewed; None: a watcher who
sees only what is public), so their opponent's face-down cards and deck
order stay hidden. Only a finished game may show both players' cards
(`toggle_reveal`): nothing is left to spoil."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from avatar_tui.engine import (
    Event,
    IllegalAction,
    Table,
    apply,
    new_game,
    observation,
    shown_action,
)
from avatar_tui.model.common import PlayerId
from avatar_tui.model.state import GameState
from avatar_tui.notation.save import SAVE_TITLE, replay_scenario
from avatar_tui.notation.scenario import ScenarioError, load_scenario
from avatar_tui.play.describe import character
from avatar_tui.play.move_words import describe_move
from avatar_tui.store.savedgames import GameNameError, SavedGames, UnknownGame, characters
from avatar_tui.store.storage import SaveStore


class ReviewError(ValueError):
    """A game that cannot be reviewed: one line naming the file and the problem."""


@dataclass(frozen=True)
class Move:
    """One move of the game as the review says it."""

    number: int  # 1-based: the position after it is `number`
    player: PlayerId
    turn: int  # the turn it was made in (R4; 0: before the opening attack)
    notation: str  # as a shared screen may show it (a secret answer hidden, R1.6)
    words: str  # "Aang (p1) played Skewer in the green zone, paying ... (R5.3–R5.5)"
    events: tuple[Event, ...]  # what the log said of it, each with its rule ID
    score: tuple[int, int]  # p1's and p2's points after it

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule IDs of its events, each once, in order."""
        return tuple(dict.fromkeys(e.rule for e in self.events))


@dataclass(frozen=True)
class Turn:
    """The moves of one turn: positions `first` to `last` (R4)."""

    number: int
    defender: PlayerId | None  # whose turn it was (None: the opening choice)
    first: int  # the number of its first move
    last: int  # and of its last
    score: tuple[int, int]  # the points after it


def _score(state: GameState) -> tuple[int, int]:
    return state.players["p1"].score, state.players["p2"].score


def seat_points(score: tuple[int, int]) -> str:
    """`p1 0, p2 1`: each seat's points (R10.2) by its name, as the move
    line and the timeline both say them: bare figures beside one player's
    name read as that player's first."""
    return f"p1 {score[0]}, p2 {score[1]}"


def turn_line(table: Table, turn: Turn) -> str:
    """The timeline's line of a turn: its number, who defended, the points
    after it (`13 Katara (p1) · p1 0, p2 1`)."""
    who = "opening choice" if turn.defender is None else character(table, turn.defender)
    return f"{turn.number:>2} {who} · {seat_points(turn.score)}"


class Review:
    """A game's positions and moves, and where the review is in it."""

    def __init__(self, final: GameState, title: str = "", source: str = "",
                 computer: dict[str, str] | None = None, viewer: PlayerId | None = "p1"):
        self.title = title
        self.source = source
        self.computer = dict(computer or {})
        self.viewer: PlayerId | None = viewer
        self.reveal = False
        state, _ = new_game(final.setup)
        self.positions: list[GameState] = [state]
        self.moves: list[Move] = []
        for entry in final.history:
            try:
                after, events = apply(state, entry.action)
            except IllegalAction as err:  # pragma: no cover - its history replayed once already
                raise ReviewError(f"{source}: move {len(self.moves) + 1}: {err}") from None
            who = character(Table(state), entry.action.player)
            self.moves.append(Move(
                len(self.moves) + 1, entry.action.player, state.turn_number,
                shown_action(entry.action, entry.secret),
                f"[b]{who}[/b] {describe_move(state, after, entry.action, events)}",
                tuple(events), _score(after)))
            self.positions.append(after)
            state = after
        self.turns = _turns(self.moves, self.positions)
        self.at = 0

    # ------------------------------------------------------------ what is shown

    @property
    def total(self) -> int:
        """The number of moves (the last position's index)."""
        return len(self.moves)

    @property
    def finished(self) -> bool:
        return self.positions[-1].phase == "over"

    @property
    def state(self) -> GameState:
        """The real board at this point."""
        return self.positions[self.at]

    @property
    def shown(self) -> GameState:
        """The board as the viewer may see it here (R1.6); both players'
        cards once `reveal` is on."""
        if self.reveal:
            return self.state
        return observation(self.state, self.viewer).state

    @property
    def move(self) -> Move | None:
        """The move that led here (None at the setup)."""
        return self.moves[self.at - 1] if self.at > 0 else None

    @property
    def turn(self) -> Turn | None:
        """The turn the move that led here belongs to (None at the setup)."""
        return next((t for t in self.turns if t.first <= self.at <= t.last), None)

    @property
    def score(self) -> tuple[int, int]:
        return _score(self.state)

    def toggle_reveal(self) -> str | None:
        """Show or hide both players' cards; the reason when it may not."""
        if not self.finished:
            return "both players' cards are shown only once the game is over (R1.6)"
        self.reveal = not self.reveal
        return None

    # ------------------------------------------------------------ stepping

    def go(self, position: int) -> int:
        """Go to `position` (clamped to the game); returns where it is now."""
        self.at = max(0, min(position, self.total))
        return self.at

    def step(self, delta: int) -> int:
        """By `delta` moves (←/→)."""
        return self.go(self.at + delta)

    def start(self) -> int:
        return self.go(0)

    def end(self) -> int:
        return self.go(self.total)

    def next_turn(self) -> int:
        """To the end of this turn, or of the next when already there (PgDn)."""
        for t in self.turns:
            if t.last > self.at:
                return self.go(t.last)
        return self.end()

    def previous_turn(self) -> int:
        """To the end of the turn before this one (PgUp); the setup from the first."""
        before = [t for t in self.turns if t.last < self.at]
        return self.go(before[-1].last if before else 0)


def _turns(moves: list[Move], positions: list[GameState]) -> list[Turn]:
    turns: list[Turn] = []
    for m in moves:
        if turns and turns[-1].number == m.turn:
            last = turns[-1]
            turns[-1] = Turn(last.number, last.defender, last.first, m.number, m.score)
        else:
            turns.append(Turn(m.turn, positions[m.number - 1].turn, m.number, m.number,
                              m.score))
    return turns


# ------------------------------------------------------------ opening a game


def find_game(target: str | None, data_dir: Path | str | None = None) -> Path:
    """The file a review opens: `target` as a path when it is a file, else
    as a kept game's name; without a target, the most recently finished
    game. ReviewError (one line) when there is none."""
    store = SaveStore(data_dir)
    if target is None:
        if not store.finished.is_file():
            raise ReviewError(f"{store.finished}: no finished game yet (finish one, or name a "
                              "file or a kept game)")
        return store.finished
    path = Path(target)
    if path.is_file():
        return path
    if path.parent != Path(".") or path.exists():  # a path, not a name: only a file will do
        raise ReviewError(f"{target}: no such file" if not path.exists() else
                          f"{target}: not a file")
    try:
        return SavedGames(store.directory).find(target)
    except (GameNameError, UnknownGame) as err:
        raise ReviewError(f"{target}: no such file, and {err}") from None


def load_review(path: Path | str, viewer: PlayerId | None = None) -> Review:
    """The game in `path` (a save, a kept game or a scenario), replayed.
    `viewer`: whose seat it is seen from; by default the person's seat of a
    game against the computer, else p1. ReviewError (one line) when the
    file is no game."""
    path = Path(path)
    try:
        scenario = load_scenario(path)
        final, _ = replay_scenario(scenario)
    except ScenarioError as err:
        raise ReviewError(str(err)) from None
    except OSError as err:
        raise ReviewError(f"{path}: cannot read it: {err.strerror or err}") from None
    except Exception as err:  # noqa: BLE001 - a setup the engine refuses
        raise ReviewError(f"{path}: cannot set the game up: {err}") from None
    title = scenario.title if scenario.title not in ("", SAVE_TITLE) else game_title(final, path)
    return Review(final, title, str(path), dict(scenario.computer),
                  viewer or persons_seat(scenario.computer))


def export_problem(target: Path | str, source: Path | str,
                   data_dir: Path | str | None = None) -> str | None:
    """Why a report may not be written to `target`, or None when it may: a
    review never changes a game, so the report goes over neither the file
    it reviews nor a file the game keeps (the live save, the last finished
    game, the settings, a kept game, the hosted game). Paths are compared
    resolved (another spelling, a symbolic link) and by their inode (a hard
    link)."""
    target, store = Path(target), SaveStore(data_dir)
    games, host = store.games.folder, store.directory / "host"
    keeps = [(Path(source), "the game it reviews"),
             (store.current, "the live save"), (store.finished, "the last finished game"),
             (store.settings, "the settings")]
    for folder, what in ((games, "a kept game"), (host, "the hosted game's file")):
        keeps += [(folder, what)]
        if folder.is_dir():
            keeps += [(path, what) for path in folder.iterdir()]
    whole = target.resolve()
    for path, what in keeps:
        inside = path.is_dir() and whole.is_relative_to(path.resolve())
        if inside or whole == path.resolve() or _same_file(target, path):
            return f"{target}: the report would be written over {what}; name another file"
    return None


def _same_file(one: Path, other: Path) -> bool:
    try:
        return one.samefile(other)
    except OSError:  # either is not there (yet): not the same file
        return False


_DAY = re.compile(r"(\d{4}-\d{2}-\d{2})-")


def game_title(state: GameState, path: Path) -> str:
    """What names a save that has no title of its own (every save is called
    SAVE_TITLE): its two characters, and the day it was played when its
    file's name has one (a kept game's, store/savedgames.py)."""
    title = " v ".join(characters(state))
    found = _DAY.match(path.name)
    if found is not None:
        try:
            title += f", played {date.fromisoformat(found.group(1)).isoformat()}"
        except ValueError:
            pass  # digits that are no day: nothing to say
    return title


def persons_seat(computer: dict[str, str]) -> PlayerId:
    """The seat a review is seen from by default: the person's, in a game
    against the computer; else p1."""
    return "p2" if "p1" in computer and "p2" not in computer else "p1"
