"""The full layout's one kept place (board.KeptPlace): the card being
decided on and the other player's latest moves share it above the log, so
neither takes rows of its own, and the log has the rest of the side."""

from __future__ import annotations

from textual.content import Content

from avatar_tui.bots import BotSeat
from avatar_tui.play import describe
from avatar_tui.tui.board import KeptPlace

from .helpers import key_to_press, make_app, new

NEVER = 3600.0


def _plain(markup: str) -> str:
    return Content.from_markup(markup).plain


async def _step(app, pilot) -> None:
    """The computer's move if it is due (its pause fired at once), else a
    key of p1's: a question answered, or a game key."""
    if app.controller.mode.waiting:
        app.fire("computer")
        await pilot.pause()
        return
    await pilot.press(key_to_press(app.screen))
    await pilot.pause()


async def test_the_card_and_the_moves_share_one_place_and_the_log_keeps_the_rest():
    """At 120x40 the two took 8 to 24 of the side's 39 rows as places of
    their own, leaving the log as few as 15; one place of `keep` rows and
    its border leaves the log at least 25, but while a card taller than
    that is shown whole."""
    app = make_app(new(seed=2), bot=BotSeat("heuristic", "p2", seed=1, delay=NEVER))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.game_screen
        side, place, log = screen.side, screen.place, screen.event_log
        seen = {"card": 0, "moves": 0}
        tall_log = keys = 0
        for _ in range(120):
            await _step(app, pilot)
            if app.screen is not screen or side.has_class("-point"):
                continue
            await pilot.pause()
            assert not screen.deciding.display and not screen.recap.display
            assert place.display
            keys += 1
            seen["card"] += side.has_class("-deciding")
            seen["moves"] += side.has_class("-recap")
            # nothing else above the log: the place and the log fill the side
            assert place.outer_size.height + log.outer_size.height == side.size.height
            # no taller than `keep` rows, or its present text (a tall card, whole)
            text = len(Content(str(place.render())).wrap(place.content_region.width))
            assert place.outer_size.height <= max(KeptPlace.keep, text) + 2
            tall_log += log.outer_size.height >= side.size.height - KeptPlace.keep - 2
        assert seen["card"] >= 10 and seen["moves"] >= 5, seen
        assert tall_log >= 0.8 * keys, (tall_log, keys)


async def test_a_flip_made_for_the_reader_shows_the_card_whole_and_the_last_move():
    """With auto-flip the card comes while the computer's moves are still
    unread: the card shows whole (it is what p1 decides on), then the last
    of the moves, led by whose they are."""
    app = make_app(new(seed=2), bot=BotSeat("heuristic", "p2", seed=1, delay=NEVER))
    app.controller.auto_flip = True
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.game_screen
        side = screen.side
        for _ in range(300):
            await _step(app, pilot)
            if (app.screen is screen and side.has_class("-deciding")
                    and side.has_class("-recap") and not side.has_class("-point")):
                break
        else:
            raise AssertionError("the card and the moves never came at once")
        shown = _plain(str(screen.place.render()))
        _title, lines = describe.deciding(app.session.table, app.session.look)
        for line in lines:
            assert _plain(line) in shown
        last = app.controller.recap.said[-1]
        assert "Computer's turn (p2)" in shown
        assert _plain(last)[:20] in shown
        assert shown.index(_plain(lines[-1])) < shown.index("Computer's turn (p2)")
