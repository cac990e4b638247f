"""Saving a game as a scenario file (docs/notation.md): the setup plus every
action so far. Because a game is fully fixed by its setup and its actions,
replaying the file gives back the identical state; the file is at the same
time a save, a replay and a bug report.

`scenario_text` writes the TOML, `save_game` writes it atomically (a temp
file in the same directory, fsync, os.replace), `load_game` reads a save or
any scenario back into a state."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from avatar_tui.cardlib.catalog import Catalog
from avatar_tui.engine import Event, IllegalAction, apply, new_game
from avatar_tui.model.state import GameSetup, GameState, PlayerSetup
from avatar_tui.notation.answered import AnsweredAlready
from avatar_tui.notation.scenario import Scenario, ScenarioError, load_scenario
from avatar_tui.notation.toml_out import toml_text

SAVE_TITLE = "avatar-tui saved game"
SAVE_HEADER = (
    "# A game of avatar-tui, written in its notation (docs/notation.md, or `?`\n"
    "# then n in the game): replaying the actions from this setup gives back the\n"
    "# game exactly.\n"
)


# ------------------------------------------------------------------ writing TOML


def _player(ps: PlayerSetup) -> dict[str, Any]:
    data: dict[str, Any] = {"chamber": ps.chamber}
    if ps.deck:
        data["deck"] = list(ps.deck)
    if ps.complete:
        data["complete"] = True
    return data


def setup_text(setup: GameSetup, actions: Iterable[str], title: str = SAVE_TITLE,
               computer: dict[str, str] | None = None) -> str:
    """A scenario file for this setup and these action lines; `computer`:
    the seats the computer plays (seat -> bot kind), kept so a game against
    the computer resumes as one."""
    # Three pieces, so that only the actions are a multi-line string (one
    # action a line; the title keeps any CR LF it has) and the top-level
    # keys come before the tables: [computer], [p1], [p2], [[cards]].
    head = toml_text({"title": title, "seed": setup.seed})
    moves = toml_text({"actions": "".join(f"{line}\n" for line in actions)},
                      multiline_strings=True)
    tables = toml_text({
        "computer": dict(sorted(computer.items())) if computer else None,
        "p1": _player(setup.p1),
        "p2": _player(setup.p2),
        "cards": [card.model_dump(mode="json", exclude_defaults=True)
                  for card in setup.cards] or None,
    })
    return SAVE_HEADER + head + moves + "\n" + tables


def scenario_text(state: GameState, title: str = SAVE_TITLE,
                  computer: dict[str, str] | None = None) -> str:
    """The game so far as a scenario file: `load_scenario` on it, replayed,
    gives a state identical to `state`."""
    return setup_text(state.setup, (str(h.action) for h in state.history), title, computer)


# ------------------------------------------------------------------ files


def save_game(state: GameState, path: Path | str, title: str = SAVE_TITLE,
              computer: dict[str, str] | None = None) -> Path:
    """Write the game to `path` atomically: a crash leaves either the old
    file or the new one, never half of one."""
    return write_atomically(Path(path), scenario_text(state, title, computer))


def write_atomically(path: Path, text: str) -> Path:
    """Replace `path` by `text` through a temporary file and a rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)
    return path


def _fsync_dir(directory: Path) -> None:
    """Make the rename itself durable (where the platform allows it)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def replay_scenario(scenario: Scenario) -> tuple[GameState, list[Event]]:
    """The state after the scenario's actions, and every event on the way
    (lines marked `!` must be refused and are skipped). Raises ScenarioError
    naming the line when an action is refused that should not be, or the
    other way round. An answer the engine now gives by itself is skipped
    (answered.py), so files from before that change still read."""
    state, events = new_game(scenario.setup)
    answered = AnsweredAlready()
    for line in scenario.lines:
        try:
            after, more = apply(state, line.action)
        except IllegalAction as err:
            if line.rejected or answered.covers(state, line.action):
                continue
            raise ScenarioError(
                f"{scenario.path}: line {line.line}: {line.text!r} was refused: {err}"
            ) from None
        if line.rejected:
            raise ScenarioError(
                f"{scenario.path}: line {line.line}: {line.text!r} should be refused "
                "but was accepted"
            )
        state = after
        events.extend(more)
    return state, events


def load_game(path: Path | str, catalog: Catalog | None = None
              ) -> tuple[GameState, list[Event]]:
    """A saved game (or any scenario) read back and replayed. Raises
    ScenarioError with a one-line reason when the file cannot be used."""
    scenario = load_scenario(path, catalog)
    try:
        return replay_scenario(scenario)
    except ScenarioError:
        raise
    except Exception as err:  # a setup the engine refuses (unknown card, ...)
        raise ScenarioError(f"{scenario.path}: cannot set the game up: {err}") from None
