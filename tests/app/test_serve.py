"""`avatar-tui serve`: the app in a browser with textual-serve. A real
server starts on a free port of 127.0.0.1, answers an HTTP GET with the
app's page, and is stopped — every wait bounded by a deadline."""

from __future__ import annotations

import asyncio
import builtins
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import aiohttp

from avatar_tui.cli import build_parser, main
from avatar_tui.cli import serve as serve_cli
from avatar_tui.tui import serve_guard

ROOT = Path(__file__).resolve().parents[2]
DEADLINE = 30.0  # seconds for the server to answer


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def serving(*options: str) -> Iterator[int]:
    """A real `avatar-tui serve` on a free port of 127.0.0.1, answering;
    stopped at the end. Yields the port."""
    with serving_process(*options) as (port, _):
        yield port


@contextmanager
def serving_process(*options: str) -> Iterator[tuple[int, subprocess.Popen]]:
    """`serving`, yielding the port and the server's process. At the end,
    any app process the server left behind is killed too, so a failing test
    leaves no game running."""
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "avatar_tui", "serve", "--port", str(port),
                             *options],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + DEADLINE
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=2):
                    break
            except OSError:
                time.sleep(0.2)
        assert proc.poll() is None, proc.stdout.read().decode() if proc.stdout else ""
        yield port, proc
    finally:
        left = app_processes(proc.pid)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
        if proc.stdout:
            proc.stdout.close()
        for pid in left:
            if running(pid):
                os.kill(pid, signal.SIGKILL)


def app_processes(server: int) -> list[int]:
    """The processes below the server (its games), found through /proc."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # ended meanwhile
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [server]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def running(pid: int) -> bool:
    """The process lives (a zombie, ended but not yet reaped, does not)."""
    try:
        os.kill(pid, 0)
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (ProcessLookupError, FileNotFoundError):
        return False
    return state != "Z"


def wait_until_ended(pids: list[int], seconds: float) -> list[int]:
    """Waits (at most `seconds`) for the processes to end; those still running."""
    deadline = time.monotonic() + seconds
    while any(map(running, pids)) and time.monotonic() < deadline:
        time.sleep(0.2)
    return [pid for pid in pids if running(pid)]


def get(port: int, path: str = "/", **headers: str) -> tuple[int, str]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=DEADLINE) as resp:
            return resp.status, resp.read().decode("utf-8")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8")


def test_serve_answers_with_the_app_page_and_stops():
    with serving() as port:
        status, page = get(port)
        assert status == 200
        assert "textual-terminal" in page and ">avatar-tui<" in page  # our title
        assert f"ws://127.0.0.1:{port}/ws" in page  # the page runs the app over a websocket
        assert serve_cli.PAGE_CSS in page  # room above the terminal: the top row is whole
        # the font size taken from the URL is kept within bounds
        assert 'data-font-size="64"' in get(port, "/?fontsize=99999999")[1]


def test_the_page_carries_the_font_size_of_serve_and_the_projector_default():
    # the font size of the page decides the terminal's rows and columns, and
    # how large every character is on a projector (docs/two-screens.md)
    with serving("--font-size", "30") as port:
        assert 'data-font-size="30"' in get(port)[1]
        assert 'data-font-size="20"' in get(port, "/?fontsize=20")[1]  # a tab's own still wins
    watch = build_parser().parse_args(["serve", "--watch", "ws://127.0.0.1:8765/watch"])
    assert serve_cli.font_size(watch) == serve_cli.PROJECTOR_FONT_SIZE >= 24
    assert serve_cli.font_size(build_parser().parse_args(["serve"])) == serve_cli.FONT_SIZE


def test_a_font_size_out_of_bounds_is_one_line(capsys):
    assert main(["serve", "--font-size", "900", "--port", "1"]) == 2
    assert "--font-size 900 is not from 6 to 64 pixels" in capsys.readouterr().err


async def websocket_status(port: int, origin: str | None, path: str = "/ws") -> int:
    """The HTTP status of a WebSocket handshake (101: accepted), and the
    socket closed again at once."""
    headers = {"Origin": origin} if origin is not None else {}
    async with aiohttp.ClientSession() as client:
        try:
            async with client.ws_connect(f"ws://127.0.0.1:{port}{path}", headers=headers,
                                         timeout=aiohttp.ClientWSTimeout(ws_close=5)) as ws:
                await ws.close()
                return 101
        except aiohttp.WSServerHandshakeError as err:
            return err.status


def test_only_the_players_own_page_may_open_a_game():
    """A page of another site (its Origin) cannot start games or press keys;
    nor can a request for another host name pointed at 127.0.0.1."""
    with serving() as port:
        assert asyncio.run(websocket_status(port, "http://evil.example")) == 403
        assert asyncio.run(websocket_status(port, None)) == 403
        assert asyncio.run(websocket_status(port, "null")) == 403
        assert asyncio.run(websocket_status(port, f"http://127.0.0.1:{port + 1}")) == 403
        assert get(port, Host=f"evil.example:{port}")[0] == 403  # DNS rebinding
        assert asyncio.run(websocket_status(port, f"http://127.0.0.1:{port}")) == 101
        assert asyncio.run(websocket_status(port, f"http://localhost:{port}",
                                            "/ws?width=999999&height=-4")) == 101


def test_the_number_of_games_served_at_once_is_capped():
    async def two_at_once(port: int) -> tuple[int, int]:
        origin = {"Origin": f"http://127.0.0.1:{port}"}
        async with aiohttp.ClientSession() as client:
            async with client.ws_connect(f"ws://127.0.0.1:{port}/ws", headers=origin) as ws:
                second = await websocket_status(port, origin["Origin"])
                await ws.close()
        third = 503
        deadline = time.monotonic() + DEADLINE
        while third == 503 and time.monotonic() < deadline:  # until the first has ended
            await asyncio.sleep(0.3)
            third = await websocket_status(port, origin["Origin"])
        return second, third

    with serving("--max-sessions", "1") as port:
        assert asyncio.run(two_at_once(port)) == (503, 101)


async def open_game(client: aiohttp.ClientSession, port: int,
                    server: int) -> tuple[aiohttp.ClientWebSocketResponse, list[int]]:
    """A tab's socket, once its app has drawn (some of) its first frame,
    and the app's processes."""
    ws = await client.ws_connect(f"ws://127.0.0.1:{port}/ws",
                                 headers={"Origin": f"http://127.0.0.1:{port}"})
    drawn = 0
    deadline = time.monotonic() + DEADLINE
    while drawn < 1000 and time.monotonic() < deadline:
        message = await ws.receive(timeout=DEADLINE)
        assert message.type is aiohttp.WSMsgType.BINARY, message
        drawn += len(message.data)
    apps = app_processes(server)
    assert apps, "no app process below the server"
    return ws, apps


