"""The start: a game given at launch is on the very first frame
the app paints, not an empty board that the next frame replaces."""

from __future__ import annotations

from .helpers import make_app, new


async def test_the_first_frame_painted_shows_the_game():
    app = make_app(new())
    painted: list[bool] = []
    display = app._display  # Textual's hook for each frame it hands to the driver

    def first(screen, renderable) -> None:
        if renderable is not None and not painted:
            painted.append(app.session is not None and app.game_screen.main.visible)
        display(screen, renderable)

    app._display = first  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
    assert painted == [True]
