"""Why one move ranks above another: a short reason worked out from the
position and the search, for the coach's marks and the hint (issue 41).

A reason is made of two kinds of fact, never of a sentence kept for a card:

- what each move leaves its player right after it (`Left`): the move is
  made with the engine's `apply` on worlds dealt from the player's
  observation (R1.6: never the real hidden cards), and the engine's look
  of each result is read: energy in each zone (R6), which zones are
  charged (R11), the cards left in the deck (R9), whether the attack was
  stopped (R5.3), the intercept of a card still decided on (R7) and
  whether the point went at once (R10.2). A fact on which the worlds
  disagree hangs on a hidden card, and is not named;
- what the sampled futures show (`Futures`, counted by the expert's own
  playouts): in how many the next point is lost, and whose deck runs out
  (R9.1, R9.3); counts a world or two apart are the deal's noise.

Only what tells the two moves apart is said, the most telling first (a
point lost at once, then the futures the wider apart first, a deck that
runs out with its cards), as much as the room allows: "after pay for
Gather: your deck is empty · your deck runs out and you lose the point in
12 of 12 futures after pay for Gather, 0 after discard (R9.1, R9.3,
R10.2)". Textual-free: the review screen, the report and the hint all
show these words; tests/test_reasons.py checks every fact named against
the engine."""

from __future__ import annotations

from dataclasses import dataclass

from avatar_tui.bots.expert import Estimate, Futures
from avatar_tui.engine import (
    IllegalAction,
    Look,
    Observation,
    Table,
    apply,
    determinize,
    look,
    seeded_rng,
)
from avatar_tui.model.actions import Action
from avatar_tui.model.common import ZONES, PlayerId, other
from avatar_tui.play.plain import escape, unmarked

WORLDS = 4  # worlds dealt to read what a move leaves right after it


@dataclass(frozen=True)
class Left:
    """What a move leaves its player right after it, as the engine's look
    says in every world tried; None where the worlds disagree."""

    energy: tuple[int | None, int | None, int | None]  # in green, yellow, red (R6.1)
    charged: tuple[bool | None, bool | None, bool | None]  # (R11.1)
    deck: int | None  # cards left in the deck (R9)
    stopped: bool | None  # they counterattacked: the attack is stopped (R5.3, R10.1)
    scored: bool | None  # the opponent scored at once (R10.2)
    # the intercept now of the card still being decided on (R5.2, R12.7):
    # None once it is played or gone
    intercept: int | None = None


def _agreed(values: list) -> object:
    return values[0] if all(v == values[0] for v in values) else None


def _deciding(lk: Look, pid: PlayerId) -> int | None:
    """The intercept of the strike `pid` still decides on, if any (R5.2)."""
    if lk.actor != pid or lk.turn != pid or lk.flipped is None:
        return None
    return lk.flipped.intercept


def left_by(obs: Observation, move: Action, seed: int, worlds: int = WORLDS) -> Left | None:
    """What `move` leaves its player right after it: the engine's look of
    `move` made in `worlds` worlds dealt from `obs` (seeded: the same
    observation, the same facts), each fact kept where they all agree.
    None when the move cannot be made (a world the engine refuses it in)."""
    pid = obs.player
    assert pid is not None  # a reason is for the player who moves
    rng = seeded_rng(seed)
    found: list[tuple] = []
    for _ in range(worlds):
        world, rng = determinize(obs, rng)
        try:
            after, _ = apply(world, move)
        except IllegalAction:
            return None
        lk = look(after)
        mine, theirs = lk.player(pid), lk.player(other(pid))
        found.append((
            *(z.energy for z in mine.zones), *(z.charged for z in mine.zones), mine.deck,
            lk.incoming is not None and lk.incoming.owner == pid,
            theirs.score > world.players[other(pid)].score,
            _deciding(lk, pid)))
    agreed = [_agreed([f[i] for f in found]) for i in range(10)]
    return Left(tuple(agreed[0:3]), tuple(agreed[3:6]), *agreed[6:10])  # type: ignore[arg-type]  # the fields in order


@dataclass(frozen=True)
class Compared:
    """One move of a reason: its words, what it leaves, its futures."""

    words: str  # markup, as move_words.short says it
    left: Left | None
    futures: Futures | None


def _deck_words(n: int) -> str:
    if n == 0:
        return "your deck is empty"
    return f"{n} card{'s stay' if n != 1 else ' stays'} in your deck"


@dataclass(frozen=True)
class _Before:
    """The position a reason is about, as its mover saw it."""

    left: Left
    defending: bool  # the mover defends against an attack (R5)
    stopping: str  # " (intercept 5 ≥ force 4)": the card deciding on and the attack's force
    force: int | None  # the attack's force now (R12.7)
    rival: str  # the opponent's deck, in words ("Katara's")


