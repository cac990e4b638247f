"""The project's benchmarks, each figure printed beside its goal.

    python benchmarks/run.py            # the full run (about a minute)
    python benchmarks/run.py --json     # the same figures as JSON
    python benchmarks/run.py --smoke    # tiny counts: checks that it runs

The engine figures are of the engine `import avatar_tui` gives where this
runs: the installed package (compiled by `pip install .` where a C
compiler is there: setup.py), else this checkout; the playout figure says
which, and where. `PYTHONPATH=. python benchmarks/run.py` measures the
checkout's source whatever is installed.

Figures:

- engine_actions_per_cpu_s: `legal_actions` + `apply_in_place`, random bot,
  per CPU-second of this process (the copying `apply` is measured beside it);
- engine_playout_steps_per_cpu_s: `legal_actions` + `playout_apply` (the
  fast path: the move is not checked again, no events, no history), random
  bot, per CPU-second of a child process (benchmarks/playout_probe.py);
- engine_playout_speedup: that figure over the same for the engine of
  commit BASELINE (unpacked from git into a temporary directory), the two
  run alternately in child processes on the same games; unavailable, not
  guessed, where there is no git history to unpack it from;
- engine_games_per_cpu_s: whole games to 3 points (new_game, then the
  simulation runner with two random bots), per CPU-second;
- ui_first_frame_ratio: process start to the first full board frame
  (headless, 120x40), over the same for a minimal Textual app with as many
  widgets, the two measured alternately; the app finds the card catalog
  cached, as at every start but the first (a start without it is printed
  beside the figure);
- ui_key_ratio: a key press to the board repainted after the engine action,
  over the same for the minimal app updating as many widgets;
- ui_key_median_ms: that key-to-repaint time of the app, the median;
- peak_rss_mb: peak memory of a headless app playing a whole game by keys;
- host_refused_growth_mb: how much `avatar-tui host` grows over 3,000
  connections refused for a wrong token (benchmarks/host_refusals.py).

The UI figures come from child processes (benchmarks/ui_probe.py), which
import from compiled bytecode as an installed package does (pip compiles it
at install): they keep it in a private cache directory for the run, even
where PYTHONDONTWRITEBYTECODE is set, and each kind of probe runs once
unmeasured to fill it. Speed figures are measured and printed, never asserted: the exit status is 1
only when a measurement could not be made.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import operator
import os
import platform
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The engine measured is the one `import avatar_tui` gives here: the
# installed package (compiled where `pip install .` had a C compiler), or
# this checkout when none is installed (or PYTHONPATH names it).
if importlib.util.find_spec("avatar_tui") is None:
    sys.path.insert(0, str(ROOT))
PROBE = Path(__file__).resolve().parent / "ui_probe.py"

FRAME_MS = 1000 / 60  # one frame at 60 Hz


@dataclass
class Figure:
    name: str
    value: float | None
    unit: str
    goal: str  # ">= 20000"
    detail: str = ""
    error: str | None = None

    @property
    def passed(self) -> bool | None:
        if self.value is None:
            return None
        op, threshold = self.goal.split()
        compare: Callable[[float, float], bool] = {
            ">=": operator.ge, "<=": operator.le, "<": operator.lt, ">": operator.gt}[op]
        return compare(self.value, float(threshold))

    @property
    def status(self) -> str:
        return {True: "PASS", False: "MISS", None: "ERROR"}[self.passed]

    def as_dict(self) -> dict:
        data = asdict(self)
        data["pass"] = self.passed
        data["status"] = self.status
        return data


@dataclass(frozen=True)
class Counts:
    actions: int  # engine actions for engine_actions_per_cpu_s
    playout_steps: int  # fast-path moves per child process, each engine
    playout_rounds: int  # child processes of each engine, alternately
    games: int  # games for engine_games_per_cpu_s
    first_frame_rounds: int  # app/minimal pairs, alternately
    key_actions: int  # measured key presses per app run
    key_rounds: int  # app/minimal key runs, alternately
    rss_presses: int  # 0: play the whole game
    refusals: int  # wrong-token connections to a host


FULL = Counts(actions=60_000, playout_steps=30_000, playout_rounds=7, games=300,
              first_frame_rounds=7, key_actions=60, key_rounds=2, rss_presses=0,
              refusals=3000)
SMOKE = Counts(actions=300, playout_steps=300, playout_rounds=1, games=3,
               first_frame_rounds=1, key_actions=3, key_rounds=1, rss_presses=6,
               refusals=30)


# -------------------------------------------------------------------- engine
#
# Every engine figure is CPU time of the process that plays (its
# `time.process_time()`), not wall time: on a machine shared with other
# work a process waits for a core, and the wall clock counts the wait.


def _setup(seed: int):
    from avatar_tui.bots import setup_for

    return setup_for(seed, "aang", "prince_zuko")


def _engine_rate(count: int, copying: bool = False, first_seed: int = 0) -> tuple[float, str]:
    """Actions per CPU-second of `legal_actions` + `apply_in_place` (the
    copying `apply` with `copying`) with the random bot choosing; new games
    are set up outside the timed part."""
    from avatar_tui.bots import RandomBot
    from avatar_tui.engine import apply, apply_in_place, legal_actions, new_game

    done, cpu, seed = 0, 0.0, first_seed
    while done < count:
        seed += 1
        state, _ = new_game(_setup(seed))
        bot = RandomBot(seed)
        start = time.process_time()
        while state.phase != "over" and done < count:
            legal = legal_actions(state)
            if copying:
                state, _ = apply(state, bot.choose(None, legal))
            else:
                apply_in_place(state, bot.choose(None, legal))
            done += 1
        cpu += time.process_time() - start
    return done / cpu, f"{done} actions over {seed - first_seed} games in {cpu:.2f} CPU-s"


def engine_actions(count: int) -> Figure:
    """`legal_actions` + `apply_in_place` (OpenSpiel's `apply_action`: the
    checked path). The copying `apply` the app uses (a new state per
    action, so undo and the UI keep the old one) is measured beside it."""
    rate, detail = _engine_rate(count, copying=False)
    copying, _ = _engine_rate(count, copying=True)
    return Figure("engine_actions_per_cpu_s", round(rate), "actions/CPU-s", ">= 20000",
                  f"{detail}; with the copying apply: {copying:,.0f} actions/CPU-s")


# The engine as it was before the work on its playout speed: the playout
# speedup is measured against this commit, run side by side in the same run.
BASELINE = "a2e4029"
PLAYOUT_PROBE = Path(__file__).resolve().parent / "playout_probe.py"


@cache
def _trees() -> tempfile.TemporaryDirectory:
    return tempfile.TemporaryDirectory(prefix="avatar-tui-bench-engine-")  # removed at exit


@cache
def baseline_tree() -> Path | str:
    """The baseline commit's package and cards, unpacked from this
    checkout's git history into a temporary directory; or, when that cannot
    be done (no git, not a checkout, the commit unknown), why not."""
    try:
        done = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", BASELINE,
                               "avatar_tui", "cards", "pyproject.toml"],
                              capture_output=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as err:
        return f"git archive could not run ({err})"
    if done.returncode != 0:
        why = done.stderr.decode(errors="replace").strip().splitlines()[-1:] or ["no output"]
        return f"git archive {BASELINE} failed: {why[0]}"
    tree = Path(_trees().name) / BASELINE
    with tarfile.open(fileobj=io.BytesIO(done.stdout)) as archive:
        archive.extractall(tree, filter="data")
    return tree


def playout_probe(tree: Path, steps: int, first_seed: int) -> dict:
    """The playout workload in a child process that imports the engine of
    `tree`: its JSON line (steps, CPU seconds of the moves, games, digest)."""
    data = Path(_trees().name) / f"data-{tree.name}"  # each tree its own card cache
    env = {**os.environ, "PYTHONPATH": str(tree), "AVATAR_TUI_DATA_DIR": str(data)}
    done = subprocess.run([sys.executable, str(PLAYOUT_PROBE), str(steps), str(first_seed)],
                          capture_output=True, text=True, timeout=600, cwd=tree, env=env)
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("{")]
    if done.returncode != 0 or not lines:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise ProbeError(f"playout probe in {tree}: exit {done.returncode}: " + " | ".join(tail))
    result = json.loads(lines[-1])
    if not Path(result["package"]).resolve().is_relative_to(tree.resolve()):
        raise ProbeError(f"playout probe in {tree} imported {result['package']}")
    return result


def installed_tree() -> Path:
    """The directory that holds the `avatar_tui` this process imports:
    site-packages for an installed package, or a checkout."""
    import avatar_tui

    return Path(avatar_tui.__file__).resolve().parents[1]


def engine_playout(steps: int, rounds: int,
                   compiled: Path | None = None) -> tuple[Figure, ...]:
    """The fast path (`legal_actions` + `playout_apply`, the random bot
    choosing), in child processes: this checkout's engine and the
    baseline's alternately, `rounds` times, on the same games, so that a
    drift of the machine hits both alike. Each round gives a ratio of the
    two engines' steps per CPU second of their own processes; the speedup
    is the median of these paired ratios, so that one round whose engine
    shared its core's caches with a burst of other work (seen here: 1.65
    among rounds of 2.3-2.6) moves it no more than any other round. With
    `compiled` (benchmarks/compile_engine.py's copy), that one too, in the
    same turns."""
    base = baseline_tree()
    trees = {"now": installed_tree()} | ({"base": base} if isinstance(base, Path) else {}) | (
        {"compiled": compiled} if compiled is not None else {})
    steps_of = dict.fromkeys(trees, 0)
    cpu_of = dict.fromkeys(trees, 0.0)
    compiled_of = dict.fromkeys(trees, False)
    ratios: dict[str, list[float]] = {name: [] for name in trees}
    same_games = True  # each round, every engine played the same games
    for i in range(rounds):
        rates = {}
        digests = set()
        for name, tree in trees.items():
            got = playout_probe(tree, steps, 1000 * i)
            steps_of[name] += got["steps"]
            cpu_of[name] += got["cpu_s"]
            rates[name] = got["steps"] / got["cpu_s"]
            digests.add(got["digest"])
            compiled_of[name] = got["compiled"]
        same_games = same_games and len(digests) == 1
        for name in rates:
            if "base" in rates:
                ratios[name].append(rates[name] / rates["base"])
    rate = {name: steps_of[name] / cpu_of[name] for name in trees}
    kind = "compiled" if compiled_of["now"] else "pure Python"
    figures = [Figure("engine_playout_steps_per_cpu_s", round(rate["now"]), "steps/CPU-s",
                      ">= 100000", f"{steps_of['now']:,} steps in {cpu_of['now']:.2f} CPU-s, "
                      f"{rounds} child process{'es' if rounds > 1 else ''}; the {kind} "
                      f"engine `import avatar_tui` gives, in {trees['now']}")]
    games = "the same games" if same_games else "DIFFERENT games (the rules changed?)"
    for name, figure in (("now", "engine_playout_speedup"),
                         ("compiled", "engine_playout_speedup_compiled")):
        if name not in trees:
            continue
        if not isinstance(base, Path):
            figures.append(Figure(figure, None, "x", GOALS[figure], error=f"unavailable: {base}"))
            continue
        what = f"the {kind} engine " if name == "now" else \
            f"the compiled copy in {compiled} ({rate[name]:,.0f} steps/CPU-s) "
        figures.append(Figure(
            figure, round(statistics.median(ratios[name]), 2), "x", GOALS[figure],
            f"{what}against {BASELINE}: {rate['base']:,.0f} steps/CPU-s in "
            f"{cpu_of['base']:.2f} CPU-s, {games}, measured alternately; the median of "
            f"the rounds' ratios (all steps together: {rate[name] / rate['base']:.2f}); "
            "per round " + " ".join(f"{r:.2f}" for r in ratios[name])))
    return tuple(figures)


def engine_games(count: int) -> Figure:
    """Whole games, set-up included, through the simulation runner."""
    from avatar_tui.bots import RandomBot, play_game

    start = time.process_time()
    actions = 0
    for seed in range(1, count + 1):
        bots = {"p1": RandomBot(2 * seed), "p2": RandomBot(2 * seed + 1)}
        _, result = play_game(_setup(seed), bots)
        actions += result.actions
    cpu = time.process_time() - start
    return Figure("engine_games_per_cpu_s", round(count / cpu, 1), "games/CPU-s", ">= 100",
                  f"{count} games, {actions / count:.0f} actions each, in {cpu:.2f} CPU-s "
                  f"({actions / cpu:,.0f} actions/CPU-s in place)")


# -------------------------------------------------------------------- UI probes


class ProbeError(RuntimeError):
    pass


@cache
def _bytecode_cache() -> tempfile.TemporaryDirectory:
    return tempfile.TemporaryDirectory(prefix="avatar-tui-bench-pyc-")  # removed at exit


@cache
def _catalog_cache() -> tempfile.TemporaryDirectory:
    return tempfile.TemporaryDirectory(prefix="avatar-tui-bench-cache-")


def _probe_environment(warm: bool = True) -> dict[str, str]:
    """Bytecode for both apps alike, in a cache of this run: without it the
    app's own modules would be compiled from source at every start, while
    Textual's come compiled from its installation. Likewise the pickled card
    catalog (avatar_tui/cardlib/catalog.py) is kept for the run, as a user's second
    start finds it; `warm=False` starts without it."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = _bytecode_cache().name
    env.pop("AVATAR_TUI_BENCH_CACHE", None)
    if warm:
        env["AVATAR_TUI_BENCH_CACHE"] = _catalog_cache().name
    return env


def probe(*args: object, warm: bool = True) -> tuple[dict, float]:
    """Run the probe; (its JSON line, time.monotonic() just before it started)."""
    cmd = [sys.executable, str(PROBE), *map(str, args)]
    start = time.monotonic()
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=ROOT,
                          env=_probe_environment(warm))
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("{")]
    if done.returncode != 0 or not lines:
        tail = (done.stderr or done.stdout).strip().splitlines()[-5:]
        raise ProbeError(f"{' '.join(map(str, args))}: exit {done.returncode}: "
                         + " | ".join(tail))
    return json.loads(lines[-1]), start


