"""A command of the project run as a person runs it: a process of its own
on a pseudo-terminal of a chosen size, fed keys and mouse clicks as bytes,
its screen read back as text. What it printed to the terminal (the app's
frames, and a traceback or a warning after it) is all in `text`.

Every wait has a deadline; `close` (or leaving the `with` block) kills a
process still running, so a test never leaves one behind."""

from __future__ import annotations

import fcntl
import os
import re
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# the bytes of the keys the tests press (what a terminal sends for them)
ENTER = "\r"
ESCAPE = "\x1b"
CTRL_P = "\x10"
PAGE_DOWN = "\x1b[6~"

# an escape sequence: CSI (colours, cursor moves, modes), OSC (titles,
# colour queries), or one of the short ones
_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"
                      r"|\x1b[()][0-9A-Za-z]|\x1b[=>78DEHMc]")

# what a crash or a leak leaves on the terminal once the app has gone
TROUBLE = ("Traceback", "Unclosed", "Event loop is closed", "Exception ignored", "Error:")


def click(x: int, y: int) -> str:
    """A left click at column x, row y (from 0), as an xterm's SGR mouse
    report (the mode Textual turns on): press, then release."""
    return f"\x1b[<0;{x + 1};{y + 1}M\x1b[<0;{x + 1};{y + 1}m"


class Terminal:
    """`python -m avatar_tui ARGS` on a pseudo-terminal of `size` (columns,
    rows), with the data directory `data`."""

    def __init__(self, *args: str, data: Path, size: tuple[int, int] = (80, 24),
                 env: dict[str, str] | None = None):
        columns, rows = size
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        environment = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL")}
        environment.update({"TERM": "xterm-256color", "COLUMNS": str(columns),
                            "LINES": str(rows), "AVATAR_TUI_DATA_DIR": str(data),
                            **(env or {})})
        self.process = subprocess.Popen([sys.executable, "-m", "avatar_tui", *args],
                                        stdin=slave, stdout=slave, stderr=slave, cwd=ROOT,
                                        env=environment, start_new_session=True)
        os.close(slave)
        self._master = master
        self._raw = bytearray()
        self._lock = threading.Lock()
        self._seen = 0  # where the next `expect` starts looking
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self._master, 65536)
            except OSError:  # EIO: every process on the terminal has gone
                return
            if not chunk:
                return
            with self._lock:
                self._raw += chunk

    @property
    def text(self) -> str:
        """Everything shown so far, without the escape sequences."""
        with self._lock:
            raw = bytes(self._raw)
        return _ESCAPES.sub("", raw.decode("utf-8", "replace"))

    def expect(self, words: str, timeout: float = 60.0) -> None:
        """Wait until `words` are shown after what the last expect found."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.text.find(words, self._seen)
            if found >= 0:
                self._seen = found + len(words)
                return
            if self.process.poll() is not None:
                time.sleep(0.2)  # the last output may still be on its way
                if (found := self.text.find(words, self._seen)) >= 0:
                    self._seen = found + len(words)
                    return
                raise AssertionError(f"the process ended ({self.process.returncode}) before "
                                     f"{words!r} was shown:\n{self.text[-3000:]}")
            time.sleep(0.05)
        raise AssertionError(f"{words!r} not shown in {timeout} s:\n{self.text[-3000:]}")

    def send(self, keys: str) -> None:
        """Bytes as the terminal sends them: typed text, keys, mouse reports."""
        os.write(self._master, keys.encode())

    def exit_code(self, timeout: float = 30.0) -> int:
        """Wait for the process to end (killed past `timeout`); its exit code,
        once its last output is read."""
        try:
            code = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.close()
            raise AssertionError(f"still running after {timeout} s:\n{self.text[-3000:]}") from None
        self._reader.join(timeout=5)
        return code

    def trouble(self) -> list[str]:
        """The lines that tell of a crash or a leak (none, for a clean exit)."""
        return [line for line in self.text.splitlines() if any(t in line for t in TROUBLE)]

    def close(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
        self._reader.join(timeout=5)
        os.close(self._master)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(self, *_exc) -> None:
        self.close()
