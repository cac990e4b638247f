"""R7.1/R7.3 as a property of random games with every house deck: which
payment powers `legal_actions` offers.

- `power N` only for a face-up strike in the flip space, or a signature
  move at its step (R7.3, R10.1); a flipped ally or advantage offers none;
- `power ally N` only for an ally in the ally space of the zone where the
  defender's flipped strike is (R7.3), never at the signature step (R8.2);
- a limited power is not offered again within its limit (R7.1): a strike's
  while it stays flipped, an ally's "once per turn" until a turn begins.

Short by default; AVATAR_TUI_LONG=1 plays many more games (tests/depth.py)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from depth import depth

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.engine import apply_in_place, legal_actions, new_game
from avatar_tui.engine.powers import powers_of
from avatar_tui.engine.table import Table
from avatar_tui.model.cards import StrikeCard
from avatar_tui.model.state import GameSetup, PlayerSetup

HOUSE = sorted(p.stem for p in (Path(__file__).parent.parent / "cards" / "decks").glob("*.toml"))
GAMES = depth(20, 400)


def offered_power_is_allowed(t: Table, a) -> str | None:
    """Why this offered power breaks R7.3, or None."""
    state = t.state
    if state.phase == "signature":
        return "an ally's power at the signature step" if a.ally else None
    player = t.player(a.player)
    zone = player.defending
    face = t.zone(a.player, zone).flip if zone is not None else None
    if face is None:
        return "a power with no flipped card"
    if not isinstance(t.card(face.card), StrikeCard):
        return f"a power while {face.card}, not a strike, is flipped"
    if a.ally and t.zone(a.player, zone).ally is None:
        return f"an ally's power with no ally in the {zone} ally space"
    return None


@pytest.mark.parametrize("game_no", range(GAMES))
def test_powers_are_offered_only_where_r7_3_allows_and_within_r7_1s_limits(game_no):
    rng = random.Random(game_no)
    p1, p2 = rng.choice(HOUSE), rng.choice(HOUSE)
    state, _ = new_game(GameSetup(catalog=default_catalog(),
                                  seed=10_000 + game_no, p1=PlayerSetup(chamber=p1),
                                  p2=PlayerSetup(chamber=p2)))
    spent: set[tuple] = set()  # limited powers used, keyed by what their limit spans
    for _ in range(2000):
        legal = legal_actions(state)
        if not legal:
            break
        t = Table(state)
        for a in legal:
            if a.verb != "power":
                continue
            why = offered_power_is_allowed(t, a)
            assert why is None, f"{p1} v {p2}, {a}: {why}"
            assert limit_key(t, a) not in spent, f"{p1} v {p2}, {a}: offered past its limit"
        action = rng.choice(legal)
        if action.verb == "power" and state.phase != "signature":
            _, power = powers_of(t, action.player, action.ally)[action.number - 1]
            if power.limit is not None:
                spent.add(limit_key(t, action))
        apply_in_place(state, action)
    assert state.phase == "over", "the game should have ended"


def limit_key(t: Table, a) -> tuple:
    """What a limited power's use spans: the strike while it is flipped (one
    turn), or the ally for this turn."""
    zone = t.player(a.player).defending
    here = t.zone(a.player, zone) if zone is not None else None
    card = (here.ally.card if a.ally and here.ally else here.flip.card if here and here.flip
            else None)
    return (a.player, t.state.turn_number, zone, card, a.ally, a.number)
