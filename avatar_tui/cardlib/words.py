"""A card effect (the effect language of model/effects.py) said in a few
plain words, for the inspector and the explain panel: "+2 force", "charge
one of your zones". Short on purpose: the card's own text is shown beside
it; this says what the engine does when a payment power (R7.1) or a pitch
power (R7.5) is used, "on a counterattack" meaning R5.3.

Each effect kind's words are registered with `@says(Model)`; importing
this module fails, naming the kind, when one of the language has none."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from avatar_tui.model import effects as fx
from avatar_tui.model.cards import DeckCard, SignatureMove
from avatar_tui.model.common import Energy

WHOSE = {"you": "your", "opponent": "the opponent's", "any": "any player's",
         "each": "each player's", "this": "this"}
WHO_ADDS = {"you": "add", "opponent": "the opponent adds", "each": "each player adds"}
ALLY_MOVES = {
    "to_empty": "move an ally to an empty ally space",
    "swap_with_this": "this ally trades places with another of yours",
    "rearrange": "rearrange your allies, one per zone",
    "to_deck_top": "put an ally on top of its owner's deck",
    "to_your_empty": "the opponent moves one of their allies into your empty ally space",
    "to_this_zone": "move one of your allies into this zone",
}
GRANTS = {"strength": "more force or intercept", "extra_cost": "a surcharge on strikes",
          "restrict": "a restriction", "skip_zones": "skipped zones",
          "grant_reflip": "a reflip cost", "grant_power": "a power",
          "grant_trigger": "a triggered effect"}
LOOK_THEN = {"reorder": "put them back in any order", "keep_one": "keep one on top",
             "may_discard": "you may discard the top one"}


def signed(n: int, what: str) -> str:
    return f"{n:+d} {what}"


def count_words(count: int | str | fx.Count) -> str:
    if isinstance(count, fx.Count):
        per = {"charged_zone": "charged zone", "ally": "ally"}.get(count.per or "", "")
        base = f"{count.each} per {per}" if per else str(count.each)
        return f"{count.fixed} + {base}" if count.fixed else base
    return str(count)


def zone_words(zone: str) -> str:
    return {"this": "this zone", "that": "that zone", "choose": "a zone of your choice",
            "each": "each zone"}.get(zone, zone)


@dataclass(frozen=True)
class Say:
    """How to say whose things an effect touches: `whose` by the keys of
    WHOSE, `adds` by those of WHO_ADDS; `names` passed on to nested effects."""

    whose: dict[str, str]
    adds: dict[str, str]
    names: dict[str, str] | None


Words = Callable[[Any, Say], str]
WORDS: dict[type, Words] = {}  # each effect kind's words, filled by `@says`


def says(kind: type) -> Callable[[Words], Words]:
    """Register the decorated function as the words of the effect `kind`."""

    def register(fn: Words) -> Words:
        if kind in WORDS:
            raise fx.EffectCoverageError(f"effect {kind.__name__} has two sets of words")
        WORDS[kind] = fn
        return fn

    return register


def describe(effect: fx.Effect, names: dict[str, str] | None = None) -> str:
    """One effect, in words (nested effects included). `names`: whose
    things are touched, in words for a reader other than the card's
    controller (keys of WHOSE; `adds_you`... for WHO_ADDS)."""
    whose = WHOSE if names is None else {**WHOSE, **names}
    adds = WHO_ADDS if names is None else {
        k: names.get(f"adds_{k}", v) for k, v in WHO_ADDS.items()}
    return WORDS[type(effect)](effect, Say(whose, adds, names))


@says(fx.Modify)
def _modify(effect: fx.Modify, say: Say) -> str:
    parts = [signed(effect.force, "force")] if effect.force else []
    if effect.force_per == "stopped_force":
        parts.append("+ the force of the attack it stopped")
    if effect.intercept:
        parts.append(signed(effect.intercept, "intercept"))
    return ", ".join(parts) or "no change"


@says(fx.AddEnergy)
def _add_energy(effect: fx.AddEnergy, say: Say) -> str:
    return (f"{say.adds[effect.who]} {count_words(effect.count)} energy "
            f"to {zone_words(effect.zone)}")


@says(fx.EliminateEnergy)
def _eliminate_energy(effect: fx.EliminateEnergy, say: Say) -> str:
    colour, after = {"any": ("", ""), "this": ("", " of this zone's colour"),
                     "that": ("", " of that zone's colour")
                     }.get(effect.colour, (f"{effect.colour} ", ""))
    amount = "all" if effect.count == "all" else (
        f"up to {effect.count}" if effect.up_to else str(effect.count))
    text = f"eliminate {amount} of {say.whose[effect.whose]} {colour}energy{after}"
    return _then(_may(text, effect.optional), effect.then, say.names)


@says(fx.EliminateAlly)
def _eliminate_ally(effect: fx.EliminateAlly, say: Say) -> str:
    where = " in that zone" if effect.zone == "that" else ""
    which = "this ally" if effect.whose == "this" else \
        f"{effect.count} of {say.whose[effect.whose]} allies{where}"
    return _then(_may(f"eliminate {which}", effect.optional), effect.then, say.names)


@says(fx.Charge)
def _charge(effect: fx.Charge, say: Say) -> str:
    zone = _which_zone(effect.zone, say.whose[effect.whose], effect.other_than_this)
    return _may(f"charge {zone}", effect.optional)


@says(fx.Uncharge)
def _uncharge(effect: fx.Uncharge, say: Say) -> str:
    count = "every" if effect.count == "all" else str(effect.count)
    text = f"uncharge {count} of {say.whose[effect.whose]} zones"
    return _then(_may(text, effect.optional), effect.then, say.names)


@says(fx.MoveEnergy)
def _move_energy(effect: fx.MoveEnergy, say: Say) -> str:
    return _may(f"move {effect.count} of {say.whose['you']} energy from {effect.source} "
                f"to {effect.to}", effect.optional)


@says(fx.LookAtTop)
def _look_at_top(effect: fx.LookAtTop, say: Say) -> str:
    cards = "card" if effect.count == 1 else f"{effect.count} cards"
    return f"look at the top {cards} of your deck, then {LOOK_THEN[effect.then]}"


@says(fx.RevealTop)
def _reveal_top(effect: fx.RevealTop, say: Say) -> str:
    text = f"reveal the top card of {say.whose[effect.whose]} deck"
    return text + (" (you may discard it)" if effect.may_discard else "")


@says(fx.MoveAlly)
def _move_ally(effect: fx.MoveAlly, say: Say) -> str:
    return _may(ALLY_MOVES[effect.mode], effect.optional)


@says(fx.ChooseOne)
def _choose_one(effect: fx.ChooseOne, say: Say) -> str:
    options = " / ".join(f"{name.replace('_', ' ')}: {describe_all(effects, say.names)}"
                         for name, effects in effect.options.items())
    return f"choose one ({options})"


@says(fx.OnCounterattack)
def _on_counterattack(effect: fx.OnCounterattack, say: Say) -> str:
    charged = " from a charged zone" if effect.from_charged_zone else ""
    return f"on a counterattack{charged}: {describe_all(effect.effects, say.names)}"


@says(fx.ChangeDefendingZone)
def _change_defending_zone(effect: fx.ChangeDefendingZone, say: Say) -> str:
    return f"the defending zone moves {'down' if effect.step > 0 else 'up'} one"


@says(fx.MoveThis)
def _move_this(effect: fx.MoveThis, say: Say) -> str:
    return "move this card " + ("to red" if effect.to == "red" else effect.to)


@says(fx.OnlyIf)
def _only_if(effect: fx.OnlyIf, say: Say) -> str:
    return f"if the condition holds: {describe_all(effect.effects, say.names)}"


@says(fx.Grant)
def _grant(effect: fx.Grant, say: Say) -> str:
    return f"grants {GRANTS[effect.static.static]} while it stays in play"


@says(fx.SearchDeck)
def _search_deck(effect: fx.SearchDeck, say: Say) -> str:
    return _may(f"search your deck for {effect.card.replace('_', ' ')}", effect.optional)


@says(fx.ForceReflip)
def _force_reflip(effect: fx.ForceReflip, say: Say) -> str:
    return "the opponent discards the flipped card and flips again"


fx.check_covered(WORDS, "words")  # importing fails, naming it, on a kind with no words


def _which_zone(zone: str, owner: str, other: bool) -> str:
    if zone in ("this", "that"):
        return f"{zone} zone"
    if zone == "choose":
        return f"one of {owner} {'other ' if other else ''}zones"
    return f"{owner} {zone} zone"


def describe_all(effects: list[fx.Effect], names: dict[str, str] | None = None) -> str:
    return "; ".join(describe(e, names) for e in effects) or "nothing"


def _may(text: str, optional: bool) -> str:
    return f"you may {text}" if optional else text


def _then(text: str, then: list[fx.Effect], names: dict[str, str] | None) -> str:
    return f"{text}; if so, {describe_all(then, names)}" if then else text


def power_words(power: fx.Power, energy: Callable[[Energy], str] = Energy.short,
                escape: Callable[[str], str] = str) -> str:
    """A power (R7.1-R7.3, R7.5): its cost, then what it does (`Y1 → +2 force`).
    `energy` writes a cost (the app colours it); `escape` protects the
    words where the text is markup."""
    cost = power.cost
    parts = []
    paid = Energy(green=cost.green, yellow=cost.yellow, red=cost.red)
    if paid.total:
        parts.append(energy(paid))
    if cost.intercept:
        parts.append(f"-{cost.intercept} intercept")
    if cost.pitch:
        parts.append("pitch")
    if cost.eliminate_ally:
        parts.append("eliminate one of your allies")
    if cost.eliminate_energy_here:
        parts.append("eliminate an energy here")
    if cost.uncharge:
        parts.append(f"uncharge {cost.uncharge} zone")
    if cost.move:
        parts.append(f"move {cost.move}")
    if cost.turn_chamber_to_front:
        parts.append("turn your chamber to its front")
    limit = {"once": ", use only once", "once_per_turn": ", once per turn"}.get(
        power.limit or "", "")
    only = f", only in {' or '.join(power.only_in)}" if power.only_in else ""
    return f"{' + '.join(parts) or 'free'} → {escape(describe_all(power.effects))}{limit}{only}"


def powers_in_words(card: DeckCard | SignatureMove) -> list[str]:
    """Each payment power, then the pitch power, in the words above
    (`Power 1: Y1 → +4 force, use only once`)."""
    lines = [f"Power {i}: {power_words(p)}" for i, p in enumerate(card.powers, start=1)]
    pitch = getattr(card, "pitch", None)
    if pitch is not None:
        lines.append(f"Pitch: {power_words(pitch)}")
    return lines