def first_frame(rounds: int) -> Figure:
    app_s: list[float] = []
    minimal_s: list[float] = []
    widgets = 0
    probe("first-frame", "app")  # unmeasured: fills the bytecode cache
    probe("first-frame", "minimal", 1)
    for _ in range(rounds):  # alternately, so drifts of the machine hit both alike
        data, start = probe("first-frame", "app")
        app_s.append(data["t"] - start)
        widgets = data["widgets"]
        data, start = probe("first-frame", "minimal", widgets)
        minimal_s.append(data["t"] - start)
    data, start = probe("first-frame", "app", warm=False)  # once, with no catalog cache
    cold = data["t"] - start
    app, minimal = statistics.median(app_s), statistics.median(minimal_s)
    return Figure("ui_first_frame_ratio", round(app / minimal, 2), "x", "<= 1.5",
                  f"median of {rounds}: app {app * 1000:.0f} ms, minimal app "
                  f"{minimal * 1000:.0f} ms, {widgets} widgets; app with no catalog "
                  f"cache (a first start) {cold * 1000:.0f} ms")


def key_to_repaint(actions: int, rounds: int) -> tuple[Figure, Figure]:
    app_ms: list[float] = []
    minimal_ms: list[float] = []
    widgets = updated = 0
    for _ in range(rounds):
        data, _ = probe("keys", "app", actions)
        if not data["latencies"]:
            raise ProbeError("keys app: no key press was measured")
        app_ms.extend(x * 1000 for x in data["latencies"])
        widgets = data["widgets"]
        updated = max(1, round(statistics.median(data["updated"])))
        data, _ = probe("keys", "minimal", widgets, updated, len(data["latencies"]))
        minimal_ms.extend(x * 1000 for x in data["latencies"])
    app, minimal = statistics.median(app_ms), statistics.median(minimal_ms)
    detail = (f"median of {len(app_ms)} keys: app {app:.1f} ms, minimal app {minimal:.1f} ms "
              f"updating {updated} of {widgets} widgets")
    ratio = Figure("ui_key_ratio", round(app / minimal, 2), "x", "<= 1.5", detail)
    median = Figure("ui_key_median_ms", round(app, 1), "ms", f"< {FRAME_MS:.1f}",
                    f"p90 {statistics.quantiles(app_ms, n=10)[-1]:.1f} ms"
                    if len(app_ms) >= 10 else f"{len(app_ms)} keys")
    return ratio, median