def _before(obs: Observation) -> _Before:
    pid = obs.player
    assert pid is not None  # a reason is for the player who moves
    t = Table(obs.state)
    lk = look(obs.state, t)
    mine = lk.player(pid)
    left = Left(tuple(z.energy for z in mine.zones),  # type: ignore[arg-type]  # three zones
                tuple(z.charged for z in mine.zones),  # type: ignore[arg-type]  # three zones
                mine.deck, False, False, _deciding(lk, pid))
    inc = lk.incoming
    defending = inc is not None and inc.owner != pid and lk.turn == pid
    stopping = ""
    if defending and inc is not None and lk.flipped is not None \
            and lk.flipped.intercept is not None:
        stopping = f" (intercept {lk.flipped.intercept} ≥ force {inc.force})"
    return _Before(left, defending, stopping, inc.force if defending and inc else None,
                   f"{escape(_character_name(t, other(pid)))}'s")


@dataclass(frozen=True)
class _Fact:
    """One thing a reason may say: of the first move (0), the second (1),
    both (None); the lower `rank`, the sooner it is said."""

    rank: int
    move: int | None
    words: str
    rules: tuple[str, ...]
    detail: str = ""  # numbers after the words, left out first where room is short
    apart: int = 0  # a count of futures: how far the two moves' counts are apart


BUDGET = 170  # characters of a reason's facts (the moves' names and rules aside)
LINE = 72  # characters of a reason on a status line of 80 columns, after "Why: "
PANEL = 200  # ... in the review's panel at 80x24: three rows, under the coach's word
# the kinds of fact, the most telling first (`reason` orders them)
AT_ONCE, RUNS_OUT, POINTS, STOPPED, INTERCEPT, DECK, ENERGY, CHARGES, EITHER_WAY = range(9)


def _leaves(i: int, a: Left, b: Left, before: _Before) -> list[_Fact]:
    """What `a` (move `i`) leaves that `b` does not: the point lost at once
    or the attack stopped, energy by zone, charges, the deck (facts the
    worlds did not agree on are not named)."""
    said: list[_Fact] = []
    if a.scored and b.scored is False:
        said.append(_Fact(AT_ONCE, i, "the point is lost at once", ("R10.2",)))
    elif before.defending and a.stopped and b.stopped is False:
        said.append(_Fact(STOPPED, i, "the attack is stopped", ("R5.3",), before.stopping))
    was = before.left.intercept
    if was is not None and a.intercept is not None and a.intercept != was \
            and a.intercept != b.intercept and before.force is not None:
        said.append(_Fact(INTERCEPT, i, f"intercept {was}→{a.intercept} against force "
                          f"{before.force}", ("R7.1",)))
    energy = [(zone, was, now) for zone, was, now, theirs
              in zip(ZONES, before.left.energy, a.energy, b.energy, strict=True)
              if was is not None and now is not None and theirs is not None
              and now != was and now != theirs]
    if energy:
        spent = any(now < was for _, was, now in energy)
        said.append(_Fact(ENERGY, i, "energy " + ", ".join(
            f"{zone} {was}→{now}" for zone, was, now in energy), ("R6.2" if spent else "R6.4",)))
    charges = [(zone, now) for zone, was, now, theirs
               in zip(ZONES, before.left.charged, a.charged, b.charged, strict=True)
               if now is not None and theirs is not None and now != was and now != theirs]
    if charges:
        words = [f"{verb} {', '.join(zone for zone, now in charges if now == on)}"
                 for verb, on in (("charges", True), ("uncharges", False))
                 if any(now == on for _, now in charges)]
        said.append(_Fact(CHARGES, i, " and ".join(words), ("R11.1",)))
    if a.deck is not None and b.deck is not None and a.deck != b.deck:
        said.append(_Fact(DECK, i, _deck_words(a.deck), ("R9.1",)))
    return said


def _counted(rank: int, what: str, first: tuple[int, str], second: tuple[int, str],
             worlds: int, rules: tuple[str, ...]) -> _Fact:
    """`what in 8 of 12 futures after focus, 1 after discard`: the larger
    count first; the other one is left out first where room is short."""
    (n, a), (m, b) = sorted((first, second), key=lambda x: -x[0])
    return _Fact(rank, None, f"{what} in {n} of {worlds} futures after {a}", rules,
                 f", {m} after {b}", abs(n - m))


