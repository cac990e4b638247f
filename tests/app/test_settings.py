"""The colour theme outlives a game: chosen once (ctrl+p), kept in the data
directory's settings.toml; TEXTUAL_THEME, when set, still wins."""

from __future__ import annotations

from avatar_tui.store.storage import SaveStore
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


def test_an_unknown_theme_is_named_in_one_line_like_any_bad_value(monkeypatch, tmp_path):
    """Issue 36: a theme the app does not have was set aside in silence."""
    monkeypatch.delenv("TEXTUAL_THEME", raising=False)
    for theme in ("no-such-theme", "a-theme-whose-name-goes-on-and-on-and-on-for-ever"):
        store = SaveStore(tmp_path / theme)
        store.settings.parent.mkdir(parents=True, exist_ok=True)
        store.settings.write_text(f'theme = "{theme}"\n', encoding="utf-8")
        AvatarApp(store, start="new")
        note = store.settings_note()
        assert note is not None and note.startswith("settings.toml: theme: no such theme '")
        assert theme[:12] in note and note.endswith("; the default is used.")
        assert "\n" not in note and len(note) <= 80
    both = SaveStore(tmp_path / "both")
    both.settings.parent.mkdir(parents=True, exist_ok=True)
    both.settings.write_text('theme = "no-such-theme"\nhints = 3\n', encoding="utf-8")
    AvatarApp(both, start="new")
    note = both.settings_note()
    assert note is not None and "hints: expected true or false" in note
    assert "theme: no such theme 'no-such-theme'" in note and note.endswith("defaults are used.")
