"""The projector view measured as a room sees it: `avatar-tui serve
--watch` opened in a real headless Chromium at 1920x1080 (or --page), driven through
its DevTools protocol, measured, and photographed.

    python benchmarks/projector.py [--font-size PX] [--page WxH] [--query Q]
                                   [--out FILE.png] [--chromium PATH] [--seconds S]

It starts, on 127.0.0.1 and with a data directory of its own, a real host
where the computer plays both seats, `avatar-tui serve --watch` on that
host's watch URL (with `--font-size PX` when given), and Chromium; it opens
the page (with `?Q` when given), waits for the terminal to draw, and prints
one JSON line:

- `terminal_share`: how far down the page the terminal's last row reaches,
  over the page's height;
- `font_px`: the terminal's font size, the smallest text on the page (the
  terminal draws every character at one size);
- `cell_px`: a character cell's width and height;
- `size`: the terminal's columns and rows;
- `board_share`: from the page's top to the lowest row of pixels the board
  is drawn in (left of the side panel, above the footer), over the page's
  height: how much of the screen the board uses (in the full layout, from
  110x34: below it the side's panels stand under the board);
- `screenshot`: where the PNG is (look at it).

Everything it started is ended when it returns. Chromium comes from
Debian's package (`apt-get install chromium`); CI has none, so this is a
script, and tests/test_benchmarks_smoke.py tests its pure parts.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGE = (1920, 1080)
DEADLINE = 60.0  # seconds for any one thing to be ready

# Before the page's scripts run: every size the terminal tells the app
# (textual-serve's ["resize", {width, height}] message) is kept, so that
# the page says its columns and rows.
SIZES_JS = """
window.__sizes = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  if (typeof data === 'string' && data.startsWith('["resize"'))
    window.__sizes.push(JSON.parse(data)[1]);
  return send.call(this, data);
};
"""

# Run in the page once the terminal has drawn: the font size xterm.js was
# given (every character of the terminal is drawn at that one size, so it
# is the smallest text on the page), the box its text layer is drawn in,
# and the last size it told the app.
MEASURE_JS = """
(() => {
  const terminal = document.querySelector('#terminal');
  const layer = document.querySelector('.xterm-text-layer');
  if (!terminal || !layer) return null;
  const box = layer.getBoundingClientRect();
  return {page: [window.innerWidth, window.innerHeight],
          terminal: [box.left, box.top, parseFloat(layer.style.width),
                     parseFloat(layer.style.height)],
          font_px: parseFloat(terminal.dataset.fontSize),
          size: (window.__sizes || []).slice(-1)[0] || null,
          first_byte: document.body.classList.contains('-first-byte')};
})()
"""

# Run in the page with the screenshot: for each row of pixels above
# `bottom`, how many of those left of `right` differ from the background
# (the commonest colour there), counted on a canvas so that no image
# library is needed here. The board is the left part of the terminal, the
# footer its last row: left of the side panel and above the footer, the
# lowest drawn row is the board's lowest.
DRAWN_JS = """
(async (png, right, bottom) => {
  const image = new Image();
  image.src = 'data:image/png;base64,' + png;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width; canvas.height = image.height;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, image.width, image.height).data;
  const at = (x, y) => {
    const i = 4 * (y * image.width + x);
    return [data[i], data[i + 1], data[i + 2]];
  };
  const seen = new Map();  // the background: the commonest colour of the board's part
  for (let y = 0; y < Math.min(bottom, image.height); y += 7)
    for (let x = 0; x < Math.min(right, image.width); x += 7) {
      const key = at(x, y).join();
      seen.set(key, (seen.get(key) || 0) + 1);
    }
  const background = [...seen.entries()].sort((a, b) => b[1] - a[1])[0][0].split(',').map(Number);
  const rows = [];
  for (let y = 0; y < Math.min(bottom, image.height); y++) {
    let drawn = 0;
    for (let x = 0; x < Math.min(right, image.width); x += 2) {
      const p = at(x, y);
      if (Math.abs(p[0] - background[0]) + Math.abs(p[1] - background[1])
          + Math.abs(p[2] - background[2]) > 24) drawn++;
    }
    rows.push(drawn);
  }
  return rows;
})
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def lowest_drawn(rows: list[int], least: int = 3) -> int:
    """The index of the lowest pixel row with at least `least` pixels that
    are not the background (-1: none)."""
    for y in range(len(rows) - 1, -1, -1):
        if rows[y] >= least:
            return y
    return -1


SIDE_COLUMNS = 36  # the side panel's columns and a margin (app.tcss: #side)


def board_right(measured: dict) -> int:
    """The pixel column where the side panel begins: the board is left of it."""
    left, _, width, _ = measured["terminal"]
    cell = width / measured["size"]["width"]
    return int(left + width - SIDE_COLUMNS * cell)


def footer_top(measured: dict) -> int:
    """The pixel row where the footer (the terminal's last row) begins."""
    _, top, _, height = measured["terminal"]
    return int(top + height - height / measured["size"]["height"])


def summary(measured: dict, rows: list[int]) -> dict:
    """The figures printed, from what the page said and the screenshot's
    rows of pixels."""
    width, height = measured["page"]
    _, top, term_width, term_height = measured["terminal"]
    cols, lines = measured["size"]["width"], measured["size"]["height"]
    return {"page": [width, height],
            "terminal_share": round((top + term_height) / height, 3),
            "font_px": measured["font_px"],
            "cell_px": [round(term_width / cols, 2), round(term_height / lines, 2)],
            "size": [cols, lines],
            "board_share": round((lowest_drawn(rows) + 1) / height, 3)}


def command(*words: str) -> list[str]:
    return [sys.executable, "-m", "avatar_tui", *words]


