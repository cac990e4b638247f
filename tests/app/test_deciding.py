"""The card being decided on, readable whole without a key, and what `p`
would spend and leave, on the mid-game scenario: Prince Zuko (p2) decides
on Burning Lash in his yellow zone, with green 2, yellow 2, red 3 energy."""

from __future__ import annotations

import pytest
from textual.content import Content

from avatar_tui.engine import Table, legal_actions, look
from avatar_tui.play import describe

from .helpers import make_app, scenario, screen_text

LASH_TEXT = "-4 intercept: on counterattack, opponent uncharges one of their zones."
LASH_POWER = "1 -4 intercept → on a counterattack: uncharge 1 of the opponent's zones"


def plain(markup: str) -> str:
    return Content.from_markup(markup).plain


def panel_words(app) -> str:
    """The words inside the deciding panel on screen, its wrapped lines
    joined: the full layout's kept place, or the panel where it comes and goes."""
    panel = next(w for w in app.screen.query("#place, #deciding") if w.display)
    region = panel.region
    rows = screen_text(app).splitlines()[region.y:region.bottom]
    inside = [row[region.x:region.right].strip("│╭╮╰╯─ ") for row in rows]
    return " ".join(part for part in inside if part)


@pytest.mark.parametrize("size", [(120, 40), (100, 33), (80, 24)])
async def test_the_flipped_cards_text_and_first_power_are_on_screen_whole(size):
    app = make_app(scenario("midgame"))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        words = panel_words(app)
        assert LASH_TEXT in words
        assert LASH_POWER in words
        if size != (80, 24):  # at 80x24 the ally's power is one key away (i)
            assert "a G1 → +1 intercept, once per turn (from Gan Jin Tribe" in words
        assert "Burning Lash" in screen_text(app) and "F 5 (4+1)" in screen_text(app)


async def test_the_panel_leaves_and_the_log_comes_back_once_the_card_is_decided():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#deciding").display
        assert not app.screen.query_one("#log").display  # the panel takes its place
        await pilot.press("d")  # discard Burning Lash: p1 flips next
        await pilot.pause()
        assert not app.screen.query_one("#deciding").display
        assert app.screen.query_one("#log").display
        assert LASH_TEXT not in screen_text(app)


def test_the_pay_preview_says_what_p_spends_and_leaves():
    state, _ = scenario("midgame")
    lk = look(state)
    assert plain(describe.pay_preview(lk)) == "p pays G1 Y2 → leaves G1 Y0 R3"
    words = plain(describe.next_step(state, lk, legal_actions(state)))
    assert words.startswith("p pays G1 Y2 → leaves G1 Y0 R3 · ")


def test_the_preview_says_when_the_cards_own_colours_fall_short():
    state, _ = scenario("overpay")  # Pummel's G2 with no green energy left
    lk = look(state)
    assert lk.payment is None and lk.overpay is not None
    words = plain(describe.next_step(state, lk, legal_actions(state)))
    assert "own colours fall short" in words and "o pays with stronger energy" in words
    assert "p pay" not in words
    assert describe.deciding(Table(state), lk) is not None


def test_the_step_hint_names_only_the_power_keys_the_card_has():
    state, _ = scenario("midgame")  # Burning Lash: one power, and Gan Jin Tribe's in its zone
    words = plain(describe.next_step(state, look(state), legal_actions(state)))
    assert "· 1 power · a ally's power · f focus" in words
    from avatar_tui.cardlib.catalog import default_catalog
    from avatar_tui.engine import apply, new_game
    from avatar_tui.model.actions import parse_action
    from avatar_tui.model.state import GameSetup, PlayerSetup

    # house decks, seed 10486: p1 flips Katara, an ally, whose power cannot be used (R7.3)
    game, _ = new_game(GameSetup(catalog=default_catalog(),
                                 seed=10486, p1=PlayerSetup(chamber="aang"),
                                 p2=PlayerSetup(chamber="prince_zuko")))
    for line in ("p1: open p1", "p1: flip"):
        game, _ = apply(game, parse_action(line))
    lk = look(game)
    assert lk.flipped is not None and "Katara" in Table(game).name(lk.flipped.card)
    words = plain(describe.next_step(game, lk, legal_actions(game)))
    assert "power" not in words and "· f focus · d discard" in words
