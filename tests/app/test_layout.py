"""The board at 120x40, the compact layout at 80x24, and the message when
the terminal is too small."""

from __future__ import annotations

from avatar_tui.tui.board import EventLog

from .helpers import make_app, scenario, screen_text


def zone_labels(text: str) -> list[str]:
    """The zone names at the left edge of the mats, top to bottom."""
    found = []
    for line in text.splitlines():
        words = line.removeprefix("│").replace("▶", "").split()
        if line.startswith("│") and words and words[0] in ("GREEN", "YELLOW", "RED"):
            found.append(words[0])
    return found


async def test_the_full_layout_shows_both_mats_the_status_and_the_log():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not app.screen.has_class("-compact")
        text = screen_text(app)
        lines = text.splitlines()
        top = next(i for i, line in enumerate(lines) if "Prince Zuko (p2)" in line)
        bottom = next(i for i, line in enumerate(lines) if "Aang (p1) · score" in line)
        assert top < bottom  # p2 on top, p1 at the bottom
        assert zone_labels(text) == ["GREEN", "YELLOW", "RED"] * 2
        assert "Prince Zuko (p2) defends YELLOW against Knuckle Sandwich" in text
        assert "INT 7 (6+1)" in text  # Open-Hand Form's +1 intercept, printed 6
        assert "F 5 (4+1)" in text  # Closed-Hand Form's +1 force, printed 4
        assert "↻ Knuckle Sandwich" in text and "counterattacking" in text
        assert "Advantages: Closed-Hand Form (green)" in text
        assert "Advantages: Open-Hand Form (green)" in text
        assert text.count("CHARGED") >= 4  # zone labels and charge spaces, both players
        assert app.screen.query_one(EventLog).display


async def test_a_long_refusal_is_shown_whole_and_the_board_never_moves():
    """The status panel has a fixed height (a fourth row when the terminal
    has room), so a two-line status and a two-line reason both fit, and
    nothing below it moves from one move to the next."""
    for size, rows in (((120, 40), 4), ((110, 34), 3)):
        app = make_app(scenario("midgame"))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            panel = app.screen.query_one("#status-panel")
            mat = app.screen.query_one("#mat-p1")
            assert panel.region.height == rows
            assert mat.region.bottom <= size[1] - 1  # the whole mat, above the footer
            where = mat.region
            await pilot.press("s")  # refused: a long reason (R5.2)
            await pilot.pause()
            assert "decide what to do with the flipped card" in (app.controller.hint or "")
            if rows == 4:
                assert "(R5.2)" in screen_text(app)  # the reason's last words are on screen
            await pilot.press("f")
            await pilot.pause()
            assert mat.region == where


async def test_the_compact_layout_at_80x24_keeps_every_zone_and_the_status():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.has_class("-compact")
        text = screen_text(app)
        assert zone_labels(text) == ["GREEN", "YELLOW", "RED"] * 2
        assert "Burning Lash" in text and "Prince Zuko (p2) defends YELLOW" in text
        footer = text.splitlines()[-1]
        assert "p Pay" in footer and "q Quit" in footer and "…" not in footer


async def test_a_terminal_too_small_says_how_big_it_must_be():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "The terminal is 60×20" in text and "at least 80×24" in text
        assert "Burning Lash" not in text
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert "Burning Lash" in screen_text(app)


def test_the_layout_is_chosen_by_size_and_uses_the_room_between_80x24_and_120x40():
    from avatar_tui.tui.layout import choose

    assert choose(60, 20).kind == "too-small" and choose(79, 40).kind == "too-small"
    assert choose(80, 24) == choose(80, 24)  # a pure function of the size
    assert (choose(80, 24).kind, choose(80, 24).rows) == ("compact", 2)
    assert (choose(100, 33).kind, choose(100, 33).rows) == ("compact", 3)
    assert choose(120, 40).kind == "full"
    heights = [choose(100, h).rows for h in range(24, 34)]
    assert heights == sorted(heights) and heights[-1] > heights[0]  # taller: more lines


async def test_at_80x24_the_flipped_card_shows_its_cost_and_text_and_the_hint_stays():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "strike · G1 Y2" in text  # Burning Lash's cost
        assert "-4 intercept" in text  # the first words of its text
        assert "p pays G1 Y2 → leaves" in text  # the hint line, under the status
        await pilot.press("s")  # refused: the reason takes the hint line
        await pilot.pause()
        assert "Signature:" in screen_text(app)


async def test_at_80x24_a_long_refusal_takes_both_status_rows_whole_with_its_rule():
    """The two-row status panel cuts each line; a refusal longer than its
    line takes both rows, wrapped, so its rule ID is read (R5.2), and the
    board below stays where it was. The status is back with the next move."""
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one("#status-panel")
        mat = app.screen.query_one("#mat-p1")
        where = mat.region
        await pilot.press("s")  # refused: longer than a line of 78 columns (R5.2)
        await pilot.pause()
        reason = ("Signature: signature is not possible now: decide what to do with the "
                  "flipped card: pay, a power, focus or discard (R5.2)")
        rows = screen_text(app).splitlines()[panel.region.y:panel.region.bottom]
        assert " ".join(row.strip() for row in rows) == reason
        assert mat.region == where and panel.region.height == 2
        await pilot.press("f")  # a move: the status is back, with the step's keys
        await pilot.pause()
        rows = screen_text(app).splitlines()[panel.region.y:panel.region.bottom]
        assert "defends" in rows[0] and "Signature" not in "".join(rows)


async def test_at_100x33_the_rows_grow_and_the_whole_board_fits():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(100, 33)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert zone_labels(text) == ["GREEN", "YELLOW", "RED"] * 2
        row = app.screen.query_one("#mat-p1 ZoneRow")
        assert row.region.height == 3
        mat = app.screen.query_one("#mat-p1")
        assert mat.region.bottom <= 33 - 1 - 3  # the log keeps lines under it


async def test_a_change_of_layout_restyles_the_screen_once():
    """Several layout classes change together (full to compact): the whole
    screen is restyled once, not once per class; and a start at the right
    size finds them already set (only Textual's own restyle on showing)."""
    app = make_app(scenario("midgame"))
    restyled: list[str] = []
    real = app.update_styles

    def counting(node, animate=True):
        restyled.append(type(node).__name__)
        real(node, animate)

    app.update_styles = counting
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert restyled.count("GameScreen") <= 2  # composed, then shown
        restyled.clear()
        await pilot.resize_terminal(90, 30)
        await pilot.pause()
        assert app.screen.has_class("-compact") and not app.screen.has_class("-rows-4")
        assert restyled.count("GameScreen") == 1
