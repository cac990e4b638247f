"""The heuristic computer player: simple rules of thumb on top of the legal
actions, reading only its observation (R1.6).

- the signature move whenever it may (R4.3, R10.1);
- a strike that stops the attack is played, the cheapest payment first
  (a legal `pay` is exactly "it stops the attack and is affordable", R5.3);
- otherwise a payment power (of the card or of the ally in the zone) that
  makes a counterattack possible, found by trying it, alone or in a pair,
  on a copy of the observation (R7.1-R7.3);
- advantages and allies are played when affordable (R5.4, R5.5);
- a card that cannot be played: reflipped in the red zone (R7.4, where not
  stopping the attack gives up a point), pitched when the pitch hurts the
  opponent or charges a zone (R7.5), else focused, discarded only when
  focusing is forbidden (R5.6);
- questions: harm the opponent's things (eliminate, uncharge), help its own
  (charge, add), "none" only when every other answer hurts it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from avatar_tui.engine import Observation, Table, clone, legal_actions, look, playout_apply
from avatar_tui.model import effects as fx
from avatar_tui.model.actions import Action
from avatar_tui.model.cards import AdvantageCard, AllyCard, StrikeCard
from avatar_tui.model.common import ZONES, Zone
from avatar_tui.model.effects import (
    Charge,
    ChooseOne,
    EliminateAlly,
    EliminateEnergy,
    Modify,
    MoveAlly,
    MoveEnergy,
    OnCounterattack,
    Power,
    RevealTop,
    Uncharge,
)
from avatar_tui.model.options import (
    DISCARD,
    KEEP,
    REPLACE,
    Decline,
    Named,
    Option,
    Order,
    Reflip,
    Target,
    TopCard,
)
from avatar_tui.model.state import ResolveStep

COLOUR_RANK = {"green": 1, "yellow": 2, "red": 3}  # R6.1


class HeuristicBot:
    kind = "heuristic"
    observes = True

    # Who defends the opening attack (R2.4, R10.5). Measured between two
    # heuristic bots over 600 games, seats swapped: making the opponent
    # defend it wins about 74% (they must stop force 4 with three energy).
    OPEN_SELF = False

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)  # ties only; its own generator

    def choose(self, obs: Observation | None, legal: Sequence[Action]) -> Action:
        assert obs is not None, "the heuristic bot reads its observation"
        if len(legal) == 1:
            return legal[0]
        verbs = {a.verb for a in legal}
        if "open" in verbs:
            want = obs.player if self.OPEN_SELF else obs.opponent
            return next(a for a in legal if a.word == want)
        if "choose" in verbs:
            return self._answer(obs, legal)
        if "signature" in verbs or "skip" in verbs:
            return _first(legal, "signature") or _first(legal, "skip") or legal[0]
        return self._decide(obs, legal)

    # ---------------------------------------------------------------- a flipped card

    def _decide(self, obs: Observation, legal: Sequence[Action]) -> Action:
        t = Table(obs.state)
        me = obs.player
        assert me is not None  # a bot plays a seat: it never watches
        zone = obs.state.players[me].defending
        assert zone is not None
        face = obs.state.players[me].zones[zone].flip
        assert face is not None
        card = t.card(face.card)
        pay = _first(legal, "pay")
        if pay is not None:
            if isinstance(card, StrikeCard):
                bonus = self._bonus_power(obs, legal)
                return bonus or pay
            if isinstance(card, AllyCard | AdvantageCard):
                return pay
        if isinstance(card, StrikeCard):
            enabling = self._enabling_power(obs, legal)
            if enabling is not None:
                return enabling
        reflip = _first(legal, "reflip")
        if reflip is not None and zone == "red":
            return reflip
        pitch = _first(legal, "pitch")
        if pitch is not None and zone != "red" and card.pitch is not None \
                and _pitch_is_worth_it(obs, card.pitch, zone):
            return pitch
        return _first(legal, "focus") or _first(legal, "discard") or legal[0]

    def _enabling_power(self, obs: Observation, legal: Sequence[Action]) -> Action | None:
        """A payment power after which (alone, or followed by one more) a
        strike can be paid: tried on copies of the observation."""
        powers = [a for a in legal if a.verb == "power"]
        for first in powers:
            after = _try(obs, first)
            if after is None:
                continue
            state, then = after
            if _first(then, "pay") is not None:
                return first
            for second in (a for a in then if a.verb == "power"):
                again = _try_state(state, second)
                if again is not None and _first(again[1], "pay") is not None:
                    return first
        return None

    def _bonus_power(self, obs: Observation, legal: Sequence[Action]) -> Action | None:
        """With the strike already payable: a power that makes it stronger
        (more force, an effect on counterattack) and costs no energy, no
        ally and no charge, when the strike stays payable after it."""
        numbered = look(obs.state)  # the engine's numbering, granted powers included
        for action in legal:
            if action.verb != "power":
                continue
            shown = numbered.power(action.number or 0, action.ally)
            if shown is None or not _free_and_good(shown.power):
                continue
            after = _try(obs, action)
            if after is not None and _first(after[1], "pay") is not None:
                return action
        return None

    # ---------------------------------------------------------------- questions

    def _answer(self, obs: Observation, legal: Sequence[Action]) -> Action:
        choice = obs.state.choice
        assert choice is not None
        t = Table(obs.state)
        options = [choice.option(a.word) for a in legal]
        if choice.kind == "ally" and set(options) == {REPLACE, KEEP}:
            return self._replace_or_keep(obs, t, legal)
        effect = choice.step.effect if isinstance(choice.step, ResolveStep) else None
        scored = [(self._score(obs, t, effect, option), i, a)
                  for i, (option, a) in enumerate(zip(options, legal, strict=True))]
        best = max(s for s, _, _ in scored)
        tied = [a for s, _, a in scored if s == best]
        return tied[0]

    def _replace_or_keep(self, obs: Observation, t: Table, legal: Sequence[Action]) -> Action:
        me = obs.player
        assert me is not None  # a bot plays a seat: it never watches
        zone = obs.state.players[me].defending
        assert zone is not None
        zs = obs.state.players[me].zones[zone]
        new = t.card(zs.flip.card) if zs.flip else None
        old = t.card(zs.ally.card) if zs.ally else None
        replace = new is not None and old is not None and new.cost.total >= old.cost.total
        return next(a for a in legal if a.word == (REPLACE if replace else KEEP).word)

    def _score(self, obs: Observation, t: Table, effect, option: Option | None) -> float:
        """How much an answer helps this bot: > 0 good, 0 for "none",
        < 0 when it hurts (the bot is made to eliminate its own things)."""
        me = obs.player
        if option is None or isinstance(option, Decline):
            return 0.0
        if isinstance(effect, ChooseOne) and isinstance(option, Named):
            return 1.0 + _effects_value(effect.options.get(option.name, []))
        if isinstance(option, Target):
            owner, zone = option.who, option.zone
            ours = 1 if owner == me else -1
            if isinstance(effect, EliminateEnergy):
                return -ours * (5 + (COLOUR_RANK[zone] if ours < 0 else -COLOUR_RANK[zone]))
            if isinstance(effect, EliminateAlly):
                value = _ally_value(obs, t, owner, zone)
                return -ours * (5 + (value if ours < 0 else -value))
            if isinstance(effect, Charge):
                return ours * 5.0
            if isinstance(effect, Uncharge):
                return -ours * 5.0
            if isinstance(effect, MoveAlly) and effect.mode == "to_deck_top":
                return -ours * 5.0
            if isinstance(effect, MoveAlly) and effect.mode == "to_your_empty" \
                    and option.part == "ally" and owner == me:
                return 1.0 - _ally_value(obs, t, owner, zone) / 10  # give the least
            if isinstance(effect, MoveEnergy):
                return 1.0
            return 1.0  # moving allies around, a destination: anything but "none"
        if option in (DISCARD, KEEP):
            return self._discard_or_keep(obs, t, effect, option == KEEP)
        # a card: the best on top; a reflip by the best card; the group of
        # effects of the best card first (a card's second group is no card)
        card = option.card if isinstance(option, TopCard) else \
            option.source if isinstance(option, Reflip) else \
            option.label if isinstance(option, Order) else None
        if card is not None and t.catalog.canonical(card) is not None:
            return 1.0 + _card_value(t, card) / 10
        return 1.0  # anything else: the first

    def _discard_or_keep(self, obs: Observation, t: Table, effect, kept: bool) -> float:
        me = obs.player
        assert me is not None  # a bot plays a seat: it never watches
        owner = obs.opponent if isinstance(effect, RevealTop) and effect.whose == "opponent" \
            else me
        deck = obs.state.players[owner].deck
        top = deck[0] if deck else None
        good = (top is not None and t.catalog.canonical(top) is not None
                and _card_value(t, top) >= 10)
        # keep a good card of one's own; discard a good card of the opponent's
        keep = good if owner == me else not good
        return 1.0 if kept == keep else 0.5


# -------------------------------------------------------------------- helpers


def _first(legal: Sequence[Action], verb: str) -> Action | None:
    """The first legal action of a verb: for payments the engine lists the
    plain one, or the overpayment spending least red, first (R6.3)."""
    for a in legal:
        if a.verb == verb:
            return a
    return None


def _try(obs: Observation, action: Action):
    return _try_state(obs.state, action)


def _try_state(state, action: Action):
    """(state after, its legal actions) on a copy, or None when the attempt
    needs a hidden card or asks a question. The action is one of the
    state's legal ones, so the unchecked fast path makes it."""
    after = clone(state)
    try:
        playout_apply(after, action)
    except Exception:  # noqa: BLE001 - a hidden card ("?") cannot be looked up
        return None
    if after.choice is not None:
        return None
    return after, legal_actions(after)


