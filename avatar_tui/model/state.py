"""The game state (R1): everything on the table, plus what the engine is
waiting for. Plain pydantic models that serialise to JSON and back
losslessly; the engine mutates copies of them, never the caller's."""

# No `from __future__ import annotations` here: pydantic would evaluate
# every field's annotation from its string when the class is made, a good
# part of importing the models at every start. A name defined
# further down is written in quotes.

from collections.abc import Sequence
from typing import Annotated, Any, ClassVar, Literal, Protocol, Self, runtime_checkable

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainSerializer,
    PlainValidator,
    ValidationInfo,
    field_validator,
    model_validator,
)
from typing_extensions import TypedDict

from avatar_tui.model.actions import Action, parse_action
from avatar_tui.model.cards import AnyCard
from avatar_tui.model.common import Energy, PlayerId, Zone
from avatar_tui.model.effects import Effect, Static
from avatar_tui.model.options import Option, Target, read_option, read_target
from avatar_tui.model.plain_reads import use_plain_reads


class BoardChanges:
    """Counts changes to what is in play, in any state: the engine keeps
    the list of cards in play (engine/stats.py `in_play`) while this count
    stays the same. Setting a field named in a model's `in_play_fields`
    counts one (Model.__setattr__), so such a field is always replaced,
    never changed in place (`player.advantages = [*player.advantages, x]`,
    not `append`); tests/test_simulation.py catches a change that was not
    counted.

    A card that carries nothing while face up in a flip space (an ally or
    an advantage not yet played, a strike with no static and no trigger)
    is not listed in play, so putting it there or taking it away, with
    nothing granted to it, changes nothing to count (ZoneState.__setattr__):
    most flips then keep the list. `blank_faces` holds the ids of such
    cards, blank in every catalog the engine has met (engine/stats.py)."""

    version = 0
    blank_faces: set[str] = set()


def _blank(face: "FaceUp | None") -> bool:
    return face is None or (face.card in BoardChanges.blank_faces and not face.granted)


class Model(BaseModel):
    # defer_build (as model/common.py): validators are built on first use
    model_config = ConfigDict(extra="forbid", validate_assignment=False, defer_build=True)
    # fields whose change changes which cards are in play or what they carry
    in_play_fields: ClassVar[frozenset[str]] = frozenset()
    # each field: whether setting it counts a board change (made per class)
    field_counts: ClassVar[dict[str, bool]] = {}

    def __setattr__(self, name: str, value: Any) -> None:
        """Pydantic's own assignment for a field of these models (no
        validation on assignment, no private attributes) is the last line,
        but for the set of fields set; this also counts a change to what is
        in play."""
        counts = self.field_counts.get(name)
        if counts is None:
            super().__setattr__(name, value)  # pydantic's error for an unknown name
            return
        if counts:
            BoardChanges.version += 1
        self.__dict__[name] = value
        # (the set of fields set is not kept up: it is never read, see copy_with)

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        # `copy_with` relies on this; a model that breaks it fails on import.
        if cls.__private_attributes__ or cls.model_config.get("extra") != "forbid":
            raise TypeError(f"{cls.__name__}: state models keep extra='forbid' and no private "
                            "attributes (Model.copy_with depends on it)")
        # a frozen model's assignments go to pydantic, which refuses them
        cls.field_counts = {} if cls.model_config.get("frozen") else {
            name: name in cls.in_play_fields for name in cls.__pydantic_fields__}
        use_plain_reads(cls)  # the engine reads these fields at every move

    def copy_with(self, **changes: Any) -> Self:
        """A shallow copy with some fields replaced, as `model_copy(update=...)`
        gives, in about half its time (the engine copies a dozen of these per
        action; model_copy measured 1.7x slower per game-state copy).

        It writes pydantic's instance slots itself, which is sound because
        every state model forbids extra keys and has no private attributes
        (checked above, when each class is defined) and because the set of
        fields explicitly set is never read in this project (no
        `exclude_unset`): the copy shares the original's. A test compares it
        with `model_copy` for every state model."""
        new = _new(self.__class__)
        fields = self.__dict__.copy()
        if changes:
            fields.update(changes)
        _set(new, "__dict__", fields)
        _set_fields_set(new, self.__pydantic_fields_set__)
        _set_extra(new, None)
        _set_private(new, None)
        return new


def _made(cls: type[Model], fields: dict[str, Any]) -> Any:
    """An instance of `cls` with exactly these fields, every one given in
    the class's order (as `model_construct` would make it, for values the
    engine made itself), sharing one set of fields set per class (never
    changed: see copy_with)."""
    new = _new(cls)
    _set(new, "__dict__", fields)
    _set_fields_set(new, _ALL_SET.get(cls) or _ALL_SET.setdefault(cls, set(fields)))
    _set_extra(new, None)
    _set_private(new, None)
    return new


