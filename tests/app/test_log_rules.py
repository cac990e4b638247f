"""Every event in the log links to its rule: selecting a line, by keys (l,
then up/down) or by a click, shows the rule's short text under the log."""

from __future__ import annotations

from textual.content import Content

from avatar_tui.cardlib import rules_help
from avatar_tui.engine import apply
from avatar_tui.tui.board import EventLog, RuleHelp

from .helpers import make_app, new, policy, scenario


def help_text(app) -> str:
    shown = app.screen.query_one(RuleHelp)
    assert isinstance(shown.visual, Content)
    return shown.visual.plain


async def test_keys_select_a_line_and_show_its_rule():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(EventLog)
        panel = app.screen.query_one(RuleHelp)
        assert not panel.display and log.highlighted is None
        await pilot.press("l")  # the log takes the focus: the newest line
        await pilot.pause()
        assert app.focused is log and log.highlighted == len(log.entries) - 1
        last = app.session.log[-1]
        assert panel.display
        assert help_text(app).startswith(f"{last.rule} {rules_help.title(last.rule)}")
        await pilot.press("up", "up")
        await pilot.pause()
        event = app.session.log[-3]
        assert rules_help.RULES[event.rule][1] in help_text(app)
        before = app.session.state
        await pilot.press("enter")  # selecting changes nothing in the game
        assert app.session.state is before
        await pilot.press("escape")
        await pilot.pause()
        assert not panel.display and log.highlighted is None and app.focused is None
        # the game keys still work with the log focused
        await pilot.press("l", "f")
        assert str(app.session.state.history[-1].action) == "p2: focus"


async def test_a_click_on_a_line_shows_its_rule():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(EventLog)
        await pilot.click(log, offset=(4, 1))  # the first line shown, inside the border
        await pilot.pause()
        index = log.highlighted
        assert index is not None
        rule = log.rules[index]
        assert rule is not None
        assert rules_help.RULES[rule][1] in help_text(app)


async def test_a_note_has_no_rule_and_says_so():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f", "u")  # focus, then undo: a note in the log
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        assert "cites no rule" in help_text(app)


def test_every_rule_the_log_shows_over_a_game_has_help():
    state, events = new(3)
    seen = {e.rule for e in events}
    while state.phase != "over":
        state, more = apply(state, policy(state))
        seen |= {e.rule for e in more}
    for rule in seen:
        assert rules_help.help_lines(rule), rule


async def test_new_lines_scroll_the_log_without_laying_out_the_screen():
    """Once the log has its scrollbar, a move's new lines are shown at its
    end by a scroll and a repaint: no layout pass of the screen, which
    would cost every key."""
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.screen.query_one(EventLog)
        assert log.show_vertical_scrollbar and log.max_scroll_y > 0
        layouts = []
        original = app.screen._refresh_layout

        def counting(size=None, scroll=False):
            layouts.append(scroll)
            return original(size, scroll)

        app.screen._refresh_layout = counting
        for _ in range(3):
            before = len(log.entries)
            app.game_screen.note("a note of the app")
            await pilot.pause()
            assert len(log.entries) == before + 1
            assert log.scroll_y == log.max_scroll_y == log.virtual_size.height - \
                log.scrollable_content_region.height  # the new line is the last shown
        assert False not in layouts  # scrolls only (scroll=True), never a full layout
