"""Key-to-repaint of this tree against an older commit's, in the same minutes.

    python benchmarks/ui_versus.py COMMIT [ROUNDS] [ACTIONS]

The older commit is unpacked from git into a temporary directory; the same
probe (benchmarks/ui_probe.py keys app, with AVATAR_TUI_PROBE_ROOT) plays
the same seeded game in both trees, alternately, one child process at a
time, ROUNDS times each, with the minimal app between them as a reference
of the machine's speed at that moment. Printed: per round the median key of
each, in CPU time and wall clock, the rows repainted per key, and the ratio
now / before; then the medians of the rounds with their spread (min-max).
Where both pressed the same keys (the same game), each key's CPU time now
over before, the median of all those per-key ratios (with its quartiles),
less shaken by the machine's drift than the medians apart.
Measured and printed, never asserted.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROBE = ROOT / "benchmarks" / "ui_probe.py"


def unpack(commit: str, into: Path) -> Path:
    data = subprocess.run(["git", "archive", commit], cwd=ROOT, capture_output=True,
                          check=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(into, filter="data")
    return into


def run(args: list[str], root: Path | None) -> dict:
    env = {k: v for k, v in __import__("os").environ.items() if k != "AVATAR_TUI_PROBE_ROOT"}
    if root is not None:
        env["AVATAR_TUI_PROBE_ROOT"] = str(root)
    done = subprocess.run([sys.executable, str(PROBE), *args], capture_output=True, text=True,
                          env=env, timeout=600, check=False)
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("{")]
    if done.returncode != 0 or not lines:
        raise SystemExit(f"probe {' '.join(args)} failed: {done.stderr.strip()[-400:]}")
    return json.loads(lines[-1])


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"


def main(argv: list[str]) -> None:
    commit = argv[0]
    rounds = int(argv[1]) if len(argv) > 1 else 5
    actions = argv[2] if len(argv) > 2 else "60"
    med = statistics.median
    rows: dict[str, list[float]] = {k: [] for k in (
        "old_cpu", "new_cpu", "old_wall", "new_wall", "min_cpu", "cpu_ratio", "wall_ratio",
        "old_rows", "new_rows")}
    paired: list[float] = []
    with tempfile.TemporaryDirectory(prefix="avatar-tui-versus-") as tmp:
        old_root = unpack(commit, Path(tmp))
        run(["keys", "app", "3"], old_root)  # unmeasured: both compile their bytecode
        run(["keys", "app", "3"], None)
        print("round  before cpu/wall ms  now cpu/wall ms  minimal cpu ms  rows before/now"
              "  now/before cpu")
        for i in range(rounds):
            old = run(["keys", "app", actions], old_root)
            new = run(["keys", "app", actions], None)
            ref = run(["keys", "minimal", str(new["widgets"]), "7", "30"], None)
            if old["keys"] != new["keys"]:
                print("  (the two trees pressed different keys: medians compare unlike games)")
            else:
                paired += [n / o for n, o in zip(new["cpu"], old["cpu"], strict=True)]
            for tag, data in (("old", old), ("new", new)):
                rows[f"{tag}_cpu"].append(med(data["cpu"]) * 1000)
                rows[f"{tag}_wall"].append(med(data["latencies"]) * 1000)
                rows[f"{tag}_rows"].append(med(data["updated"]))
            rows["min_cpu"].append(med(ref["cpu"]) * 1000)
            rows["cpu_ratio"].append(rows["new_cpu"][-1] / rows["old_cpu"][-1])
            rows["wall_ratio"].append(rows["new_wall"][-1] / rows["old_wall"][-1])
            print(f"{i + 1:5}  {rows['old_cpu'][-1]:6.1f} / {rows['old_wall'][-1]:5.1f}"
                  f"     {rows['new_cpu'][-1]:6.1f} / {rows['new_wall'][-1]:5.1f}"
                  f"    {rows['min_cpu'][-1]:6.1f}"
                  f"          {rows['old_rows'][-1]:4.1f} / {rows['new_rows'][-1]:4.1f}"
                  f"      {rows['cpu_ratio'][-1]:.2f}")
    print(f"median of {rounds} rounds (min-max), {len(new['cpu'])} keys each:")
    for name in rows:
        print(f"  {name:10} {spread(rows[name])}")
    if len(paired) >= 4:
        q1, mid, q3 = statistics.quantiles(paired, n=4)
        print(f"  per key, now/before cpu: median {mid:.2f}, quartiles {q1:.2f}-{q3:.2f} "
              f"({len(paired)} keys)")


if __name__ == "__main__":
    main(sys.argv[1:])
