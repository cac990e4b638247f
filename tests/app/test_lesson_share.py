"""`learn --share` (docs/protocol.md, the position's `lesson`): a lesson
taught in the app is published on 127.0.0.1 with the step's words, a
watcher's client reads them as the learner's panel says them, a miss's
reason included; the watcher's app shows them in the learner's panel, and
no panel once the field is gone. A free port, bounded waits."""

from __future__ import annotations

import asyncio
import socket

from avatar_tui.net.client import Client, follow
from avatar_tui.net.share import Share
from avatar_tui.play.plain import escape
from avatar_tui.tui.remote_app import RemoteApp

from .helpers import make_app, screen_text
from .test_lessons import lesson, panel, watched
from .test_remote_app import until

SIZE = (120, 40)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def serving(pilot, share: Share) -> bool:
    return await until(pilot, lambda: share.server is not None
                       and share.server.runner is not None)


def is_position(frame) -> bool:
    return frame.type == "position"


async def test_a_watcher_reads_the_learner_s_step_from_a_shared_lesson():
    share = Share(free_port())
    app = make_app(lesson=lesson())
    app.publisher = share  # as learn --share hands it
    async with app.run_test(size=SIZE) as pilot:
        assert await serving(pilot, share)
        watcher = Client(share.url)
        try:
            await watcher.connect()
            first = await watcher.until(is_position, 10)
            taught = app.controller.lesson
            assert first.lesson is not None
            assert first.lesson.say == taught.current.say
            assert (first.lesson.step, first.lesson.of) == (1, taught.total)
            assert first.lesson.title == taught.title and first.lesson.number is None
            await watched(app, pilot)  # step 1 plays Zuko's defence; step 2 asks for a flip
            frame = await watcher.until(lambda f: is_position(f) and f.lesson.step == 2, 10)
            assert frame.lesson.say == ("Eye of Ozai strikes back at you. Flip the top card "
                                        "of your deck.")
            await pilot.press("space")  # the flip: step 3, with what it did
            frame = await watcher.until(lambda f: is_position(f) and f.lesson.step == 3, 10)
            assert frame.lesson.then == "Skewer: force 6, but intercept 3."
            seq = frame.seq
            await pilot.press("p")  # a miss: the board stays, the room reads why
            frame = await watcher.until(lambda f: is_position(f) and f.lesson.note, 10)
            assert frame.seq == seq
            assert frame.lesson.note == ("Pay: Skewer's intercept 3 is below the incoming "
                                         "force 6 (R5.3)")  # plain words, no markup
            assert frame.lesson.say == taught.current.say
        finally:
            await watcher.close()


async def test_the_watcher_app_shows_the_step_in_the_learner_s_panel():
    taught = lesson()
    state, events = taught.start()
    share = Share(free_port())
    task = asyncio.create_task(share.run(state, events, taught.words()))
    client = Client(share.url)
    app = RemoteApp(None, share.url,
                    lambda deliver, said: follow(client, deliver, said, retry=0.2), client.send)
    try:
        async with app.run_test(size=SIZE) as pilot:
            assert await until(pilot, lambda: app.session is not None
                               and "watch him flip" in panel(app))
            assert "Zuko defends the opening attack: watch him flip and stop it." in panel(app)
            shown = screen_text(app)
            assert f"Lesson · step 1/{taught.total}" in shown and "Zuko defends" in shown
            taught.missed(f"[b]Not allowed:[/b] {escape('not [now]')}", None)
            share.update(state, events, taught.words())
            assert await until(pilot, lambda: "✗ Not allowed: not [now]" in panel(app))
            share.update(state, events, None)  # no lesson any more (a game played on)
            assert await until(pilot, lambda: not app.game_screen.has_class("-lesson"))
            assert "Zuko defends" not in screen_text(app)
    finally:
        await client.close()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


async def test_a_watcher_of_a_game_without_a_lesson_shows_no_panel():
    from avatar_tui.bots import setup_for
    from avatar_tui.engine import new_game

    state, events = new_game(setup_for(3, "aang", "katara"))
    share = Share(free_port())
    task = asyncio.create_task(share.run(state, events))
    client = Client(share.url)
    app = RemoteApp(None, share.url,
                    lambda deliver, said: follow(client, deliver, said, retry=0.2), client.send)
    try:
        async with app.run_test(size=SIZE) as pilot:
            assert await until(pilot, lambda: app.session is not None)
            await pilot.pause(0.1)
            assert not app.game_screen.has_class("-lesson")
            assert "Lesson ·" not in screen_text(app)
    finally:
        await client.close()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
