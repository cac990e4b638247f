"""The memory a host keeps for connections it refuses.

    python benchmarks/host_refusals.py [COUNT] [--json]

Starts `avatar-tui host` in a child process (a data directory of its own,
127.0.0.1, a free port), reads its resident memory (VmRSS), opens COUNT
connections (3,000 unless given) to p1's path with a wrong token, ten at a
time, each asking for per-message compression as a browser does, reading
the host's `error` and closing; then reads the memory again. Printed: the
growth in MB (after less before) and the peak, the figure
`host_refused_growth_mb` of benchmarks/run.py. Only 127.0.0.1 is ever
contacted, and the host is stopped at the end.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
AT_ONCE = 10  # connections open together, fewer than the host allows one address
START_S = 120  # for the host to print its lines


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _memory_kb(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise RuntimeError(f"no {field} for process {pid}")


def _start_host(data: str) -> tuple[subprocess.Popen, str]:
    env = {**os.environ, "AVATAR_TUI_DATA_DIR": data, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "avatar_tui", "host", "--seed", "1",
                             "--port", str(_free_port())], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True, env=env, cwd=ROOT)
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        line = proc.stdout.readline() if proc.stdout else ""
        if not line:
            break
        if line.startswith("p1: "):
            return proc, line.split()[-1]
    proc.kill()
    raise RuntimeError("the host printed no p1 line")


async def _refused(url: str, count: int) -> int:
    """Open `count` wrong-token connections, AT_ONCE at a time; the number
    answered with an `error`."""
    import aiohttp

    answered = 0
    async with aiohttp.ClientSession() as session:
        async def one() -> None:
            nonlocal answered
            async with session.ws_connect(url, compress=15, timeout=aiohttp.ClientWSTimeout(
                    ws_receive=10, ws_close=10)) as ws:
                msg = await ws.receive(timeout=10)
                if msg.type == aiohttp.WSMsgType.TEXT and json.loads(msg.data)["type"] == "error":
                    answered += 1

        for start in range(0, count, AT_ONCE):
            await asyncio.gather(*(one() for _ in range(min(AT_ONCE, count - start))),
                                 return_exceptions=True)
    return answered


def measure(count: int) -> dict:
    with tempfile.TemporaryDirectory(prefix="avatar-tui-bench-host-") as data:
        proc, url = _start_host(data)
        try:
            wrong = url.rsplit("/", 1)[0] + "/" + "x" * 24
            time.sleep(0.5)  # the host settles after printing its lines
            before = _memory_kb(proc.pid, "VmRSS")
            started = time.monotonic()
            answered = asyncio.run(_refused(wrong, count))
            seconds = time.monotonic() - started
            after = _memory_kb(proc.pid, "VmRSS")
            peak = _memory_kb(proc.pid, "VmHWM")
        finally:
            proc.send_signal(signal.SIGINT)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    return {"count": count, "answered": answered, "before_mb": round(before / 1024, 1),
            "growth_mb": round((after - before) / 1024, 1), "peak_mb": round(peak / 1024, 1),
            "seconds": round(seconds, 1)}


def main(argv: list[str]) -> int:
    count = int(next((a for a in argv if a.isdigit()), 3000))
    result = measure(count)
    if "--json" in argv:
        print(json.dumps(result))
    else:
        print(f"{result['count']} refused connections ({result['answered']} answered with an "
              f"error, {result['seconds']} s): the host grew {result['growth_mb']} MB from "
              f"{result['before_mb']} MB (peak {result['peak_mb']} MB)")
    return 0 if result["answered"] == count else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
