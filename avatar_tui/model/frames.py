"""The frames of docs/protocol.md as types: one model per frame type, and
one union per direction — `HostFrame` (what a host sends) and `SeatFrame`
(what a seat sends) — each told apart by its `type`, so a receiver
dispatches with one `match` over one union and a type checker (or
`assert_never` at run time) sees a frame type left unhandled.

Only the shapes live here, at the bottom, because both the network
(avatar_tui.net, above the play layer) and a remote seat's play layer
(play/remote.py) read them. Every host frame is built by
avatar_tui.net.frames (a `position` from its receiver's observation alone,
R1.6), a seat's two by `act` and `rematch` below (re-exported there), and
text becomes a frame in net/frames.py too, in one function.

PROTOCOL, Extensions: a frame may carry fields beyond these; they are kept
(`extra="allow"`) and mean nothing to this program. Types are strict: a
`seq` of `true` or `"3"` is not a number here, as it is not in the protocol.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

Role = Literal["p1", "p2", "watch"]


class Frame(BaseModel):
    """One JSON object with a `type`; fields it does not name are kept."""

    model_config = ConfigDict(extra="allow", strict=True)


class Question(BaseModel):
    """The question a seat must answer now, in words (this implementation's
    part of a `position`)."""

    model_config = ConfigDict(extra="allow", strict=True)

    kind: str
    prompt: str
    options: list[str]
    secret: bool


class LessonWords(BaseModel):
    """The lesson step a shared screen is at (`learn --share`, this
    implementation's part of a `position`): the words its learner reads
    beside the board, in plain text, for the room to read along."""

    model_config = ConfigDict(extra="allow", strict=True)

    title: str
    number: int | None  # a built-in lesson's number; None: a lesson file's
    step: int  # from 1; at the end, `of`
    of: int  # the lesson's steps
    say: str  # the step's words; at the end, that the lesson is finished
    then: str | None = None  # what the step before did
    note: str | None = None  # why the learner's last move was not made (the key, from the 3rd)
    finished: bool = False


# ---------------------------------------------------------------- from the host


class Welcome(Frame):
    type: Literal["welcome"] = "welcome"
    role: Role
    protocol: int
    cards: str  # the card data's version: a client whose version differs stops


class Position(Frame):
    type: Literal["position"] = "position"
    game: int
    seq: int
    view: dict[str, Any]
    legal: list[str]
    log: list[str]
    # this implementation's (docs/protocol.md); our host always sends them,
    # another host may not, and its positions still read
    question: Question | None = None
    seats: dict[str, str] | None = None
    observation: dict[str, Any] | None = None
    lesson: LessonWords | None = None  # a lesson shared with `learn --share`; else None


class Refused(Frame):
    type: Literal["refused"] = "refused"
    action: str
    reason: str


class Error(Frame):
    type: Literal["error"] = "error"
    message: str


class SeatStates(Frame):
    """Who is connected now (this implementation's frame type)."""

    type: Literal["seats"] = "seats"
    seats: dict[str, str]


HostFrame = Annotated[Welcome | Position | Refused | Error | SeatStates,
                      Field(discriminator="type")]


# ---------------------------------------------------------------- from a seat


class Act(Frame):
    type: Literal["act"] = "act"
    action: str
    seq: int | None = None  # the position it answers (PROTOCOL, Extensions); None: now

    @model_serializer(mode="wrap")
    def _seq_only_when_given(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # an act without `seq` travels without the key, as PROTOCOL writes it
        data = handler(self)
        if data.get("seq") is None:
            data.pop("seq", None)
        return data


class Rematch(Frame):
    """Once the game is over (this implementation's frame type)."""

    type: Literal["rematch"] = "rematch"


SeatFrame = Annotated[Act | Rematch, Field(discriminator="type")]


def act(action: str, seq: int | None = None) -> Act:
    """A seat's action in the notation (its builder lives here, not in
    net/frames.py with the host's frames, because the play layer sends it
    and may not import the network; net/frames.py re-exports it)."""
    return Act(action=action, seq=seq)


def rematch() -> Rematch:
    return Rematch()


def members(union: Any) -> tuple[type[Frame], ...]:
    """The frame types of `HostFrame` or `SeatFrame`."""
    return get_args(get_args(union)[0])


def kind(model: type[Frame]) -> str:
    """A frame type's `type` on the wire."""
    return model.model_fields["type"].default
