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
from avatar_tui.cardlib.formats import check_format
from avatar_tui.io import files, terminal_text
from avatar_tui.model.actions import Action, NotationError, parse_action
from avatar_tui.model.cards import AnyCard
from avatar_tui.model.common import PlayerId
from avatar_tui.model.names import ComputerKind
from avatar_tui.model.state import FormatSetup, GameSetup, PlayerSetup
from avatar_tui.notation.scenario_error import ScenarioError as ScenarioError


@cache
def _cards_adapter() -> TypeAdapter[list[AnyCard]]:
    return TypeAdapter(list[AnyCard])  # built when a scenario has inline cards


MAX_ACTIONS = 20_000  # action lines in one file; a long game has a few hundred


# the first line of every save the game writes (notation/save.py's header)
SAVED_BY_THE_GAME = "# A game of avatar-tui, written in its notation"


# ScenarioError, this reader's error, lives in notation/scenario_error.py (and
# is named here too), so the modules that only catch it do not load the reader


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
    # a lesson's steps (checked one by one in `_steps`, to name the step)
    step: list[Any] = []
    # a lesson's end: a real game on from its last position, p2 the
    # computer of this kind (our extension, docs/notation.md)
    then_play: ComputerKind | None = None
    # a puzzle: a goal the solver reaches from this position (our extension)
    puzzle: _PuzzleFile | None = None
    # a game from booster packs: the format and each side's packs (our
    # extension, docs/notation.md; checked by cardlib/formats.py)
    format: _FormatFile | None = None


# the goals a puzzle can set (docs/notation.md, "Puzzle files"); what each
# means is worked out from the view by play/puzzle.py
GoalKind = Literal["survive", "win_point", "charge_all", "signature", "win_game"]
GOAL_KINDS: tuple[str, ...] = ("survive", "win_point", "charge_all", "signature", "win_game")


class _PuzzleFile(BaseModel):
    """A scenario's `[puzzle]` table: the goal, the solver's seat, the
    solution and how the other side replies (moves, or `heuristic`)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    goal: GoalKind
    side: Literal["p1", "p2"]
    solution: str
    replies: str = "heuristic"
    say: str = ""  # the puzzle's words: what is asked


MAX_PACKS = 24  # packs one side may open: a box (cardlib/formats.py bounds each format's)
MAX_PACK_CARDS = 100  # a pack's cards, as the collation bounds them


class _FormatFile(BaseModel):
    """A scenario's `[format]` table: the format's name, its settings, and
    the packs each side opened (card ids in pack order)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    name: str
    settings: dict[str, Annotated[int, Field(strict=True)]] = {}
    packs: dict[Literal["p1", "p2"], Annotated[
        list[Annotated[list[str], Field(max_length=MAX_PACK_CARDS)]],
        Field(max_length=MAX_PACKS)]] = {}


class _StepFile(BaseModel):
    """One `[[step]]` of a lesson: what it says, and the move asked for
    (`answer`) or the moves made for the learner (`play`)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    say: str
    answer: str | list[str] | None = None
    play: str | None = None
    hint: str | None = None
    then: str | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> _StepFile:
        if (self.answer is None) == (self.play is None):
            raise ValueError("give exactly one of 'answer' or 'play'")
        if isinstance(self.answer, list) and not self.answer:
            raise ValueError("'answer' lists no move")
        return self


@dataclass
class ActionLine:
    action: Action
    rejected: bool  # the line ends in ` !`: the engine must refuse it
    line: int  # line number in the file
    text: str
    narration: list[str] = field(default_factory=list)  # `> text` lines after it


@dataclass
class LessonStep:
    """A lesson's step (docs/notation.md): `answers` the moves that answer
    it (the first is the one a replay makes), or `played` the moves made
    for the learner; exactly one of the two is given."""

    number: int  # 1-based, as the file's messages name it
    say: str
    answers: list[ActionLine] = field(default_factory=list)
    played: list[ActionLine] = field(default_factory=list)
    hint: str | None = None
    then: str | None = None

    @property
    def moves(self) -> list[ActionLine]:
        """What a replay makes for this step: the first answer, or the moves played."""
        return self.answers[:1] if self.answers else self.played


@dataclass
class Puzzle:
    """A scenario's `[puzzle]` (docs/notation.md): `solution` the solver's
    moves in order (each with its words, the `>` lines after it);
    `replies` the other side's, or None: the heuristic player makes them."""

    goal: str
    side: PlayerId
    solution: list[ActionLine]
    replies: list[ActionLine] | None
    say: str = ""


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
    steps: list[LessonStep] = field(default_factory=list)  # a lesson's (docs/notation.md)
    then_play: str | None = None  # a lesson's hand-off to the computer (its kind)
    puzzle: Puzzle | None = None  # a puzzle's goal and solution (docs/notation.md)

    @property
    def is_lesson(self) -> bool:
        return bool(self.steps)

    @property
    def replayed(self) -> list[ActionLine]:
        """Every line a replay goes through, in order: the actions, then each
        step's answer or moves (what `after = N` counts)."""
        return [*self.lines, *(line for step in self.steps for line in step.moves)]

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
                      format=_format(data, full, path), catalog=base)
    intro, lines = _parse_actions(data.actions, _first_action_line(raw_text), path)
    steps = _steps(data.step, path)
    if data.then_play is not None and not steps:
        raise _fail(path, "then_play", "only a lesson (a file with [[step]] tables) hands "
                    "its game on")
    _check_expects(data.expect, len(lines) + sum(len(s.moves) for s in steps), path)
    puzzle = _puzzle(data.puzzle, path, steps)
    return Scenario(path, data.title, setup, lines, data.expect, intro,
                    {pid: kind for pid, kind in data.computer.items()},
                    saved=raw_text.startswith(SAVED_BY_THE_GAME),
                    pinned=all(_pinned(getattr(data, pid), full) for pid in ("p1", "p2")),
                    steps=steps, then_play=data.then_play, puzzle=puzzle)


