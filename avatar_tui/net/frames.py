"""The frames of docs/protocol.md: every frame is built here, for one
receiver — a seat ("p1", "p2") or a watcher (None) — and every text that
arrives becomes a typed frame here (`from_seat`, `from_host`), or the
reason it cannot. The frame types themselves are avatar_tui.model.frames
(both directions, re-exported here).

Everything in a `position` is read from the receiver's observation
(`observation(state, receiver)`, R1.6) and from what every screen is told
alike (the game counter, the number of actions, the log lines, who is
connected): never from the full state. tests/test_net_frames.py checks it
the strong way: a frame built again from a state whose hidden parts were
dealt again at random (`determinize` of the receiver's observation) is the
same frame, every field.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any, TypeVar

from pydantic import TypeAdapter, ValidationError

from avatar_tui.cardlib.catalog import card_data_dir
from avatar_tui.engine import Event, Table, actor_of, legal_actions, look, observation
from avatar_tui.io import files
from avatar_tui.model.common import PLAYERS, PlayerId
from avatar_tui.model.frames import (
    Act,
    Error,
    Frame,
    HostFrame,
    LessonWords,
    Position,
    Question,
    Refused,
    Rematch,
    Role,
    SeatFrame,
    SeatStates,
    Welcome,
    act,
    kind,
    members,
    rematch,
)
from avatar_tui.model.state import ChamberState, GameState

PROTOCOL = 1
ROLES = ("p1", "p2", "watch")
FRAME_DEPTH = files.MAX_DEPTH  # arrays and objects inside each other in a frame
Receiver = PlayerId | None  # None: a watcher
F = TypeVar("F", bound=Frame)

_FROM_HOST: TypeAdapter[HostFrame] = TypeAdapter(HostFrame)
_FROM_SEAT: TypeAdapter[SeatFrame] = TypeAdapter(SeatFrame)


# ---------------------------------------------------------------- text to frames


def from_seat(text: str) -> SeatFrame | str:
    """A seat's frame, or why it is none: the host answers that with an
    `error` (PROTOCOL: an unknown type included)."""
    return _parse(text, _FROM_SEAT)


def from_host(text: str) -> HostFrame | str:
    """A host's frame, or why it is none: a client ignores that (PROTOCOL,
    Extensions: a frame type it does not know)."""
    return _parse(text, _FROM_HOST)


def _parse(text: str, direction: TypeAdapter[F]) -> F | str:
    """The one place text becomes a frame: read with the depth-limited
    reader (a frame nested past FRAME_DEPTH is refused before anything
    walks it), then checked against the direction's union."""
    try:
        data = files.loads_json(text, FRAME_DEPTH)
    except files.JsonProblem as err:
        return f"a frame that cannot be read: {err}"
    if not isinstance(data, dict):
        return 'a frame is one JSON object with a "type"'
    try:
        return direction.validate_python(data)
    except ValidationError as err:
        first = err.errors()[0]
        if first["type"] == "union_tag_invalid":
            expected = first.get("ctx", {}).get("expected_tags", "")
            return f"an unknown frame type {data.get('type')!r} (known: {expected})"
        if first["type"] == "union_tag_not_found":
            return 'a frame without a "type"'
        place = ".".join(str(p) for p in first["loc"][1:])  # after the union's tag
        return f"a {data.get('type')} frame that cannot be used: {place}: {first['msg']}"


def wire(frame: Frame) -> str:
    """`frame` as the text that travels: one JSON object, `type` first."""
    return frame.model_dump_json()


# ---------------------------------------------------------------- frames


@lru_cache(maxsize=1)
def cards_version() -> str:
    """The card data's version: a digest of every card and deck file's name
    and text, so two programs agree exactly when their cards do."""
    directory = card_data_dir()
    digest = hashlib.sha256()
    paths = sorted(directory.glob("*.toml")) + sorted((directory / "decks").glob("*.toml"))
    for path in paths:
        digest.update(path.relative_to(directory).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def role_of(receiver: Receiver) -> Role:
    return "watch" if receiver is None else receiver


def welcome(receiver: Receiver) -> Welcome:
    return Welcome(role=role_of(receiver), protocol=PROTOCOL, cards=cards_version())


def refused(action: str, reason: str) -> Refused:
    return Refused(action=action, reason=reason)


def error(message: str) -> Error:
    return Error(message=message)


def seats(states: Mapping[str, str]) -> SeatStates:
    """Who is connected now, sent whenever a seat connects or drops."""
    return SeatStates(seats=dict(states))


def log_lines(events: Iterable[Event]) -> list[str]:
    """The log in words, each line with its rule ID. The engine words every
    event for a screen both players read (engine/secrecy.py: a secret answer
    and a hidden signature move are never named), so a seat and a watcher
    read the same lines; tests/test_net_frames.py checks that no line names
    a card its receiver cannot see."""
    return [str(e) for e in events]


def position(state: GameState, receiver: Receiver, *, game: int, seq: int,
             log: list[str], seats: Mapping[str, str] | None = None,
             lesson: LessonWords | None = None) -> Position:
    """The `position` frame for `receiver`. `seq` is the number of actions
    since the game's setup (a saved observation has no history to count);
    `seats` says how each seat is played ("connected", "disconnected",
    "computer"), the same for everyone; `lesson`, the step of a lesson
    shared with `learn --share`: the lesson file's words, which its
    learner reads on the shared screen, the same for everyone."""
    obs = observation(state, receiver)
    seen = obs.state
    view = obs.view()
    view = {**view, "players": {p: _player_view(seen, p, view["players"][p], receiver)
                                for p in PLAYERS}}
    to_act = receiver is not None and actor_of(seen) == receiver
    return Position(
        game=game, seq=seq, view=view,
        legal=[str(a) for a in legal_actions(seen)] if to_act else [],
        log=list(log),
        question=_question(seen, receiver),
        seats=dict(seats or {}),
        observation=seen.model_dump(mode="json"),
        lesson=lesson,
    )


def _player_view(seen: GameState, pid: PlayerId, data: dict[str, Any],
                 receiver: Receiver) -> dict[str, Any]:
    """PROTOCOL: the character by name; a chamber its receiver may not know
    yet (an opponent's, a watcher's, R1.6, R10.1) has the id null."""
    chamber = seen.players[pid].chamber
    known = pid == receiver or _revealed(chamber)
    catalog = Table(seen).catalog
    found = catalog.find_chamber(chamber.id) if known else None
    character = found.character if found is not None and found.character else chamber.id
    return {**data, "character": character,
            "chamber": {**data["chamber"], "id": chamber.id if known else None}}


def _revealed(chamber: ChamberState) -> bool:
    return bool(chamber.revealed) or chamber.move is not None


def _question(seen: GameState, receiver: Receiver) -> Question | None:
    """The question this seat must answer now, in words: the prompt and the
    options (`choose WORD`); None for anyone else."""
    q = look(seen).question
    if q is None or receiver is None or q.chooser != receiver:
        return None
    return Question(kind=q.kind, prompt=q.prompt, options=[str(o) for o in q.options],
                    secret=q.secret)


__all__ = ["PROTOCOL", "Act", "Error", "Frame", "HostFrame", "LessonWords", "Position",
           "Question", "Refused", "Rematch", "SeatFrame", "SeatStates", "Welcome", "act",
           "cards_version", "error", "from_host", "from_seat", "kind", "log_lines", "members",
           "position", "rematch", "refused", "role_of", "seats", "welcome", "wire"]
