"""The effect language: what a card does, as data the engine interprets.

A card's rules text becomes four kinds of entries, all plain TOML tables:

- `powers`   payment powers, `cost -> effects` (R7.1), with an optional limit;
- `pitch`    the pitch power (R7.5): pitching is part of its cost;
- `statics`  continuous effects, true while the card is in play (R12.7);
- `triggers` effects that happen when an event occurs (R12.2 orders them).

Advantages also have `on_play`, what happens when they are played (an
*Immediate* advantage has only that, R7.7).

Every effect names one small engine operation with the discriminator
`effect`; every static names its kind with `static`. Choices the player
makes ("you may", "choose one", which target) are answered in the engine
with the `choose` action. Nothing here runs code: the engine reads it.
"""

# No `from __future__ import annotations` here: pydantic would evaluate
# every field's annotation from its string when the class is made, a good
# part of importing the models at every start. A name defined
# further down is written in quotes.

from collections.abc import Mapping
from typing import Annotated, ClassVar, Literal, get_args

from pydantic import Field

from avatar_tui.model.common import Strict, Zone

# Who a part of an effect concerns, seen from the card's controller.
Whose = Literal["you", "opponent", "any", "each"]
# Who makes the choice an effect needs: the card's controller, or the owner
# of the affected cards ("opponent eliminates one of their allies").
Chooser = Literal["you", "owner", "opponent"]
# A zone named by an effect: a fixed colour, the zone the card is in, the zone
# the event happened in ("that zone": where the opponent counterattacked or
# focused), or one the chooser picks.
ZoneRef = Literal["green", "yellow", "red", "this", "that", "choose"]


class Count(Strict):
    """A number an effect computes: `fixed`, plus `per` thing counted."""

    fixed: int = Field(0, description="the number before anything is counted")
    per: Literal["charged_zone", "ally"] | None = Field(
        None,
        description="what is counted: your charged zones or your allies")
    each: int = Field(1, description="how much each thing counted adds")


# ---------------------------------------------------------------- effects


class Modify(Strict):
    """This strike gets +/- force and intercept (kept while it stays in play).

    From an ally's power, it goes to the strike in that ally's zone (R7.3)."""

    harms: ClassVar[bool] = False
    effect: Literal["modify"]
    force: int = Field(0, description="force added (a negative number takes it away)")
    intercept: int = Field(0, description="intercept added (a negative number takes it away)")
    # "+X force": add `per` x force (stopped_force: the force of the attack
    # this strike stopped)
    force_per: Literal["stopped_force"] | None = Field(
        None,
        description='also add the force of the attack this strike stopped ("+X force")')


class AddEnergy(Strict):
    """Add energy (R6.4) to a zone: `who` adds, `count` of them."""

    harms: ClassVar[bool] = False
    effect: Literal["add_energy"]
    zone: Literal["green", "yellow", "red", "this", "that", "each"] = Field(
        "green",
        description=(
            "where the energy goes: a colour, this card's zone, the event's zone, "
            "or one in each zone"))
    count: int | Count = Field(1, description="how many, a number or a `Count`")
    who: Literal["you", "opponent", "each"] = Field(
        "you",
        description="who adds energy to their own zones")


class EliminateEnergy(Strict):
    """Eliminate energy (R7.6): face up onto its owner's discard pile."""

    harms: ClassVar[bool] = True
    effect: Literal["eliminate_energy"]
    whose: Whose = Field("opponent", description="whose energy may be picked")
    colour: Literal["green", "yellow", "red", "any", "this", "that"] = Field(
        "any",
        description="which stack: a colour, any of them, this card's zone or the event's zone")
    count: int | Literal["all"] = Field(1, description="how many, or every one that matches")
    up_to: bool = Field(False,
                        description='the chooser may stop before reaching the count ("up to N")')
    optional: bool = Field(False, description='the effect may be declined ("you may")')
    chooser: Chooser = Field("you", description="who picks the energy")
    then: list["Effect"] = Field(
        [],
        description='effects that follow only once an energy was eliminated ("if you do")')


