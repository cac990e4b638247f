"""The hint for learners (`h`): what the expert computer player would do
now, with its estimated chance of winning after each of the best moves, in
words. It is worked out from the acting player's observation only (R1.6):
never the opponent's signature moves, deck order or energy.

`hint_request(state)` is taken on the screen's thread (it copies what the
player may see); `think(request)` runs in a worker thread; `hint_text`
turns the result into the line the app shows."""

from __future__ import annotations

import re
from dataclasses import dataclass

from avatar_tui.bots.expert import DEFAULT_THINK, Estimate, ExpertBot
from avatar_tui.bots.seat import position_seed
from avatar_tui.engine import Observation, Table, actor_of, legal_actions, observation
from avatar_tui.model.actions import Action
from avatar_tui.model.state import GameState
from avatar_tui.play import describe
from avatar_tui.play.plain import escape

TOP = 3  # moves named in a hint
_MARKUP = re.compile(r"\[/?[^\]]*\]")


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
    return HintRequest(observation(state, pid), legal_actions(state), position_seed(state),
                       len(state.history))


def think(request: HintRequest, seconds: float = DEFAULT_THINK,
          worlds: int | None = None) -> list[Estimate]:
    """The expert's estimates for the request's position (best first)."""
    return ExpertBot(request.seed, think=seconds, worlds=worlds).analyse(
        request.obs, request.legal)


def hint_text(request: HintRequest, estimates: list[Estimate]) -> str:
    """`Hint: pay for Skewer: 61%, focus: 48%` (markup for the status line)."""
    t = Table(request.obs.state)
    if len(estimates) == 1 or estimates[0].worlds == 0:
        return f"[b]Hint:[/b] only one move makes sense here: {words(t, estimates[0].action)}"
    parts = [f"{words(t, e.action)}: {round(100 * e.win)}%" for e in estimates[:TOP]]
    return f"[b]Hint[/b] — the expert's chance to win after each: {', '.join(parts)}"


def words(t: Table, action: Action) -> str:
    """A move in a few plain words: "pay for Skewer", "focus"."""
    state, pid = t.state, action.player
    zone = state.players[pid].defending
    face = state.players[pid].zones[zone].flip if zone is not None else None
    card = escape(t.name(face.card)) if face is not None else "the card"
    verb = action.verb
    if verb == "pay":
        extra = f" with {describe.pips(action.paid)}" if action.paid is not None else ""
        return f"pay for {card}{extra}"
    if verb == "power":
        if action.ally:
            ally = state.players[pid].zones[zone].ally if zone is not None else None
            name = escape(t.name(ally.card)) if ally is not None else "the ally"
            return f"{name}'s power {action.number}"
        if state.phase == "signature":
            return f"your signature move's power {action.number}"
        return f"{card}'s power {action.number}"
    if verb == "open":
        who = "you" if action.word == pid else describe.character(t, action.word)  # type: ignore[arg-type]
        return f"{who} defend{'s' if who != 'you' else ''} the opening attack"
    if verb == "choose":
        return _MARKUP.sub("", describe.answer_label(t, state, action.word))
    return {
        "flip": "flip", "focus": "focus", "discard": "discard", "reflip": "reflip",
        "pitch": f"pitch {card}", "signature": "your signature move",
        "skip": "skip the signature move",
    }.get(verb, str(action))
