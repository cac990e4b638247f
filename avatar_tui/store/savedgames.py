"""The games kept in the data directory: `games/NAME.toml`, each an ordinary
save (a scenario file, docs/notation.md), so `play --scenario` reads it as
well as `play --resume NAME`.

A game lands here when a new one takes its place (the start-over policy,
`SaveStore.start_over`) and when it ends (`SaveStore.save`). This module
lists, keeps, hands back and deletes them; it knows nothing of screens.

A name is generated from the day and the two characters
(`2026-11-27-aang-v-prince-zuko`, then `-2`, `-3`...), and any name given
by a person is checked before it touches a path: letters, digits, `-`,
`_` and `.`, starting with a letter or a digit, at most 64 long (io/names.py)."""

from __future__ import annotations

import errno
import os
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from avatar_tui.engine import Event, Table
from avatar_tui.io import names
from avatar_tui.io.datadir import user_data_dir
from avatar_tui.model.state import GameState
from avatar_tui.notation.save import replay_scenario, scenario_text, write_atomically
from avatar_tui.notation.scenario_error import ScenarioError

GAMES = "games"
_WORD = 24  # the longest a character's part of a generated name gets


class GameNameError(ValueError):
    """A name that cannot be a kept game's; the message says why, in one line."""


class UnknownGame(LookupError):
    """No kept game has this name; the message says how to list them."""


def name_problem(name: str) -> str | None:
    """Why `name` cannot name a kept game, or None when it can (io/names.py)."""
    return names.name_problem(name, "a game")


def check_name(name: str) -> str:
    """`name` itself, or GameNameError saying what is wrong with it. A
    trailing `.toml` is taken off, so the file's own name works too."""
    bare = name.removesuffix(".toml") if name.endswith(".toml") and len(name) > 5 else name
    problem = name_problem(bare)
    if problem is not None:
        raise GameNameError(f"{name!r}: {problem}")
    return bare


def slug(text: str) -> str:
    """A name's word for a character: `Prince Zuko` → `prince-zuko`."""
    return names.slug(text, _WORD, "player")


def resume_line(name: str) -> str:
    """What a player is told when their unfinished game was kept."""
    return f"the unfinished game was kept as {name}: avatar-tui play --resume {name}"


# ------------------------------------------------------------------ what a game is


@dataclass(frozen=True)
class KeptGame:
    """One kept game as a list shows it. `played`: the file's last change,
    that is when the game was last played (a kept file is never rewritten)."""

    name: str
    path: Path
    played: datetime
    characters: tuple[str, str] = ("?", "?")
    score: tuple[int, int] = (0, 0)
    finished: bool = False
    winner: str | None = None
    computer: dict[str, str] = field(default_factory=dict)  # seat -> bot kind
    problem: str | None = None  # why the file cannot be read as a game

    @property
    def status(self) -> str:
        if self.problem is not None:
            return "unreadable"
        return "finished" if self.finished else "unfinished"

    @property
    def players(self) -> str:
        """`Aang v Prince Zuko`, and who the computer plays."""
        text = f"{self.characters[0]} v {self.characters[1]}"
        for seat, kind in sorted(self.computer.items()):
            text += f" (computer {seat}, {kind})"
        return text

    @property
    def points(self) -> str:
        return f"{self.score[0]}-{self.score[1]}"


def characters(state: GameState) -> tuple[str, str]:
    """The two characters' names (an inline chamber's too)."""
    return _chambers(state, lambda chamber: chamber.name)


def character_words(state: GameState) -> tuple[str, str]:
    """The two characters as a name says them (`aang`, `prince_zuko`)."""
    return _chambers(state, lambda chamber: chamber.character or chamber.name)


def _chambers(state: GameState, word) -> tuple[str, str]:
    table = Table(state)
    found = []
    for pid in ("p1", "p2"):
        ref = table.player(pid).chamber.id
        chamber = table.catalog.find_chamber(ref)
        found.append(word(chamber) if chamber is not None else ref)
    return found[0], found[1]


def read_game(path: Path, name: str) -> KeptGame:
    """The summary of the game in `path`; a file that is no game says why."""
    from avatar_tui.notation.scenario import load_scenario  # the reader: not at every start

    played = datetime.fromtimestamp(path.lstat().st_mtime)
    try:
        scenario = load_scenario(path)
        state, _ = replay_scenario(scenario)
        found = characters(state)
    except ScenarioError as err:
        return KeptGame(name, path, played, problem=str(err))
    except Exception as err:  # noqa: BLE001 - a setup the engine refuses: still listed
        return KeptGame(name, path, played, problem=f"{path}: {type(err).__name__}: {err}")
    return KeptGame(name, path, played, characters=found,
                    score=(state.players["p1"].score, state.players["p2"].score),
                    finished=state.phase == "over", winner=state.winner,
                    computer=dict(scenario.computer))


