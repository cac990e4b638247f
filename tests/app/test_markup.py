"""The app's markup is parsed once per text (avatar_tui/tui/perf/markup.py):
a key that shows a text seen before reads no markup."""

from __future__ import annotations

from textual.content import Content

from avatar_tui.tui.perf import markup
from avatar_tui.tui.perf.markup import parsed


def test_a_text_is_parsed_once_and_shared(monkeypatch):
    reads: list[str] = []
    real = Content.from_markup

    def counting(text, **variables):
        reads.append(text)
        return real(text, **variables)

    monkeypatch.setattr(markup.Content, "from_markup", counting)
    parsed.cache_clear()
    first = parsed("[b $footer-key-foreground]p[/] pay")
    again = parsed("[b $footer-key-foreground]p[/] pay")
    assert first is again and reads == ["[b $footer-key-foreground]p[/] pay"]
    assert first == real("[b $footer-key-foreground]p[/] pay")
    parsed.cache_clear()


def test_the_theme_is_still_read_when_drawn():
    """A style variable stays a name in the parsed text, so a cached text
    follows a change of theme."""
    spans = parsed("[$error]x[/]").spans
    assert [span.style for span in spans] == ["$error"]