def peak_rss(presses: int) -> Figure:
    args = ("rss", "app") + ((presses,) if presses else ())
    data, _ = probe(*args)
    what = "a whole game" if data["over"] else "part of a game (smoke)"
    return Figure("peak_rss_mb", round(data["peak_rss_mb"], 1), "MB", "<= 120",
                  f"{what} by keys, {data['presses']} presses, headless 120x40")


def host_refusals(count: int) -> Figure:
    import host_refusals as probe_module  # benchmarks/, beside this file

    try:
        data = probe_module.measure(count)
    except (OSError, RuntimeError) as err:
        raise ProbeError(f"host_refusals: {err}") from None
    if data["answered"] != count:
        raise ProbeError(f"host_refusals: {data['answered']} of {count} refusals answered")
    # memory given back shows as a fall: no growth
    return Figure("host_refused_growth_mb", max(0.0, data["growth_mb"]), "MB",
                  GOALS["host_refused_growth_mb"],
                  f"{count} wrong tokens, from {data['before_mb']} MB, peak {data['peak_mb']} MB")


# -------------------------------------------------------------------- running


def measure(counts: Counts, progress: Callable[[str], None],
            only: frozenset[str] = frozenset(), compiled: Path | None = None) -> list[Figure]:
    """Every figure, or with `only` just the measurements that make one of
    those figures (a key's ratio and median come from one run). `compiled`:
    a compiled copy of the engine to measure too (benchmarks/compile_engine.py)."""
    figures: list[Figure] = []

    def attempt(names: list[str], make: Callable[[], Figure | tuple[Figure, ...]]) -> None:
        if only and only.isdisjoint(names):
            return
        progress(", ".join(names))
        try:
            made = make()
        except (ProbeError, subprocess.TimeoutExpired) as err:
            figures.extend(Figure(n, None, "", GOALS[n], error=str(err)) for n in names)
            return
        figures.extend(made if isinstance(made, tuple) else (made,))

    attempt(["engine_actions_per_cpu_s"], lambda: engine_actions(counts.actions))
    attempt(["engine_playout_steps_per_cpu_s", "engine_playout_speedup"]
            + (["engine_playout_speedup_compiled"] if compiled is not None else []),
            lambda: engine_playout(counts.playout_steps, counts.playout_rounds, compiled))
    attempt(["engine_games_per_cpu_s"], lambda: engine_games(counts.games))
    attempt(["ui_first_frame_ratio"], lambda: first_frame(counts.first_frame_rounds))
    attempt(["ui_key_ratio", "ui_key_median_ms"],
            lambda: key_to_repaint(counts.key_actions, counts.key_rounds))
    attempt(["peak_rss_mb"], lambda: peak_rss(counts.rss_presses))
    attempt(["host_refused_growth_mb"], lambda: host_refusals(counts.refusals))
    return figures


