"""A point's moment: who scored, the score now, and how it came about, in
a few lines that cite their rules — the strike that had to be stopped and
its force (R3.1, R12.7), each card the defender turned up and what became
of it (R5.1, R5.6, R7.4, R7.5, R12.1), the last one's intercept against
that force, and the point itself (R10.2).

Built once, from the move that scored: the state just before it (the
look's incoming attack and flipped card) and the log's events of that
turn. The controller keeps it until the player who reads it acts; the
opening question that follows every point shows it, and so does the
board."""

from __future__ import annotations

from dataclasses import dataclass

from avatar_tui.engine import Event, Table, look
from avatar_tui.model.common import PLAYERS, PlayerId
from avatar_tui.model.state import GameState
from avatar_tui.play import describe
from avatar_tui.play.plain import escape

# the events of a turn that tell how a point came about (R9.1, R9.3: a deck
# that ran out, and a zone left undefended for want of a card to flip)
TOLD = ("R5.1", "R5.4", "R5.5", "R5.6", "R7.4", "R7.5", "R9.1", "R9.3", "R12.1", "R10.2",
        "R10.5")


@dataclass(frozen=True)
class PointStory:
    scorer: PlayerId
    points: int  # the scorer's points now
    title: str  # "★ Point to Prince Zuko (p2) · 2/3"
    lines: tuple[str, ...]  # how it came about, each with its rule


def scorer_of(before: GameState, after: GameState) -> PlayerId | None:
    """Who scored with this move, if anyone (R10.2)."""
    return next((p for p in PLAYERS
                 if after.players[p].score > before.players[p].score), None)


def story(before: GameState, after: GameState, log: list[Event]) -> PointStory | None:
    """The point the move from `before` to `after` scored, told; None when
    it scored none. `log`: the game's events up to and including the move's."""
    scorer = scorer_of(before, after)
    if scorer is None:
        return None
    t = Table(before)
    lk = look(before, t)
    points = after.players[scorer].score
    lines: list[str] = []
    if lk.incoming is not None:
        inc = lk.incoming
        name = escape(t.name(inc.card)) if inc.zone != "opening" else "the opening attack"
        rule = {"opening": "R3.1", "signature": "R4.3"}.get(inc.zone, "R5.3")
        lines.append(f"[b]{rule}[/b] the strike to stop: {name}, force {inc.force}")
    start = max((i for i, e in enumerate(log) if e.rule == "R4"), default=0)
    for event in log[start:]:
        if event.rule == "R10.5" and after.phase != "over":
            continue  # who chooses next: the question itself says it
        if event.rule in TOLD:
            lines.append(f"[b]{event.rule}[/b] {escape(event.text)}")
    if lk.flipped is not None and lk.flipped.intercept is not None and lk.incoming is not None:
        at = next((i for i, line in enumerate(lines) if "R10.2" in line), len(lines))
        line = (f"[b]R5.2[/b] the last card, {escape(t.name(lk.flipped.card))}: intercept "
                f"{lk.flipped.intercept} against force {lk.incoming.force}")
        if lk.payment is None and lk.overpay is None:  # the look's payment facts (R6.2, R6.3)
            line += f"; its cost {describe.pips(lk.flipped.cost)} could not be paid"
        lines.insert(at, line)
    title = f"★ Point to {describe.character(t, scorer)} · {points}/3"
    return PointStory(scorer, points, title, tuple(lines))