async def closing_of(ws: aiohttp.ClientWebSocketResponse, seconds: float = 10.0) -> tuple:
    """Reads the socket until the server closes it (at most `seconds`): the
    close code and its reason, or ("still open", "") if it is not closed."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            message = await ws.receive(timeout=max(0.1, deadline - time.monotonic()))
        except TimeoutError:
            break
        if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSING,
                            aiohttp.WSMsgType.CLOSED):
            return ws.close_code, message.extra or ""
    return "still open", ""


def test_a_message_over_the_limit_closes_its_tab_and_ends_its_game():
    """One message of a megabyte (a key press is a few bytes): the server
    closes that socket, saying why, and the app process ends; it does not
    go on chewing on the megabyte."""
    async def oversized(port: int, server: int) -> tuple[object, str, list[int]]:
        async with aiohttp.ClientSession() as client:
            ws, apps = await open_game(client, port, server)
            await ws.send_str(json.dumps(["stdin", "x" * 1_000_000]))
            code, reason = await closing_of(ws)
            await ws.close()
        return code, reason, apps

    with serving_process() as (port, proc):
        code, reason, apps = asyncio.run(oversized(port, proc.pid))
        assert code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG, code
        assert "64 KiB" in reason
        assert wait_until_ended(apps, 10) == []


def test_input_beyond_the_sessions_budget_closes_its_tab():
    """Many large messages, each under the limit, one after another: past
    the session's budget the socket is closed with the reason."""
    async def flood(port: int, server: int) -> tuple[object, str, list[int]]:
        async with aiohttp.ClientSession() as client:
            ws, apps = await open_game(client, port, server)
            try:
                for n in range(16):  # 16 x 60 KB (the server echoes pings)
                    await ws.send_str(json.dumps(["ping", f"{n:02}" + "x" * 60_000]))
            except ConnectionResetError:  # closed meanwhile: what is tested
                pass
            code, reason = await closing_of(ws)
            await ws.close()
        return code, reason, apps

    with serving_process() as (port, proc):
        code, reason, apps = asyncio.run(flood(port, proc.pid))
        assert code == aiohttp.WSCloseCode.POLICY_VIOLATION, code
        assert "per second" in reason
        assert wait_until_ended(apps, 10) == []


def test_a_closed_tab_ends_its_game_even_a_busy_one_and_frees_its_place():
    """With one game at a time: a tab given a lot to chew on (about 120,000
    key presses) is closed; its app ends within a few seconds and a new tab
    is served, not refused."""
    async def close_a_busy_tab(port: int, server: int) -> list[int]:
        async with aiohttp.ClientSession() as client:
            ws, apps = await open_game(client, port, server)
            for _ in range(2):
                await ws.send_str(json.dumps(["stdin", "x" * 60_000]))
            await ws.close()
        return apps

    async def served(port: int) -> int:
        """A new tab's status, asked again while it is 503, for 5 seconds at most:
        the place is freed a moment after the app has ended."""
        deadline = time.monotonic() + 5
        status = 503
        while status == 503 and time.monotonic() < deadline:
            status = await websocket_status(port, f"http://127.0.0.1:{port}")
            await asyncio.sleep(0.2)
        return status

    with serving_process("--max-sessions", "1") as (port, proc):
        apps = asyncio.run(close_a_busy_tab(port, proc.pid))
        assert wait_until_ended(apps, 10) == [], "the closed tab's game still runs"
        assert asyncio.run(served(port)) == 101


