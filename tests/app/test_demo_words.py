"""Every demo step has words, and a narration longer than its panel
scrolls with PgUp / PgDn."""

from __future__ import annotations

from avatar_tui.demos import list_demos, load_demo
from avatar_tui.play.demo import Demo

from .helpers import make_app, screen_text
from .test_demo import narration


def test_every_step_of_every_demo_says_its_move_in_words():
    for info in list_demos():
        demo = Demo(load_demo(info.name), info.name)
        state, _ = demo.start()
        while not demo.at_end:
            state, _ = demo.forward(state)
            step = demo.current()
            assert step.words, (info.name, step.number)
            assert "(p1)" in step.words or "(p2)" in step.words
            assert step.line is not None and step.line.text not in step.words


async def test_a_step_without_narration_still_has_words_on_screen():
    demo = Demo(load_demo("full_game"), "full_game")
    app = make_app(demo=demo)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("right", "right")  # p2: flip — no narration line of its own
        await pilot.pause()
        assert not demo.current().narration
        said = narration(app)
        assert "Prince Zuko (p2) flipped the top card" in said and "Fiery Temper" in said


async def test_pgdn_and_pgup_scroll_a_long_narration():
    demo = Demo(load_demo("full_game"), "full_game")
    app = make_app(demo=demo)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        panel = app.screen.narration_panel
        assert panel.max_scroll_y > 0 and panel.scroll_y == 0
        assert "PgDn: more" in screen_text(app)
        await pilot.press("pagedown")
        await pilot.pause()
        assert panel.scroll_y > 0
        await pilot.press("pageup")
        await pilot.pause()
        assert panel.scroll_y == 0
