"""Every legal action round-trips (docs/notation.md): over random games between
random pairs of house decks (and, every third game, random decks: 40 cards
any chamber may use, R13.2-R13.3, at most 4 copies), every action the engine accepts prints in the
notation and reads back as the same action, the save written at every
point replays to the same state, and undo (where it is offered) gives back
the state before the last action.

A handful of games by default; `AVATAR_TUI_LONG=1` plays thousands
(tests/depth.py)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from depth import depth

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.cardlib.legality import MAX_COPIES, may_use
from avatar_tui.engine import apply, can_undo, legal_actions, new_game, undo
from avatar_tui.model.actions import parse_action
from avatar_tui.model.state import GameSetup, GameState, PlayerSetup
from avatar_tui.notation.save import replay_scenario, scenario_text
from avatar_tui.notation.scenario import parse_scenario

GAMES = depth(6, 2000)
MAX_ACTIONS = 400  # a game longer than this is cut (every point is still checked)
SAVE_EVERY = 7  # a save round trip every few actions (and at the end): replays cost O(n)


def house_chambers() -> list[str]:
    return sorted(d.chamber for d in default_catalog().decks.values() if d.starter)


def random_deck(rnd: random.Random) -> PlayerSetup:
    catalog = default_catalog()
    chamber = rnd.choice(sorted(catalog.chambers.values(), key=lambda c: c.id))
    pool = sorted(card.id for card in catalog.cards.values()
                  if card.implemented and may_use(card, chamber))
    deck: list[str] = []
    while len(deck) < 40:
        card = rnd.choice(pool)
        if deck.count(card) < MAX_COPIES:
            deck.append(card)
    return PlayerSetup(chamber=chamber.id, deck=deck, complete=True)


def same(a: GameState, b: GameState) -> bool:
    return a.model_dump_json() == b.model_dump_json()


def save_round_trip(state: GameState) -> GameState:
    text = scenario_text(state)
    return replay_scenario(parse_scenario(text, Path("roundtrip.toml")))[0]


def play_and_check(seed: int) -> list[str]:
    """One random game; returns the actions made (in notation). Fails on the
    first action, save or undo that does not round-trip."""
    rnd = random.Random(seed)
    if seed % 3 == 2:
        setup = GameSetup(catalog=default_catalog(),
                          seed=seed, p1=random_deck(rnd), p2=random_deck(rnd))
    else:
        chambers = house_chambers()
        setup = GameSetup(catalog=default_catalog(),
                          seed=seed, p1=PlayerSetup(chamber=rnd.choice(chambers)),
                          p2=PlayerSetup(chamber=rnd.choice(chambers)))
    state, _ = new_game(setup)
    made: list[str] = []
    for step in range(MAX_ACTIONS):
        legal = legal_actions(state)
        if not legal:
            break
        action = rnd.choice(legal)
        text = str(action)
        assert parse_action(text) == action, f"game {seed}: {text!r} reads back differently"
        before = state
        state, _ = apply(state, action)
        made.append(text)
        assert str(state.history[-1].action) == text
        if can_undo(state):
            assert same(undo(state), before), f"game {seed}: undo of {text!r} differs"
        if step % SAVE_EVERY == 0 or action.paid is not None:
            assert same(save_round_trip(state), state), \
                f"game {seed}: the save after {text!r} replays differently"
    assert same(save_round_trip(state), state), f"game {seed}: the final save differs"
    return made


# Games known to pitch with an overpay (R6.3, R7.5), such as `pitch y=1`
# (found again for the house decks, and after the R7.3 fix changed random games).
PITCH_OVERPAY_SEEDS = [47, 1537]


@pytest.mark.parametrize("seed", sorted(set(range(GAMES)) | set(PITCH_OVERPAY_SEEDS)))
def test_random_games_round_trip(seed):
    made = play_and_check(seed)
    if seed in PITCH_OVERPAY_SEEDS:  # the regression still plays what it is kept for
        assert any(m.split()[1] == "pitch" and "=" in m for m in made)


def test_a_pitch_overpay_round_trips():
    """A "green + pitch" cost paid in yellow (R6.3, R7.5) was accepted by
    the engine but its notation, `pitch y=1`, was refused when read back:
    the save of such a game could not be resumed."""
    action = parse_action("p2: pitch y=1")  # docs/notation.md's own example
    assert action.paid is not None and action.paid.yellow == 1
    assert str(action) == "p2: pitch y=1"
