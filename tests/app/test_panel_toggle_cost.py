"""The side's panels and a key's cost (issue 44). In the full layout the
card being decided on and the recap share one place kept all game, so a flip
and its decision lay out nothing; where panels still come and go (a demo, a
lesson, the point's moment), each such key is a layout pass, and what it
does beside the panel shown or hidden must stay small, or a key costs
twice a bare Textual app's. A panel whose styles do not change is not
restyled, and the log, moved and resized by the panel above it, draws only
its new lines."""

from __future__ import annotations

from textual.css.stylesheet import Stylesheet
from textual.geometry import Region
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList

from avatar_tui.demos import load_demo
from avatar_tui.play.demo import Demo
from avatar_tui.tui.board import EventLog
from avatar_tui.tui.keybar import KeyBar
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.privacy import SecretGate

from .helpers import KEY_OF, PREFERRED, make_app, new, scenario

# the first keys show the board's states for the first time: their styles
# are matched afresh (tui/perf/restyle.py), which restyles every panel once
WARM = 16
DIALOGS = {SecretGate: "enter", ChoiceScreen: "1"}


async def _key(app, pilot) -> bool:
    """One key by the test player (a question answered, or the screen
    passed to the other player, first); whether it was a key on the board."""
    dialog = next((k for kind, k in DIALOGS.items() if isinstance(app.screen, kind)), None)
    if dialog is not None:
        await pilot.press(dialog)
        await pilot.pause()
        return False
    name = next(n for n in PREFERRED if app.screen.check_action("play", (n,)))
    await pilot.press(KEY_OF[name])
    await pilot.pause()
    return True