GOALS = {
    "engine_actions_per_cpu_s": ">= 20000",
    "engine_playout_steps_per_cpu_s": ">= 100000",
    "engine_playout_speedup": ">= 2.3",
    "engine_playout_speedup_compiled": ">= 2.3",  # only with --compiled
    "engine_games_per_cpu_s": ">= 100",
    "ui_first_frame_ratio": "<= 1.5",
    "ui_key_ratio": "<= 1.5",
    "ui_key_median_ms": f"< {FRAME_MS:.1f}",
    "peak_rss_mb": "<= 120",
    "host_refused_growth_mb": "<= 80",
}


def _number(value: float | None) -> str:
    if value is None:
        return "-"
    if value >= 1000:
        return f"{value:,.0f}"
    return f"{value:g}"


def _goal(goal: str) -> str:
    op, threshold = goal.split()
    return f"{op} {_number(float(threshold))}"


def print_report(figures: list[Figure], smoke: bool) -> None:
    print(f"avatar-tui benchmarks{' (smoke: tiny counts, figures mean nothing)' if smoke else ''}"
          f" · Python {platform.python_version()} · {platform.machine()}")
    rows = [(f.name, f"{_number(f.value)} {f.unit}".strip(), _goal(f.goal), f.status,
             f.error or f.detail) for f in figures]
    widths = [max(len(r[i]) for r in rows + [HEADER]) for i in range(3)]
    for name, value, goal, status, detail in [HEADER, *rows]:
        print(f"{name:<{widths[0]}}  {value:>{widths[1]}}  {goal:<{widths[2]}}  {status}"
              + (f"  {detail}" if detail else ""))


