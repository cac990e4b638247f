"""The compiled engine and the pure one are the same rules: one source,
two builds (setup.py), and nothing but this test to notice if mypyc ever
ran a line differently from CPython.

Two processes play the same random games, one on the engine these tests
import (compiled where `pip install .` had a C compiler: CI's), the other
on a pure-Python copy of the same package (tests/engines.py). After every
action each writes a line of digests: the legal list, the public view and
the whole state. The lines must be equal, action for action. Half the
games go through the checked `apply_in_place`, half through the fast path
`playout_apply`, so both ways of making a move are compared.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from avatar_tui import engine
from tests.engines import package_tree, pure_twin, run_with, whole_copy

GAMES = 6
MAX_ACTIONS = 600

PLAYER = """
import hashlib, json, random, sys
from avatar_tui import engine
from tests.test_simulation import setup

def digest(text):
    return hashlib.sha256(text.encode()).hexdigest()[:16]

print(json.dumps({"compiled": engine.COMPILED, "package": engine.__file__}))
for seed in range(1, int(sys.argv[1]) + 1):
    rnd = random.Random(seed * 7919)
    state, _ = engine.new_game(setup(seed))
    move = engine.apply_in_place if seed % 2 else engine.playout_apply
    for n in range(int(sys.argv[2])):
        legal = engine.legal_actions(state)
        print(seed, n, state.phase,
              digest(json.dumps([str(a) for a in legal])),
              digest(json.dumps(engine.view(state), sort_keys=True, default=str)),
              digest(state.model_dump_json()))
        if not legal:
            break
        move(state, rnd.choice(legal))
"""

WHAT = ("the legal lists", "the views", "the states")


def play(tree: Path) -> tuple[dict, list[list[str]]]:
    """The engine a process found in `tree`, and its lines of digests."""
    out = run_with(tree, PLAYER, str(GAMES), str(MAX_ACTIONS)).stdout.splitlines()
    return json.loads(out[0]), [line.split() for line in out[1:]]


def first_difference(tested: list[list[str]], pure: list[list[str]]) -> str | None:
    for a, b in zip(tested, pure, strict=False):
        if a != b:
            differ = [w for w, x, y in zip(WHAT, a[3:], b[3:], strict=True) if x != y]
            return f"seed {a[0]}, action {a[1]} ({a[2]}): {' and '.join(differ) or a[:3]} differ"
    if len(tested) != len(pure):
        return f"the games end differently: {len(tested)} actions against {len(pure)}"
    return None


def test_compiled_and_pure_engines_play_the_same_games(tmp_path: Path) -> None:
    tested, tested_lines = play(package_tree())
    pure, pure_lines = play(pure_twin(tmp_path))
    # each child ran the build it was meant to: the tested one as imported
    # here, the copy pure Python
    assert tested["compiled"] == engine.COMPILED
    assert pure["compiled"] is False and pure["package"].startswith(str(tmp_path))
    assert len(tested_lines) > 100 * GAMES // 2  # whole games, not a failed start
    assert first_difference(tested_lines, pure_lines) is None, \
        first_difference(tested_lines, pure_lines)


def test_a_difference_is_named_by_game_and_action() -> None:
    same = ["3", "17", "decide", "aa", "bb", "cc"]
    assert first_difference([same], [same]) is None
    assert first_difference([same], [same[:4] + ["xx", "cc"]]) == \
        "seed 3, action 17 (decide): the views differ"
    assert "end differently" in (first_difference([same, same], [same]) or "")


WHICH = "from avatar_tui import engine; print(engine.COMPILED)"


def test_a_compiled_engine_older_than_its_source_is_set_aside(tmp_path: Path) -> None:
    """`pip install -e .` compiles the engine beside the source being
    edited, and Python loads a compiled module first: an edited rule would
    not run until the next build, unless the engine sees the change."""
    tree = whole_copy(tmp_path)
    built = tree / "avatar_tui" / "engine" / "compiled_from.json"
    if not built.exists():  # a pure install: as though these sources had been compiled
        built.write_text(json.dumps({"game.py": hashlib.sha256(
            (built.parent / "game.py").read_bytes()).hexdigest()}))
    as_built = run_with(tree, WHICH)
    assert (as_built.stdout.strip(), as_built.stderr) == (str(engine.COMPILED), "")
    by_choice = run_with(tree, WHICH, AVATAR_TUI_PURE="1")
    assert (by_choice.stdout.strip(), by_choice.stderr) == ("False", "")

    with (built.parent / "game.py").open("a") as source:
        source.write("\n# an edit since the build\n")
    edited = run_with(tree, WHICH)
    assert edited.stdout.strip() == "False"
    assert edited.stderr.startswith("avatar-tui: the compiled engine is older than its source "
                                    "(avatar_tui/engine/game.py changed)")
    assert len(edited.stderr.splitlines()) == 1