def _free_and_good(power: Power) -> bool:
    cost = power.cost
    if cost.green or cost.yellow or cost.red or cost.pitch or cost.eliminate_ally \
            or cost.eliminate_energy_here or cost.uncharge or cost.move \
            or cost.turn_chamber_to_front:
        return False
    return any((isinstance(e, Modify) and e.force > 0) or isinstance(e, OnCounterattack)
               for e in power.effects)


def _mine(who: str, worth: float) -> float:
    """`worth` when an effect is the controller's own, less when the opponent's."""
    return worth if who == "you" else -worth if who == "opponent" else 0.0


def _nothing(effect) -> float:
    return 0.0


# A rough worth of each effect kind for its controller, to pick an option of
# "choose one": every kind of the language is valued here, as importing
# checks (a new kind stops the program until it is), 0 where the bot sees
# no gain or loss either way.
VALUES: dict[type, Callable[[Any], float]] = {
    fx.Modify: lambda e: e.force + 2 * e.intercept,
    fx.AddEnergy: lambda e: _mine(e.who, 2),
    fx.EliminateEnergy: lambda e: -_mine(e.whose, 3),
    fx.EliminateAlly: lambda e: -_mine(e.whose, 3),
    fx.Uncharge: lambda e: -_mine(e.whose, 3),
    fx.Charge: lambda e: _mine(e.whose, 3),
    fx.OnCounterattack: lambda e: _effects_value(e.effects) / 2,
    fx.MoveEnergy: _nothing,
    fx.LookAtTop: _nothing,
    fx.RevealTop: _nothing,
    fx.MoveAlly: _nothing,
    fx.ChooseOne: _nothing,
    fx.ChangeDefendingZone: _nothing,
    fx.MoveThis: _nothing,
    fx.OnlyIf: _nothing,
    fx.Grant: _nothing,
    fx.SearchDeck: _nothing,
    fx.ForceReflip: _nothing,
}
fx.check_covered(VALUES, "value")


