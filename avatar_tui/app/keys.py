"""Keys and the engine's actions: which legal actions a key stands for.

The app never decides a rule: a key is offered when the engine lists at
least one legal action it stands for; with several (overpayment
allocations, several ally powers) the player picks one in a chooser."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from avatar_tui.model.actions import Action


@dataclass(frozen=True)
class GameKey:
    key: str  # Textual key name
    name: str  # the binding id and the argument of the `play` action
    label: str  # footer text
    help: str  # help screen text, with rule IDs
    matches: Callable[[Action], bool]
    display: str | None = None  # how the key is shown, when not the key itself


def _verb(verb: str) -> Callable[[Action], bool]:
    return lambda a: a.verb == verb


def _power(n: int) -> Callable[[Action], bool]:
    return lambda a: a.verb == "power" and not a.ally and a.number == n


GAME_KEYS: list[GameKey] = [
    GameKey("space", "flip", "Flip", "flip the top card of your deck into the zone (R5.1)",
            _verb("flip"), "space"),
    GameKey("p", "pay", "Pay", "play the flipped card, paying its cost in its own colours "
            "(R5.3-R5.5, R6)", lambda a: a.verb == "pay" and a.paid is None),
    GameKey("o", "overpay", "Overpay", "pay with stronger energy when a colour is short: "
            "choose the allocation (R6.3)", lambda a: a.verb == "pay" and a.paid is not None),
    *[GameKey(str(n), f"power_{n}", f"Power {n}", f"use payment power {n} of the flipped "
              "card (R7.1-R7.3)", _power(n)) for n in range(1, 10)],
    GameKey("a", "ally_power", "Ally", "use a payment power of the ally in this "
            "zone (R7.3)", lambda a: a.verb == "power" and a.ally),
    GameKey("f", "focus", "Focus", "put the flipped card face down as energy here, "
            "then defend the next zone (R5.6)", _verb("focus")),
    GameKey("d", "discard", "Discard", "discard the flipped card, then defend the next "
            "zone (R5.6)", _verb("discard")),
    GameKey("r", "reflip", "Reflip", "pay the reflip cost and flip again in this zone "
            "(R7.4)", _verb("reflip")),
    GameKey("t", "pitch", "Pitch", "pitch the flipped card for its effect, then defend the "
            "next zone (R7.5)", _verb("pitch")),
    GameKey("s", "signature", "Signature", "defend with your signature move: all three zones "
            "charged (R4.3, R10.1)", _verb("signature")),
    GameKey("k", "skip", "Skip", "do not play the signature move; defend green (R4.3)",
            _verb("skip")),
]

BY_NAME: dict[str, GameKey] = {k.name: k for k in GAME_KEYS}
# the keys of the game itself (moves, answers, undo, a look at one's moves)
GAME_KEY_NAMES = {k.key for k in GAME_KEYS} | {"c", "u", "v"}
# how a key is named in words (a reason, a hint)
KEY_NAMES = {"right": "→", "left": "←", "space": "space", "question_mark": "?",
             "pageup": "PgUp", "pagedown": "PgDn"}


def key_name(key: str) -> str:
    return KEY_NAMES.get(key, key)


def candidates(name: str, legal: list[Action]) -> list[Action]:
    """The legal actions a game key stands for now (empty: the key is off)."""
    key = BY_NAME.get(name)
    if key is None:
        return []
    return [a for a in legal if key.matches(a)]


def example(name: str, player: str) -> Action | None:
    """A representative action of a key, to ask the engine why it is not
    legal (the reason shown when an unavailable key is pressed)."""
    simple = {"flip": "flip", "pay": "pay", "focus": "focus", "discard": "discard",
              "reflip": "reflip", "pitch": "pitch", "signature": "signature", "skip": "skip"}
    if name in simple:
        return Action(player=player, verb=simple[name])  # type: ignore[arg-type]
    if name.startswith("power_"):
        return Action(player=player, verb="power", number=int(name[6:]))  # type: ignore[arg-type]
    if name == "ally_power":
        return Action(player=player, verb="power", number=1, ally=True)  # type: ignore[arg-type]
    return None
