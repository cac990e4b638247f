"""Keys for the rarer moves: the signature move, an ally's power; the deck
clicked to flip; the board without colours (NO_COLOR)."""

from __future__ import annotations

from avatar_tui.engine import legal_actions
from avatar_tui.tui.board import ZoneRow

from .helpers import find_state, make_app, scenario, screen_text

SIZE = (120, 40)


def signature_playable(state) -> bool:
    return state.phase == "signature" and any(
        a.verb == "signature" for a in legal_actions(state))


async def test_s_plays_the_signature_move_and_the_board_shows_it():
    state = find_state(signature_playable)
    app = make_app((state, []))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        pid = state.turn
        assert "with the signature move" in screen_text(app)
        await pilot.press("s")
        await pilot.pause()
        while app.session.state.choice is not None and app.session.state.turn == pid:
            await pilot.press("1")  # a question the move's effects ask
            await pilot.pause()
        after = app.session.state
        assert str(after.history[len(state.history)].action).startswith(f"{pid}: signature")
        assert not any(z.charged for z in after.players[pid].zones.values())  # R10.1
        move = app.session.table.name(after.players[pid].chamber.move.card)
        assert f"↻ {move}" in screen_text(app)


async def test_a_ally_power_key_uses_the_zones_ally():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        assert str(app.session.state.history[-1].action) == "p2: power ally 1"
        assert "uses Gan Jin Tribe" in screen_text(app)


async def test_clicking_the_deck_flips():
    state, events = scenario("opening")
    app = make_app((state, events))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1")  # p1 defends the opening attack
        await pilot.pause()
        row = next(r for r in app.screen.query(ZoneRow)
                   if r.owner == "p1" and r.zone == "yellow")
        await pilot.click(row.query_one(".charge-space"))
        await pilot.pause()
        assert str(app.session.state.history[-1].action) == "p1: flip"


async def test_without_colours_every_zone_and_charge_is_still_named(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(scenario("midgame"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.no_color
        text = screen_text(app)
        for zone in ("GREEN", "YELLOW", "RED"):
            assert zone in text
        assert "CHARGED" in text and "uncharged" in text
        assert "▶ YELLOW" in text  # the zone being defended, marked by text too