def _effects_value(effects) -> float:
    """A rough worth of a list of effects for their controller."""
    return sum((VALUES[type(e)](e) for e in effects), 0.0)


def _pitch_is_worth_it(obs: Observation, pitch: Power, zone: Zone) -> bool:
    """Pitching instead of focusing (R7.5): worth it when it charges an
    uncharged zone of ours, or takes something the opponent has."""
    me, opp = obs.player, obs.opponent
    assert me is not None  # a bot plays a seat: it never watches
    players = obs.state.players
    for e in pitch.effects:
        if isinstance(e, Charge) and e.whose == "you":
            target = zone if e.zone == "this" else None
            if target is not None and not players[me].zones[target].charged:
                return True
            if target is None and not all(players[me].zones[z].charged for z in ZONES):
                return True
        if isinstance(e, EliminateAlly) and e.whose in ("opponent", "any"):
            if any(players[opp].zones[z].ally is not None for z in ZONES):
                return True
        if isinstance(e, EliminateEnergy) and e.whose in ("opponent", "any"):
            colours = (e.colour,) if e.colour in ZONES else ZONES  # any, this, that: all zones
            if sum(len(players[opp].zones[c].energy) for c in colours) >= 2:
                return True
        if isinstance(e, Uncharge) and e.whose in ("opponent", "any"):
            if any(players[opp].zones[z].charged for z in ZONES):
                return True
    return False


def _ally_value(obs: Observation, t: Table, owner: str, zone: str) -> float:
    ally = obs.state.players[owner].zones[zone].ally  # type: ignore[index]  # owner and zone come from the observation's own keys
    return float(t.card(ally.card).cost.total + 1) if ally is not None else 0.0


def _card_value(t: Table, card_id: str) -> float:
    """How good a card is to flip next: a strike by its intercept (it must
    stop an attack) and force; others by being cheap to play."""
    card = t.card(card_id)
    if isinstance(card, StrikeCard):
        return 2 * card.intercept + card.force - card.cost.total
    return 8 - card.cost.total
