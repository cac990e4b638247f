"""The coach: each decision of one player, looked at again by the expert.

For every move the reviewed player made where more than one distinct move
was possible, the expert (`bots/expert.py`) estimates each move from that
player's observation at that moment (R1.6: what they could see then, never
the deck order or the opponent's face-down cards), and the move made is
put in words against the best one (`bots/verdict.py`): "pay for Skewer:
best; you chose focus: much weaker ??", with the reason (`play/reasons.py`):
what each of the two leaves right after it and what their sampled futures
show; a move made that was best is set against the next best.

Which player: the expert, not the master. The coach must put a number on
every move the player could have made, and the master leaves some out of
its search on purpose (a power use that changes nothing that matters,
bots/master.py), which a learner may well have made and needs marked.

Which expert: a frozen kind, `expert-v1` (bots/kinds.py), at a fixed
number of worlds (`named()`: "expert-v1, 48 worlds"), so a reviewed game
keeps its marks when the computer players improve. The best move is the
one the expert would play (`verdict.settled`): a lead inside the search's
noise does not make a move best, so the best move and the words stay the
same when only the search's own seed changes (measured by
benchmarks/coach_stability.py; docs/learning.md, "How steady the coach
is"). The hint (play/hint.py) asks the same searcher the same way.

The budget is fixed (`worlds` per decision, no clock) and each decision's
search is seeded by the coach's seed and the move's number alone, not by
the game's seed: the same game always gets the same marks, and two games
that differ only in what the player never saw get the same marks too
(tests/test_coach.py deals those parts again to check it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from avatar_tui.bots import verdict
from avatar_tui.bots.expert import ExpertBot, candidates
from avatar_tui.bots.match import make_bot
from avatar_tui.engine import Table, legal_actions, observation
from avatar_tui.model.actions import Action
from avatar_tui.model.common import PlayerId
from avatar_tui.model.state import GameState
from avatar_tui.play import reasons
from avatar_tui.play.move_words import short
from avatar_tui.play.review import Review

KIND = "expert-v1"  # the coach's searcher: a frozen kind (bots/kinds.py)
WORLDS = 48  # worlds per decision: the coach's fixed budget (docs/learning.md)
COACH_SEED = 0x5EED_C0AC  # mixed with the move's number for each decision's search
TOP = 3  # moves named beside the one made
SECRET_MINE = "your secret answer (R1.6)"  # an answer about cards only its player saw
SECRET_OTHER = "another answer"


@dataclass(frozen=True)
class Advice:
    """The coach's word on one move made."""

    number: int  # the move (Review.moves[number - 1])
    player: PlayerId
    made: str  # the move made, in a few words ("focus")
    best: str  # the best move as the expert sees it
    words: str  # the move made's band: "best", ..., "much weaker"
    mark: str  # "??", "?!" or ""
    gap: float  # 0..1 below the best move's estimate (not shown: uncalibrated)
    ranking: tuple[tuple[str, str], ...]  # the best moves with their words
    reason: str = ""  # why, in words (play/reasons.py; "" when only one move was tried)

    @property
    def text(self) -> str:
        """`pay for Skewer: best; you chose focus: much weaker ??`."""
        mine = f"you chose {self.made}: {self.words}" + (f" {self.mark}" if self.mark else "")
        if self.words == verdict.BEST:
            return mine
        return f"{self.best}: best; {mine}"


def _same(a: Action, b: Action) -> bool:
    """One move, whichever way it is paid (R6.3): as the expert counts moves."""
    return (a.verb, a.number, a.ally, a.word) == (b.verb, b.number, b.ally, b.word)


def named(worlds: int = WORLDS) -> str:
    """Which searcher the coach is, as the review and the report say it."""
    return f"{KIND}, {worlds} worlds"


def searcher(seed: int, worlds: int = WORLDS) -> ExpertBot:
    """The coach's (and the hint's) searcher: the frozen kind at `worlds`."""
    bot = make_bot(KIND, seed, worlds=worlds)
    assert isinstance(bot, ExpertBot)  # a searching kind (bots/kinds.py)
    return bot


def decision_seed(seed: int, number: int) -> int:
    """The search's seed for move `number`: the coach's seed and the move
    alone (never the game's seed, which fixes the hidden deal)."""
    return (seed * 0x9E3779B97F4A7C15 + number * 0xBF58476D1CE4E5B9) & ((1 << 63) - 1)


def decisions(review: Review, player: PlayerId) -> list[int]:
    """The numbers of `player`'s moves that were a choice: more than one
    distinct move was legal."""
    out = []
    for m in review.moves:
        if m.player == player:
            legal = legal_actions(review.positions[m.number - 1])
            if len(candidates(legal)) > 1:
                out.append(m.number)
    return out


def advise(review: Review, number: int, worlds: int = WORLDS,
           seed: int = COACH_SEED) -> Advice:
    """The coach's word on move `number` of the review."""
    entry = review.positions[number].history[number - 1]
    return advise_move(review.positions[number - 1], entry.action, number, worlds, seed,
                       entry.secret)


def advise_move(before: GameState, made: Action, number: int, worlds: int = WORLDS,
                seed: int = COACH_SEED, secret: bool = False) -> Advice:
    """The coach's word on `made`, the game's move `number`, made on
    `before`: read from its player's observation alone (R1.6). A `secret`
    answer (about cards only its player saw) is ranked without naming any
    answer: a review may be read by both players, as the log is."""
    pid = made.player
    obs = observation(before, pid)
    searching = decision_seed(seed, number)
    estimates = searcher(searching, worlds).analyse(obs, legal_actions(obs.state))
    t = Table(obs.state)  # words from what the player saw (R1.6)
    best = verdict.settled(estimates)
    mine = next(e for e in estimates if _same(e.action, made))
    gap = verdict.gap(estimates, mine) if verdict.searched(estimates) else 0.0
    words = verdict.BEST if mine is best else verdict.band(max(gap, 1e-9))
    def said(action: Action) -> str:
        if not secret:
            return short(t, action)
        return SECRET_MINE if _same(action, made) else SECRET_OTHER

    why = ""
    if verdict.searched(estimates):  # the move made against the best, or the best against the next
        rival = mine if mine is not best else next(e for e in estimates if e is not best)
        ours, other = (reasons.compared(obs, e, said(e.action), searching)
                       for e in (best, rival))
        why = reasons.reason(obs, ours, other, width=reasons.PANEL)
        if rival.win > best.win:  # kept as best by verdict.settled: a lead inside the noise
            why += f" · {said(rival.action)} leads only within the search's noise"
    return Advice(number, pid, said(made), said(best.action), words,
                  verdict.mark(gap), gap,
                  tuple((said(e.action), w) for e, w in verdict.ranked(estimates, TOP)), why)


def coach(review: Review, player: PlayerId, worlds: int = WORLDS, seed: int = COACH_SEED,
          progress: Callable[[int, int], None] | None = None) -> dict[int, Advice]:
    """The coach's word on each of `player`'s decisions, by move number.
    `progress(done, total)` is called after each one (a progress bar)."""
    numbers = decisions(review, player)
    out: dict[int, Advice] = {}
    for i, number in enumerate(numbers):
        out[number] = advise(review, number, worlds, seed)
        if progress is not None:
            progress(i + 1, len(numbers))
    return out