class EliminateAlly(Strict):
    """Eliminate an ally (R7.6); `whose = "this"` is the source ally itself."""

    harms: ClassVar[bool] = True
    effect: Literal["eliminate_ally"]
    whose: Literal["you", "opponent", "any", "each", "this"] = Field(
        "opponent",
        description="whose ally; `this` is the source ally itself")
    count: int | Literal["all"] = Field(1, description="how many, or every one that matches")
    optional: bool = Field(False, description='the effect may be declined ("you may")')
    chooser: Chooser = Field("you", description="who picks the ally")
    zone: Literal["that"] | None = Field(
        None,
        description="only an ally in the zone where the event happened")
    then: list["Effect"] = Field(
        [],
        description='effects that follow only once an ally was eliminated ("if you do")')


class Charge(Strict):
    """Charge a zone (R11): this one, a fixed colour, or one chosen."""

    harms: ClassVar[bool] = False
    effect: Literal["charge"]
    zone: ZoneRef = Field(
        "this",
        description="which zone: a colour, this card's zone, the event's zone, or one chosen")
    whose: Whose = Field("you", description="whose zone")
    optional: bool = Field(False, description='the effect may be declined ("you may")')
    chooser: Chooser = Field("you", description="who picks the zone")
    other_than_this: bool = Field(
        False,
        description='the zone chosen may not be this card\'s own ("another of your zones")')


class Uncharge(Strict):
    """Uncharge a zone (R11): `count = "all"` uncharges every matching zone."""

    harms: ClassVar[bool] = True
    effect: Literal["uncharge"]
    zone: ZoneRef = Field(
        "choose",
        description="which zone: a colour, this card's zone, the event's zone, or one chosen")
    whose: Whose = Field("opponent", description="whose zone")
    count: int | Literal["all"] = Field(1, description="how many zones, or every one that matches")
    optional: bool = Field(False, description='the effect may be declined ("you may")')
    chooser: Chooser = Field("you", description="who picks the zone")
    other_than_this: bool = Field(
        False,
        description='the zone chosen may not be this card\'s own ("another of your zones")')
    then: list["Effect"] = Field(
        [],
        description='effects that follow only once a zone was uncharged ("if you do")')


class MoveEnergy(Strict):
    """Move one of your energy from one zone's stack to another's."""

    harms: ClassVar[bool] = False
    effect: Literal["move_energy"]
    source: Zone = Field(description="the zone the energy leaves")
    to: Zone = Field(description="the zone it joins")
    count: int = Field(1, description="how many energy move")
    optional: bool = Field(False, description='the effect may be declined ("you may")')


class LookAtTop(Strict):
    """Look at the top cards of your deck, then: put them back in any order,
    keep one on top and discard the rest, or discard the top one if you like."""

    harms: ClassVar[bool] = False
    effect: Literal["look_at_top"]
    count: int = Field(1, description="how many cards from the top are looked at")
    then: Literal["reorder", "keep_one", "may_discard"] = Field(
        "reorder",
        description=(
            "afterwards: put them back in an order, keep one on top and discard the"
            " others, or maybe discard the top one"))


class RevealTop(Strict):
    """Turn a deck's top card face up; optionally the controller may have it discarded."""

    harms: ClassVar[bool] = False
    effect: Literal["reveal_top"]
    whose: Literal["you", "opponent"] = Field("opponent", description="whose deck")
    may_discard: bool = Field(False,
                              description="the controller may have the revealed card discarded")


class MoveAlly(Strict):
    """Move allies between ally spaces, or off the board.

    `to_empty`: one ally to an empty ally space of the same player;
    `swap_with_this`: this ally trades places with another of yours;
    `rearrange`: put your allies in any zones, one per zone;
    `to_deck_top`: an ally goes on top of its owner's deck;
    `to_your_empty`: its owner moves one of their allies into one of *your*
    empty ally spaces (control changes, ownership does not);
    `to_this_zone`: one of your allies moves into this card's (empty) zone."""

    harms: ClassVar[bool] = False
    effect: Literal["move_ally"]
    mode: Literal["to_empty", "swap_with_this", "rearrange", "to_deck_top", "to_your_empty",
                  "to_this_zone"] = Field(description="which kind of move (listed above)")
    whose: Whose = Field("you", description="whose allies may be picked")
    optional: bool = Field(True, description='the effect may be declined ("you may")')