_ALL_SET: dict[type, set[str]] = {}

# copy_with writes BaseModel's instance slots through their descriptors, a
# little faster than object.__setattr__ (it runs a dozen times per copy)
_new = object.__new__
_set = object.__setattr__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__


# ------------------------------------------------------------------ setup


class PlayerSetup(Model):
    chamber: str  # a chamber id, character name or collector number
    deck: list[str] = []  # top of deck first
    # strict: a scenario's `complete = "yes"` is an error, not a guess
    complete: bool = Field(default=False, strict=True)  # True: the deck is exactly `deck`


class FormatSetup(Model):
    """A game played from booster packs (docs/formats.md, our extension of
    the setup): the format's name, its settings, and the packs each side
    opened, card ids in pack order (the pool). Each side's chosen chamber
    and the deck the format makes from the pool stay in `p1` and `p2`, as
    for any game: the engine deals those (R2) and never reads this; the
    format's rules (cardlib/formats.py) check that the three agree."""

    name: str
    settings: dict[str, int] = {}
    packs: dict[PlayerId, list[list[str]]] = {}


@runtime_checkable
class CardSource(Protocol):
    """What a setup's `catalog` is: the card database (cardlib.cardset's
    Catalog, which the model may not import). Only what tells it from the
    plain data a file or a frame holds is named here."""

    def card(self, card_id: str) -> Any: ...

    def with_inline(self, entries: Any) -> Any: ...


class GameSetup(Model):
    """What fixes a game before any action (docs/notation.md scenario header).

    `catalog` is the card database the game's cards come from (plus the
    inline `cards`): the engine reads it and nothing else. It is the
    reader's, not the game's data: never dumped, never in a save, a
    scenario file or a frame; it compares by identity. A setup read from
    data takes it from the reader, `model_validate(data, context={"catalog":
    c})`; a setup without one is refused by the engine (engine/table.py)."""

    seed: int = Field(default=0, strict=True)
    p1: PlayerSetup
    p2: PlayerSetup
    cards: list[AnyCard] = []  # inline card definitions
    format: FormatSetup | None = None  # a game from packs: where the decks came from
    catalog: Any = Field(default=None, exclude=True, repr=False, validate_default=True)

    @field_validator("catalog", mode="plain")
    @classmethod
    def _catalog_of_the_reader(cls, value: Any, info: ValidationInfo) -> Any:
        if value is None:
            return (info.context or {}).get("catalog")
        if not isinstance(value, CardSource):
            # data (a file, a frame) that names a catalog: only the reader gives one
            raise ValueError("a game's data never carries its card catalog")
        return value

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        # a deep copy of a game is a copy of its data: the catalog it reads
        # is shared, as it is by every other copy (and compared by identity)
        memo = {} if memo is None else memo
        if self.catalog is not None:
            memo[id(self.catalog)] = self.catalog
        return super().__deepcopy__(memo)


# ------------------------------------------------------------------ cards in play


SourceKind = Literal["strike", "ally", "advantage", "signature", "rule", "cost"]


class Mod(Model):
    """A lasting +/- on one card in play, from a power or a trigger.
    `zone`: it holds only while the card is in that zone (an ally's power, R7.3).
    It ends when its source leaves play (R7.6, R12.7); `source_kind` "cost"
    is a price paid (-N intercept, R7.2), which never comes back."""

    source: str
    force: int = 0
    intercept: int = 0
    zone: Zone | None = None
    source_kind: SourceKind = "strike"


class Granted(Model):
    """A static a card gave a strike or signature move (Malu, Open-Palm
    Pushback): it lasts while the strike is in play, and ends with its
    source (R7.6); from an ally, also when the strike leaves `zone` (R7.3)."""

    source: str
    source_kind: SourceKind = "strike"
    zone: Zone | None = None
    static: Static


class Armed(Model):
    """A payment power's delayed effect, waiting for this strike to counterattack."""

    source: str
    effects: list[Effect]
    zone: Zone | None = None  # from an ally's power: only from that zone
    from_charged_zone: bool = False
    source_kind: Literal["strike", "ally", "signature"] = "strike"


class FaceUp(Model):
    """A strike or signature move face up in play: the flipped card, or the
    move revealed from the chamber."""
    in_play_fields = frozenset({"card", "granted"})

    card: str
    mods: list[Mod] = []
    granted: list[Granted] = []  # statics given to it while in play (Malu, Terra Break)
    used: list[int] = []  # indices of "use only once" powers already used (R7.1)
    armed: list[Armed] = []
    counterattacked: bool = False  # turned sideways (R5.3)
    vs_force: int | None = None  # force of the attack it stopped, fixed then