def test_stopping_the_server_ends_its_games():
    with serving_process() as (port, proc):
        async def open_tab() -> list[int]:
            async with aiohttp.ClientSession() as client:
                ws, apps = await open_game(client, port, proc.pid)
                proc.send_signal(signal.SIGTERM)  # as ctrl+c (SIGINT) does
                await closing_of(ws, 15)
                await ws.close()
                return apps

        apps = asyncio.run(open_tab())
        proc.wait(timeout=15)
        left = wait_until_ended(apps, 5)
        for pid in left:  # no longer below the server: killed here
            os.kill(pid, signal.SIGKILL)
        assert left == []


def test_the_input_budget_gives_a_burst_then_so_much_a_second():
    budget = serve_guard.InputBudget(100.0, burst=1000, rate=100)
    assert budget.spend(600, 100.0) and budget.spend(400, 100.0)
    assert not budget.spend(1, 100.0)  # all spent
    assert budget.spend(50, 100.5) and not budget.spend(1, 100.5)  # half a second: 50 back
    assert not budget.spend(1001, 500.0)  # never more than the burst, however long
    assert budget.spend(1000, 500.0)
    assert not budget.spend(1, 400.0)  # a clock going back gives nothing


def test_only_the_pages_own_messages_are_taken():
    envelope = serve_guard.envelope
    assert envelope('["stdin", "q"]') == ("stdin", "q")
    assert envelope('["resize", {"width": 90, "height": 30}]') == (
        "resize", {"width": 90, "height": 30})
    assert envelope('["blur"]') == ("blur", None)
    assert envelope('["ping", "1700000000000"]') == ("ping", "1700000000000")
    for text in ("not json", "{}", "[]", "[1]", '["stdin", 5]', '["resize", [80, 24]]',
                 "[" * 100_000, '"stdin"'):
        assert envelope(text) is None, text[:20]


def test_a_port_in_use_or_an_unknown_host_is_one_line(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"port {port}" in err and "in use" in err
    assert main(["serve", "--host", "no-such-host.invalid", "--port", "8000"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no-such-host.invalid" in err


def test_serving_beyond_this_computer_warns_loudly():
    assert serve_guard.exposure_warning("127.0.0.1") is None
    assert serve_guard.exposure_warning("localhost") is None
    assert serve_guard.exposure_warning("::1") is None
    warning = serve_guard.exposure_warning("0.0.0.0")
    assert warning and "WARNING" in warning and "every network" in warning
    assert "192.168.1.5" in (serve_guard.exposure_warning("192.168.1.5") or "")


def test_sizes_from_the_url_are_bounded():
    assert serve_guard.bounded("999999999999", 20, 400, 80) == 400
    assert serve_guard.bounded("-5", 20, 400, 80) == 20
    assert serve_guard.bounded("9" * 5000, 20, 400, 80) == 400
    assert serve_guard.bounded("²", 20, 400, 80) == 80
    assert serve_guard.bounded(None, 20, 400, 80) == 80


def test_serve_binds_to_this_computer_by_default():
    args = build_parser().parse_args(["serve"])
    assert args.host == "127.0.0.1" and args.port == serve_cli.DEFAULT_PORT
    assert serve_cli.app_command(args)[-1] == "play"
    demo = build_parser().parse_args(["serve", "--demo", "1"])
    assert serve_cli.app_command(demo)[-2:] == ["demo", "1"]


def test_without_textual_serve_it_says_how_to_install_it(monkeypatch, capsys):
    real_import = builtins.__import__

    def no_textual_serve(name, *args, **kwargs):
        if name.startswith("textual_serve"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_textual_serve)
    assert main(["serve", "--port", "1"]) == 2
    assert 'pip install ".[web]"' in capsys.readouterr().err


def test_an_unknown_demo_is_refused_before_serving(capsys):
    assert main(["serve", "--demo", "nope"]) == 2
    assert "nope" in capsys.readouterr().err


def test_the_page_keeps_the_terminal_below_the_top_edge(tmp_path):
    html = (serve_cli.page_templates(tmp_path) / "app_index.html").read_text()
    assert serve_cli.PAGE_CSS in html and html.index(serve_cli.PAGE_CSS) < html.index("</style>")
    assert "top: 8px" in serve_cli.PAGE_CSS


def test_serve_help_and_its_page_agree_that_tabs_share_the_saved_game():
    parser = build_parser()
    serve = next(a for a in parser._subparsers._group_actions[0].choices.items()
                 if a[0] == "serve")[1]
    said = " ".join(serve.format_help().split())
    page = " ".join((ROOT / "docs" / "two-screens.md").read_text().split())
    assert "share the one saved game" in said
    assert "share the one saved game" in page
    assert "plays its own game" not in said
