"""Broken files never crash a reader: valid saves, scenarios, deck files and
deck lists are mutated (bytes flipped, lines duplicated, dropped or
shuffled, numbers made huge, control characters and escapes put in,
nesting without end, very long lines, truncation, NUL, invalid UTF-8) and
given to every command that reads them: `replay`, `play --scenario` (up
to the point the app would start), `screenshot`, `deck check`, `deck
export` and `deck import`. Each run must end with exit status 0, 1 or 2,
no traceback, and a standard error of bounded lines free of control
characters (a refusal, exit 2, is one line).

The runs happen in one worker process (the program loaded once), with
generous limits on its CPU time and memory set before it starts, guards
against a hang or a blow-up, not timings. A handful of seeded mutations
in the ordinary run; AVATAR_TUI_LONG=1 runs some thousands (and
AVATAR_TUI_FUZZ_SEED picks another seed)."""

from __future__ import annotations

import json
import os
import random
import re
import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.decklib.library import export_text, read_deck_file
from avatar_tui.notation.save import load_game, save_game

# readers in child processes under limits: in the full run, not the edit loop
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
LONG = os.environ.get("AVATAR_TUI_LONG") == "1"
SEED = int(os.environ.get("AVATAR_TUI_FUZZ_SEED", "25"))
CASES = 1500 if LONG else 12  # mutated files of each kind
SCREENSHOTS = 40 if LONG else 3  # of them also drawn (the app starts: slower)
CPU_SECONDS = 4 * 3600 if LONG else 240  # guards, far above what a run needs
MEMORY = 4 * 1024**3
LINE_LIMIT = 1000  # terminal_text.LINE_LIMIT: no line of standard error is longer
MAX_LINES = 60  # exit 0 or 1 may list problems, one a line
UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")

# ------------------------------------------------------------------ mutations

Mutation = Callable[[random.Random, bytes], bytes]
ESCAPES = [b"\x1b]0;pwned\x07", b"\x1b[2J", "\u009b2J".encode(), "\u202e".encode(), b"\r",
           b"\x00", b"\x7f", b"\x08", "\u2028".encode()]
TOML_ESCAPES = [b"\\u001b[2J", b"\\u009b", b"\\u202e", b"\\u0000", b"\\u0007"]


def _lines(data: bytes) -> list[bytes]:
    return data.split(b"\n")


def _at(rng: random.Random, data: bytes) -> int:
    return rng.randrange(len(data) + 1)


def flip(rng: random.Random, data: bytes) -> bytes:
    if not data:
        return data
    i = rng.randrange(len(data))
    return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1:]


