"""After taking over a demo the log is narrower than the demo's (no
narration beside it): its lines are wrapped again at the new width, never
shown with the demo's wrapping cut off at the right."""

from __future__ import annotations

from rich.text import Text

from avatar_tui.notation.scenario import load_scenario
from avatar_tui.play.demo import Demo

from .helpers import NARRATED, make_app, screen_text


def log_words(app) -> str:
    """The log's rows on screen, inside its border, joined into one text."""
    log = app.screen.event_log
    box = log.region
    rows = screen_text(app).splitlines()[box.y + 1:box.bottom - 1]
    inner = [row[box.x + 1:box.right - 1].strip(" │") for row in rows]
    return " ".join(" ".join(inner).split())


async def test_after_taking_over_the_log_lines_are_wrapped_to_its_new_width():
    app = make_app(demo=Demo(load_scenario(NARRATED), "narrated"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(3):
            await pilot.press("right")
        await pilot.pause()
        wide = app.screen.event_log.size.width
        await pilot.press("p")  # take over
        await pilot.pause()
        log = app.screen.event_log
        assert app.controller.demo is None and log.size.width < wide
        shown = log_words(app)
        for entry in log.entries:
            assert " ".join(Text.from_markup(entry).plain.split()) in shown
