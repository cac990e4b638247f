"""`avatar-tui join` in the app: a real host on 127.0.0.1 (p2 the
computer), the app as p1 through the client code, played with the board's
keys; no undo over the network; a newer connection takes the seat over."""

from __future__ import annotations

import asyncio

from avatar_tui.bots import setup_for
from avatar_tui.engine import observation
from avatar_tui.net.client import Client, follow
from avatar_tui.net.host import GameServer
from avatar_tui.net.hosted import HostedGame, Seats
from avatar_tui.tui.remote_app import RemoteApp
from avatar_tui.tui.screens.choice import ChoiceScreen

from .helpers import KEY_OF, PREFERRED, screen_text

SIZE = (120, 40)


async def until(pilot, test, tries=200):
    for _ in range(tries):
        if test():
            return True
        await pilot.pause(0.02)
    return test()


async def test_a_seat_plays_from_the_app():
    hosted = HostedGame.new(setup_for(9, "aang", "katara"), {"p2": "heuristic"})
    server = GameServer(hosted, Seats.fresh())
    await server.start()
    url = server.urls()["p1"]
    client = Client(url)
    app = RemoteApp("p1", url, lambda deliver, said: follow(client, deliver, said, retry=0.2),
                    client.send)
    try:
        async with app.run_test(size=SIZE) as pilot:
            assert await until(pilot, lambda: app.session is not None)
            moves = 0
            for _ in range(30):
                await until(pilot, lambda: app.session.legal or isinstance(app.screen,
                                                                          ChoiceScreen))
                if isinstance(app.screen, ChoiceScreen):
                    await pilot.press("1")
                else:
                    name = next((n for n in PREFERRED if app.screen.check_action("play", (n,))),
                                None)
                    if name is None:
                        break
                    seq = hosted.seq
                    await pilot.press(KEY_OF[name])
                    await until(pilot, lambda seq=seq: hosted.seq > seq)
                    moves += 1
                await pilot.pause(0.05)
            assert moves >= 5
            await until(pilot, lambda: app.session.seq == hosted.seq)
            assert app.session.state == observation(hosted.state, "p1").state
            await pilot.press("u")
            assert "no undo over the network" in screen_text(app)
            # the seat opened elsewhere: this screen says so and stops
            newer = Client(url)
            await newer.connect()
            assert await until(pilot, lambda: "taken over" in screen_text(app))
            await newer.close()
    finally:
        await client.close()
        await server.stop()
        await asyncio.sleep(0)


async def test_a_seat_sees_its_own_mat_at_the_bottom():
    """p2 at its own screen has its mat nearest it, as p1 has on a shared one."""
    hosted = HostedGame.new(setup_for(9, "aang", "katara"), {"p1": "heuristic"})
    server = GameServer(hosted, Seats.fresh())
    await server.start()
    url = server.urls()["p2"]
    client = Client(url)
    app = RemoteApp("p2", url, lambda deliver, said: follow(client, deliver, said, retry=0.2),
                    client.send)
    try:
        async with app.run_test(size=SIZE) as pilot:
            assert await until(pilot, lambda: app.session is not None)
            await pilot.pause()
            top, bottom = (app.screen.query_one(f"#mat-{p}") for p in ("p1", "p2"))
            assert bottom.region.y > top.region.y
            assert bottom.owner == "p2" and not bottom.top and top.top
    finally:
        await client.close()
        await server.stop()
        await asyncio.sleep(0)


async def test_a_watchers_board_fills_a_projectors_screen():
    """`serve --watch` at 1920x1080 gives the watcher a terminal of about
    137x39 (24 px) or 120x34 (28 px): the mats share the whole height down
    to the footer, where a seat's board keeps rows of 4 lines and leaves
    the rest empty."""
    hosted = HostedGame.new(setup_for(9, "aang", "katara"), {"p1": "heuristic"})
    server = GameServer(hosted, Seats.fresh())
    await server.start()
    clients = []
    try:
        for seat, size in ((None, (137, 39)), (None, (120, 34)), ("p2", (137, 39))):
            url = server.urls()[seat or "watch"]
            client = Client(url)
            clients.append(client)
            app = RemoteApp(seat, url,
                            lambda deliver, said, c=client: follow(c, deliver, said, retry=0.2),
                            client.send)
            async with app.run_test(size=size) as pilot:
                assert await until(pilot, lambda app=app: app.session is not None)
                await pilot.pause()
                lower = app.screen.query_one("#mat-p1" if seat is None else "#mat-p2")
                footer = app.screen.query_one("#keys").region.y
                if seat is None:
                    assert lower.region.bottom == footer, (size, lower.region)
                else:
                    assert lower.region.bottom < footer - 2
    finally:
        for client in clients:
            await client.close()
        await server.stop()
        await asyncio.sleep(0)
