"""`play --share` and `learn --share`: the game on this screen, published
to watchers (the publisher is net/share.py's `Share`, given by the command
line), with the lesson step it is at, if any. It starts serving with the
first game shown, in a worker of the app's own loop, and the log says where
to watch."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from avatar_tui.tui.shell import Shell


def publish(app: Shell) -> None:
    publisher, session = app.publisher, app.session
    if publisher is None or session is None:
        return
    lesson = app.controller.mode.lesson
    words = lesson.words() if lesson is not None else None
    if getattr(publisher, "started", False):
        publisher.update(session.state, session.log, words)
        return
    publisher.started = True
    app.run_worker(publisher.run(session.state, session.log, words), group="share",
                   exit_on_error=False)
    app.game_screen.note(f"Watchers: avatar-tui watch {publisher.url}")