def duplicate_line(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    i = rng.randrange(len(lines))
    return b"\n".join(lines[:i + 1] + [lines[i]] * rng.choice([1, 2, 50]) + lines[i + 1:])


def drop_line(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


def shuffle_lines(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    rng.shuffle(lines)
    return b"\n".join(lines)


def huge_number(rng: random.Random, data: bytes) -> bytes:
    runs = list(re.finditer(rb"[0-9]+", data))
    if not runs:
        return data
    run = rng.choice(runs)
    big = rng.choice([b"9" * 25, b"9" * 5000, str(2**63).encode(), str(2**70).encode(),
                      b"-" + b"9" * 30, b"0" * 400 + b"1", b"1_000_000_000_000_000_000_000"])
    return data[:run.start()] + big + data[run.end():]


def control(rng: random.Random, data: bytes) -> bytes:
    i = _at(rng, data)
    return data[:i] + rng.choice(ESCAPES) + data[i:]


def toml_escape(rng: random.Random, data: bytes) -> bytes:
    """An escape written as TOML writes it, inside a string: the value read
    holds the control character itself."""
    quotes = [m.end() for m in re.finditer(rb'"', data)]
    if not quotes:
        return control(rng, data)
    i = rng.choice(quotes)
    return data[:i] + rng.choice(TOML_ESCAPES) + data[i:]


def deep(rng: random.Random, data: bytes) -> bytes:
    n = rng.choice([31, 32, 33, 40, 500, 5000])
    line = rng.choice([
        b"x = " + b"[" * n + b"]" * n,
        b"a." * n + b"a = 1",
        b"[" + b"t." * n + b"t]",
        b"[[" + b"t." * n + b"t]]",
        b"x = " + b"{ a = " * n + b"1" + b" }" * n,
        b"x = " + b"[{ a = " * n + b"1" + b" }]" * n,
        b"p1." + b"deck." * n + b"x = 1",
    ])
    lines = _lines(data)
    i = rng.randrange(len(lines) + 1)
    return b"\n".join(lines[:i] + [line] + lines[i:])


def long_line(rng: random.Random, data: bytes) -> bytes:
    n = rng.choice([5000, 300_000])
    line = rng.choice([b"# " + b"x" * n, b'title = "' + b"y" * n + b'"', b"z" * n,
                       b"3 " + b"Evade " * (n // 6), b"name: " + b"\x1b[2J" * (n // 4)])
    lines = _lines(data)
    i = rng.randrange(len(lines) + 1)
    return b"\n".join(lines[:i] + [line] + lines[i:])


def truncate(rng: random.Random, data: bytes) -> bytes:
    return data[:_at(rng, data)]


def invalid_utf8(rng: random.Random, data: bytes) -> bytes:
    i = _at(rng, data)
    return data[:i] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80"]) \
        + data[i:]


def other_value(rng: random.Random, data: bytes) -> bytes:
    """A value replaced by one of another kind."""
    found = list(re.finditer(rb"= *([^\n]*)", data))
    if not found:
        return data
    m = rng.choice(found)
    value = rng.choice([b'"x"', b"[]", b"{}", b"true", b"1.5", b"-1", b"0", b'"\\u001b[2J"',
                        b"1979-05-27T07:32:00Z", b"inf", b"nan", b'""', b"[1, \"a\"]"])
    return data[:m.start(1)] + value + data[m.end(1):]


def crlf(rng: random.Random, data: bytes) -> bytes:
    return data.replace(b"\n", b"\r\n")


MUTATIONS: list[Mutation] = [flip, duplicate_line, drop_line, shuffle_lines, huge_number,
                             control, toml_escape, deep, long_line, truncate, invalid_utf8,
                             other_value, crlf]


def mutate(rng: random.Random, data: bytes) -> tuple[bytes, list[str]]:
    names = []
    for _ in range(rng.choice([1, 1, 2, 3])):
        mutation = rng.choice(MUTATIONS)
        data = mutation(rng, data)
        names.append(mutation.__name__)
    return data, names


# ------------------------------------------------------------------ the files


def seed_files(folder: Path) -> dict[str, bytes]:
    """Valid files of each kind: a scenario with inline cards and
    expectations, an app's save of a game under way, a deck file, a list."""
    catalog = default_catalog()
    save = folder / "save.toml"
    state, _ = load_game(ROOT / "avatar_tui" / "tui" / "scenarios" / "midgame.toml")
    save_game(state, save, computer={"p2": "heuristic"})
    deck = ROOT / "cards" / "decks" / "aang.toml"
    return {
        "scenario": (ROOT / "tests" / "scenarios" / "agni_kai.toml").read_bytes(),
        "save": save.read_bytes(),
        "deck": deck.read_bytes(),
        "list": export_text(read_deck_file(deck), catalog).encode(),
    }


def commands(kind: str, path: str, out: str, draw: bool) -> list[list[str]]:
    """Every command that reads a file of this kind."""
    if kind in ("scenario", "save"):
        runs = [["replay", path], ["play", "--scenario", path],
                ["review", path, "--export", out.removesuffix(".svg") + ".md"]]
        return runs + ([["screenshot", path, "--out", out]] if draw else [])
    if kind == "deck":
        return [["deck", "check", path], ["deck", "export", path]]
    return [["deck", "import", path]]


# The worker: the command line in-process, one run after another, each
# with its own standard output and error; the app's run is replaced by
# nothing, so `play --scenario` goes as far as the app would start.
WORKER = r'''
import contextlib, io, json, sys, traceback
from avatar_tui.tui.app import AvatarApp
AvatarApp.run = lambda self, *args, **kwargs: None
from avatar_tui.cli import main

jobs, progress, results = sys.argv[1:4]
done = []
for argv in json.load(open(jobs)):
    with open(progress, "w") as fh:
        json.dump(argv, fh)
    out, err, crash = io.StringIO(), io.StringIO(), None
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exit:
                code = exit.code if isinstance(exit.code, int) else 2
    except BaseException:
        code, crash = None, traceback.format_exc()
    done.append({"argv": argv, "code": code, "out": out.getvalue()[:100_000],
                 "err": err.getvalue()[:100_000], "crash": crash})
with open(results, "w") as fh:
    json.dump(done, fh)
'''


def _guards() -> None:
    """In the worker, before it starts: a hang or a blow-up ends it."""
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS + 10))
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run_worker(folder: Path, jobs: list[list[str]]) -> list[dict]:
    (folder / "jobs.json").write_text(json.dumps(jobs), "utf-8")
    progress, results = folder / "progress.json", folder / "results.json"
    env = {**os.environ, "AVATAR_TUI_DATA_DIR": str(folder / "data"), "NO_COLOR": "1"}
    proc = subprocess.run(
        [sys.executable, "-c", WORKER, str(folder / "jobs.json"), str(progress), str(results)],
        cwd=folder, env=env, capture_output=True, text=True, preexec_fn=_guards,
        timeout=CPU_SECONDS * 2)
    if proc.returncode != 0 or not results.exists():
        last = progress.read_text("utf-8") if progress.exists() else "(none)"
        pytest.fail(f"the worker ended with {proc.returncode} during {last}:\n"
                    f"{proc.stderr[-3000:]}")
    return json.loads(results.read_text("utf-8"))


def problems_of(result: dict) -> list[str]:
    """What is wrong with one run's ending, if anything."""
    if result["crash"]:
        return [f"crashed:\n{result['crash'][-2000:]}"]
    found = []
    code, err = result["code"], result["err"]
    if code not in (0, 1, 2):
        found.append(f"exit status {code!r}")
    if "Traceback" in err:
        found.append("a traceback on standard error")
    for stream in ("err", "out"):
        bad = UNSAFE.search(result[stream])
        if bad:
            text = result[stream]
            found.append(f"a control character on std{stream}: "
                         f"{text[max(0, bad.start() - 80):bad.start() + 40]!r}")
    lines = err.splitlines()
    if code == 2 and len(lines) != 1:
        found.append(f"{len(lines)} lines for a refusal: {err[:500]!r}")
    if len(lines) > MAX_LINES:
        found.append(f"{len(lines)} lines on standard error")
    if any(len(line) > LINE_LIMIT for line in lines):
        found.append(f"a line of {max(map(len, lines))} characters")
    return found


def test_mutated_files_never_crash_a_reader(tmp_path):
    rng = random.Random(SEED)
    seeds = seed_files(tmp_path)
    jobs: list[list[str]] = []
    made: dict[str, list[str]] = {}  # file -> the mutations that made it
    for kind, data in seeds.items():
        for i in range(CASES):
            mutated, names = mutate(rng, data)
            path = tmp_path / f"{kind}-{i}.{'txt' if kind == 'list' else 'toml'}"
            path.write_bytes(mutated)
            made[str(path)] = names
            jobs += commands(kind, str(path), str(tmp_path / f"{kind}-{i}.svg"),
                             draw=i < SCREENSHOTS)
    results = run_worker(tmp_path, jobs)
    assert len(results) == len(jobs)
    failures = []
    for result in results:
        found = problems_of(result)
        if found:
            path = next(a for a in result["argv"] if a in made)
            failures.append(f"{' '.join(result['argv'][:2])} {path} "
                            f"({', '.join(made[path])}): " + "; ".join(found))
    assert not failures, f"{len(failures)} of {len(results)} runs:\n" + "\n".join(failures[:20])
    codes = {result["code"] for result in results}
    assert 2 in codes  # the mutations do break files (the test tests something)


def test_the_checks_catch_what_they_are_for():
    """A run that crashed, left a raw escape or refused in many lines is
    caught (so a passing fuzz run means something)."""
    ok = {"argv": ["replay", "f"], "code": 2, "out": "", "err": "avatar-tui: f: bad\n",
          "crash": None}
    assert problems_of(ok) == []
    assert problems_of({**ok, "crash": "Traceback ..."})
    assert problems_of({**ok, "err": "avatar-tui: f: \x1b[2J\n"})
    assert problems_of({**ok, "out": "name: \x9b2J\n"})
    assert problems_of({**ok, "err": "one\ntwo\n"})
    assert problems_of({**ok, "code": 3})
    assert problems_of({**ok, "code": 0, "err": "x" * 5000 + "\n"})


def test_mutations_change_files_and_are_fixed_by_the_seed():
    data = b'title = "a"\nseed = 12\n[p1]\nchamber = "aang"\n'
    for mutation in MUTATIONS:
        changed = [mutation(random.Random(n), data) for n in range(8)]
        assert any(c != data for c in changed), mutation.__name__
        assert changed == [mutation(random.Random(n), data) for n in range(8)]


# ------------------------------------------------------------ the host's and the settings' files


def _json_deep(rng: random.Random, data: bytes) -> bytes:
    n = rng.choice([40, 500, 1500, 5000, 100_000])
    return rng.choice([b'{"tokens": ' + b"[" * n + b"]" * n + b"}", b"[" * n + b"]" * n,
                       b'{"game": ' + b'{"a": ' * n + b"1" + b"}" * n + b"}"])


def _one_line(err: Exception, path: Path) -> list[str]:
    said = str(err)
    found = []
    if "\n" in said or len(said) > LINE_LIMIT:
        found.append(f"not one line: {said[:300]!r}")
    if str(path) not in said and path.name not in said:
        found.append(f"does not name the file: {said[:300]!r}")
    if UNSAFE.search(said):
        found.append(f"a control character: {said[:300]!r}")
    return found


def test_mutated_host_and_settings_files_are_refused_in_one_line(tmp_path):
    """The host's seat tokens (`seats.json`, through its public loader),
    the hosted game's save (`host/game.toml`) and `settings.toml`: a
    broken one is one line naming the file, never a traceback."""
    from avatar_tui.net.hosted import HostedGame, HostFileError, HostFiles, Seats
    from avatar_tui.notation.scenario import ScenarioError
    from avatar_tui.store.storage import SaveStore

    rng = random.Random(SEED)
    host = HostFiles(tmp_path / "data" / "host")
    host.directory.mkdir(parents=True)
    Seats.fresh().write(host.seats)
    seats = host.seats.read_bytes()
    saved = seed_files(tmp_path)["save"]
    settings = b'theme = "textual-dark"\n'
    failures = []
    for i in range(CASES * 2):
        mutated = _json_deep(rng, seats) if i % 4 == 0 else mutate(rng, seats)[0]
        host.seats.write_bytes(mutated)
        try:
            Seats.read(host.seats)
        except HostFileError as err:
            failures += [f"seats.json {i}: {p}" for p in _one_line(err, host.seats)]
        except Exception as err:  # noqa: BLE001 - what the test looks for
            failures.append(f"seats.json {i}: {type(err).__name__}: {str(err)[:200]}")
        host.game.write_bytes(mutate(rng, saved)[0])
        try:
            HostedGame.resume(host, 1)
        except (ScenarioError, HostFileError) as err:
            failures += [f"game.toml {i}: {p}" for p in _one_line(err, host.game)]
        except Exception as err:  # noqa: BLE001
            failures.append(f"game.toml {i}: {type(err).__name__}: {str(err)[:200]}")
        store = SaveStore(tmp_path / f"settings-{i}")
        store.directory.mkdir()
        store.settings.write_bytes(mutate(rng, settings)[0])
        try:
            store.load_settings()
        except Exception as err:  # noqa: BLE001 - a lost preference never stops the game
            failures.append(f"settings.toml {i}: {type(err).__name__}: {str(err)[:200]}")
        note = store.settings_note()
        if note is not None:
            failures += [f"settings.toml {i}: {p}" for p in _one_line(Exception(note),
                                                                       store.settings)]
    assert not failures, "\n".join(failures[:20])
