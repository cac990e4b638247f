"""`avatar-tui serve`: the app in a browser with textual-serve. A real
server starts on a free port of 127.0.0.1, answers an HTTP GET with the
app's page, and is stopped — every wait bounded by a deadline."""

from __future__ import annotations

import builtins
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from avatar_tui import serve_cli
from avatar_tui.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[2]
DEADLINE = 30.0  # seconds for the server to answer


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_serve_answers_with_the_app_page_and_stops():
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "avatar_tui", "serve", "--port", str(port)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        page = None
        deadline = time.monotonic() + DEADLINE
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as resp:
                    assert resp.status == 200
                    page = resp.read().decode("utf-8")
                    break
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.2)
        assert proc.poll() is None, proc.stdout.read().decode() if proc.stdout else ""
        assert page is not None, "the server did not answer in time"
        assert "textual-terminal" in page and ">avatar-tui<" in page  # our title
        assert f"ws://127.0.0.1:{port}/ws" in page  # the page runs the app over a websocket
        assert serve_cli.PAGE_CSS in page  # room above the terminal: the top row is whole
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
        if proc.stdout:
            proc.stdout.close()
    assert proc.returncode is not None


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


def test_serve_help_and_the_readme_agree_that_tabs_share_the_saved_game():
    parser = build_parser()
    serve = next(a for a in parser._subparsers._group_actions[0].choices.items()
                 if a[0] == "serve")[1]
    said = " ".join(serve.format_help().split())
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert "share the one saved game" in said
    assert "share the one saved game" in readme
    assert "plays its own game" not in said
