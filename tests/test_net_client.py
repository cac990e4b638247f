"""The client's words when it cannot join: the error named even when it has no text."""

from __future__ import annotations

import asyncio

import pytest
from aiohttp import web

from avatar_tui.net.client import Client, JoinError


def test_a_host_that_never_says_welcome_is_reported_by_the_error_type():
    async def scenario():
        async def silent(request):  # accepts the socket, never sends the welcome
            ws = web.WebSocketResponse()
            await ws.prepare(request)
            async for _ in ws:
                pass
            return ws

        app = web.Application()
        app.router.add_get("/watch", silent)
        runner = web.AppRunner(app)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        port = runner.addresses[0][1]
        try:
            with pytest.raises(JoinError, match=r"cannot reach .*: TimeoutError$"):
                await Client(f"ws://127.0.0.1:{port}/watch").connect(timeout=0.2)
        finally:
            await runner.cleanup()

    asyncio.run(asyncio.wait_for(scenario(), 30))
