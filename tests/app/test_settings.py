"""The colour theme outlives a game: chosen once (ctrl+p), kept in the data
directory's settings.toml; TEXTUAL_THEME, when set, still wins."""

from __future__ import annotations

from avatar_tui.io.storage import SaveStore
from avatar_tui.tui import AvatarApp


async def test_the_theme_chosen_is_the_theme_of_the_next_start(monkeypatch, tmp_path):
    monkeypatch.delenv("TEXTUAL_THEME", raising=False)
    store = SaveStore(tmp_path)
    first = AvatarApp(store, start="new")
    async with first.run_test(size=(120, 40)) as pilot:
        first.theme = "nord"
        await pilot.pause()
    assert store.load_theme() == "nord"
    assert AvatarApp(store, start="new").theme == "nord"
    assert AvatarApp(SaveStore(tmp_path / "elsewhere"), start="new").theme != "nord"


def test_textual_theme_in_the_environment_wins(monkeypatch, tmp_path):
    store = SaveStore(tmp_path)
    store.save_theme("nord")
    monkeypatch.setenv("TEXTUAL_THEME", "gruvbox")
    assert AvatarApp(store, start="new").theme != "nord"


def test_an_unreadable_or_unknown_setting_is_only_ignored(monkeypatch, tmp_path):
    monkeypatch.delenv("TEXTUAL_THEME", raising=False)
    store = SaveStore(tmp_path)
    default = AvatarApp(None, start="new").theme
    for text in ("theme = [unclosed", "theme = 7", 'theme = "no-such-theme"', "\xff\xfe"):
        store.settings.write_text(text, encoding="latin-1")
        assert AvatarApp(store, start="new").theme == default
    store.save_theme('a "quoted" \\ name')
    assert store.load_theme() == 'a "quoted" \\ name'