def _format(data: _File, catalog: Catalog, path: Path) -> FormatSetup | None:
    """The `[format]` table, checked against the sides' chambers and decks
    (cardlib/formats.py): a hand-edited pool or deck is refused in one line."""
    if data.format is None:
        return None
    record = FormatSetup(name=data.format.name, settings=data.format.settings,
                         packs=data.format.packs)
    problem = check_format(record, {"p1": data.p1.setup(), "p2": data.p2.setup()}, catalog)
    if problem is not None:
        raise ScenarioError(f"{path}: {problem}")
    return record


def _puzzle(raw: _PuzzleFile | None, path: Path, steps: list[LessonStep]) -> Puzzle | None:
    """The `[puzzle]` table's moves read (their legality is play/puzzle.py's)."""
    if raw is None:
        return None
    if steps:
        raise _fail(path, "puzzle", "a file is a lesson or a puzzle, not both")
    _, solution = _parse_actions(raw.solution, 1, path, step="puzzle.solution")
    if not solution:
        raise _fail(path, "puzzle.solution", "no move: a puzzle needs its solution")
    for line in solution:
        if line.action.player != raw.side:
            raise _fail(path, "puzzle.solution", f"{_q(line.text)} is not a move of "
                        f"{raw.side}, the solver (puzzle.side)")
    replies = None
    if raw.replies.strip() != "heuristic":
        _, replies = _parse_actions(raw.replies, 1, path, step="puzzle.replies")
        for line in replies:
            if line.action.player == raw.side:
                raise _fail(path, "puzzle.replies", f"{_q(line.text)} is the solver's move, "
                            "not a reply")
    return Puzzle(raw.goal, raw.side, solution, replies, raw.say)


MAX_STEPS = 200  # a lesson of 3-6 minutes has a dozen or two


def _steps(raw: list[Any], path: Path) -> list[LessonStep]:
    """A lesson's `[[step]]` tables, each checked alone so that a problem
    names its step (1-based); the moves are read as action lines, their
    legality is checked by `notation/lesson.py`."""
    if len(raw) > MAX_STEPS:
        raise _fail(path, "step", f"more than {MAX_STEPS} steps")
    steps = []
    for number, table in enumerate(raw, start=1):
        place = f"step {number}"
        try:
            data = _StepFile.model_validate(table)
        except ValidationError as err:
            first = describe_validation_error(place, err)[0]
            raise ScenarioError(f"{path}: {first}".replace(": (entry):", ":", 1)) from None
        step = LessonStep(number, data.say, hint=data.hint, then=data.then)
        if data.play is not None:
            _, step.played = _parse_actions(data.play, 0, path, place)
            if not step.played:
                raise _fail(path, place, "'play' names no move")
            if any(line.rejected for line in step.played):
                raise _fail(path, place, "'play' makes its moves: a refused line (!) has no "
                            "place in it")
        else:
            texts = [data.answer] if isinstance(data.answer, str) else data.answer or []
            for text in texts:
                _, found = _parse_actions(text, 0, path, place)
                if len(found) != 1 or found[0].rejected:
                    raise _fail(path, f"{place}.answer", f"{_q(text)}: an answer is one move")
                step.answers.append(found[0])
        steps.append(step)
    return steps


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


def _parse_actions(text: str, first_line: int, path: Path,
                   step: str | None = None) -> tuple[list[str], list[ActionLine]]:
    """The action lines of `text` (the file's `actions`, or a lesson step's
    moves, `step` naming it in messages instead of a line number)."""
    intro: list[str] = []
    lines: list[ActionLine] = []
    for offset, raw in enumerate(text.splitlines()):
        lineno = first_line + offset
        where = step or f"line {lineno}"
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
            raise _fail(path, where, f"{_q(body)}: {err}") from None
        lines.append(ActionLine(action, rejected, lineno, body))
        if len(lines) > MAX_ACTIONS:
            raise _fail(path, where, f"more than {MAX_ACTIONS} actions")
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

