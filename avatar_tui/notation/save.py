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
from dataclasses import replace
from itertools import product
from pathlib import Path
from typing import TYPE_CHECKING, Any

from avatar_tui.cardlib.catalog import Catalog
from avatar_tui.engine import Event, IllegalAction, apply, new_game
from avatar_tui.model.cards import ChamberCard
from avatar_tui.model.state import GameSetup, GameState, PlayerSetup
from avatar_tui.notation.scenario_error import ScenarioError
from avatar_tui.notation.toml_out import toml_text

if TYPE_CHECKING:
    from avatar_tui.notation.earlier import EarlierDeck
    from avatar_tui.notation.scenario import Scenario

SAVE_TITLE = "avatar-tui saved game"
SAVE_HEADER = (
    "# A game of avatar-tui, written in its notation (docs/notation.md, or `?`\n"
    "# then n in the game): replaying the actions from this setup gives back the\n"
    "# game exactly.\n"
)


# ------------------------------------------------------------------ writing TOML


def _player(ps: PlayerSetup, catalog: Catalog | None) -> dict[str, Any]:
    data: dict[str, Any] = {"chamber": ps.chamber}
    if ps.deck:
        data["deck"] = list(ps.deck)
    if ps.complete:
        data["complete"] = True
    elif catalog is not None:
        house = _house_deck(ps, catalog)
        if house is not None:
            data["house"] = house
    return data


def _catalog(setup: GameSetup) -> Catalog | None:
    """The cards the game is dealt from: the setup's catalog and its own cards."""
    if setup.catalog is None or not setup.cards:
        return setup.catalog
    return setup.catalog.with_inline(setup.cards)


def _house_deck(ps: PlayerSetup, catalog: Catalog) -> dict[str, int] | None:
    """The house deck the rest of this player's deck was dealt from (R2.1),
    card by card with counts in its own order (the order the shuffle takes
    them in): listed in the save, so that no later retune of the card
    data's house deck changes a saved game."""
    chamber = catalog.find_chamber(ps.chamber)
    starter = catalog.starter_deck(chamber.character) \
        if chamber is not None and chamber.character else None
    if starter is None:
        return None
    house: dict[str, int] = {}
    for card_id in catalog.deck_cards(starter):
        house[card_id] = house.get(card_id, 0) + 1
    return house


def setup_text(setup: GameSetup, actions: Iterable[str], title: str = SAVE_TITLE,
               computer: dict[str, str] | None = None) -> str:
    """A scenario file for this setup and these action lines; `computer`:
    the seats the computer plays (seat -> bot kind), kept so a game against
    the computer resumes as one."""
    # Three pieces, so that only the actions are a multi-line string (one
    # action a line; the title keeps any CR LF it has) and the top-level
    # keys come before the tables: [computer], [format], [p1], [p2], [[cards]].
    head = toml_text({"title": title, "seed": setup.seed})
    moves = toml_text({"actions": "".join(f"{line}\n" for line in actions)},
                      multiline_strings=True)
    tables = toml_text({
        "computer": dict(sorted(computer.items())) if computer else None,
        "format": setup.format.model_dump(mode="json") if setup.format else None,
        "p1": _player(setup.p1, _catalog(setup)),
        "p2": _player(setup.p2, _catalog(setup)),
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
    (answered.py), so files from before that change still read; a save
    from before saves listed their house decks is dealt from the decks its
    moves fit (`_replay_unlisted`)."""
    if scenario.saved and not scenario.pinned:
        return _replay_unlisted(scenario)
    return _replay(scenario)


def _replay_unlisted(scenario: Scenario) -> tuple[GameState, list[Event]]:
    """A save that names a house deck without listing it (written before
    saves listed them, R2.1): it was dealt from the deck of its day, which
    a retune may have changed since. It is replayed with the decks of today
    and with each earlier version of its decks (notation/earlier.py); the
    one its moves fit is the game. When none fits, the refusal of today's
    decks says why; when several fit and their games differ, which game
    it was cannot be told, and the save is refused in one line."""
    deals = _deals(scenario)
    fits: list[tuple[str, tuple[GameState, list[Event]]]] = []
    refusal: ScenarioError | None = None
    for words, setup in deals:
        try:
            fits.append((words, _replay(replace(scenario, setup=setup))))
        except ScenarioError as err:
            refusal = refusal or err
    if not fits:
        assert refusal is not None
        if len(deals) == 1:
            raise refusal
        raise ScenarioError(f"{refusal} (nor with its house decks as they were before a "
                            "retune)")
    games = {_so_far(state) for _, (state, _) in fits}
    if len(games) > 1:
        raise ScenarioError(
            f"{scenario.path}: this save names its house decks without listing them (it "
            f"was written before saves listed them), and its moves fit both {fits[0][0]} "
            f"and {fits[1][0]}, which deal different games: which one it was cannot be "
            "told, so it is not replayed (the file is left as it is)")
    return fits[0][1]


def _so_far(state: GameState) -> str:
    """The game as it stands, but for the cards still in the decks: decks
    that differ only in cards no one has drawn yet have dealt the same game
    so far (the fits are told apart by what was played, seen or paid)."""
    data = state.model_dump()
    for player in data["players"].values():
        player.pop("deck")
    return repr(data)


def _deals(scenario: Scenario) -> list[tuple[str, GameSetup]]:
    """The setups a save of unlisted house decks may have been dealt: with
    the house decks of today first, then with each earlier version of them."""
    from avatar_tui.notation.earlier import earlier_decks  # reading a save: not at every start

    setup = scenario.setup
    full = _catalog(setup)
    if full is None:
        return [("the house decks of today", setup)]
    versions: dict[str, list[tuple[ChamberCard, EarlierDeck]]] = {}
    for ps in (setup.p1, setup.p2):
        chamber = full.find_chamber(ps.chamber)
        if ps.complete or chamber is None or not chamber.character:
            continue
        earlier = [e for e in earlier_decks() if _character(full, e) == chamber.character]
        versions.setdefault(chamber.character, [(chamber, e) for e in earlier])
    deals = [("the house decks of today", setup)]
    choices = [[None, *found] for found in versions.values() if found]
    for chosen in product(*choices):
        if all(c is None for c in chosen):
            continue
        catalog = setup.catalog
        for pick in chosen:
            if pick is not None:
                catalog = catalog.with_house_deck(pick[0], pick[1].deck.cards)
        words = " and ".join(pick[1].words for pick in chosen if pick is not None)
        deals.append((words, setup.model_copy(update={"catalog": catalog})))
    return deals


def _character(catalog: Catalog, earlier: EarlierDeck) -> str | None:
    chamber = catalog.find_chamber(earlier.deck.chamber)
    return chamber.character if chamber is not None else None


def _replay(scenario: Scenario) -> tuple[GameState, list[Event]]:
    from avatar_tui.notation.answered import AnsweredAlready  # reading a save, as above

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
    # the reader, its models and the formats' rules: loaded when a file is
    # read, not by a start that is given its game
    from avatar_tui.notation.scenario import load_scenario

    scenario = load_scenario(path, catalog)
    try:
        return replay_scenario(scenario)
    except ScenarioError:
        raise
    except Exception as err:  # a setup the engine refuses (unknown card, ...)
        raise ScenarioError(f"{scenario.path}: cannot set the game up: {err}") from None