class ChooseOne(Strict):
    """The controller picks one option; its effects happen."""

    harms: ClassVar[bool] = False
    effect: Literal["choose_one"]
    options: dict[str, list["Effect"]] = Field(
        description="a label for each option, with the effects it brings")


class OnCounterattack(Strict):
    """A payment power's delayed effect: when this strike counterattacks (from
    this ally's zone, for an ally's power), these effects happen."""

    harms: ClassVar[bool] = False
    effect: Literal["on_counterattack"]
    effects: list["Effect"] = Field(description="what happens at the counterattack")
    from_charged_zone: bool = Field(
        False,
        description="only when the counterattack comes from a charged zone")


class ChangeDefendingZone(Strict):
    """Defend one zone higher or lower from now on (Yip Yip!)."""

    harms: ClassVar[bool] = False
    effect: Literal["change_defending_zone"]
    step: Literal[-1, 1] = Field(description="-1 moves the defence one zone up, 1 one zone down")


class MoveThis(Strict):
    """This strike moves to another zone, and you defend there (Zoom!)."""

    harms: ClassVar[bool] = False
    effect: Literal["move_this"]
    to: Literal["up", "down", "red"] = Field(
        description="one zone up, one down, or to the red zone")


class OnlyIf(Strict):
    """These effects happen only if the condition holds when it resolves
    ("if this zone is already charged, ...")."""

    harms: ClassVar[bool] = False
    effect: Literal["only_if"]
    when: "Condition" = Field(description="the condition, tested as the effect resolves")
    effects: list["Effect"] = Field(description="what happens when it holds")


class Grant(Strict):
    """A static the source gives to a card: the strike it works on (this
    strike, or an ally's zone's strike), or the advantage itself for a
    choice made when it was played (Sculpted Flame). It lasts while that
    card is in play."""

    harms: ClassVar[bool] = False
    effect: Literal["grant"]
    static: "Static" = Field(description="the static that is given")


class SearchDeck(Strict):
    """Search your deck for a card and put it into an empty ally space."""

    harms: ClassVar[bool] = False
    effect: Literal["search_deck"]
    card: str = Field(description="the id of the card searched for")
    optional: bool = Field(True, description='the effect may be declined ("you may")')


class ForceReflip(Strict):
    """Pay this, and the opponent's card just flipped goes to their discard
    pile and they flip again in that zone (Rain of Fire)."""

    harms: ClassVar[bool] = True
    effect: Literal["force_reflip"]
    green: int = Field(0, description="green energy in the price")
    yellow: int = Field(0, description="yellow energy in the price")
    red: int = Field(0, description="red energy in the price")


Effect = Annotated[
    Modify
    | AddEnergy
    | EliminateEnergy
    | EliminateAlly
    | Charge
    | Uncharge
    | MoveEnergy
    | LookAtTop
    | RevealTop
    | MoveAlly
    | ChooseOne
    | OnCounterattack
    | ChangeDefendingZone
    | MoveThis
    | OnlyIf
    | Grant
    | SearchDeck
    | ForceReflip,
    Field(discriminator="effect"),
]


class EffectCoverageError(RuntimeError):
    """An effect kind of the language lacks something every kind declares."""


def effect_types() -> tuple[type[Strict], ...]:
    """Every effect kind of the language, in the order `Effect` lists them."""
    union = get_args(Effect)[0]  # Annotated[A | B | ..., Field(...)]
    return get_args(union)


def check_covered(table: Mapping[type, object], what: str) -> None:
    """Fail, naming the effect kinds, unless `table` has one entry (`what`:
    its words, its value to a computer player) for each kind and none for
    anything else: the check a module filling such a table runs when it is
    imported, as the engine does for its handlers, so that a new kind
    forgotten there stops the program at once instead of being said or
    valued wrongly in the middle of a game."""
    known = effect_types()
    missing = [m.__name__ for m in known if m not in table]
    stray = [m.__name__ for m in table if m not in known]
    if missing or stray:
        parts = ([f"no {what} for {', '.join(missing)}"] if missing else []) + (
            [f"{what} for types outside the language: {', '.join(stray)}"] if stray else [])
        raise EffectCoverageError("effect " + what + ": " + "; ".join(parts))