def _futures(first: Compared, second: Compared, rival: str) -> list[_Fact]:
    """How the two moves' futures differ, beyond the deal's noise (`_apart`):
    a deck running out (the mover's, with the point lost; the opponent's),
    the next point lost."""
    fa, fb = first.futures, second.futures
    if fa is None or fb is None or fa.worlds == 0 or fa.worlds != fb.worlds:
        return []
    n, a, b = fa.worlds, first.words, second.words
    said: list[_Fact] = []
    deck = ("R9.1", "R9.3")
    with_point = _apart(fa.lost_ran_out, fb.lost_ran_out, n)
    if with_point:
        said.append(_counted(RUNS_OUT, "your deck runs out and you lose the point",
                             (fa.lost_ran_out, a), (fb.lost_ran_out, b), n, (*deck, "R10.2")))
    elif _apart(fa.ran_out, fb.ran_out, n):
        said.append(_counted(RUNS_OUT, "your deck runs out", (fa.ran_out, a), (fb.ran_out, b),
                             n, deck))
    if _apart(fa.their_ran_out, fb.their_ran_out, n):
        said.append(_counted(RUNS_OUT, f"{rival} deck runs out", (fa.their_ran_out, a),
                             (fb.their_ran_out, b), n, deck))
    if with_point and fa.lost == fa.lost_ran_out and fb.lost == fb.lost_ran_out:
        pass  # every point lost is one told with the deck that ran out
    elif _apart(fa.lost, fb.lost, n):
        said.append(_counted(POINTS, "you lose the next point", (fa.lost, a), (fb.lost, b), n,
                             ("R10.2",)))
    elif said and max(fa.lost, fb.lost) > 0:  # a deck told: is the point lost anyway?
        counts = f"{fa.lost}" if fa.lost == fb.lost else \
            f"{max(fa.lost, fb.lost)} and {min(fa.lost, fb.lost)}"
        said.append(_Fact(POINTS, None, f"you lose the next point in {counts} of {n} futures "
                          "either way", ("R10.2",)))
    return said


def _apart(a: int, b: int, worlds: int) -> bool:
    """Whether two counts over the same worlds differ by more than a world
    or two: one future in twelve either way is the deal's noise."""
    return abs(a - b) >= max(2, worlds // 10)


def reason(obs: Observation, first: Compared, second: Compared, budget: int = BUDGET,
           width: int | None = None) -> str:
    """Why `first` ranks above `second`, or how a move made compares with
    the best: the most telling of what each leaves that the other does not
    and of how their futures differ, within `budget` characters of facts,
    and `width` in all when given (a status line); the most telling fact is
    said whatever its length. With the rules these rest on (markup: the
    moves' words are)."""
    before = _before(obs)
    facts = _futures(first, second, before.rival)
    a, b = first.left, second.left
    if a is not None and b is not None:
        facts += _leaves(0, a, b, before) + _leaves(1, b, a, before)
        if a.deck is not None and a.deck == b.deck and any(f.rank == RUNS_OUT for f in facts):
            facts.append(_Fact(EITHER_WAY, None, f"{_deck_words(a.deck)} either way", ("R9.1",)))
    if not facts:
        return "both leave the same, and their futures are alike"
    runs_out = any(f.rank == RUNS_OUT for f in facts)

    def telling(f: _Fact) -> tuple[int, int, int]:
        """The point lost at once first; then the futures, the wider apart
        first (the sooner a reason says which way they point); a deck that
        runs out has its cards next, the move whose deck runs out more
        often first; then what the moves leave."""
        rank = f.rank
        if runs_out and rank in (DECK, EITHER_WAY):
            rank = POINTS
        move = (first, second)[f.move] if f.move is not None else None
        ran_out = move.futures.ran_out if move is not None and move.futures is not None else 0
        return (rank if rank not in (RUNS_OUT, POINTS) else RUNS_OUT, -f.apart, -ran_out)

    kept: list[_Fact] = []
    for fact in sorted(facts, key=telling):
        if not kept or sum(len(unmarked(f.words + f.detail)) + 3 for f in kept) \
                + len(unmarked(fact.words + fact.detail)) <= budget:
            kept.append(fact)
    if not any(f.rank == RUNS_OUT for f in kept):  # the deck "either way" only beside its futures
        kept = [f for f in kept if f.rank != EITHER_WAY] or kept
    said = _said(kept, first, second)
    while width is not None and len(unmarked(said)) > width and len(kept) > 1:
        kept.pop()  # the least telling goes first
        said = _said(kept, first, second)
    if width is not None and len(unmarked(said)) > width:
        said = _said(kept, first, second, details=False)
    return said


def _said(kept: list[_Fact], first: Compared, second: Compared, details: bool = True) -> str:
    """The facts kept in words: the deck as both moves leave it, what each
    leaves, their futures; then the rules."""
    parts = [f.words for f in kept if f.move is None and f.rank == EITHER_WAY]
    for i, move in enumerate((first, second)):
        mine = [f.words + (f.detail if details else "") for f in kept if f.move == i]
        if mine:
            parts.append(f"after {move.words}: {'; '.join(mine)}")
    parts += [f.words + (f.detail if details else "") for f in kept
              if f.move is None and f.rank != EITHER_WAY]
    cited = ", ".join(sorted({r for f in kept for r in f.rules}, key=_rule_order))
    return " · ".join(parts) + f" ({cited})"


def _rule_order(rule: str) -> tuple[int, ...]:
    return tuple(int(x) for x in rule[1:].split("."))


def _character_name(t: Table, pid: PlayerId) -> str:
    chamber = t.catalog.find_chamber(t.player(pid).chamber.id)
    return chamber.name if chamber is not None else t.player(pid).chamber.id


def compared(obs: Observation, estimate: Estimate, words: str, seed: int) -> Compared:
    """One estimated move, ready to be compared (`seed`: the worlds that
    read what it leaves)."""
    return Compared(words, left_by(obs, estimate.action, seed), estimate.futures)
