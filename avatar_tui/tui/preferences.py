"""The player's settings in the app (store/settings.py keeps them in
`settings.toml`): read at the start, the theme applied unless TEXTUAL_THEME
names one, the settings screen (g, ctrl+o) and what its answer changes.
What a setting does to the game is the play layer's (`GameController.use`,
`Referee.settings_changed`); here they are only read, shown and written."""

from __future__ import annotations

import os
from dataclasses import replace
from typing import TYPE_CHECKING

from avatar_tui.store.settings import Settings

if TYPE_CHECKING:
    from avatar_tui.tui.shell import Shell


def load(app: Shell) -> Settings:
    """The settings chosen last time, the theme put on the app."""
    settings = app.store.load_settings() if app.store is not None else Settings()
    if settings.theme in app.available_themes and "TEXTUAL_THEME" not in os.environ:
        app.theme = settings.theme
    elif settings.theme is not None and settings.theme not in app.available_themes \
            and app.store is not None:
        app.store.theme_unknown(settings.theme)  # said with any other bad value
    app.controller.use(settings)
    return settings


def theme_changed(app: Shell, theme: str) -> None:
    """A theme chosen by ctrl+p is kept like one chosen in the settings."""
    settings = getattr(app, "settings", None)
    if settings is None or theme == settings.theme:
        return
    app.settings = replace(settings, theme=theme)
    _write(app, app.settings, quietly=True)


def open_screen(app: Shell) -> None:
    from avatar_tui.tui.screens.settings import SettingsScreen

    if not isinstance(app.screen, SettingsScreen):
        app.push_screen(SettingsScreen(app.settings, app.theme),
                        lambda chosen: _chosen(app, chosen))


def _chosen(app: Shell, chosen: Settings | None) -> None:
    if chosen is None:
        return
    think_changed = chosen.think != app.settings.think
    app.settings = chosen
    if chosen.theme in app.available_themes and chosen.theme != app.theme:
        app.theme = chosen.theme
    app.controller.use(chosen)
    _write(app, chosen)
    app.carry_out(app.referee.settings_changed(think_changed))


def _write(app: Shell, settings: Settings, quietly: bool = False) -> None:
    if app.store is None:
        return
    try:
        app.store.save_settings(settings)
    except OSError as err:  # a lost preference; the game itself is saved elsewhere
        if not quietly:
            app.notify(f"Settings not saved: {err}", severity="warning")
