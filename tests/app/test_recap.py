"""Issue 29 point 4 on the screen: the computer's turn stays in a panel
until the player acts, the places it touched carry ✱, the attacking card
⚔ and the defended zone the force it must stop."""

from __future__ import annotations

import pytest

from avatar_tui.bots import BotSeat
from avatar_tui.tui.board import KeptPlace, RecapPanel, ZoneRow

from .helpers import KEY_OF, PREFERRED, key_to_press, make_app, new, screen_text

NEVER = 3600.0


async def until_the_computer_has_flipped(app, pilot) -> None:
    """p1 plays by keys, the computer's pauses are fired at once, until the
    computer's run holds a flip and p1 is to act on the board."""
    for _ in range(300):
        game = app.controller
        if game.mode.waiting:
            app.fire("computer")
            await pilot.pause()
            continue
        if game.recap.mover == "p2" and app.screen is app.game_screen and \
                any(s.startswith("flipped") for s in game.recap.said):
            return
        await pilot.press(key_to_press(app.screen))
    raise AssertionError("the computer never flipped")


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_computers_turn_stays_on_screen_until_p1_acts(size):
    app = make_app(new(seed=2), bot=BotSeat("heuristic", "p2", seed=1, delay=NEVER))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await until_the_computer_has_flipped(app, pilot)
        await pilot.pause()
        # the full layout's kept place, shared with the card being decided
        # on, or the recap's own panel where panels come and go
        panel = app.game_screen.query_one(KeptPlace if size == (120, 40) else RecapPanel)
        assert panel.display and app.game_screen.side.has_class("-recap")
        text = screen_text(app)
        assert "Computer's turn (p2)" in text
        last = app.controller.recap.said[-1]
        assert str(panel.render()).count(". ") >= 1
        assert last.split("[")[0].strip()[:12] in str(panel.render())  # its words, kept
        # the card it flipped is marked, by a glyph as well as a colour
        marked = [row for row in app.game_screen.query(ZoneRow)
                  if row.owner == "p2" and row.flip.has_class("-changed")]
        assert marked and "✱" in str(marked[0].flip.render())
        # p1 acts: the run is read, the panel goes
        key = KEY_OF[next(n for n in PREFERRED if app.game_screen.check_action("play", (n,)))]
        await pilot.press(key)
        await pilot.pause()
        assert app.controller.recap.mover == "p1"
        assert not app.game_screen.side.has_class("-recap")


async def test_the_defended_zone_shows_the_force_it_must_stop():
    app = make_app(new(seed=2), bot=BotSeat("heuristic", "p2", seed=1, delay=NEVER))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await until_the_computer_has_flipped(app, pilot)
        lk = app.session.look
        assert lk.incoming is not None and lk.defended is not None
        row = next(r for r in app.game_screen.query(ZoneRow)
                   if (r.owner, r.zone) == (lk.turn, lk.defended))
        assert f"⚔ F{lk.incoming.force}" in str(row.label.render())
        if lk.incoming.zone in ("green", "yellow", "red"):
            attacker = next(r for r in app.game_screen.query(ZoneRow)
                            if (r.owner, r.zone) == (lk.incoming.owner, lk.incoming.zone))
            assert attacker.flip.has_class("-attacking")
            assert "⚔" in str(attacker.flip.render())


async def test_at_80x24_the_last_moves_that_fit_are_shown_whole(monkeypatch):
    """A long run in the compact layout: the panel shows as many of the last
    moves as fit its rows once wrapped, led by the title saying how many,
    and the last move is always there."""
    from textual.content import Content

    app = make_app(new(seed=2), bot=BotSeat("heuristic", "p2", seed=1, delay=NEVER))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await until_the_computer_has_flipped(app, pilot)
        recap = app.controller.recap
        moves = [f"played a long move number {i} that wraps over more than one row "
                 "of the narrow panel beside the board" for i in range(1, 14)]
        monkeypatch.setattr(type(recap), "said", property(lambda _self: moves))
        app.game_screen.show()
        await pilot.pause()
        panel = app.game_screen.query_one(RecapPanel)
        side = app.game_screen.side
        room = side.size.height - (2 if side.has_class("-deciding") else 0)
        shown = str(panel.render())
        rows = sum(len(Content(line).wrap(side.size.width)) for line in shown.split("\n"))
        assert rows <= room, "moves are cut by the panel's edge"
        assert shown.startswith("Computer's turn (p2), last ") and "of 13" in shown
        assert "number 13 " in shown
