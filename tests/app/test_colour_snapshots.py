"""Colour is never alone (issue 29 point 10): the board under the
colour-blind-safe theme and with NO_COLOR, each set here by the test (the
conftest pins both for every other test, so no snapshot depends on the
machine's environment). Every mark keeps its letter or glyph: zones by
name, pips by letter, CHARGED in words, ✱ what changed, ⚔ the attack."""

from __future__ import annotations

from .helpers import make_app, scenario

FULL = (120, 40)


def test_board_in_the_okabe_ito_theme(snap_compare):
    app = make_app(scenario("midgame"))
    app.theme = "okabe-ito"
    assert snap_compare(app, press=["f"], terminal_size=FULL)


def test_board_with_no_color(snap_compare, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")  # read when the app is made
    app = make_app(scenario("midgame"))
    assert app.no_color
    assert snap_compare(app, press=["f"], terminal_size=FULL)


def test_compact_board_with_no_color(snap_compare, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(make_app(scenario("midgame")), press=["f"], terminal_size=(80, 24))
