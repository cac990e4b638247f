"""Words for the answers of an effect's question, where the answer word
alone would mislead: which of several effects happens first (R12.2) says
what each does and whose cards it touches, and "discard the top card?"
says where the card goes. Pure functions of the engine's state."""

from __future__ import annotations

from avatar_tui.cardlib import words as effect_words
from avatar_tui.engine import Table
from avatar_tui.model import effects as fx
from avatar_tui.model.actions import Action
from avatar_tui.model.common import PlayerId, other
from avatar_tui.model.options import DISCARD, KEEP, Option, Order, Target
from avatar_tui.model.state import Choice, GameState, OrderStep, ResolveStep
from avatar_tui.play import describe
from avatar_tui.play.plain import escape


def label(t: Table, state: GameState, option: Option) -> str:
    """An answer (`choose WORD`) of the pending question, in plain words."""
    choice = state.choice
    step = choice.step if choice is not None else None
    if choice is not None and isinstance(step, OrderStep) and isinstance(option, Order):
        return order_label(t, choice.chooser, step.groups[option.index])
    if isinstance(step, ResolveStep) and option in (DISCARD, KEEP):
        if isinstance(step.effect, fx.RevealTop):
            owner = step.ctx.controller if step.effect.whose == "you" else \
                other(step.ctx.controller)
            whose = describe.character(t, owner)
            return (f"Discard it: the revealed card goes to {whose}'s discard pile"
                    if option == DISCARD
                    else f"Keep it: the card stays on top of {whose}'s deck")
        if isinstance(step.effect, fx.LookAtTop):
            return ("Discard it: your top card goes to your discard pile" if option == DISCARD
                    else "Keep it: the card stays on top of your deck, unseen")
    return describe.option_label(t, state, option)


def options(choice: Choice, actions: list[Action]) -> list[Option]:
    """The options these legal `choose` actions answer, in their order."""
    found = [choice.option(a.word) for a in actions]
    return [o for o in found if o is not None]


def order_label(t: Table, chooser: PlayerId, group: list[ResolveStep]) -> str:
    """One card's effects of an R12.2 question: the card, whose it is, and
    what it does, with every "your" seen from the chooser."""
    ctx = group[0].ctx
    names = _names(t, ctx.controller, chooser)
    does = "; ".join(effect_words.describe(step.effect, names) for step in group)
    for ref, zone in (("this", ctx.zone), ("that", ctx.event_zone)):  # which zone, by name
        if zone is not None:
            does = does.replace(f"{ref} zone", f"the {zone} zone")
    owner = "yours" if ctx.controller == chooser else describe.character(t, ctx.controller)
    return f"{escape(t.name(ctx.source))} ({owner}): {escape(does)}"


def order_first(t: Table, state: GameState, actions: list[Action]) -> list[Action]:
    """The answers of an R12.2 question with those that harm the chooser
    last, so the first answer (key 1) is never a harm to them."""
    choice = state.choice
    if choice is None or not isinstance(choice.step, OrderStep):
        return actions
    groups = {o.word: choice.step.groups[o.index] for o in choice.options
              if isinstance(o, Order)}
    return sorted(actions, key=lambda a: harms(groups[a.word or ""], choice.chooser))


def theirs_first(state: GameState, actions: list[Action]) -> list[Action]:
    """The answers of a harmful effect's question (an energy or an ally to
    eliminate, R7.6) with the opponent's things first, so the first answer
    (key 1) never harms the chooser; the engine's order otherwise."""
    choice = state.choice
    step = choice.step if choice is not None else None
    if choice is None or not isinstance(step, ResolveStep) or not step.effect.harms:
        return actions

    options = [choice.option(a.word or "") for a in actions]
    at = [i for i, o in enumerate(options) if isinstance(o, Target)]  # "none" keeps its place
    targets = sorted((actions[i] for i in at),
                     key=lambda a: choice.option(a.word or "").who == choice.chooser)  # type: ignore[union-attr]  # the options at `at` are Targets
    ordered = list(actions)
    for i, action in zip(at, targets, strict=True):
        ordered[i] = action
    return ordered


def harms(group: list[ResolveStep], chooser: PlayerId) -> bool:
    """Whether these effects take something from the chooser: the
    opponent's eliminations, uncharges or forced reflips that may touch the
    chooser's cards, or the chooser's own card eliminating or uncharging
    their own things with no say in it (Zhao's Guard)."""
    for step in group:
        if not step.effect.harms:  # each effect kind declares it (model/effects.py)
            continue
        whose = getattr(step.effect, "whose", "opponent")
        if step.ctx.controller != chooser:
            if whose in ("opponent", "any", "each"):
                return True
        elif whose in ("you", "this", "each") and not getattr(step.effect, "optional", False):
            return True
    return False


def _names(t: Table, controller: PlayerId, chooser: PlayerId) -> dict[str, str]:
    """Whose, in words, for effects of `controller`'s card shown to `chooser`."""
    def of(pid: PlayerId) -> str:
        return "your" if pid == chooser else f"{describe.character(t, pid)}'s"

    def adds(pid: PlayerId) -> str:
        return "you add" if pid == chooser else f"{describe.character(t, pid)} adds"

    return {"you": of(controller), "opponent": of(other(controller)),
            "any": "either player's",
            "each": "each player's", "this": "this",
            "adds_you": adds(controller), "adds_opponent": adds(other(controller)),
            "adds_each": "each player adds"}
