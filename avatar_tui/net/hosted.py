"""The one authoritative game a host keeps (docs/protocol.md), without
sockets: it takes a seat's action in the notation, applies it through the
engine (which refuses with its reason, R-rule included, and changes
nothing), saves after every accepted action, and builds each receiver's
`position`. The server (net/host.py) and the tests drive it alike.

A move is saved before anyone sees it: when the save fails, the move is
left unmade, the seat is told why, and `save_problem` says that the game
is not being saved until a save succeeds again.

Its files live in the data directory's `host/` folder (store/hostsave.py):
`game.toml` is the game in the notation, a save anyone may read or replay;
`seats.json` holds the seats' secret tokens and the game counter, so a
restarted host resumes with the same URLs. A finished game is also kept
among the kept games, so a rematch never loses it."""

from __future__ import annotations

import json
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from avatar_tui.engine import IllegalAction, actor_of, apply, legal_actions, new_game
from avatar_tui.io import files
from avatar_tui.model.actions import NotationError, parse_action
from avatar_tui.model.common import PLAYERS, PlayerId
from avatar_tui.model.state import GameSetup, GameState
from avatar_tui.net import frames
from avatar_tui.notation.save import load_game, write_atomically
from avatar_tui.notation.scenario import ScenarioError, load_scenario
from avatar_tui.store.hostsave import HostFiles

TITLE = "a hosted game (avatar-tui host)"
SEATS_BYTES = 4096


class HostFileError(ValueError):
    """A host file that cannot be used: one line naming the file and why."""


@dataclass
class Seats:
    """What makes the URLs: each seat's secret token (a seat played by the
    computer has one too, unused, so giving the seat back to a person later
    needs no new file), the game counter and the port last served on."""

    tokens: dict[str, str]
    game_number: int = 1  # the game counter (the frames' and seats.json's `game`)
    port: int = 0

    @classmethod
    def fresh(cls) -> Seats:
        # URL-safe letters only: the URL pastes into any shell unquoted
        return cls({p: secrets.token_urlsafe(18) for p in PLAYERS})

    def write(self, path: Path) -> None:
        text = json.dumps({"tokens": self.tokens, "game": self.game_number, "port": self.port},
                          indent=2) + "\n"
        write_atomically(path, text)
        os.chmod(path, 0o600)  # the tokens are the seats' keys

    @classmethod
    def read(cls, path: Path) -> Seats:
        try:
            data = files.load_json(path, limit=SEATS_BYTES)
        except files.FileProblem as err:
            raise HostFileError(str(err)) from None
        tokens = data.get("tokens") if isinstance(data, dict) else None
        if not isinstance(tokens, dict) or sorted(tokens) != list(PLAYERS) or not all(
                isinstance(t, str) and t.replace("-", "").replace("_", "").isalnum()
                and 16 <= len(t) <= 64 for t in tokens.values()):
            raise HostFileError(f"{path}: 'tokens' must give p1 and p2 a token of 16-64 "
                                "letters, digits, - or _")
        game, port = data.get("game", 1), data.get("port", 0)
        if not isinstance(game, int) or not 1 <= game <= 10**6:
            raise HostFileError(f"{path}: 'game' must be a whole number from 1")
        if not isinstance(port, int) or not 0 <= port <= 65535:
            raise HostFileError(f"{path}: 'port' must be a port number")
        return cls(dict(tokens), game, port)