@contextlib.contextmanager
def started(argv: list[str], env: dict[str, str], log: Path):
    with log.open("wb") as out:
        process = subprocess.Popen(argv, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        yield process
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)


def wait_for_line(log: Path, start: str, deadline: float) -> str:
    while time.monotonic() < deadline:
        for line in log.read_text(errors="replace").splitlines():
            if line.startswith(start):
                return line
        time.sleep(0.2)
    raise TimeoutError(f"no line starting {start!r} in {log}: {log.read_text(errors='replace')}")


async def devtools(port: int, deadline: float):
    import aiohttp

    async with aiohttp.ClientSession() as http:
        while True:
            try:
                async with http.get(f"http://127.0.0.1:{port}/json/list") as answer:
                    pages = [p for p in await answer.json() if p.get("type") == "page"]
                if pages:
                    return pages[0]["webSocketDebuggerUrl"]
            except aiohttp.ClientError:
                pass
            if time.monotonic() > deadline:
                raise TimeoutError("Chromium's DevTools did not answer")
            await asyncio.sleep(0.2)


class Page:
    """One page of Chromium, spoken to through the DevTools protocol."""

    def __init__(self, socket_):
        self.socket = socket_
        self.next_id = 0

    async def call(self, method: str, **params) -> dict:
        self.next_id += 1
        await self.socket.send_json({"id": self.next_id, "method": method, "params": params})
        async for message in self.socket:
            answer = json.loads(message.data)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
        raise ConnectionError("Chromium closed the DevTools socket")

    async def evaluate(self, expression: str, *, awaited: bool = False):
        result = await self.call("Runtime.evaluate", expression=expression,
                                 returnByValue=True, awaitPromise=awaited)
        if "exceptionDetails" in result:
            raise RuntimeError(f"in the page: {result['exceptionDetails']}")
        return result["result"].get("value")


def page_size(text: str) -> tuple[int, int]:
    """A page's size in CSS pixels, as 1920x1080."""
    width, _, height = text.partition("x")
    if not (width.isdigit() and height.isdigit()):
        raise argparse.ArgumentTypeError(f"'{text}' is not a size as 1920x1080")
    return int(width), int(height)


async def photograph(url: str, debug_port: int, out: Path, settle: float,
                     page_px: tuple[int, int] = PAGE) -> dict:
    import aiohttp

    deadline = time.monotonic() + DEADLINE
    target = await devtools(debug_port, deadline)
    async with aiohttp.ClientSession() as http, \
            http.ws_connect(target, max_msg_size=64 * 1024 * 1024) as socket_:
        page = Page(socket_)
        await page.call("Emulation.setDeviceMetricsOverride", width=page_px[0], height=page_px[1],
                        deviceScaleFactor=1, mobile=False)
        await page.call("Page.enable")
        await page.call("Page.addScriptToEvaluateOnNewDocument", source=SIZES_JS)
        await page.call("Page.navigate", url=url)
        measured = None
        while time.monotonic() < deadline:
            measured = await page.evaluate(MEASURE_JS)
            if measured and measured["first_byte"] and measured["size"]:
                break
            await asyncio.sleep(0.3)
        else:
            raise TimeoutError(f"the terminal did not draw: {measured}")
        await asyncio.sleep(settle)  # the app's first frames, the log filling
        measured = await page.evaluate(MEASURE_JS)
        shot = await page.call("Page.captureScreenshot", format="png")
        out.write_bytes(base64.b64decode(shot["data"]))
        rows = await page.evaluate(f"({DRAWN_JS})({json.dumps(shot['data'])}, "
                                   f"{board_right(measured)}, {footer_top(measured)})",
                                   awaited=True)
    found = summary(measured, rows)
    found["screenshot"] = str(out)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--font-size", type=int, help="serve's --font-size")
    parser.add_argument("--page", type=page_size, default=PAGE, metavar="WxH",
                        help="the page's size (default 1920x1080)")
    parser.add_argument("--query", default="", help="the page's query, as fontsize=22")
    parser.add_argument("--out", type=Path, default=Path("projector.png"))
    parser.add_argument("--chromium", default=shutil.which("chromium") or "chromium")
    parser.add_argument("--seconds", type=float, default=6.0,
                        help="how long the app draws before the photograph")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="avatar-tui-projector-") as folder:
        here = Path(folder)
        env = {**os.environ, "AVATAR_TUI_DATA_DIR": str(here / "data"),
               "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
        host_port, serve_port, debug_port = free_port(), free_port(), free_port()
        deadline = time.monotonic() + DEADLINE
        with started(command("host", "--port", str(host_port), "--seed", "7",
                             "--bot1", "heuristic", "--bot2", "heuristic"),
                     env, here / "host.log"):
            watch = wait_for_line(here / "host.log", "watch:", deadline).split()[-1]
            serve = ["serve", "--watch", watch, "--port", str(serve_port)]
            if args.font_size is not None:
                serve += ["--font-size", str(args.font_size)]
            with started(command(*serve), env, here / "serve.log"):
                wait_for_line(here / "serve.log", "avatar-tui: serving", deadline)
                with started([args.chromium, "--headless=new", "--no-sandbox",
                              "--disable-gpu", "--hide-scrollbars",
                              f"--remote-debugging-port={debug_port}",
                              f"--user-data-dir={here / 'chromium'}",
                              f"--window-size={args.page[0]},{args.page[1]}",
                              "about:blank"],
                             env, here / "chromium.log"):
                    url = f"http://127.0.0.1:{serve_port}/" + (f"?{args.query}"
                                                               if args.query else "")
                    found = asyncio.run(photograph(url, debug_port, args.out.resolve(),
                                                   args.seconds, args.page))
    print(json.dumps(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
