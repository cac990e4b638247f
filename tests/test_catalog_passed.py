"""The card catalog a game reads is the one its setup was given (issue 26):
the engine and the model never reach for the installed database
themselves; the entry points (command line, app, network, notation) choose
it and hand it down."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from avatar_tui.cardlib.catalog import Catalog, default_catalog
from avatar_tui.engine import apply, legal_actions, look, new_game, observation
from avatar_tui.model.state import GameSetup, GameState, PlayerSetup

PACKAGE = Path(__file__).resolve().parent.parent / "avatar_tui"


def names_the_global(source: str) -> list[int]:
    """The lines of a module's source that name `default_catalog`, in an
    import or in code (comments and strings do not count)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and node.id == "default_catalog":
            lines.append(node.lineno)
        elif isinstance(node, ast.Attribute) and node.attr == "default_catalog":
            lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and any(
                a.name == "default_catalog" for a in node.names):
            lines.append(node.lineno)
    return sorted(set(lines))


def test_the_name_check_finds_imports_calls_and_attributes() -> None:
    assert names_the_global("from a.b import Catalog, default_catalog\n") == [1]
    assert names_the_global("import a\n\ndef f():\n    return a.default_catalog()\n") == [4]
    assert names_the_global("# default_catalog() in a comment\nx = 'default_catalog'\n") == []


def test_the_engine_and_the_model_never_name_the_installed_catalog() -> None:
    found = []
    for layer in ("engine", "model"):
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            for line in names_the_global(path.read_text(encoding="utf-8")):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{line}")
    assert found == [], "the engine reads the catalog its setup holds, never the global"


# ---- the engine reads the catalog it was given

PLAIN = "knuckle_sandwich"  # a strike with no rules text, in Aang's house deck


def reprinted() -> Catalog:
    """The installed cards, but for a reprint of one plain strike under
    another name and force, and Aang's house deck made of it alone."""
    base = default_catalog()
    card = base.card(PLAIN)
    cards = {**base.cards, PLAIN: card.model_copy(update={"name": "Knuckle Reprint",
                                                          "force": card.force + 7})}
    decks = dict(base.decks)
    aang = base.starter_deck("aang")
    assert aang is not None
    decks = {k: (d.model_copy(update={"cards": {PLAIN: 30}}) if d is aang else d)
             for k, d in decks.items()}
    return Catalog(cards, base.chambers, base.signatures, decks)


def only_plain(catalog: Catalog) -> GameSetup:
    deck = [PLAIN] * 30
    return GameSetup(seed=3, p1=PlayerSetup(chamber="aang", deck=deck, complete=True),
                     p2=PlayerSetup(chamber="prince_zuko", deck=deck, complete=True),
                     catalog=catalog)


def first_flip(setup: GameSetup):
    """The first card flipped when every move is the first legal one: the
    event that says so and the card's printed force as the look reads it."""
    state, events = new_game(setup)
    for _ in range(200):
        for p in look(state).players:
            for z in p.zones:
                if z.flip is not None:
                    said = [e.text for e in events if " flips " in e.text]
                    return said[0], z.flip.printed_force
        state, more = apply(state, legal_actions(state)[0])
        events += more
    raise AssertionError("no card was flipped")


def test_a_game_plays_the_cards_of_the_catalog_its_setup_holds() -> None:
    base = default_catalog()
    said, force = first_flip(only_plain(base))
    assert "Knuckle Sandwich" in said and force == base.card(PLAIN).force
    said, force = first_flip(only_plain(reprinted()))
    assert "Knuckle Reprint" in said and force == base.card(PLAIN).force + 7


def test_an_observation_reads_the_house_deck_of_the_games_catalog() -> None:
    """A house deck (no list) is the catalog's starter deck: what the
    observation takes as the deck's cards comes from the game's catalog."""
    for catalog, pool in ((default_catalog(), None), (reprinted(), (PLAIN,) * 30)):
        state, _ = new_game(GameSetup(seed=5, p1=PlayerSetup(chamber="aang"),
                                      p2=PlayerSetup(chamber="prince_zuko"), catalog=catalog))
        seen = observation(state, "p2")
        assert seen.state.setup.catalog is catalog
        if pool is None:
            assert seen.pools["p1"] != (PLAIN,) * 30
        else:
            assert seen.pools["p1"] == pool


# ---- no catalog: refused, never the global


def test_a_setup_without_a_catalog_is_refused_at_the_engines_door() -> None:
    setup = GameSetup(seed=1, p1=PlayerSetup(chamber="aang"), p2=PlayerSetup(chamber="katara"))
    with pytest.raises(ValueError, match="setup holds no card catalog"):
        new_game(setup)


def test_a_state_read_from_data_takes_the_catalog_from_the_reader() -> None:
    catalog = reprinted()
    state, _ = new_game(only_plain(catalog))
    data = state.model_dump(mode="json")
    assert "catalog" not in data["setup"]  # never in a save or a frame
    again = GameState.model_validate(data, context={"catalog": catalog})
    assert again.setup.catalog is catalog and again == state
    unread = GameState.model_validate(data)  # no reader's catalog
    with pytest.raises(ValueError, match="setup holds no card catalog"):
        legal_actions(unread)


def test_data_that_names_a_catalog_is_refused() -> None:
    data = only_plain(default_catalog()).model_dump(mode="json")
    with pytest.raises(ValueError, match="never carries its card catalog"):
        GameSetup.model_validate({**data, "catalog": {"cards": {}}},
                                 context={"catalog": default_catalog()})


def test_a_rematch_is_played_with_the_cards_of_the_game_before() -> None:
    from avatar_tui.play.controller import GameController
    from avatar_tui.play.headless import Headless
    from avatar_tui.play.referee import Referee

    catalog = reprinted()
    referee = Referee(GameController(), seed=1)
    front = Headless(referee)
    front.run(referee.play(*new_game(only_plain(catalog))))
    front.run(referee.rematch())
    assert referee.session is not None
    assert referee.session.state.setup.seed == 4 and referee.session.state.setup.catalog is catalog


def test_a_rematch_of_a_game_with_its_own_cards_keeps_them() -> None:
    # a scenario's inline cards are part of its setup (docs/notation.md): a
    # rematch deals the same decks, so it needs the same cards
    from avatar_tui.play.controller import GameController
    from avatar_tui.play.headless import Headless
    from avatar_tui.play.referee import Referee
    from tests.support import Play, energy_then

    game = Play(energy_then("big", "boon"), energy_then("big", "friend"), complete=False)
    referee = Referee(GameController(), seed=1)
    front = Headless(referee)
    front.run(referee.play(game.state, game.events))
    front.run(referee.rematch())
    assert referee.session is not None
    again = referee.session.state
    assert again.setup.seed == game.setup.seed + 1
    assert again.setup.cards == game.setup.cards
