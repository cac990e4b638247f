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

from __future__ import annotations

from typing import Annotated, Literal

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

    fixed: int = 0
    per: Literal["charged_zone", "ally"] | None = None
    each: int = 1


# ---------------------------------------------------------------- effects


class Modify(Strict):
    """This strike gets +/- force and intercept (kept while it stays in play).

    From an ally's power, it goes to the strike in that ally's zone (R7.3)."""

    effect: Literal["modify"]
    force: int = 0
    intercept: int = 0
    # "+X force": add `per` x force (stopped_force: the force of the attack
    # this strike stopped)
    force_per: Literal["stopped_force"] | None = None


class AddEnergy(Strict):
    """Add energy (R6.4) to a zone: `who` adds, `count` of them."""

    effect: Literal["add_energy"]
    zone: Literal["green", "yellow", "red", "this", "that", "each"] = "green"
    count: int | Count = 1
    who: Literal["you", "opponent", "each"] = "you"


class EliminateEnergy(Strict):
    """Eliminate energy (R7.6): face up onto its owner's discard pile."""

    effect: Literal["eliminate_energy"]
    whose: Whose = "opponent"
    colour: Literal["green", "yellow", "red", "any", "this", "that"] = "any"
    count: int | Literal["all"] = 1
    up_to: bool = False  # "up to N": the chooser may stop early
    optional: bool = False  # "you may"
    chooser: Chooser = "you"
    then: list[Effect] = []  # "if you do": only after an energy was eliminated


class EliminateAlly(Strict):
    """Eliminate an ally (R7.6); `whose = "this"` is the source ally itself."""

    effect: Literal["eliminate_ally"]
    whose: Literal["you", "opponent", "any", "each", "this"] = "opponent"
    count: int | Literal["all"] = 1
    optional: bool = False
    chooser: Chooser = "you"
    zone: Literal["that"] | None = None  # only an ally in the event's zone
    then: list[Effect] = []  # "if you do": only after an ally was eliminated


class Charge(Strict):
    """Charge a zone (R11): this one, a fixed colour, or one chosen."""

    effect: Literal["charge"]
    zone: ZoneRef = "this"
    whose: Whose = "you"
    optional: bool = False
    chooser: Chooser = "you"
    other_than_this: bool = False  # "one of your other zones"


class Uncharge(Strict):
    """Uncharge a zone (R11): `count = "all"` uncharges every matching zone."""

    effect: Literal["uncharge"]
    zone: ZoneRef = "choose"
    whose: Whose = "opponent"
    count: int | Literal["all"] = 1
    optional: bool = False
    chooser: Chooser = "you"
    other_than_this: bool = False  # "one of your other zones"
    then: list[Effect] = []  # "if you do": only after a zone was uncharged


class MoveEnergy(Strict):
    """Move one of your energy from one zone's stack to another's."""

    effect: Literal["move_energy"]
    source: Zone
    to: Zone
    count: int = 1
    optional: bool = False


class LookAtTop(Strict):
    """Look at the top cards of your deck, then: put them back in any order,
    keep one on top and discard the rest, or discard the top one if you like."""

    effect: Literal["look_at_top"]
    count: int = 1
    then: Literal["reorder", "keep_one", "may_discard"] = "reorder"


class RevealTop(Strict):
    """Turn a deck's top card face up; optionally the controller may have it discarded."""

    effect: Literal["reveal_top"]
    whose: Literal["you", "opponent"] = "opponent"
    may_discard: bool = False


class MoveAlly(Strict):
    """Move allies between ally spaces, or off the board.

    `to_empty`: one ally to an empty ally space of the same player;
    `swap_with_this`: this ally trades places with another of yours;
    `rearrange`: put your allies in any zones, one per zone;
    `to_deck_top`: an ally goes on top of its owner's deck;
    `to_your_empty`: its owner moves one of their allies into one of *your*
    empty ally spaces (control changes, ownership does not);
    `to_this_zone`: one of your allies moves into this card's (empty) zone."""

    effect: Literal["move_ally"]
    mode: Literal["to_empty", "swap_with_this", "rearrange", "to_deck_top", "to_your_empty",
                  "to_this_zone"]
    whose: Whose = "you"
    optional: bool = True


class ChooseOne(Strict):
    """The controller picks one option; its effects happen."""

    effect: Literal["choose_one"]
    options: dict[str, list[Effect]]


class OnCounterattack(Strict):
    """A payment power's delayed effect: when this strike counterattacks (from
    this ally's zone, for an ally's power), these effects happen."""

    effect: Literal["on_counterattack"]
    effects: list[Effect]
    from_charged_zone: bool = False


class ChangeDefendingZone(Strict):
    """Defend one zone higher or lower from now on (Yip Yip!)."""

    effect: Literal["change_defending_zone"]
    step: Literal[-1, 1]


class MoveThis(Strict):
    """This strike moves to another zone, and you defend there (Zoom!)."""

    effect: Literal["move_this"]
    to: Literal["up", "down", "red"]


class OnlyIf(Strict):
    """These effects happen only if the condition holds when it resolves
    ("if this zone is already charged, ...")."""

    effect: Literal["only_if"]
    when: Condition
    effects: list[Effect]


class Grant(Strict):
    """A static the source gives to a card: the strike it works on (this
    strike, or an ally's zone's strike), or the advantage itself for a
    choice made when it was played (Sculpted Flame). It lasts while that
    card is in play."""

    effect: Literal["grant"]
    static: Static


