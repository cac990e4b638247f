"""Each subcommand loads only what it uses, so each starts sooner: the
command line's help and the card listing start without Textual, and the
help without pydantic or the engine. Run in a fresh interpreter, as a user starts it."""

import json
import os
import subprocess
import sys

import pytest

# a fresh interpreter per check: in the full run, not the edit loop
pytestmark = pytest.mark.slow

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
    assert not {m for m in modules if m.startswith(("avatar_tui.engine", "avatar_tui.tui",
                                                         "avatar_tui.play"))}


@pytest.mark.parametrize("argv", [["cards", "--type", "ally"], ["cards", "--json"],
                                  ["cards", "--check"]])
def test_cards_loads_no_textual_and_no_engine(tmp_path, argv):
    modules = modules_after(tmp_path, *argv)
    assert "avatar_tui.cardlib.catalog" in modules  # it did list the cards
    assert "textual" not in top(modules)
    assert not {m for m in modules if m.startswith(("avatar_tui.engine", "avatar_tui.tui",
                                                         "avatar_tui.play"))}


def test_the_check_can_fail(tmp_path):
    # the same probe, with Textual loaded beside the command, sees it
    modules = modules_after(tmp_path, "--help", preload="import textual.app")
    assert "textual" in top(modules)


def test_importing_the_app_builds_no_game_model_validator():
    """The state models' validators are deferred (built after the first
    frame, tui/perf/warm.py): nothing at import may build one, as a module-level
    `FaceUp(card="")` in the engine did (some 40 ms of every start)."""
    code = ("import avatar_tui.tui.app\n"
            "from avatar_tui.tui.perf import warm\n"
            "from avatar_tui.model import state\n"
            "assert not state.FaceUp.__pydantic_complete__\n"
            "print(len(list(warm.deferred_models())))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 0


FIRST_FRAME = """
import json, sys
from pathlib import Path
import avatar_tui.cli  # the imports of the real start
from avatar_tui.tui.app import AvatarApp
from avatar_tui.store.storage import SaveStore
from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.engine import apply, legal_actions, new_game
from avatar_tui.model.state import GameSetup, PlayerSetup

class FirstFrame(AvatarApp):
    # Textual finds CSS beside the class's own file: point it at the app's
    CSS_PATH = [str(Path(sys.modules[AvatarApp.__module__].__file__).parent / p)
                for p in AvatarApp.CSS_PATH]
    seen = None

    def warm_models(self):  # called right after the first frame of the board
        if self.seen is None:
            self.seen = sorted(sys.modules)
            self.exit()

default_catalog()  # a first run fills the catalog cache; a second finds it
if sys.argv[2] == "start":
    setup = GameSetup.model_construct(catalog=default_catalog(),
                                      seed=7, p1=PlayerSetup.model_construct(chamber="aang"),
                                      p2=PlayerSetup.model_construct(chamber="prince_zuko"))
    state, events = new_game(setup)
    state, more = apply(state, legal_actions(state)[0])
    app = FirstFrame(SaveStore(), game=(state, events + more), seed=7)
    app.run(headless=True, size=(120, 40))
    with open(sys.argv[1], "w") as out:
        json.dump(app.seen, out)
"""


def modules_at_first_frame(tmp_path) -> set[str]:
    """The modules loaded when the board's first frame is drawn (a game
    given at launch, the catalog cache warm as at every start but the first)."""
    out = tmp_path / "modules.json"
    env = {**os.environ, "AVATAR_TUI_DATA_DIR": str(tmp_path / "data")}
    for mode in ("fill", "start"):
        done = subprocess.run([sys.executable, "-c", FIRST_FRAME, str(out), mode],
                              capture_output=True, text=True, timeout=120, env=env)
        assert done.returncode == 0, done.stderr
    return set(json.loads(out.read_text()))


def test_the_first_frame_loads_only_what_it_draws(tmp_path):
    modules = modules_at_first_frame(tmp_path)
    assert "avatar_tui.tui.app" in modules  # it did start the app
    # no pydantic validator was built before it (building one loads
    # pydantic's plugins, and with them importlib.metadata)
    assert "pydantic.plugin._loader" not in modules
    # what it does not draw: the computer players, the dialogs, the hint,
    # the demos, and the simulation's process pool
    # (the kinds' names aside: a light module, which a save's format reads)
    assert not {m for m in modules if m.startswith("avatar_tui.bots")} - {
        "avatar_tui.bots", "avatar_tui.bots.kinds"}
    for lazy in ("avatar_tui.play.hint", "avatar_tui.play.demo", "avatar_tui.decklib.library",
                 "avatar_tui.tui.screens.newgame", "avatar_tui.tui.screens.inspector",
                 "avatar_tui.tui.screens.explain", "avatar_tui.tui.screens.gameover",
                 "avatar_tui.tui.screens.privacy", "concurrent.futures.process"):
        assert lazy not in modules, lazy
    # a game given at launch reads no scenario file: the reader (its pydantic
    # models, the formats' and packs' rules; some 10 ms of CPU) loads with
    # the first file read, and the cards command's query language with a search
    for lazy in SCENARIO_READER + ("avatar_tui.cardlib.search",):
        assert lazy not in modules, lazy


# the scenario reader and what only reading a save uses (replaying its
# answered questions, dealing its house decks as they were)
SCENARIO_READER = ("avatar_tui.notation.scenario", "avatar_tui.cardlib.formats",
                   "avatar_tui.cardlib.packs", "avatar_tui.notation.earlier",
                   "avatar_tui.notation.answered")


def test_the_start_of_play_loads_no_scenario_reader():
    """What `avatar-tui play` imports before it knows where its game comes
    from (cli/play.py's run) catches ScenarioError without loading the
    reader; the error is the reader's own class all the same."""
    code = ("import sys\n"
            "import avatar_tui.cli, avatar_tui.notation.save, avatar_tui.store.storage\n"
            "import avatar_tui.play.referee, avatar_tui.tui.launch, avatar_tui.tui.app\n"
            f"print(sorted(set({SCENARIO_READER!r}) & set(sys.modules)))\n"
            "from avatar_tui.notation import scenario, scenario_error\n"
            "assert scenario.ScenarioError is scenario_error.ScenarioError\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_game_models_are_made_from_evaluated_annotations():
    """The model modules do without `from __future__ import annotations`
    (which leaves its name in the module): pydantic then takes each field's
    type as Python evaluated it, instead of evaluating its string, a good
    part of making the classes at every start."""
    import importlib

    for name in ("effects", "options", "cards", "state"):
        module = importlib.import_module(f"avatar_tui.model.{name}")
        assert "annotations" not in vars(module), name