def check_declared(kinds: tuple[type, ...] | None = None) -> None:
    """Fail, naming the kind, unless each effect kind says itself whether it
    `harms`: takes something (energy, an ally, a charge, the card just
    flipped) from the player whose things it touches."""
    for kind in effect_types() if kinds is None else kinds:
        if not isinstance(vars(kind).get("harms"), bool):
            raise EffectCoverageError(
                f"effect {kind.__name__} does not say whether it harms (`harms: ClassVar[bool]`)")

# ---------------------------------------------------------------- statics


class Condition(Strict):
    """When a static applies. Every field given must hold."""

    this_zone_charged: bool | None = Field(
        None,
        description="the zone the source is in is charged (true) or not (false)")
    in_charged_zone: bool | None = Field(
        None,
        description="the strike affected is in a charged zone (or not)")
    in_zone: Zone | None = Field(None, description="the strike affected is in this zone")
    ally_in_zone: bool | None = Field(None,
                                      description="you have an ally in the zone concerned (or not)")
    vs_force_at_most: int | None = Field(
        None,
        description="the attack being stopped, or stopped last, has at most this force")
    opponent_defending_in: Zone | None = Field(None,
                                               description="the opponent defends in this zone")
    opponent_defending: bool | None = Field(None, description="the opponent is defending (or not)")


class Strength(Strict):
    """Continuous +/- force and intercept (R12.7).

    `applies`: `this` card; `your_strikes` (advantages: every strike of yours,
    signature moves included); `zone_strikes` (allies: your strikes in the
    ally's zone, never a signature move, R8.2); `opponent_strikes`."""

    static: Literal["strength"]
    applies: Literal["this", "your_strikes", "zone_strikes", "opponent_strikes"] = Field(
        "this",
        description="which strikes it changes (listed above)")
    force: int = Field(0, description="force added (a negative number takes it away)")
    intercept: int = Field(0, description="intercept added (a negative number takes it away)")
    per: Literal["ally"] | None = Field(None, description="multiplied by the number of your allies")
    when: Condition = Field(Condition.model_construct(),
                            description="it counts only while this holds")


class ExtraCost(Strict):
    """The opponent's strikes cost this much more."""

    static: Literal["extra_cost"]
    green: int = Field(0, description="extra green energy each of the opponent's strikes costs")
    yellow: int = Field(0, description="extra yellow energy each of the opponent's strikes costs")
    red: int = Field(0, description="extra red energy each of the opponent's strikes costs")


Restricted = Literal[
    "charge", "uncharge", "focus", "pitch", "signature",
    "move_allies", "eliminate_allies", "play_in_green",
]


class Restrict(Strict):
    """Something a player cannot do (R12.3: "cannot" beats "can")."""

    static: Literal["restrict"]
    who: Literal["you", "opponent"] = Field("opponent", description="the player it binds")
    what: list[Restricted] = Field(description="what that player cannot do")
    when: Condition = Field(Condition.model_construct(),
                            description="it binds only while this holds")


class SkipZones(Strict):
    """The opponent skips defending in these zones."""

    static: Literal["skip_zones"]
    zones: list[Zone] = Field(description="the zones the opponent does not defend in")


class GrantReflip(Strict):
    """Cards gain a reflip cost: your strikes in this ally's zone, all your
    cards, or the opponent's cards. `eliminate_source`: the reflip's cost is
    eliminating the granting card (Pai Sho Mastery)."""

    static: Literal["grant_reflip"]
    to: Literal["zone_strikes", "your_cards", "opponent_cards"] = Field(
        description="which cards gain the reflip")
    green: int = Field(0, description="green energy in the reflip's cost")
    yellow: int = Field(0, description="yellow energy in the reflip's cost")
    red: int = Field(0, description="red energy in the reflip's cost")
    eliminate_source: bool = Field(
        False,
        description="the reflip is paid by eliminating the card that grants it")


