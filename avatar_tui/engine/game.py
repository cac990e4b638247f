"""The engine's front door: legal actions, validation, and apply."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable

from avatar_tui.engine import choices, moves, powers, signature
from avatar_tui.engine.errors import IllegalAction
from avatar_tui.engine.events import Event
from avatar_tui.engine.flow import run
from avatar_tui.engine.moves import PLAIN, actor, payable, payments, pending
from avatar_tui.engine.payment import cost_now, energy_of
from avatar_tui.engine.setup import new_game as _setup
from avatar_tui.engine.stats import reflip_costs, restricted
from avatar_tui.engine.table import Table
from avatar_tui.model.actions import Action, Verb
from avatar_tui.model.common import Energy, energy
from avatar_tui.model.state import FaceUp, GameSetup, GameState, HistoryEntry, PlayerState

Check = Callable[[Table, Action], str | None]
Do = Callable[[Table, Action], None]

MOVES: dict[str, tuple[Check, Do]] = {
    "open": (moves.why_not_open, moves.do_open),
    "flip": (moves.why_not_flip, moves.do_flip),
    "skip": (moves.why_not_skip, moves.do_skip),
    "signature": (signature.why_not_signature, signature.do_signature),
    "pay": (moves.why_not_pay, moves.do_pay),
    "power": (powers.why_not_power, powers.do_power),
    "pitch": (powers.why_not_pitch, powers.do_pitch),
    "reflip": (powers.why_not_reflip, powers.do_reflip),
    "focus": (moves.why_not_focus, moves.do_focus),
    "discard": (moves.why_not_discard, moves.do_discard),
    "choose": (choices.why_not_choose, choices.do_choose),
}

# Which verbs answer which pending decision, and what to say otherwise.
VERBS_BY_PENDING: dict[str, set[str]] = {
    "open": {"open"},
    "signature": {"signature", "skip", "power"},
    "flip": {"flip"},
    "decide": {"pay", "power", "pitch", "reflip", "focus", "discard"},
    "choose": {"choose"},
}
WAITING_FOR: dict[str, str] = {
    "open": "choose who defends the opening attack (open p1 / open p2) (R2.4, R10.5)",
    "signature": "decide on the signature move first: signature or skip (R4.3)",
    "flip": "flip a card first (R5.1)",
    "decide": "decide what to do with the flipped card: pay, a power, focus or discard (R5.2)",
    "choose": "answer the pending choice first (choose ...)",
}
# WAITING_FOR reads after "...is not possible now:"; "p1 must ..." needs no "first".


def new_game(setup: GameSetup) -> tuple[GameState, list[Event]]:
    """A game set up by R2, waiting for the opening choice."""
    state, t = _setup(setup)
    return state, t.events


def clone(state: GameState) -> GameState:
    """A copy safe to change. Only what the engine mutates in place is
    copied (with `Model.copy_with`: a generic deep copy of pydantic models
    is most of an action's cost); the setup, history entries, advantages,
    mods and armed effects are never changed after they are made, so they
    are shared."""
    return state.copy_with(
        players={pid: _copy_player(p) for pid, p in state.players.items()},
        queue=copy.deepcopy(state.queue) if state.queue else [],
        choice=copy.deepcopy(state.choice) if state.choice else None,
        history=list(state.history),
    )


def _copy_face(face: FaceUp | None) -> FaceUp | None:
    if face is None:
        return None
    return face.copy_with(mods=list(face.mods), used=list(face.used),
                          armed=list(face.armed), granted=list(face.granted))


def _copy_player(p: PlayerState) -> PlayerState:
    zones = {}
    for z, zs in p.zones.items():
        ally = zs.ally
        if ally is not None:
            ally = ally.copy_with(used=list(ally.used))
        zones[z] = zs.copy_with(energy=list(zs.energy), ally=ally, flip=_copy_face(zs.flip))
    return p.copy_with(chamber=p.chamber.copy_with(move=_copy_face(p.chamber.move)),
                       deck=list(p.deck), discard=list(p.discard), zones=zones,
                       advantages=[a.copy_with(granted=list(a.granted)) for a in p.advantages])


def reading(state: GameState) -> Table:
    """A read-only table for `state`: the last one made, when it was made
    for this very state and setup, else a new one. A read-only table holds
    nothing that a move could make stale but its list of cards in play,
    which is checked against the count of board changes at every use."""
    global _last_read
    last, setup = _last_read
    if last is not None and last.state is state and setup is state.setup:
        return last
    t = Table(state, read_only=True)
    _last_read = (t, state.setup)
    return t


# The last read-only table and the setup it was made for (legal_actions,
# then why_not, then the next legal_actions ask about the same state).
_last_read: tuple[Table | None, GameSetup | None] = (None, None)


def why_not(state: GameState, action: Action, t: Table | None = None) -> str | None:
    """Why `action` is not allowed now, in plain words with the rule; None if it is."""
    t = t or reading(state)
    now = pending(t)
    if now == "over":
        return f"the game is over: {state.winner} won (R10.5)"
    who = actor(t)
    if action.player != who:
        return f"it is {who}'s move, not {action.player}'s: {who} must {WAITING_FOR[now]}"
    if action.verb not in VERBS_BY_PENDING[now]:
        return f"{action.verb} is not possible now: {WAITING_FOR[now]}"
    check, _ = MOVES[action.verb]
    return check(t, action)


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """Validate and make one move on a copy. Raises IllegalAction, and the
    given state is never changed either way."""
    reason = why_not(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    new = clone(state)
    return new, _make(new, action, state.seen)


def apply_in_place(state: GameState, action: Action) -> list[Event]:
    """Validate and make one move on the state itself (OpenSpiel's
    `apply_action`), for simulations that keep no history of states. An
    illegal move raises IllegalAction before anything is touched: every
    check runs before the first change, and a move that passed them cannot
    fail half way."""
    reason = why_not(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    return _make(state, action, state.seen)


def _make(state: GameState, action: Action, seen_before: int) -> list[Event]:
    t = Table(state)
    secret = state.choice is not None and state.choice.secret
    unasked = make_move(t, action)
    state.history.append(HistoryEntry.model_construct(
        action=action, revealed=state.seen != seen_before, secret=secret, unasked=unasked))
    return t.events


def make_move(t: Table, action: Action) -> tuple[Action, ...]:
    """An allowed move and all it sets off, on the table's state: the
    part `apply` and the unchecked playout path (simulation.py) share.
    Returns the answers the engine gave to questions it did not ask."""
    _, do = MOVES[action.verb]
    do(t, action)
    run(t)
    return _answer_the_unasked(t)


def _answer_the_unasked(t: Table) -> tuple[Action, ...]:
    """A question whose answers are all the same (two identical cards to
    put in order, one place left to go) is not asked: the engine gives the
    only answer itself, as part of the action that raised it."""
    state = t.state
    given: tuple[Action, ...] = ()
    while state.choice is not None and state.phase != "over" and \
            len({o.word for o in state.choice.options}) == 1:
        choice = state.choice
        answer = _action(choice.chooser, "choose", word=choice.options[0].word)
        choices.do_choose(t, answer)
        run(t)
        given += (answer,)
    return given


def legal_actions(state: GameState) -> list[Action]:
    """Every move the acting player may make now (empty once the game is over).

    Each is made legal by construction, from the parts of its verb's own
    check (`why_not_play`, `usable_powers`, `pitch_cost`...) asked once,
    and from the payments that check accepts (`payable`), never checked
    again in full. They are exactly the candidates of `candidates` that
    `why_not` allows, in the same order (tests/test_legal_actions.py)."""
    if state.choice is None and state.phase == "flip" and state.turn is not None:
        return [_action(state.turn, verb="flip")]  # what the general path gives, at once
    t = reading(state)
    now = pending(t)
    pid = actor(t)
    if pid is None:
        return []
    if now == "decide":
        return _legal_decisions(t, pid)
    if now == "signature":
        return _legal_signature_step(t, pid)
    return _candidates(t, now, pid)  # open, flip, choose: each candidate is allowed


def candidates(state: GameState) -> list[Action]:
    """The moves worth asking `why_not` about now: each verb that answers
    what is pending, each power by number, each way to pay (the plain one
    when no payment is legal). `legal_actions` is exactly those it allows."""
    t = Table(state, read_only=True)
    pid = actor(t)
    return [] if pid is None else _candidates(t, pending(t), pid)


def _legal_decisions(t: Table, pid) -> list[Action]:
    """R5.2: what the defender may do with the flipped card."""
    out: list[Action] = []
    have = energy_of(t, pid)
    zone, face = moves.flipped(t, pid)
    card = t.card(face.card)
    # (no ally in the zone: no `power ally N` to look for)
    for ally in (False, True) if t.zone(pid, zone).ally is not None else (False,):
        for number, cost in powers.usable_powers(t, pid, ally, (zone, face)):
            _paying(out, pid, "power", payable(cost, have), number, ally)
    if moves.why_not_play(t, pid, zone, face, card) is None:
        _paying(out, pid, "pay", payable(cost_now(t, pid, card), have))
    pitch = powers.pitch_cost(t, pid, zone, face) if card.pitch is not None else None
    if pitch is not None:
        _paying(out, pid, "pitch", payable(pitch, have))
    reflips = reflip_costs(t, pid, zone, face.card)
    if reflips:  # one `reflip` action; several ways to pay become a choice
        cheapest = min(reflips, key=lambda c: c.energy.total)
        for paid in payments(cheapest.energy, have):
            # rare, and any of the ways may pay: each candidate is checked
            reflip = _action(pid, "reflip", paid=paid)
            if powers.why_not_reflip(t, reflip) is None:
                out.append(reflip)
    focus = _action(pid, verb="focus")
    if moves.why_not_focus(t, focus) is None:
        out.append(focus)
    out.append(_action(pid, verb="discard"))
    return out


def _paying(out: list[Action], pid, verb: Verb, paid: list[Energy | None],
            number: int | None = None, ally: bool = False) -> None:
    """Add the action `verb` once per payment in `paid`."""
    if paid is PLAIN:  # most often: the cost in its own colours
        out.append(_action(pid, verb, number, ally))
    else:
        out += [_action(pid, verb, number, ally, None, p) for p in paid]


def _legal_signature_step(t: Table, pid) -> list[Action]:
    """R4.3: a power of the move, the move itself, or no move."""
    have = energy_of(t, pid)
    out = [_action(pid, "power", number, paid=p)
           for number, cost in powers.usable_powers(t, pid)
           for p in payable(cost, have)]
    move = t.current_move(pid)
    if restricted(t, pid, "signature") is None and signature.why_not_stop(t, pid, move) is None:
        out += [_action(pid, "signature", paid=p) for p in payable(cost_now(t, pid, move), have)]
    out.append(_action(pid, verb="skip"))
    return out


def _candidates(t: Table, now: str, pid) -> list[Action]:
    out: list[Action] = []
    have = energy_of(t, pid)

    def paying(verb: Verb, cost: Energy, number: int | None = None, ally: bool = False) -> None:
        for paid in payments(cost, have):
            out.append(_action(pid, verb, number, ally, paid=paid))

    if now == "open":
        out += [_action(pid, verb="open", word=w) for w in ("p1", "p2")]
    elif now == "choose":
        assert t.state.choice is not None
        out += [_action(pid, verb="choose", word=o.word) for o in t.state.choice.options]
    elif now == "flip":
        out.append(_action(pid, verb="flip"))
    elif now == "signature":
        move = t.current_move(pid)
        for i, (_, power) in enumerate(powers.powers_of(t, pid), start=1):
            paying("power", _energy(power.cost), i)
        paying("signature", cost_now(t, pid, move))
        out.append(_action(pid, verb="skip"))
    elif now == "decide":
        zone = t.player(pid).defending
        assert zone is not None
        face = t.zone(pid, zone).flip
        assert face is not None
        card = t.card(face.card)
        for i, (_, power) in enumerate(powers.powers_of(t, pid), start=1):
            paying("power", _energy(power.cost), i)
        for i, (_, power) in enumerate(powers.powers_of(t, pid, ally=True), start=1):
            paying("power", _energy(power.cost), i, ally=True)
        paying("pay", cost_now(t, pid, card))
        if card.pitch is not None:
            paying("pitch", _energy(card.pitch.cost))
        reflips = reflip_costs(t, pid, zone, face.card)
        if reflips:  # one `reflip` action; several ways to pay become a choice
            cheapest = min(reflips, key=lambda c: c.energy.total)
            paying("reflip", cheapest.energy)
        out.append(_action(pid, verb="focus"))
        out.append(_action(pid, verb="discard"))
    return out


# Actions and energies are frozen, so the engine makes each one once and
# shares it: building a validated pydantic object was a good part of a step.
_ACTIONS: dict[tuple, Action] = {}
_CACHE_LIMIT = 20_000


def _action(pid, verb: Verb, number: int | None = None, ally: bool = False,
            word: str | None = None, paid: Energy | None = None) -> Action:
    key = (pid, verb, number, ally, word,
           None if paid is None else (paid.green, paid.yellow, paid.red))
    action = _ACTIONS.get(key)
    if action is None:
        if len(_ACTIONS) >= _CACHE_LIMIT:
            _ACTIONS.clear()
        # the engine's own typed values: built without validating, which would
        # cost a move more than making it
        action = _ACTIONS[key] = Action.model_construct(player=pid, verb=verb, number=number,
                                                        ally=ally, word=word, paid=paid)
    return action


def _energy(cost) -> Energy:
    return energy(cost.green, cost.yellow, cost.red)


def replay_actions(setup: GameSetup, actions: Iterable[Action]) -> GameState:
    """The state after these actions from the setup (raises IllegalAction)."""
    state, _ = new_game(setup)
    for action in actions:
        state, _ = apply(state, action)
    return state


def can_undo(state: GameState) -> bool:
    """Undo is offered when there is a last action and it turned no hidden
    card face up: revealed information is never taken back."""
    return bool(state.history) and not state.history[-1].revealed


def undo(state: GameState, count: int = 1) -> GameState:
    """The state before the last `count` actions, rebuilt exactly by
    replaying the game from its setup (the game is fully fixed by setup
    and actions)."""
    if count < 1 or len(state.history) < count:
        raise IllegalAction("there is nothing to undo" if not state.history else
                            f"there are only {len(state.history)} actions to undo")
    return replay_actions(state.setup, [h.action for h in state.history[:-count]])

