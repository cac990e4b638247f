"""What just happened on the table, kept until the player reads it.

A `Recap` gathers one player's run of moves — the computer's turn, or the
other player's at a shared keyboard — in words (play/move_words.py) and
the places of the mats they touched. It starts anew when another player
moves, so the moves of the opponent stay on screen until the player who
reads them acts. `marks_of(session, recap)` turns it and the engine's look
into what the board marks: where the attack comes from, the zone it is
aimed at with its force now (R3.1, R12.7), and what just changed. The
board only draws these marks; it decides none of them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from avatar_tui.engine import Event
from avatar_tui.model.actions import Action
from avatar_tui.model.common import PLAYERS, ZONES, PlayerId, Zone
from avatar_tui.model.state import GameState
from avatar_tui.play.move_words import describe_move
from avatar_tui.play.plain import escape
from avatar_tui.play.session import Session

# a part of a mat: its owner, its zone, and which space of the zone row
# ("label": the zone's energy, "ally", "flip", "charge": R1.5's charge space)
Place = tuple[PlayerId, Zone, str]


def changed_places(before: GameState, after: GameState) -> frozenset[Place]:
    """The places of both mats a move changed: an ally come or gone, a card
    flipped, turned sideways or moved away, energy gained or spent, a zone
    charged, the discard pile or the signature move (R1.4, R1.5)."""
    found: set[Place] = set()
    for pid in PLAYERS:
        old, new = before.players[pid], after.players[pid]
        for zone in ZONES:
            a, b = old.zones[zone], new.zones[zone]
            if (a.ally and a.ally.card) != (b.ally and b.ally.card):
                found.add((pid, zone, "ally"))
            if (a.flip and (a.flip.card, a.flip.counterattacked)) != \
                    (b.flip and (b.flip.card, b.flip.counterattacked)):
                found.add((pid, zone, "flip"))
            if len(a.energy) != len(b.energy):
                found.add((pid, zone, "label"))
            if a.charged != b.charged:
                found.add((pid, zone, "charge"))
        if len(old.discard) != len(new.discard):
            found.add((pid, "red", "charge"))  # the discard pile's space (R1.5)
        if (old.chamber.move and old.chamber.move.card) != \
                (new.chamber.move and new.chamber.move.card):
            found.add((pid, "green", "charge"))  # the chamber's space
    return frozenset(found)


@dataclass
class Recap:
    """One player's latest run of moves: in words, and the places touched.
    The words are worked out when first read (a look of the position each):
    a person's own moves against the computer are never shown, so a key
    costs no more than before."""

    mover: PlayerId | None = None
    places: set[Place] = field(default_factory=set)
    last: frozenset[Place] = frozenset()  # the places of the last move alone
    # each move: the positions around it, and the action with its events, or its words told
    _moves: list[tuple[GameState, GameState, tuple[Action, tuple[Event, ...]] | str]] = \
        field(default_factory=list)
    _words: list[str] = field(default_factory=list)

    @property
    def said(self) -> list[str]:
        """Each move of the run in words (move_words.describe_move)."""
        for before, after, move in self._moves[len(self._words):]:
            self._words.append(move if isinstance(move, str)
                               else describe_move(before, after, *move))
        return self._words

    def add(self, before: GameState, after: GameState, action: Action,
            events: Sequence[Event] = ()) -> None:
        """A move made (by anyone), with the engine's events of it: a new
        run starts when another player moves."""
        self._add(before, after, action.player, (action, tuple(events)))

    def add_told(self, before: GameState, after: GameState, mover: PlayerId,
                 words: str) -> None:
        """A move known only by the positions around it and its words: a
        remote seat's (play/remote.py), whose host sends the log's lines of
        each move, never the move itself."""
        self._add(before, after, mover, words)

    def _add(self, before: GameState, after: GameState, mover: PlayerId,
             move: tuple[Action, tuple[Event, ...]] | str) -> None:
        if mover != self.mover:
            self.clear()
            self.mover = mover
        self._moves.append((before, after, move))
        self.last = changed_places(before, after)
        self.places |= self.last

    def clear(self) -> None:
        self.mover = None
        self._moves.clear()
        self._words.clear()
        self.places.clear()
        self.last = frozenset()

    def for_reader(self, actor: PlayerId | None) -> bool:
        """Whether the run is someone else's than the player to act now:
        then it is theirs to read, until they act."""
        return bool(self._moves) and actor is not None and actor != self.mover


@dataclass(frozen=True)
class Marks:
    """What the board marks beside the cards. `attacking`: the mat and zone
    the incoming attack was flipped in; `defended`: the zone it is aimed at;
    `incoming`: the attacking card and its force now, in words; `changed`:
    the places to highlight (the other player's whole run while it is
    there to read, else the last move's)."""

    attacking: tuple[PlayerId, Zone] | None = None
    defended: tuple[PlayerId, Zone] | None = None
    incoming: str | None = None
    force: int | None = None
    changed: frozenset[Place] = frozenset()
    scored: PlayerId | None = None  # who scored the point still being told (★)


def marks_of(session: Session, recap: Recap | None = None,
             scored: PlayerId | None = None) -> Marks:
    lk = session.look
    attacking = defended = None
    incoming = force = None
    if lk.incoming is not None and lk.turn is not None:
        inc = lk.incoming
        force = inc.force
        incoming = f"{escape(session.table.name(inc.card))} F{inc.force}"
        if inc.zone in ZONES:
            attacking = (inc.owner, inc.zone)
        if lk.defended is not None:
            defended = (lk.turn, lk.defended)
    changed: frozenset[Place] = frozenset()
    if recap is not None and recap.mover is not None:
        changed = frozenset(recap.places) if recap.for_reader(lk.actor) else recap.last
    return Marks(attacking, defended, incoming, force, changed,
                 scored)


def recap_title(recap: Recap, computer: PlayerId | None) -> str:
    """The recap panel's title, short (a side panel): whose moves these are."""
    if recap.mover is not None and recap.mover == computer:
        return f"Computer's turn ({recap.mover})"
    return f"Moves of {recap.mover}" if recap.mover else "Moves"
