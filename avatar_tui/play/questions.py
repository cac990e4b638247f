"""The questions the app puts to a player, built from the engine's legal
actions: the opening defender (R2.4, R10.5), the engine's pending choice
(R5.5, targets, R12.2 order), and which of several actions a key means
(overpayment allocations, R6.3; several ally powers, R7.3). Each answer is
one of the engine's own legal actions."""

from __future__ import annotations

from dataclasses import dataclass, field

from avatar_tui.model.actions import Action
from avatar_tui.model.common import PlayerId
from avatar_tui.play import choice_words, describe, move_words
from avatar_tui.play.keys import BY_NAME, key_name
from avatar_tui.play.plain import escape
from avatar_tui.play.session import Session

CHOICE_TITLES = {
    "ally": "A second ally (R5.5)",
    "order": "Effects at the same time (R12.2)",
    "effect": "A card asks",
}


@dataclass
class Question:
    title: str
    prompt: str
    actions: list[Action]  # the answers, in the order shown
    labels: list[str]
    details: list[str] = field(default_factory=list)
    secret_for: PlayerId | None = None  # shown only behind a privacy screen (R1.6)
    again: str = "c"  # the key that puts it again once put off (escape)


def pending(session: Session) -> Question | None:
    """The question the game waits on, if any."""
    if not session.pending_question:
        return None
    t, state = session.table, session.state
    actions = [a for a in session.legal if a.verb in ("open", "choose")]
    if not actions:
        return None
    if state.choice is None:
        return opening(session, actions)
    choice = state.choice
    if choice.kind == "order":
        actions = choice_words.order_first(t, state, actions)
    else:
        actions = choice_words.theirs_first(state, actions)
    return Question(
        CHOICE_TITLES.get(choice.kind, "A choice"),
        f"{describe.character(t, choice.chooser)}: {escape(choice.prompt)}",
        actions,
        [choice_words.label(t, state, option) for option in choice_words.options(choice, actions)],
        secret_for=choice.chooser if choice.secret else None,
    )


def opening(session: Session, actions: list[Action]) -> Question:
    t, state = session.table, session.state
    chooser = describe.character(t, state.chooser)
    if state.turn_number == 0:
        details = [f"{escape(e.text)} ({e.rule})" for e in session.log if e.rule == "R2.4"]
        title = "Who defends the opening attack? (R2.4)"
    else:
        details = [f"{chooser} was scored against and chooses (R10.5)."]
        title = "Who defends the next opening attack? (R10.5)"
    prompt = (f"{chooser} chooses. The opening attack has force 4 (R3.1); its defender "
              "adds one green energy, then takes a turn (R3.2).")
    labels = [f"{describe.character(t, a.word)} defends" for a in actions]  # type: ignore[arg-type]  # an open action's word is a player id
    return Question(title, prompt, actions, labels, details)


def which(session: Session, name: str, actions: list[Action]) -> Question:
    """Several legal actions behind one key: which one is meant."""
    t = session.table
    subject = _subject(session, name)
    if actions[0].paid is not None and len({(a.verb, a.number, a.ally) for a in actions}) == 1:
        title = "Overpay (R6.3)"
        prompt = (f"{subject}: your energy of the cost's own colours is short. Which energy "
                  "do you spend? A stronger colour pays only where yours runs out.")
    else:
        title = "The ally's powers (R7.3)" if name == "ally_power" else BY_NAME[name].label
        prompt = f"{subject}: which one?"
    # put off, it is the key that asks again: `c` answers only the game's questions
    return Question(title, prompt, actions, [move_words.label(t, a) for a in actions],
                    again=key_name(BY_NAME[name].key))


def _subject(session: Session, name: str) -> str:
    t, state = session.table, session.state
    pid = state.turn
    if name == "signature" and pid is not None:
        move = t.current_move(pid)
        return f"Signature move {escape(move.name)} ({describe.pips(move.cost)})"
    flip = session.look.flipped
    card = escape(t.name(flip.card)) if flip else "the card"
    if name in ("pay", "overpay"):
        return f"Paying for {card} ({describe.pips(flip.cost)})" if flip else "Paying"
    if name.startswith("power_"):
        return f"Power {name[6:]} of {card}"
    return {"reflip": f"Reflipping {card}", "pitch": f"Pitching {card}",
            "ally_power": "The ally's powers"}.get(name, card)