async def test_a_panel_shown_or_hidden_restyles_the_log_beside_it_not(monkeypatch):
    restyled: list[object] = []
    real = Stylesheet.replace_rules.__func__

    def replace_rules(cls, node, rules, animate=False):
        restyled.append(node)
        real(cls, node, rules, animate)

    app = make_app(new(seed=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        side, log = app.game_screen.side, app.game_screen.event_log
        for _ in range(WARM):
            await _key(app, pilot)
        monkeypatch.setattr(Stylesheet, "replace_rules", classmethod(replace_rules))
        cache = app.game_screen._styles
        toggles = 0
        for _ in range(40):
            was, misses = side.has_class("-deciding"), cache.misses
            restyled.clear()
            # a key showing only states seen before (a state new to the
            # cache is matched afresh, as Textual does, restyling the panels)
            if (await _key(app, pilot) and side.has_class("-deciding") != was
                    and cache.misses == misses):
                toggles += 1
                # neither the kept place, whose styles are the same with a card
                # or without (app.tcss), nor the log, whose styles are too (in
                # the full layout): restyling it dropped its kept rows
                assert app.game_screen.place not in restyled
                assert log not in restyled and log.vertical_scrollbar not in restyled
        assert toggles >= 6


async def test_a_flip_and_its_decision_lay_out_nothing(monkeypatch):
    """The card being decided on comes at every flip and goes at the next
    move: in the full layout its panel keeps its place, so such keys change
    no size. A layout pass of the whole screen is left for a panel growing
    past the tallest text it has shown (a few times a game), a question's
    dialog and the point's moment."""
    passes: list[int] = []
    real = Screen._refresh_layout

    def refresh_layout(self, *a, **kw):
        if passes:
            passes[-1] += 1
        return real(self, *a, **kw)

    app = make_app(new(seed=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        side, screen = app.game_screen.side, app.game_screen
        for _ in range(WARM):
            await _key(app, pilot)
        monkeypatch.setattr(Screen, "_refresh_layout", refresh_layout)
        toggles = laid_out = 0
        for _ in range(40):
            was, point = side.has_class("-deciding"), side.has_class("-point")
            passes.append(0)
            if (await _key(app, pilot) and app.screen is screen
                    and side.has_class("-deciding") != was and not point
                    and not side.has_class("-point")):
                toggles += 1
                laid_out += passes[-1] > 0
        assert toggles >= 6
        # the panel's place grew for a taller card than any before, at most
        assert laid_out <= 2, (laid_out, toggles)


async def test_the_log_under_a_panel_shown_or_hidden_draws_only_its_new_lines(monkeypatch):
    """In a demo the card being decided on still comes and goes above the
    log (its narration needs the rows), resizing the log."""
    drawn: list[int] = []  # rows of the log drawn through Textual, per key
    real = OptionList.render_lines

    def render_lines(self, crop: Region):
        if isinstance(self, EventLog) and drawn:
            drawn[-1] += crop.height
        return real(self, crop)

    monkeypatch.setattr(OptionList, "render_lines", render_lines)
    app = make_app(demo=Demo(load_demo("08_full_game"), "08_full_game"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.game_screen.event_log
        for _ in range(WARM):
            await pilot.press("right")
            await pilot.pause()
        resized = drawn_on_resize = new_on_resize = 0
        for _ in range(40):
            height, lines = log.size.height, log.wrapped_lines
            drawn.append(0)
            await pilot.press("right")
            await pilot.pause()
            if log.size.height != height:  # a panel above it came or went
                resized += 1
                drawn_on_resize += drawn[-1]
                new_on_resize += log.wrapped_lines - lines
        assert resized >= 6
        # the rows drawn are the new lines' and a few blank or border rows
        # around them, not every row of the log again (some 30 a key)
        assert drawn_on_resize <= 3 * new_on_resize, (drawn_on_resize, new_on_resize, resized)


async def test_a_card_is_styled_from_the_cache_whatever_its_mat_shows():
    """A class no selector names on an ancestor (a mat's `-acting`, which
    styles the mat's own border) is not part of its cards' key: with it,
    most of a card's states were new to the cache for a whole game."""
    app = make_app(new(seed=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.game_screen
        mat = screen.board.mats[0]
        card = mat.rows[0].flip
        before = screen._styles._key(card)
        mat.set_class(not mat.has_class("-acting"), "-acting")
        assert screen._styles._key(card) == before
        # a class a selector names on an ancestor is: #side.-deciding #deciding
        before = screen._styles._key(screen.deciding)
        screen.side.set_class(not screen.side.has_class("-deciding"), "-deciding")
        assert screen._styles._key(screen.deciding) != before


async def test_the_footer_draws_a_set_of_keys_once(monkeypatch):
    """A game goes back and forth between a few sets of keys (a flip's, a
    decision's): the footer's line for each is drawn through Textual once."""
    drawn: list[str] = []
    real = Widget.render_lines

    def render_lines(self, crop: Region):
        if isinstance(self, KeyBar):
            drawn.append(str(self.render()))
        return real(self, crop)

    app = make_app(new(seed=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(WARM):
            await _key(app, pilot)
        monkeypatch.setattr(Widget, "render_lines", render_lines)
        shown: list[str] = []
        for _ in range(20):
            if await _key(app, pilot):
                shown.append(str(app.game_screen.key_bar.render()))
        assert len(set(shown)) >= 2  # the keys changed...
        assert len(drawn) <= len(set(shown)), drawn  # ...each line drawn at most once


async def test_a_mats_new_title_repaints_its_border_not_its_cards(monkeypatch):
    """The acting player's border and the score in the title change at
    most keys; Textual's repaint of a container draws everything in it."""
    app = make_app(scenario("midgame"))  # the board on top, no question over it
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        mat = app.game_screen.board.mats[0]
        drawn: list[Widget] = []
        real = Widget.render_lines

        def render_lines(self, crop: Region):
            drawn.append(self)
            return real(self, crop)

        monkeypatch.setattr(Widget, "render_lines", render_lines)
        mat.border_title = "a title never seen"
        await pilot.pause()
        assert mat in drawn
        inside = set(mat.walk_children())
        assert not [w for w in drawn if w in inside]
        # a change its cards are drawn on (their background) draws them again
        drawn.clear()
        mat.styles.background = "red"
        await pilot.pause()
        assert any(w in inside for w in drawn)


async def test_a_text_shown_before_is_drawn_from_its_kept_rows(monkeypatch):
    """A card, a label or the side's place goes back and forth between a few
    texts and marks: a text and look seen before are drawn from the rows
    kept, and a new look (a mark's background) is drawn through Textual."""
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        card = app.game_screen.board.mats[0].rows[0].flip
        drawn: list[int] = []
        real = Widget.render_lines

        def render_lines(self, crop: Region):
            if self is card:
                drawn.append(crop.height)
            return real(self, crop)

        monkeypatch.setattr(Widget, "render_lines", render_lines)

        async def show(markup: str, changed: bool = False) -> tuple[int, list]:
            drawn.clear()
            card.set(markup)
            card.set_class(changed, "-changed")
            await pilot.pause()
            return sum(drawn), card.render_lines(Region(0, 0, *card.outer_size))

        first, plain = await show("a card\nits cost")
        assert first == card.outer_size.height
        assert (await show("another card"))[0] == card.outer_size.height
        again, rows = await show("a card\nits cost")
        assert again == 0 and rows == plain
        marked, rows = await show("a card\nits cost", changed=True)
        assert marked == card.outer_size.height and rows != plain  # -changed: a new background
        back, rows = await show("a card\nits cost")
        assert back == 0 and rows == plain