class AllyInPlay(Model):
    in_play_fields = frozenset({"card"})
    card: str
    owner: PlayerId  # control can change (Charisma); ownership never does
    # powers spent (R7.1): "once per turn" ones until a turn begins, "once"
    # ones while it stays in play
    used: list[int] = []


class AdvantageInPlay(Model):
    in_play_fields = frozenset({"card", "granted"})
    card: str
    zone: Zone  # where it was played (it charged that zone)
    granted: list[Static] = []  # a choice made when played (Sculpted Flame)


class ZoneState(Model):
    in_play_fields = frozenset({"ally", "flip"})
    energy: list[str] = []  # face down; the last is the top of the stack (R6.2)
    charged: bool = False
    ally: AllyInPlay | None = None
    flip: FaceUp | None = None

    def __setattr__(self, name: str, value: Any) -> None:
        if name != "flip":
            Model.__setattr__(self, name, value)
            return
        if not (_blank(value) and _blank(self.__dict__["flip"])):
            BoardChanges.version += 1  # (else not in play either way: BoardChanges)
        self.__dict__["flip"] = value


class ChamberState(Model):
    in_play_fields = frozenset({"move"})
    id: str
    side: Literal["front", "back"] = "front"
    move: FaceUp | None = None  # the signature move while it is in play
    # every move of this chamber that has been face up (R1.6: public from then
    # on); replaced, never appended to, so a clone may share it
    revealed: list[str] = []


class PlayerState(Model):
    in_play_fields = frozenset({"chamber", "zones", "advantages"})
    chamber: ChamberState
    deck: list[str] = []  # the first is the top
    discard: list[str] = []  # face up; the last is the top
    zones: dict[Zone, ZoneState]
    advantages: list[AdvantageInPlay] = []  # oldest first
    score: int = 0
    defending: Zone | None = None
    top_revealed: bool = False  # the deck's top card is face up


class Incoming(Model):
    """The attack the defender must stop. Its force is not stored: it is
    computed from its source every time (R12.7). Frozen: the engine makes
    each once and shares it (engine/turn.py `attack`)."""

    model_config = ConfigDict(frozen=True)

    owner: PlayerId
    zone: Literal["green", "yellow", "red", "signature", "opening"]
    card: str  # "opening", a card id, or a signature move id


# ------------------------------------------------------------------ pending work


class Context(Model):
    """Whose effect this is and where it comes from."""

    controller: PlayerId
    source: str  # card id
    source_kind: Literal["strike", "ally", "advantage", "signature", "rule"] = "strike"
    zone: Zone | None = None  # the source's zone (or the strike's, for an ally power)
    event_zone: Zone | None = None  # "that zone": where the event happened

    @classmethod
    def of(cls, controller: PlayerId, source: str, source_kind: str = "strike",
           zone: Zone | None = None, event_zone: Zone | None = None) -> "Context":
        """`Context(...)` from the engine's own values, not validated: the
        engine makes a few per move (tests/test_state_copy.py compares)."""
        return _made(cls, {"controller": controller, "source": source,
                           "source_kind": source_kind, "zone": zone, "event_zone": event_zone})


def _word(option: Option) -> str:
    return option.word


def _target(value: object) -> Target:
    target = read_target(value) if isinstance(value, str) else value
    if not isinstance(target, Target):
        raise ValueError(f"not a target such as p1.green.ally: {value!r}")
    return target


# A target kept typed; dumped, it is its notation word (`p1.green.ally`).
TargetWord = Annotated[Target, PlainValidator(_target), PlainSerializer(_word, return_type=str)]


# An effect's own bookkeeping across its questions; each handler uses only
# its own keys: `done` (how many eliminated so far), `ally` (the ally chosen
# to move), `n` and `order` (the top cards looked at, those placed so far),
# `from` and `to` (the zones of the allies being rearranged, their new ones).
# Only the keys set are saved, so a step that asked nothing saves `{}`.
Progress = TypedDict("Progress", {
    "done": int, "ally": TargetWord, "n": int, "order": list[str], "from": list[Zone],
    "to": list[Zone],
}, total=False)


class ResolveStep(Model):
    kind: Literal["resolve"] = "resolve"
    effect: Effect
    ctx: Context
    progress: Progress = {}
    # A paid power's "when you counterattack" effect that has not begun: it
    # is dropped if its source leaves play first (R7.6 convention).
    ends_with_source: bool = False

    @classmethod
    def of(cls, effect: Effect, ctx: Context, ends_with_source: bool = False) -> "ResolveStep":
        """`ResolveStep(effect=..., ctx=...)` from the engine's own values,
        not validated, as `Context.of`."""
        return _made(cls, {"kind": "resolve", "effect": effect, "ctx": ctx, "progress": {},
                           "ends_with_source": ends_with_source})