HEADER = ("figure", "value", "goal", "result", "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--smoke", action="store_true",
                        help="tiny counts, to check that every measurement runs")
    parser.add_argument("--only", action="append", default=[], choices=sorted(GOALS),
                        metavar="FIGURE", help="measure only this figure (repeatable)")
    parser.add_argument("--compiled", type=Path, metavar="DIR",
                        help="also measure the playout with the compiled engine copy in DIR "
                             "(benchmarks/compile_engine.py)")
    args = parser.parse_args(argv)
    if args.compiled is not None and not (args.compiled / "avatar_tui").is_dir():
        parser.error(f"--compiled {args.compiled}: no avatar_tui package there")
    if args.compiled is None and "engine_playout_speedup_compiled" in args.only:
        parser.error("engine_playout_speedup_compiled needs --compiled DIR")
    counts = SMOKE if args.smoke else FULL
    quiet = args.json or not sys.stderr.isatty()

    def progress(what: str) -> None:
        if not quiet:
            print(f"measuring {what}…", file=sys.stderr)

    figures = measure(counts, progress, frozenset(args.only),
                      args.compiled.resolve() if args.compiled else None)
    if args.json:
        print(json.dumps({
            "smoke": args.smoke,
            "python": platform.python_version(),
            "figures": {f.name: f.as_dict() for f in figures},
        }, indent=2))
    else:
        print_report(figures, args.smoke)
    return 1 if any(f.value is None for f in figures) else 0


if __name__ == "__main__":
    sys.exit(main())
