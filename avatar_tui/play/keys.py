"""The board's keys, described here only: the game keys (which legal
actions each stands for) and the others (answer, explain, undo, a demo's
steps...), each with its footer label and its help text. The game screen's
bindings, the help screen and the demo's hints are made from these tables.

The app never decides a rule: a key is offered when the engine lists at
least one legal action it stands for; with several (overpayment
allocations, several ally powers) the player picks one in a chooser."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from avatar_tui.model.actions import Action
from avatar_tui.model.common import PlayerId


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
# how a key is named in words (a reason, a hint, the footer)
KEY_NAMES = {"right": "→", "left": "←", "space": "space", "question_mark": "?",
             "pageup": "PgUp", "pagedown": "PgDn"}


def key_name(key: str) -> str:
    return KEY_NAMES.get(key, key)


@dataclass(frozen=True)
class BoardKey:
    """A key of the board that is not a move: its binding (action, id), the
    footer's label, and its help (None: not listed; "": told together with
    the key before it)."""

    key: str
    action: str
    label: str
    help: str | None
    id: str
    show: bool = True  # in the footer (when on)
    demo: bool = False  # a demo's key
    spare: int = 0  # left out of a footer too narrow for every key, highest first


# the demo's steps come first in the footer, the other keys after the game keys
STEP_KEYS: list[BoardKey] = [
    BoardKey("right", "demo_step(1)", "Next", "next", "demo_next", demo=True),
    BoardKey("left", "demo_step(-1)", "Back", "back", "demo_back", demo=True),
]
OTHER_KEYS: list[BoardKey] = [
    BoardKey("c", "choose", "Answer", "answer the pending question (one about your hidden "
             "cards: privately, R1.6)", "choose"),
    BoardKey("e", "explain", "Why?", "explain: every move now, possible or not, and the "
             "engine's reason why", "explain"),
    BoardKey("h", "hint", "Hint", "hint: the expert's best moves, ranked in words (best, a "
             "little weaker...; R1.6)", "hint", spare=2),
    # in a puzzle the same h plays its solution instead (PuzzleMode): the
    # footer names what the key does there
    BoardKey("h", "show_me", "Show me", "in a puzzle: its solution played from the start, "
             "step by step, each step in words with its rule", "show_me", spare=2),
    BoardKey("l", "log", "Log", "select a log line (or click it) to read its rule; escape "
             "leaves the log", "log", spare=3),
    BoardKey("u", "undo", "Undo", "undo your own last action, and the computer's replies "
             "since (never a card turned up)", "undo"),
    BoardKey("v", "moves", "Moves", "look at your own signature moves (the other player "
             "looks away, R1.6)", "moves", spare=1),
    BoardKey("i", "inspect", "Inspect", "inspect a card: the focused one (tab / click) or the "
             "flipped one", "inspect", spare=1),
    BoardKey("space", "demo_step(1)", "Next", "", "demo_next_space", show=False, demo=True),
    BoardKey("a", "demo_auto", "Auto-play", "auto-play", "demo_auto", demo=True),
    BoardKey("a", "demo_stop", "Stop", None, "demo_stop", demo=True),
    BoardKey("p", "take_over", "Take over", "take over", "take_over",
             demo=True),
    BoardKey("pageup", "narration_page(-1)", "Scroll", "scroll", "narration_up",
             show=False, demo=True),
    BoardKey("pagedown", "narration_page(1)", "Scroll", "", "narration_down", show=False,
             demo=True),
    BoardKey("g", "settings", "Settings", "settings: auto-flip, step hints, the colour theme, "
             "the computer's think time", "settings", spare=4),
    BoardKey("question_mark", "help", "Help", "this help", "help"),
    BoardKey("n", "new_game", "New", "new game", "new_game", show=False),  # ? lists it
    BoardKey("q", "quit", "Quit", "quit", "quit"),
]
BOARD_KEYS = STEP_KEYS + OTHER_KEYS
KEY_HELP = {k.id: k.help for k in BOARD_KEYS}


def demo_keys(also: bool = False) -> str:
    """A demo's keys in words: `→ / space next step · ← back · …` (`also`:
    and the keys that work in a demo as in a game)."""
    parts: list[list[str]] = []  # [command, keys, words]
    for k in BOARD_KEYS:
        if k.demo and k.help is not None:
            command = k.action.split("(")[0]
            if k.help:
                parts.append([command, key_name(k.key), k.help])
            else:  # told with the first key of the same command
                part = next(p for p in parts if p[0] == command)
                part[1] += f" / {key_name(k.key)}"
    if also:
        parts += [["", "e", "explain"], ["", "q", "quit"]]
    return " · ".join(f"{keys} {words}" for _, keys, words in parts)


def candidates(name: str, legal: list[Action]) -> list[Action]:
    """The legal actions a game key stands for now (empty: the key is off)."""
    key = BY_NAME.get(name)
    if key is None:
        return []
    return [a for a in legal if key.matches(a)]


def example(name: str, player: PlayerId) -> Action | None:
    """A representative action of a key, to ask the engine why it is not
    legal (the reason shown when an unavailable key is pressed)."""
    simple = {"flip": "flip", "pay": "pay", "focus": "focus", "discard": "discard",
              "reflip": "reflip", "pitch": "pitch", "signature": "signature", "skip": "skip"}
    if name in simple:
        return Action(player=player, verb=simple[name])
    if name.startswith("power_"):
        return Action(player=player, verb="power", number=int(name[6:]))
    if name == "ally_power":
        return Action(player=player, verb="power", number=1, ally=True)
    return None
