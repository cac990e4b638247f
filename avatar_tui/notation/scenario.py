"""Scenario files (docs/notation.md): a setup, action lines, expectations.

Loading checks everything a replay will need — TOML syntax, field types,
card and chamber ids, action lines, view paths — and reports the first
problem as one line naming the file, the line or field, and the problem."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

from avatar_tui.cardlib.catalog import (
    MAX_COUNT,
    CardDataError,
    Catalog,
    default_catalog,
    describe_validation_error,
)
from avatar_tui.io import files, terminal_text
from avatar_tui.model.actions import Action, NotationError, parse_action
from avatar_tui.model.cards import AnyCard
from avatar_tui.model.names import ComputerKind
from avatar_tui.model.state import GameSetup, PlayerSetup


@cache
def _cards_adapter() -> TypeAdapter[list[AnyCard]]:
    return TypeAdapter(list[AnyCard])  # built when a scenario has inline cards


MAX_ACTIONS = 20_000  # action lines in one file; a long game has a few hundred


# the first line of every save the game writes (notation/save.py's header)
SAVED_BY_THE_GAME = "# A game of avatar-tui, written in its notation"


class ScenarioError(ValueError):
    """An invalid scenario file: the message is one line, `file: place: problem`,
    made safe to print where it is made (terminal_text): the file's text in it
    shows its control characters escaped and is cut when long."""

    def __init__(self, text: str):
        super().__init__(terminal_text.error(text))


class Expect(BaseModel):
    # defer_build: built when a file is read, not at every start, which it
    # would slow down
    model_config = ConfigDict(extra="forbid", defer_build=True)

    path: str
    equals: Any = None
    is_null: bool | None = None
    # the action number (1-based, `!` lines counted) to check after; 0 = setup
    after: int | None = Field(default=None, strict=True)

    @model_validator(mode="after")
    def _one_check(self) -> Expect:
        if (self.equals is None) == (self.is_null is None):
            raise ValueError("give exactly one of 'equals' or 'is_null'")
        if self.after is not None and self.after < 0:
            raise ValueError("'after' counts actions from 0")
        return self


MAX_FILL = 200  # copies one `fill` may add: more than any deck needs


class _Fill(BaseModel):
    """`fill = { card = "test_wall", count = 20 }` under a player: that many
    copies of one card after the listed ones (our extension, docs/notation.md),
    so a scenario of made-up cards need not list a deck card by card."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    card: str
    count: int = Field(strict=True, ge=1, le=MAX_FILL)


class _PlayerFile(PlayerSetup):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    fill: _Fill | None = None
    # the character's house deck as the game was dealt it (ids with counts,
    # in the deck file's order): a save keeps it, so a later retune of the
    # house deck cannot change the game (our extension, docs/notation.md)
    house: dict[str, Annotated[int, Field(strict=True, ge=1, le=MAX_COUNT)]] | None = None

    def setup(self) -> PlayerSetup:
        deck = list(self.deck) + ([self.fill.card] * self.fill.count if self.fill else [])
        return PlayerSetup(chamber=self.chamber, deck=deck, complete=self.complete)


class _File(BaseModel):
    model_config = ConfigDict(extra="forbid", defer_build=True)

    title: str = ""
    seed: int = Field(default=0, strict=True)
    actions: str = ""
    p1: _PlayerFile
    p2: _PlayerFile
    cards: list[dict[str, Any]] = []
    expect: list[Expect] = []
    # the seats the computer plays, and which bot (a save of `play --vs-bot`)
    computer: dict[Literal["p1", "p2"], ComputerKind] = {}


@dataclass
class ActionLine:
    action: Action
    rejected: bool  # the line ends in ` !`: the engine must refuse it
    line: int  # line number in the file
    text: str
    narration: list[str] = field(default_factory=list)  # `> text` lines after it


@dataclass
class Scenario:
    path: Path
    title: str
    setup: GameSetup
    lines: list[ActionLine]
    expects: list[Expect]
    intro: list[str] = field(default_factory=list)  # narration before the first action
    computer: dict[str, str] = field(default_factory=dict)  # seat -> bot kind
    saved: bool = False  # written by the game (notation/save.py), not by hand
    pinned: bool = True  # both decks fixed by the file itself (`_pinned`)

    @property
    def name(self) -> str:
        return self.path.name


def _q(value: object) -> str:
    """A value of the file in a message: as Python writes it, cut when long."""
    return terminal_text.quote(repr(value))


def _fail(path: Path, place: str, problem: str) -> ScenarioError:
    return ScenarioError(f"{path}: {place}: {problem}")


def load_scenario(path: Path | str, catalog: Catalog | None = None) -> Scenario:
    path = Path(path)
    return parse_scenario(files.read_text_or(path, ScenarioError), path, catalog)