# ------------------------------------------------------------------ the folder


class SavedGames:
    """The kept games of one data directory (`games/` in it)."""

    def __init__(self, data_dir: Path | str | None = None):
        self.data_dir = Path(data_dir) if data_dir is not None else user_data_dir()
        self.folder = self.data_dir / GAMES

    def path(self, name: str) -> Path:
        """The file of the game `name` (checked: GameNameError)."""
        return self.folder / f"{check_name(name)}.toml"

    def find(self, name: str) -> Path:
        """The file of an existing kept game, or UnknownGame."""
        path = self.path(name)
        if not path.is_file():
            raise UnknownGame(f"no kept game is called {name!r} (avatar-tui games lists them)")
        return path

    def names(self) -> list[str]:
        if not self.folder.is_dir():
            return []
        return sorted(p.stem for p in self.folder.glob("*.toml")
                      if name_problem(p.stem) is None and p.is_file())

    def games(self) -> list[KeptGame]:
        """Every kept game, the most recently played first."""
        found = []
        for name in self.names():
            try:
                found.append(read_game(self.folder / f"{name}.toml", name))
            except OSError:  # deleted while listed
                continue
        return sorted(found, key=lambda g: (g.played, g.name), reverse=True)

    def load(self, name: str) -> tuple[GameState, list[Event], dict[str, str]]:
        """The kept game `name` replayed, with the seats the computer plays.
        Raises GameNameError, UnknownGame or ScenarioError (one line each)."""
        from avatar_tui.notation.scenario import load_scenario  # not at every start

        path = self.find(name)
        scenario = load_scenario(path)
        try:
            state, events = replay_scenario(scenario)
        except ScenarioError:
            raise
        except Exception as err:  # noqa: BLE001 - a setup the engine refuses
            raise ScenarioError(f"{path}: cannot set the game up: {err}") from None
        return state, events, dict(scenario.computer)

    def free_name(self, state: GameState, day: date) -> str:
        """`DAY-P1-v-P2`, or with `-2`, `-3`...: a name no kept game has."""
        first, second = (slug(word) for word in character_words(state))
        stem = f"{day.isoformat()}-{first}-v-{second}"
        name, n = stem, 1
        while (self.folder / f"{name}.toml").exists() or \
                (self.folder / f"{name}.toml").is_symlink():
            n += 1
            name = f"{stem}-{n}"
        return name

    def keep_file(self, source: Path, state: GameState, name: str | None = None) -> str:
        """Move the save `source` (holding `state`) in as a kept game; its
        date stays the file's, when the game was last played. Returns the
        name. Raises OSError (nothing moved) or GameNameError."""
        day = datetime.fromtimestamp(source.stat().st_mtime).date()
        name = self._unused(name) if name is not None else self.free_name(state, day)
        self.folder.mkdir(parents=True, exist_ok=True)
        os.replace(source, self.folder / f"{name}.toml")
        return name

    def keep_state(self, state: GameState, computer: dict[str, str] | None = None,
                   name: str | None = None, day: date | None = None) -> str:
        """Write `state` in as a kept game (atomically). A game kept already,
        word for word, is not written twice: its name is returned."""
        text = scenario_text(state, computer=computer)
        same = self._holding(text)
        if same is not None:
            return same
        name = self._unused(name) if name is not None else \
            self.free_name(state, day or date.today())
        write_atomically(self.folder / f"{name}.toml", text)
        return name

    def take(self, name: str, target: Path) -> None:
        """Move the kept game `name` to `target` (it becomes the current game).
        Raises OSError, nothing moved, when it is gone (`games delete` in
        another process while this one was opening it)."""
        try:
            os.replace(self.find(name), target)
        except (UnknownGame, FileNotFoundError):
            raise FileNotFoundError(errno.ENOENT, f"the kept game {name} is gone (deleted "
                                    "while it was being opened?)") from None

    def delete(self, name: str) -> None:
        self.find(name).unlink()

    def _unused(self, name: str) -> str:
        path = self.path(name)
        if path.exists() or path.is_symlink():
            raise GameNameError(f"{name!r}: a kept game has that name already")
        return path.stem

    def _holding(self, text: str) -> str | None:
        """The kept game whose file is exactly `text`, if any."""
        data = text.encode("utf-8")
        for name in self.names():
            path = self.folder / f"{name}.toml"
            try:
                if path.stat().st_size == len(data) and path.read_bytes() == data:
                    return name
            except OSError:
                continue
        return None
