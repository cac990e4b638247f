"""The app's own colour themes, offered with Textual's (ctrl+p, and the
settings screen).

`okabe-ito`: a palette told apart by readers with any of the common
colour-vision deficiencies (Okabe and Ito's eight colours). The zones keep
their meaning — green, yellow, red as $success, $warning, $error — in
colours that stay distinct without red–green vision: bluish green, yellow
and vermilion, with sky blue and orange for what is highlighted. Colour
is never the only sign anyway: every zone, pip and mark has its letter or
glyph beside it."""

from __future__ import annotations

from textual.app import App
from textual.theme import Theme

OKABE_ITO = Theme(
    name="okabe-ito",
    primary="#0072B2",  # blue
    secondary="#56B4E9",  # sky blue: what just changed
    accent="#E69F00",  # orange: the player to act, the card decided on
    warning="#F0E442",  # yellow: the yellow zone
    error="#D55E00",  # vermilion: the red zone, an attack
    success="#009E73",  # bluish green: the green zone
    foreground="#EDEDED",
    background="#000000",
    surface="#111111",
    panel="#1E1E1E",
    dark=True,
)

THEMES = (OKABE_ITO,)


def register(app: App) -> None:
    for theme in THEMES:
        app.register_theme(theme)
