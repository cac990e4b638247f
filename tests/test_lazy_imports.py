"""Each subcommand loads only what it uses (issue 16): the command line's
help and the card listing start without Textual, and the help without
pydantic or the engine. Run in a fresh interpreter, as a user starts it."""

import json
import subprocess
import sys

import pytest

PROBE = """
import json, sys
{preload}
from avatar_tui.cli import main
try:
    main(sys.argv[2:])
except SystemExit:
    pass
with open(sys.argv[1], "w") as out:
    json.dump(sorted(sys.modules), out)
"""


def modules_after(tmp_path, *argv: str, preload: str = "") -> set[str]:
    out = tmp_path / "modules.json"
    done = subprocess.run([sys.executable, "-c", PROBE.format(preload=preload), str(out), *argv],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return set(json.loads(out.read_text()))


def top(modules: set[str]) -> set[str]:
    return {m.split(".")[0] for m in modules}


@pytest.mark.parametrize("argv", [["--help"], ["cards", "--help"], ["deck", "--help"],
                                  ["simulate", "--help"], ["replay", "--help"]])
def test_help_loads_no_textual_no_pydantic_no_engine(tmp_path, argv):
    modules = modules_after(tmp_path, *argv)
    assert "textual" not in top(modules)
    assert "pydantic" not in top(modules)
    assert not {m for m in modules if m.startswith(("avatar_tui.engine", "avatar_tui.app"))}


@pytest.mark.parametrize("argv", [["cards", "--type", "ally"], ["cards", "--json"],
                                  ["cards", "--check"]])
def test_cards_loads_no_textual_and_no_engine(tmp_path, argv):
    modules = modules_after(tmp_path, *argv)
    assert "avatar_tui.catalog" in modules  # it did list the cards
    assert "textual" not in top(modules)
    assert not {m for m in modules if m.startswith(("avatar_tui.engine", "avatar_tui.app"))}


def test_the_check_can_fail(tmp_path):
    # the same probe, with Textual loaded beside the command, sees it
    modules = modules_after(tmp_path, "--help", preload="import textual.app")
    assert "textual" in top(modules)


def test_importing_the_app_builds_no_game_model_validator():
    """The state models' validators are deferred (built after the first
    frame, app/warm.py): nothing at import may build one, as a module-level
    `FaceUp(card="")` in the engine did (some 40 ms of every start)."""
    code = ("import avatar_tui.app.app\n"
            "from avatar_tui.app import warm\n"
            "from avatar_tui.model import state\n"
            "assert not state.FaceUp.__pydantic_complete__\n"
            "print(len(list(warm.deferred_models())))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 0