@dataclass
class HostedGame:
    """The game on the host: `computer` maps a seat the computer plays to
    its kind (bots/kinds.py); `lines` is this game's log in words."""

    state: GameState
    lines: list[str]
    computer: dict[str, str] = field(default_factory=dict)
    game_number: int = 1  # the game counter (the frames' and seats.json's `game`)
    files: HostFiles | None = None
    saves: int = 0
    save_problem: str | None = None  # why the game is not being saved (None: it is)
    lesson: frames.LessonWords | None = None  # learn --share: the step the learner is at

    @classmethod
    def new(cls, setup: GameSetup, computer: dict[str, str] | None = None,
            host_files: HostFiles | None = None, game_number: int = 1) -> HostedGame:
        state, events = new_game(setup)
        hosted = cls(state, frames.log_lines(events), dict(computer or {}), game_number, host_files)
        hosted.save(state)  # OSError: no game to host, nothing shown yet
        return hosted

    @classmethod
    def resume(cls, host_files: HostFiles, game_number: int) -> HostedGame:
        """The saved game replayed (ScenarioError: one line naming the file)."""
        if not host_files.game.is_file():
            raise HostFileError(f"{host_files.game}: no hosted game to resume")
        state, events = load_game(host_files.game)
        computer = load_scenario(host_files.game).computer
        return cls(state, frames.log_lines(events), dict(computer), game_number, host_files)

    @property
    def seq(self) -> int:
        """The number of actions since this game's setup."""
        return len(self.state.history)

    @property
    def actor(self) -> PlayerId | None:
        return actor_of(self.state)

    @property
    def over(self) -> bool:
        return self.state.phase == "over"

    def act(self, seat: PlayerId, text: str) -> str | None:
        """Play `seat`'s action written in the notation. Returns why it was
        refused (nothing changed), or None once it is applied and saved."""
        try:
            action = parse_action(text)
        except NotationError as err:
            return f"not an action in the notation: {err}"
        if action.player != seat:
            return f"you play {seat}: an action names your own seat ({seat}: ...)"
        try:
            state, events = apply(self.state, action)
        except IllegalAction as err:
            return str(err)
        except Exception as err:  # noqa: BLE001 - nothing a seat sends stops the host
            return f"the host could not apply it ({type(err).__name__}); nothing changed"
        try:
            self.save(state)  # before anyone sees it: a move never outlives a failed save
        except OSError:
            return f"{self.save_problem}: the move was not made"
        self.state = state
        self.lines.extend(frames.log_lines(events))
        if self.over:
            self.keep_finished()
        return None

    def legal(self) -> list[str]:
        return [str(a) for a in legal_actions(self.state)]

    def position(self, receiver: PlayerId | None, since: int,
                 seats: dict[str, str]) -> frames.Position:
        """`receiver`'s position, with the log lines from `since` on."""
        return frames.position(self.state, receiver, game=self.game_number, seq=self.seq,
                               log=self.lines[since:], seats=seats, lesson=self.lesson)

    def rematch(self) -> str | None:
        """A new game on the same seats (PROTOCOL: the game counter counts
        up); its seed follows from the last one, so a host is replayable.
        The finished game is kept first. Returns why there is no rematch
        (nothing changed: a save failed), or None once it has started."""
        if not self.keep_finished():
            return f"{self.save_problem}: no rematch until it is kept"
        setup = self.state.setup
        seed = (setup.seed * 1_000_003 + self.game_number) % (2**31)
        state, events = new_game(setup.model_copy(update={"seed": seed}))
        try:
            self.save(state)
        except OSError:
            return f"{self.save_problem}: no rematch yet"
        self.state, self.lines, self.game_number = state, frames.log_lines(events), \
            self.game_number + 1
        return None

    def keep_finished(self) -> bool:
        """The finished game copied in among the kept games (`games` lists
        it, `review` opens it); False, said in `save_problem`, when that
        fails (its `game.toml` stays until it is kept)."""
        if self.files is None:
            return True
        try:
            self.files.keep_finished(self.state, self.computer)
        except OSError as err:
            self.save_problem = (f"the finished game cannot be kept in "
                                 f"{self.files.games.folder} ({err.strerror or err})")
            return False
        return True

    def save(self, state: GameState) -> None:
        """`state` to `game.toml`, atomically (a crash leaves the old file
        or the new one). Raises OSError, with `save_problem` saying that
        the game is not being saved; a save that succeeds clears it."""
        if self.files is None:
            return
        try:
            self.files.save(state, TITLE, self.computer)
        except OSError as err:
            self.save_problem = (f"the game is not being saved ({self.files.game}: "
                                 f"{err.strerror or err})")
            raise
        self.save_problem = None
        self.saves += 1


__all__ = ["HostFileError", "HostFiles", "HostedGame", "ScenarioError", "Seats"]
