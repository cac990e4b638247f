"""The hint for learners (`h`): what the expert computer player would do
now, its best moves ranked in words ("best", "a little weaker", ...:
`bots/verdict.py`; its chances are not calibrated, so no percentages). It
is worked out from the acting player's observation only (R1.6): never the
opponent's signature moves, deck order or energy.

The searcher is the coach's (play/coach.py): the frozen `expert-v1` at the
coach's fixed number of worlds, seeded by the move's number as the coach
seeds it, and its best move read as the coach reads it, never a clock. So
a position always gets the same hint, whatever the machine's speed, and the
hint names the best move the coach will name for that decision in the
review.

The best move's reason against the next one follows the ranking on a line
of its own (`play/reasons.py`: what each leaves right after it, what their
sampled futures show).

`hint_request(state)` is taken on the screen's thread (it copies what the
player may see); `think(request)` runs in a worker thread; `hint_text`
turns the result into the lines the app shows."""

from __future__ import annotations

from dataclasses import dataclass

from avatar_tui.bots.expert import Estimate
from avatar_tui.bots.verdict import ranked, searched
from avatar_tui.engine import Observation, Table, actor_of, legal_actions, observation
from avatar_tui.model.actions import Action
from avatar_tui.model.state import GameState
from avatar_tui.play import coach, reasons
from avatar_tui.play.move_words import short

TOP = 3  # moves named in a hint, as many as fit on a row
ROW = len("Why: ") + reasons.LINE  # a status row at 80 columns


@dataclass(frozen=True)
class HintRequest:
    obs: Observation
    legal: list[Action]
    seed: int
    history: int  # the position it is for: the game's length then


def hint_request(state: GameState) -> HintRequest | None:
    """What a hint for the acting player is worked out from; None when there
    is nothing to decide (the game is over)."""
    pid = actor_of(state)
    if pid is None:
        return None
    # the coach's seed for the move about to be made (never the game's seed,
    # which fixed the hidden deal, R1.6)
    seed = coach.decision_seed(coach.COACH_SEED, len(state.history) + 1)
    return HintRequest(observation(state, pid), legal_actions(state), seed,
                       len(state.history))


def think(request: HintRequest, worlds: int | None = None) -> list[Estimate]:
    """The coach's searcher's estimates for the request's position (best
    first by estimate; `verdict.settled` reads the best move), at the
    coach's worlds unless told fewer (tests)."""
    return coach.searcher(request.seed, worlds or coach.WORLDS).analyse(
        request.obs, request.legal)


def hint_text(request: HintRequest, estimates: list[Estimate]) -> str:
    """`Hint: pay for Skewer: best, focus: much weaker` (the expert's
    ranking), then on a line of its own why the best beats the next (markup
    for the status line, which gives each its row)."""
    t = Table(request.obs.state)
    if not searched(estimates):
        return f"[b]Hint:[/b] only one move makes sense here: {short(t, estimates[0].action)}"
    ranking = ranked(estimates, TOP)  # from the settled best (verdict.settled)
    parts = [f"{short(t, e.action)}: {words}" for e, words in ranking]
    # the ranking keeps one row of the status line, so why has the other:
    # the last moves named give way first (the best and the next stay)
    while len(parts) > 2 and len("Hint: " + ", ".join(parts)) > ROW:
        parts.pop()
    best, next_best = (reasons.compared(request.obs, e, short(t, e.action), request.seed)
                       for e, _ in ranking[:2])
    why = reasons.reason(request.obs, best, next_best, width=reasons.LINE)
    return f"[b]Hint[/b]: {', '.join(parts)}\n[b]Why:[/b] {why}"
