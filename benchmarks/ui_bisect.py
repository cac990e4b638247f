"""A key's CPU time at several commits, each measured by its own probe.

    python benchmarks/ui_bisect.py COMMIT [COMMIT...] [--rounds N] [--actions N] [--alternate]

Each commit is unpacked from git into a temporary directory and its own
benchmarks/ui_probe.py plays its seeded game by keys (`keys app`), with the
probe's clock swapped for the process's CPU clock: a key's time is then the
CPU the app spent from the key to the frame showing its move, which other
work on a shared machine does not stretch (older probes know only the wall
clock). `.` is this tree. The minimal Textual app of this tree's probe runs
after each, updating as many widgets, as the machine's speed at that moment.
Printed per commit: the median key in CPU ms over the rounds, the minimal
app's, and their ratio. How issue 44's culprit was found: docs/performance.md.
Measured and printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from ui_versus import unpack  # benchmarks/, beside this file

ROOT = Path(__file__).resolve().parents[1]

# runs a probe file with its `time` module's clocks replaced by CPU time
LAUNCH = """
import importlib.util, sys, time, types
path = sys.argv[1]
spec = importlib.util.spec_from_file_location("ui_probe", path)
probe = importlib.util.module_from_spec(spec)
sys.modules["ui_probe"] = probe
spec.loader.exec_module(probe)
probe.time = types.SimpleNamespace(monotonic=time.process_time, process_time=time.process_time)
probe.main(sys.argv[2:])
"""


def probe(root: Path, *args: object) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "AVATAR_TUI_PROBE_ROOT"}
    done = subprocess.run([sys.executable, "-c", LAUNCH, str(root / "benchmarks" / "ui_probe.py"),
                           *map(str, args)], capture_output=True, text=True, env=env, cwd=root,
                          timeout=900, check=False)
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("{")]
    if done.returncode != 0 or not lines:
        raise SystemExit(f"probe at {root} failed: {done.stderr.strip()[-400:]}")
    return json.loads(lines[-1])


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commits", nargs="+")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--actions", type=int, default=60)
    parser.add_argument("--alternate", action="store_true",
                        help="each round measures every commit in turn (a before and an "
                             "after in the same minutes), rather than all rounds of one first")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="avatar-tui-bisect-") as tmp:
        roots = {c: ROOT if c == "." else unpack(c, Path(tmp) / c) for c in args.commits}
        print("commit      app cpu ms  minimal cpu ms  ratio  widgets  rows a key")
        app: dict[str, list[float]] = {c: [] for c in roots}
        minimal: dict[str, list[float]] = {c: [] for c in roots}
        shape: dict[str, tuple[int, int]] = {}

        def measure(commit: str) -> None:
            data = probe(roots[commit], "keys", "app", args.actions)
            app[commit] += data["latencies"]
            rows = max(1, round(statistics.median(data["updated"])))
            shape[commit] = (data["widgets"], rows)
            minimal[commit] += probe(ROOT, "keys", "minimal", data["widgets"], rows,
                                     len(data["latencies"]))["latencies"]

        def report(commit: str) -> None:
            a, m = statistics.median(app[commit]) * 1000, statistics.median(minimal[commit]) * 1000
            widgets, rows = shape[commit]
            print(f"{commit:10}  {a:10.1f}  {m:14.1f}  {a / m:5.2f}  {widgets:7}  {rows:10}",
                  flush=True)

        if args.alternate:
            for _ in range(args.rounds):
                for commit in roots:
                    measure(commit)
            for commit in roots:
                report(commit)
            return
        for commit in roots:
            for _ in range(args.rounds):
                measure(commit)
            report(commit)


if __name__ == "__main__":
    main(sys.argv[1:])