class GrantPower(Strict):
    """Strikes gain a payment power: the opponent's strikes, or yours in this
    ally's zone (Shadow of the Boulder)."""

    static: Literal["grant_power"]
    to: Literal["opponent_strikes", "zone_strikes", "your_strikes"] = Field(
        description="which strikes gain it")
    power: "Power" = Field(description="the payment power gained")


class GrantTrigger(Strict):
    """Your strikes in this ally's zone gain a triggered effect (King Bumi)."""

    static: Literal["grant_trigger"]
    to: Literal["zone_strikes"] = Field("zone_strikes", description="which strikes gain it")
    trigger: "Trigger" = Field(description="the triggered effect gained")


Static = Annotated[
    Strength | ExtraCost | Restrict | SkipZones | GrantReflip | GrantPower | GrantTrigger,
    Field(discriminator="static"),
]

# ---------------------------------------------------------------- powers


class PowerCost(Strict):
    """The cost of a payment power (R7.2): energy, intercept, pitch, or an
    elimination, uncharge or move. Several parts may be combined."""

    green: int = Field(default=0, ge=0, description="green energy to pay")
    yellow: int = Field(default=0, ge=0, description="yellow energy to pay")
    red: int = Field(default=0, ge=0, description="red energy to pay")
    intercept: int = Field(default=0, ge=0, description="intercept this strike gives up")
    pitch: bool = Field(False, description="the card is pitched (the pitch power)")
    eliminate_ally: bool = Field(False, description="one of your allies is eliminated")
    eliminate_energy_here: bool = Field(False,
                                        description="an energy in the source's zone is eliminated")
    uncharge: Literal["this", "other"] | None = Field(
        None,
        description="this zone, or another of yours, is uncharged")
    move: Literal["up", "down", "red"] | None = Field(
        None,
        description="this strike moves one zone up, one down, or to the red zone")
    turn_chamber_to_front: bool = Field(
        False,
        description="your chamber, now on its back, is turned to its front")


class Power(Strict):
    """A payment power (R7.1): pay its cost, and its effects happen. The pitch
    power (R7.5) has the same shape, with `pitch = true` in its cost."""

    cost: PowerCost = Field(description="what using it costs")
    effects: list[Effect] = Field(description="what it does")
    limit: Literal["once", "once_per_turn"] | None = Field(
        None,
        description="how often it may be used: once, or once each turn")
    only_in: list[Zone] | None = Field(
        None,
        description="it may be used only while defending in these zones")


# ---------------------------------------------------------------- triggers

# What each trigger event means; `Event` is exactly these keys.
EVENTS: dict[str, str] = {
    "counterattack": "you counterattack with this card, or from this ally's zone",
    "opponent_focuses": "each time the opponent focuses",
    "opponent_counterattacks": "the opponent counterattacks from a zone",
    "flip_in_zone": "you flip a card in this ally's zone",
    "before_flip_in_zone": "you are about to flip in this ally's zone",
    "flipped": "this card was just flipped",
    "you_flip": "you flip any card",
    "opponent_flips": "the opponent flips a card",
    "opponent_plays_card": "the opponent plays a card in a zone",
    "opponent_charges": "the opponent charges one of their zones",
}
Event = Literal[
    "counterattack", "opponent_focuses", "opponent_counterattacks", "flip_in_zone",
    "before_flip_in_zone", "flipped", "you_flip", "opponent_flips", "opponent_plays_card",
    "opponent_charges",
]


class Trigger(Strict):
    """Effects that happen by themselves when an event occurs; several at
    once are ordered by the player whose turn it is (R12.2)."""

    on: Event = Field(description="the event it waits for")
    effects: list[Effect] = Field(description="what happens")
    from_charged_zone: bool = Field(False, description="counterattack: only from a charged zone")
    from_zone: Zone | None = Field(None, description="opponent_counterattacks: only from this zone")
    when: Condition = Field(Condition.model_construct(),
                            description="it happens only while this holds")


# The models refer to each other through the names above; with defer_build
# (model/common.py) pydantic resolves them when a model first validates, so
# importing this module builds no validator.

check_declared()  # every effect kind says whether it harms
