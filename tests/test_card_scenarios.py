"""Card scenarios: one scenario file per implemented card with rules text.

Each `tests/scenarios/<card_id>.toml` (docs/notation.md format) plays the card's
effect out in a game fixed by complete decks, checks the view numbers that prove
it, and, where the card has a limit ("once", "once per turn") or a restriction
("cannot"), shows that the limit holds. Replaying them all here keeps every
card's text honest; the coverage test makes a newly implemented card without a
scenario fail."""

from __future__ import annotations

from pathlib import Path

import pytest

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.notation.replay import replay
from avatar_tui.notation.scenario import load_scenario

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.toml"))

# What makes a card "have rules text" in the effect language (cards/README.md).
EFFECT_KEYS = ("powers", "pitch", "statics", "triggers", "on_play")


def _has_rules_text(card: object) -> bool:
    return any(getattr(card, key, None) for key in EFFECT_KEYS)


def _cards_needing_scenarios() -> dict[str, str]:
    """Card id -> "deck" or "signature", for every implemented card with rules text."""
    catalog = default_catalog()
    wanted = {cid: "deck" for cid, card in catalog.cards.items()
              if card.implemented and _has_rules_text(card)}
    wanted.update({mid: "signature" for mid, move in catalog.signatures.items()
                   if move.implemented and _has_rules_text(move)})
    return wanted


def test_there_are_scenarios():
    assert FILES, f"no scenario files in {SCENARIOS}"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_replays(path: Path):
    scenario = load_scenario(path)
    assert scenario.title, "a scenario's title says what it shows"
    result = replay(scenario)
    assert result.failures == []
    assert result.applied == len(scenario.lines)


def test_every_card_with_rules_text_has_a_scenario():
    have = {p.stem for p in FILES}
    missing = sorted(set(_cards_needing_scenarios()) - have)
    assert missing == [], (
        f"implemented cards with rules text but no tests/scenarios/<id>.toml: {missing}")


@pytest.mark.parametrize("card_id,kind", sorted(_cards_needing_scenarios().items()))
def test_scenario_plays_its_card(card_id: str, kind: str):
    """A card's scenario really puts that card into the game: a deck card is in
    a deck, a signature move is checked as the incoming attack."""
    path = SCENARIOS / f"{card_id}.toml"
    if not path.exists():
        pytest.skip("reported by test_every_card_with_rules_text_has_a_scenario")
    scenario = load_scenario(path)
    if kind == "deck":
        catalog = default_catalog()
        decks = [catalog.canonical(c) for p in (scenario.setup.p1, scenario.setup.p2)
                 for c in p.deck]
        assert card_id in decks
    else:
        checked = {e.equals for e in scenario.expects if e.path == "incoming.card"}
        assert card_id in checked