def parse_scenario(raw_text: str, path: Path, catalog: Catalog | None = None) -> Scenario:
    try:
        raw = files.parse_toml(raw_text, path)
    except files.FileProblem as err:
        raise ScenarioError(str(err)) from None
    try:
        data = _File.model_validate(raw)
    except ValidationError as err:
        raise ScenarioError(describe_validation_error(str(path), err)[0]) from None
    try:
        inline = _cards_adapter().validate_python(data.cards)
    except ValidationError as err:
        first = describe_validation_error(str(path), err)[0]
        raise ScenarioError(first.replace(f"{path}: ", f"{path}: cards.", 1)) from None
    try:
        base = catalog or default_catalog()
    except CardDataError as err:
        raise ScenarioError(f"the card database is invalid: {err.problems[0]}") from None
    try:
        full = base.with_inline(inline)
    except KeyError as err:
        raise _fail(path, "cards", f"inline card id {_q(err.args[0])} is already a database "
                    "card's id") from None
    for pid in ("p1", "p2"):
        ps: _PlayerFile = getattr(data, pid)
        if full.find_chamber(ps.chamber) is None:
            raise _fail(path, f"{pid}.chamber", f"unknown chamber {_q(ps.chamber)}")
        named = [(f"{pid}.deck[{i}]", card_id) for i, card_id in enumerate(ps.deck)]
        if ps.fill is not None:
            named.append((f"{pid}.fill.card", ps.fill.card))
        named += [(f"{pid}.house.{card_id}", card_id) for card_id in ps.house or ()]
        for place, card_id in named:
            if full.canonical(card_id) is None:
                hint = " (a chamber, not a deck card)" if full.find_chamber(card_id) else ""
                raise _fail(path, place, f"unknown card {_q(card_id)}{hint}")
    base = _with_house_decks(base, full, data, path)
    setup = GameSetup(seed=data.seed, p1=data.p1.setup(), p2=data.p2.setup(), cards=inline,
                      catalog=base)
    intro, lines = _parse_actions(data.actions, _first_action_line(raw_text), path)
    _check_expects(data.expect, len(lines), path)
    return Scenario(path, data.title, setup, lines, data.expect, intro,
                    {pid: kind for pid, kind in data.computer.items()},
                    saved=raw_text.startswith(SAVED_BY_THE_GAME),
                    pinned=all(_pinned(getattr(data, pid), full) for pid in ("p1", "p2")))


def _with_house_decks(base: Catalog, full: Catalog, data: _File, path: Path) -> Catalog:
    """`base` with the house decks the file lists (`house`), where a player
    is dealt one (R2.1); the same character's deck is listed once."""
    kept: dict[str, tuple[str, dict[str, int]]] = {}
    for pid in ("p1", "p2"):
        ps: _PlayerFile = getattr(data, pid)
        if ps.house is None:
            continue
        chamber = full.chamber(ps.chamber)
        if not chamber.character:
            raise _fail(path, f"{pid}.house", f"{_q(ps.chamber)} is no character's chamber, "
                        "so it is dealt no house deck")
        if ps.complete:
            raise _fail(path, f"{pid}.house", "a complete deck is dealt no house deck")
        other = kept.setdefault(chamber.character, (pid, ps.house))
        if other[1] != ps.house or list(other[1]) != list(ps.house):
            raise _fail(path, f"{pid}.house", f"differs from {other[0]}.house, for the same "
                        "character")
        base = base.with_house_deck(chamber, ps.house)
    return base


def _pinned(ps: _PlayerFile, catalog: Catalog) -> bool:
    """Whether the file fixes this player's deck whatever the card data's
    house decks become: given whole, listing its house deck, or a chamber
    that is dealt none."""
    chamber = catalog.chamber(ps.chamber)
    return ps.complete or ps.house is not None or not chamber.character \
        or catalog.starter_deck(chamber.character) is None


def _first_action_line(raw_text: str) -> int:
    """The file line of the first line inside `actions = \"\"\"...`."""
    for i, line in enumerate(raw_text.splitlines(), start=1):
        m = re.match(r'\s*actions\s*=\s*("""|\'\'\')(.*)$', line)
        if m:
            return i if m.group(2).strip() else i + 1
    return 1


def _parse_actions(text: str, first_line: int, path: Path) -> tuple[list[str], list[ActionLine]]:
    intro: list[str] = []
    lines: list[ActionLine] = []
    for offset, raw in enumerate(text.splitlines()):
        lineno = first_line + offset
        stripped = raw.strip()
        if stripped.startswith(">"):  # narration (our extension, ignored by replay)
            said = stripped[1:].strip()
            (lines[-1].narration if lines else intro).append(said)
            continue
        body = stripped.split("#", 1)[0].strip()
        if not body:
            continue
        rejected = body.endswith("!")
        if rejected:
            body = body[:-1].rstrip()
        try:
            action = parse_action(body)
        except NotationError as err:
            raise _fail(path, f"line {lineno}", f"{_q(body)}: {err}") from None
        lines.append(ActionLine(action, rejected, lineno, body))
        if len(lines) > MAX_ACTIONS:
            raise _fail(path, f"line {lineno}", f"more than {MAX_ACTIONS} actions")
    return intro, lines


def _check_expects(expects: list[Expect], n_actions: int, path: Path) -> None:
    from avatar_tui.engine.view import VIEW_PATHS

    for i, exp in enumerate(expects, start=1):
        if exp.path not in VIEW_PATHS:
            raise _fail(path, f"expect[{i}].path", f"{_q(exp.path)} is not a view path "
                        "(see the view in docs/notation.md)")
        if exp.after is not None and exp.after > n_actions:
            raise _fail(path, f"expect[{i}].after",
                        f"{exp.after} is past the last action ({n_actions})")

