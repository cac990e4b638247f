"""Where a start's CPU goes before its first frame: the app as
benchmarks/ui_probe.py starts it (a game given at launch, the catalog
cache warm) against the minimal Textual app, alternately, each in a fresh
process, phase by phase in CPU time (`time.process_time()`, counted from
the process's start, so a shared machine stretches it less than the wall
clock).

    python benchmarks/first_frame_phases.py               # 8 rounds
    python benchmarks/first_frame_phases.py --rounds 12 --parts

Phases of the app: the interpreter and `site`; Textual imported; pydantic
imported; the game's models (avatar_tui.model.state and all it loads);
the engine; the command line; the app's modules; the game made; `run` to
the first frame. The minimal app has the first two and the last.

`--parts` also sums, across the whole start, the CPU of some kinds of work
by wrapping the functions that do it, in the measured process only (the
wrappers cost a little themselves): the making of our dataclasses and of
everyone else's, our pydantic model classes, Textual's stylesheet parse,
its restyling of nodes, and the compositor's render of frames. The
wrappers import Textual and pydantic before the first mark, so with
`--parts` the first phases are not comparable with a run without it.

The bytecode of both apps is cached for the run as run.py does, and the
card catalog's pickle too (a first start without it is slower; run.py
prints that figure).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = Path(os.environ.get("AVATAR_TUI_PROBE_ROOT") or HERE.parent)


def child(kind: str, parts: bool) -> None:
    marks = [("python+site", time.process_time())]

    def mark(name: str) -> None:
        marks.append((name, time.process_time()))

    sums: dict[str, float] = {}
    if parts:
        _wrap_parts(sums, kind)
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(HERE))
    os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
    sys.argv = [sys.argv[0], "first-frame", kind]  # ui_probe reads its mode at import
    if kind == "app":
        from avatar_tui.tui.perf import heap

        heap.hold()  # as `avatar-tui play` and the probe do before the imports
    import textual.app  # noqa: F401
    import textual.containers  # noqa: F401
    import textual.widgets  # noqa: F401
    mark("textual")
    if kind == "app":
        import pydantic  # noqa: F401
        mark("pydantic")
        import avatar_tui.model.state  # noqa: F401
        mark("models")
        import avatar_tui.engine  # noqa: F401
        mark("engine")
        import avatar_tui.cli  # noqa: F401
        mark("cli")
        import avatar_tui.tui.app  # noqa: F401
        mark("app")
    import ui_probe

    ui_probe.emit = lambda data: None  # this process reports its own line
    # as ui_probe's main: never the user's data directory, the run's catalog cache
    data = tempfile.mkdtemp(prefix="avatar-tui-phases-")
    os.environ["AVATAR_TUI_DATA_DIR"] = data
    os.symlink(os.environ["AVATAR_TUI_BENCH_CACHE"], Path(data) / "cache",
               target_is_directory=True)
    if kind == "app":
        app = ui_probe.make_game_app()
        app.report_first = True
        mark("game")
        ready = lambda: app.board_ready  # noqa: E731
    else:
        app = ui_probe.MinimalApp(49, report_first=True)
        ready = lambda: True  # noqa: E731
    seen = app.on_frame

    def on_frame() -> None:
        if app.report_first and ready():
            mark("frame")
        seen()

    app.on_frame = on_frame  # type: ignore[method-assign]
    app.run(headless=True, size=ui_probe.SIZE)
    shutil.rmtree(data, ignore_errors=True)
    phases = {name: (t - before) * 1000 for (name, t), (_, before)
              in zip(marks, [("", 0.0), *marks], strict=False)}
    print(json.dumps({"phases": phases, "total": marks[-1][1] * 1000,
                      "parts": {k: v * 1000 for k, v in sums.items()}}))


def _wrap_parts(sums: dict[str, float], kind: str) -> None:
    import dataclasses

    from textual import _compositor
    from textual.css import stylesheet

    def timed(owner, name, key_of) -> None:
        original = getattr(owner, name)

        def wrapper(*args, **kwargs):
            start = time.process_time()
            try:
                return original(*args, **kwargs)
            finally:
                key = key_of(args)
                sums[key] = sums.get(key, 0.0) + time.process_time() - start

        setattr(owner, name, wrapper)

    def ours(module: str) -> bool:
        return module.startswith("avatar_tui")

    timed(dataclasses, "_process_class",
          lambda a: "our dataclasses" if ours(a[0].__module__) else "other dataclasses")
    timed(stylesheet.Stylesheet, "_parse_rules", lambda a: "css parse")
    timed(stylesheet.Stylesheet, "update_nodes", lambda a: "restyle")
    timed(_compositor.Compositor, "render_update", lambda a: "render")
    if kind == "app":
        from pydantic._internal import _model_construction

        timed(_model_construction.ModelMetaclass, "__new__",
              lambda a: "our model classes" if ours(a[3].get("__module__", ""))
              else "other model classes")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--parts", action="store_true")
    parser.add_argument("--child", choices=("app", "minimal"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.parts)
        return
    with tempfile.TemporaryDirectory() as pyc, tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = pyc
        env["AVATAR_TUI_BENCH_CACHE"] = cache  # ui_probe's catalog cache for the run
        results: dict[str, list[dict]] = {"app": [], "minimal": []}
        loads = []
        for round_ in range(args.rounds + 1):  # the first round fills the caches, unmeasured
            for kind in ("app", "minimal"):
                cmd = [sys.executable, __file__, "--child", kind]
                done = subprocess.run(cmd + (["--parts"] if args.parts else []),
                                      capture_output=True, text=True, timeout=120, env=env)
                if done.returncode != 0:
                    raise SystemExit(done.stderr)
                if round_:
                    results[kind].append(json.loads(done.stdout.splitlines()[-1]))
            loads.append(os.getloadavg()[0])
    for kind, runs in results.items():
        phases = {name: statistics.median(r["phases"][name] for r in runs)
                  for name in runs[0]["phases"]}
        line = " | ".join(f"{name} {ms:.0f}" for name, ms in phases.items())
        print(f"{kind}: {line} | total {statistics.median(r['total'] for r in runs):.0f} ms")
        if args.parts:
            parts = {name: statistics.median(r["parts"].get(name, 0.0) for r in runs)
                     for name in sorted({n for r in runs for n in r["parts"]})}
            print("   parts: " + " | ".join(f"{n} {ms:.1f}" for n, ms in parts.items()))
    app = statistics.median(r["total"] for r in results["app"])
    minimal = statistics.median(r["total"] for r in results["minimal"])
    print(f"CPU to the first frame, medians of {args.rounds} rounds: app {app:.0f} ms, "
          f"minimal {minimal:.0f} ms, ratio {app / minimal:.2f}; load average "
          f"{min(loads):.1f}-{max(loads):.1f}")


if __name__ == "__main__":
    main()
