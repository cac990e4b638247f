"""A card effect (the effect language of model/effects.py) said in a few
plain words, for the inspector and the explain panel: "+2 force", "charge
one of your zones". Short on purpose: the card's own text is shown beside
it; this says what the engine does when a payment power (R7.1) or a pitch
power (R7.5) is used, "on a counterattack" meaning R5.3."""

from __future__ import annotations

from collections.abc import Callable

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


def describe(effect: fx.Effect, names: dict[str, str] | None = None) -> str:
    """One effect, in words (nested effects included). `names`: whose
    things are touched, in words for a reader other than the card's
    controller (keys of WHOSE; `adds_you`... for WHO_ADDS)."""
    whose = WHOSE if names is None else {**WHOSE, **names}
    adds = WHO_ADDS if names is None else {
        k: names.get(f"adds_{k}", v) for k, v in WHO_ADDS.items()}
    match effect:
        case fx.Modify():
            parts = [signed(effect.force, "force")] if effect.force else []
            if effect.force_per == "stopped_force":
                parts.append("+ the force of the attack it stopped")
            if effect.intercept:
                parts.append(signed(effect.intercept, "intercept"))
            return ", ".join(parts) or "no change"
        case fx.AddEnergy():
            return (f"{adds[effect.who]} {count_words(effect.count)} energy "
                    f"to {zone_words(effect.zone)}")
        case fx.EliminateEnergy():
            colour, after = {"any": ("", ""), "this": ("", " of this zone's colour"),
                             "that": ("", " of that zone's colour")
                             }.get(effect.colour, (f"{effect.colour} ", ""))
            amount = "all" if effect.count == "all" else (
                f"up to {effect.count}" if effect.up_to else str(effect.count))
            text = f"eliminate {amount} of {whose[effect.whose]} {colour}energy{after}"
            return _then(_may(text, effect.optional), effect.then, names)
        case fx.EliminateAlly():
            where = " in that zone" if effect.zone == "that" else ""
            which = "this ally" if effect.whose == "this" else \
                f"{effect.count} of {whose[effect.whose]} allies{where}"
            return _then(_may(f"eliminate {which}", effect.optional), effect.then, names)
        case fx.Charge():
            zone = _which_zone(effect.zone, whose[effect.whose], effect.other_than_this)
            return _may(f"charge {zone}", effect.optional)
        case fx.Uncharge():
            count = "every" if effect.count == "all" else str(effect.count)
            text = f"uncharge {count} of {whose[effect.whose]} zones"
            return _then(_may(text, effect.optional), effect.then, names)
        case fx.MoveEnergy():
            return _may(f"move {effect.count} of {whose['you']} energy from {effect.source} "
                        f"to {effect.to}",
                        effect.optional)
        case fx.LookAtTop():
            cards = "card" if effect.count == 1 else f"{effect.count} cards"
            return f"look at the top {cards} of your deck, then {LOOK_THEN[effect.then]}"
        case fx.RevealTop():
            text = f"reveal the top card of {whose[effect.whose]} deck"
            return text + (" (you may discard it)" if effect.may_discard else "")
        case fx.MoveAlly():
            return _may(ALLY_MOVES[effect.mode], effect.optional)
        case fx.ChooseOne():
            options = " / ".join(f"{name.replace('_', ' ')}: {describe_all(effects, names)}"
                                 for name, effects in effect.options.items())
            return f"choose one ({options})"
        case fx.OnCounterattack():
            charged = " from a charged zone" if effect.from_charged_zone else ""
            return f"on a counterattack{charged}: {describe_all(effect.effects, names)}"
        case fx.ChangeDefendingZone():
            return f"the defending zone moves {'down' if effect.step > 0 else 'up'} one"
        case fx.MoveThis():
            return "move this card " + ("to red" if effect.to == "red" else effect.to)
        case fx.OnlyIf():
            return f"if the condition holds: {describe_all(effect.effects, names)}"
        case fx.Grant():
            return f"grants {GRANTS[effect.static.static]} while it stays in play"
        case fx.SearchDeck():
            return _may(f"search your deck for {effect.card.replace('_', ' ')}",
                        effect.optional)
        case fx.ForceReflip():
            return "the opponent discards the flipped card and flips again"
    return effect.effect.replace("_", " ")  # pragma: no cover - a kind added later


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