class OrderStep(Model):
    """Several cards' effects at once: the player whose turn it is orders them
    (R12.2). Each group is one card's effects, which keep their printed order."""

    kind: Literal["order"] = "order"
    groups: list[list[ResolveStep]]


FlowWhat = Literal["end_turn", "continue", "move_down", "advantage_done", "flip"]


class FlowStep(Model):
    """A step of the turn sequence, queued behind effects. Frozen: the
    engine makes each once and shares it (engine/turn.py `flow`)."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["flow"] = "flow"
    what: FlowWhat
    player: PlayerId
    card: str | None = None  # advantage_done: the advantage just played
    zone: Zone | None = None  # advantage_done: the zone it was played in (R11.2)


Step = Annotated[ResolveStep | OrderStep | FlowStep, Field(discriminator="kind")]


def _only_option(value: object) -> Option:
    if isinstance(value, str):  # Choice reads words first, knowing the question
        raise ValueError(f"an answer word outside a question: {value!r}")
    return value  # type: ignore[return-value]  # not a word: an Option, as the validator's union says


# An answer kept typed (model/options.py); dumped, it is its word.
OptionWord = Annotated[Option, PlainValidator(_only_option),
                       PlainSerializer(_word, return_type=str)]


class Choice(Model):
    """A question the engine waits on, answered with `choose WORD`. Its
    options are typed (model/options.py); saved, each is its word."""

    chooser: PlayerId
    prompt: str
    options: list[OptionWord]
    kind: Literal["ally", "effect", "order", "reflip"] = "effect"
    step: ResolveStep | OrderStep | None = None  # what the answer goes to
    paid: Energy | None = None  # reflip: the payment the action named, if any
    # R1.6 convention: the answers show cards only the chooser may see (the
    # top of their deck); a shared screen shows it behind a privacy screen
    secret: bool = False

    @classmethod
    def of(cls, chooser: PlayerId, prompt: str, options: "Sequence[Option]",
           kind: str = "effect", step: "ResolveStep | OrderStep | None" = None,
           paid: Energy | None = None, secret: bool = False) -> "Choice":
        """`Choice(...)` from the engine's own typed options, not validated,
        as `Context.of` (a question is asked at every effect that asks)."""
        return _made(cls, {"chooser": chooser, "prompt": prompt, "options": list(options),
                           "kind": kind, "step": step, "paid": paid, "secret": secret})

    @model_validator(mode="before")
    @classmethod
    def _read_words(cls, data: Any) -> Any:
        """Options given as words (a state read back from JSON) are read
        with what the question is: its kind and the effect asking."""
        if not isinstance(data, dict) or all(not isinstance(o, str)
                                             for o in data.get("options", ())):
            return data
        step = data.get("step")
        effect = getattr(step, "effect", None)
        if isinstance(step, dict):
            effect = step.get("effect")
        tag = effect.get("effect") if isinstance(effect, dict) else getattr(effect, "effect", None)
        kind = data.get("kind", "effect")
        return {**data, "options": [read_option(o, kind, tag, i) if isinstance(o, str) else o
                                    for i, o in enumerate(data["options"])]}

    def option(self, word: str | None) -> Option | None:
        """The option answered by `choose WORD`, or None if there is none."""
        return next((o for o in self.options if o.word == word), None)


def _action_of(value: object) -> object:
    return parse_action(value) if isinstance(value, str) else value


# An action kept as the typed Action; dumped, it is its notation line
# (`p2: pay g=1`), as it always was, and read back by parsing that line.
NotatedAction = Annotated[Action, BeforeValidator(_action_of),
                          PlainSerializer(str, return_type=str)]


class HistoryEntry(Model):
    action: NotatedAction
    revealed: bool = False  # it turned a hidden card face up (undo stops here)
    secret: bool = False  # it answered a question about hidden cards (R1.6)
    # questions with one answer the engine answered itself during this move
    # (game.py); a file written before they stopped being asked still names
    # them, and reading it accepts those answers (notation/answered.py)
    unasked: tuple[NotatedAction, ...] = ()


Phase = Literal["open", "signature", "flip", "decide", "over"]


class GameState(Model):
    in_play_fields = frozenset({"players"})
    setup: GameSetup
    players: dict[PlayerId, PlayerState]
    phase: Phase = "open"
    chooser: PlayerId = "p1"  # who names the opening defender (R2.4, R10.5)
    turn: PlayerId | None = None  # the defender, whose turn it is (R4)
    turn_number: int = 0
    incoming: Incoming | None = None
    choice: Choice | None = None
    queue: list[Step] = []
    winner: PlayerId | None = None
    rng: int = 0  # the one random generator's state
    seen: int = 0  # counts hidden cards turned face up; undo never crosses it
    history: list[HistoryEntry] = []