class SearchDeck(Strict):
    """Search your deck for a card and put it into an empty ally space."""

    effect: Literal["search_deck"]
    card: str
    optional: bool = True


class ForceReflip(Strict):
    """Pay this, and the opponent's card just flipped goes to their discard
    pile and they flip again in that zone (Rain of Fire)."""

    effect: Literal["force_reflip"]
    green: int = 0
    yellow: int = 0
    red: int = 0


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

# ---------------------------------------------------------------- statics


class Condition(Strict):
    """When a static applies. Every field given must hold."""

    this_zone_charged: bool | None = None  # the zone the source is in
    in_charged_zone: bool | None = None  # the zone of the affected strike
    in_zone: Zone | None = None  # the affected strike is in this zone
    ally_in_zone: bool | None = None  # you have an ally in this zone
    vs_force_at_most: int | None = None  # the attack being (or last) stopped
    opponent_defending_in: Zone | None = None
    opponent_defending: bool | None = None


class Strength(Strict):
    """Continuous +/- force and intercept (R12.7).

    `applies`: `this` card; `your_strikes` (advantages: every strike of yours,
    signature moves included); `zone_strikes` (allies: your strikes in the
    ally's zone, never a signature move, R8.2); `opponent_strikes`."""

    static: Literal["strength"]
    applies: Literal["this", "your_strikes", "zone_strikes", "opponent_strikes"] = "this"
    force: int = 0
    intercept: int = 0
    per: Literal["ally"] | None = None
    when: Condition = Condition.model_construct()


class ExtraCost(Strict):
    """The opponent's strikes cost this much more."""

    static: Literal["extra_cost"]
    green: int = 0
    yellow: int = 0
    red: int = 0


Restricted = Literal[
    "charge", "uncharge", "focus", "pitch", "signature",
    "move_allies", "eliminate_allies", "play_in_green",
]


class Restrict(Strict):
    """Something a player cannot do (R12.3: "cannot" beats "can")."""

    static: Literal["restrict"]
    who: Literal["you", "opponent"] = "opponent"
    what: list[Restricted]
    when: Condition = Condition.model_construct()


class SkipZones(Strict):
    """The opponent skips defending in these zones."""

    static: Literal["skip_zones"]
    zones: list[Zone]


class GrantReflip(Strict):
    """Cards gain a reflip cost: your strikes in this ally's zone, all your
    cards, or the opponent's cards. `eliminate_source`: the reflip's cost is
    eliminating the granting card (Pai Sho Mastery)."""

    static: Literal["grant_reflip"]
    to: Literal["zone_strikes", "your_cards", "opponent_cards"]
    green: int = 0
    yellow: int = 0
    red: int = 0
    eliminate_source: bool = False


class GrantPower(Strict):
    """Strikes gain a payment power: the opponent's strikes, or yours in this
    ally's zone (Shadow of the Boulder)."""

    static: Literal["grant_power"]
    to: Literal["opponent_strikes", "zone_strikes", "your_strikes"]
    power: Power


class GrantTrigger(Strict):
    """Your strikes in this ally's zone gain a triggered effect (King Bumi)."""

    static: Literal["grant_trigger"]
    to: Literal["zone_strikes"] = "zone_strikes"
    trigger: Trigger


Static = Annotated[
    Strength | ExtraCost | Restrict | SkipZones | GrantReflip | GrantPower | GrantTrigger,
    Field(discriminator="static"),
]

# ---------------------------------------------------------------- powers


class PowerCost(Strict):
    """The cost of a payment power (R7.2): energy, intercept, pitch, or an
    elimination, uncharge or move. Several parts may be combined."""

    green: int = Field(default=0, ge=0)
    yellow: int = Field(default=0, ge=0)
    red: int = Field(default=0, ge=0)
    intercept: int = Field(default=0, ge=0)
    pitch: bool = False
    eliminate_ally: bool = False  # one of your allies
    eliminate_energy_here: bool = False  # an energy in the source's zone
    uncharge: Literal["this", "other"] | None = None
    move: Literal["up", "down", "red"] | None = None
    turn_chamber_to_front: bool = False


class Power(Strict):
    cost: PowerCost
    effects: list[Effect]
    limit: Literal["once", "once_per_turn"] | None = None
    only_in: list[Zone] | None = None  # "use only while defending in ..."


# ---------------------------------------------------------------- triggers

Event = Literal[
    "counterattack",  # you counterattack with this card / from this ally's zone
    "opponent_focuses",  # each time the opponent focuses
    "opponent_counterattacks",  # the opponent counterattacks from a zone
    "flip_in_zone",  # you flip a card in this ally's zone
    "before_flip_in_zone",  # you are about to flip in this ally's zone
    "flipped",  # this card was just flipped
    "you_flip",  # you flip any card
    "opponent_flips",  # the opponent flips a card
    "opponent_plays_card",  # the opponent plays a card in a zone
    "opponent_charges",  # the opponent charges one of their zones
]


class Trigger(Strict):
    on: Event
    effects: list[Effect]
    from_charged_zone: bool = False  # counterattack: only from a charged zone
    from_zone: Zone | None = None  # opponent_counterattacks: only from this zone
    when: Condition = Condition.model_construct()  # e.g. flipped into a zone with no ally


# The models refer to each other through the names above; with defer_build
# (model/common.py) pydantic resolves them when a model first validates, so
# importing this module builds no validator.
