"""The status line's second line (the step's keys and `p`'s payment
preview, play/describe.py `next_step`) offers only moves the engine takes:
every key it names has a legal action now, as the footer's keys do
(play/keys.py `candidates`). A property over random games of every house
deck, at every decision met; `AVATAR_TUI_LONG=1` plays many more
(tests/depth.py)."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from depth import depth

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.engine import apply, legal_actions, look, new_game, why_not
from avatar_tui.model.actions import Action
from avatar_tui.model.state import GameSetup, GameState, PlayerSetup
from avatar_tui.play import describe
from avatar_tui.play.controller import GameController
from avatar_tui.play.keys import candidates
from avatar_tui.play.session import Session
from tests.test_roundtrip import house_chambers

GAMES = depth(10, 400)  # the short run: each house deck once on each side
MAX_ACTIONS = 400
MARKUP = re.compile(r"\[/?[^\[\]]*\]")

# the words of the line that offer a key, and the game key each stands for
# (play/keys.py); a number names the power keys `power_N`
OFFERS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"\bspace flips\b"), "flip"),
    (re.compile(r"\bp pays\b"), "pay"),
    (re.compile(r"\bo pays\b"), "overpay"),
    (re.compile(r"\ba ally's power\b"), "ally_power"),
    (re.compile(r"\bf focus\b"), "focus"),
    (re.compile(r"\bd discard\b"), "discard"),
    (re.compile(r"\br reflip\b"), "reflip"),
    (re.compile(r"\bt pitch\b"), "pitch"),
    (re.compile(r"\bs signature\b"), "signature"),
    (re.compile(r"\bk skip\b"), "skip"),
]
POWERS = re.compile(r"\b(\d(?:[-/]\d)*) powers?\b")


def plain(markup: str) -> str:
    return MARKUP.sub("", markup)


def offered(line: str) -> set[str]:
    """The game keys the line offers, by their names in play/keys.py."""
    names = {name for pattern, name in OFFERS if pattern.search(line)}
    for found in POWERS.finditer(line):
        numbers = found.group(1)
        if "-" in numbers:
            first, last = (int(n) for n in numbers.split("-"))
            names |= {f"power_{n}" for n in range(first, last + 1)}
        else:
            names |= {f"power_{n}" for n in numbers.split("/")}
    return names


def asks(line: str) -> bool:
    return "c opens it again" in line or "c asks again" in line


def setup(game: int) -> GameSetup:
    chambers = house_chambers()
    rnd = random.Random(game)
    return GameSetup(catalog=default_catalog(), seed=game,
                     p1=PlayerSetup(chamber=chambers[game % len(chambers)]),
                     p2=PlayerSetup(chamber=rnd.choice(chambers)))


def wrongly_offered(state: GameState, legal: list[Action]) -> list[str]:
    """The keys the line offers that the engine would refuse now."""
    line = plain(describe.next_step(state, look(state), legal))
    wrong = [f"{name} in {line!r}" for name in sorted(offered(line))
             if not candidates(name, legal)]
    if asks(line) and not any(a.verb in ("open", "choose") for a in legal):
        wrong.append(f"c in {line!r}")
    return wrong


def decision(state: GameState) -> str:
    if state.choice is not None:
        return f"choice:{state.choice.kind}"
    return state.phase


@pytest.mark.parametrize("game", range(GAMES))
def test_the_step_hint_offers_only_legal_moves(game):
    state, _ = new_game(setup(game))
    rnd = random.Random(game)
    met: Counter[str] = Counter()
    for _ in range(MAX_ACTIONS):
        legal = legal_actions(state)
        wrong = wrongly_offered(state, legal)
        assert not wrong, (f"game {game}, after {len(state.history)} actions "
                           f"({decision(state)}): offered but refused: {wrong}")
        if not legal:
            break
        met[decision(state)] += 1
        state, _ = apply(state, rnd.choice(legal))
    assert {"flip", "decide", "open"} <= set(met), met  # many kinds of decision were met


def cannot_stop_the_attack() -> GameState:
    """The first decision of a random house game where the flipped card's
    own colours would pay but its intercept is below the incoming force (R5.3)."""
    for game in range(50):
        state, _ = new_game(setup(game))
        rnd = random.Random(game)
        for _ in range(MAX_ACTIONS):
            legal = legal_actions(state)
            if not legal:
                break
            refused = why_not(state, Action(player=state.turn or "p1", verb="pay"))
            if state.phase == "decide" and look(state).payment is not None and \
                    refused is not None and "R5.3" in refused:
                return state
            state, _ = apply(state, rnd.choice(legal))
    raise AssertionError("no random game met a card too weak to stop the attack")


def test_the_screens_hint_does_not_offer_p_for_a_card_that_cannot_stop_the_attack():
    game = GameController()
    game.session = Session(cannot_stop_the_attack())
    words = plain(game.shown_hint or "")
    assert "f focus" in words and "d discard" in words  # the step's keys, from its legal list
    assert "p pay" not in words and "pay" not in offered(words)
