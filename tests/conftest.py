"""What every test run shares: where the card catalog cache and the user
data go, how many processes run the tests, and the fast tier.

- Every test process keeps the pickled card catalog (avatar_tui/cardlib/catalog.py)
  in a temporary directory, never in the user's own cache; child processes
  (and pytest-xdist's workers) inherit it, and the process that made it
  removes it at the end. The cache is written whole or not at all, so the
  workers may share it.
- The user data directory (saved game, settings, decks) of a test that does
  not choose its own (tests/app/conftest.py gives each app test one) is a
  temporary one per process, so no test touches the player's own files and
  two workers never share one.
- A run of folders (the full run, `pytest -m fast`) uses every core: when
  pytest-xdist is installed and no `-n` was given, it runs with `-n auto`
  (two workers on two cores). `pytest -n0` (or `-p no:xdist`) runs
  serially; so do a run of single files or tests, `--snapshot-update` and
  `--pdb`.
- CI (.ci/run) tests the installed package, compiled where it had a C
  compiler (setup.py), and says so with AVATAR_TUI_TEST_INSTALLED=1: the
  package is then imported here with this checkout off the path (which
  pyproject's `pythonpath` puts first), so every later `avatar_tui` import
  in the run, the workers' too, is the installed one. In a checkout, the
  tests import the checkout.
- `pytest -m fast` is the edit loop: every test outside tests/app/ (the
  Textual screens) that is not marked `slow`; a new test file is in it by
  where it is.
"""

import os
import sys
import tempfile
from pathlib import Path

import pytest

if not os.environ.get("AVATAR_TUI_TEST_CACHE"):
    os.environ["AVATAR_TUI_TEST_CACHE"] = tempfile.mkdtemp(prefix="avatar-tui-test-cache-")
os.environ["XDG_CACHE_HOME"] = os.environ["AVATAR_TUI_TEST_CACHE"]
os.environ["XDG_DATA_HOME"] = os.path.join(os.environ["AVATAR_TUI_TEST_CACHE"],
                                           f"data-{os.getpid()}")

if os.environ.get("AVATAR_TUI_TEST_CACHE_OWNER") != "0":
    import atexit
    import shutil

    os.environ["AVATAR_TUI_TEST_CACHE_OWNER"] = "0"  # children leave it to this process
    atexit.register(shutil.rmtree, os.environ["AVATAR_TUI_TEST_CACHE"], True)

APP_TESTS = Path(__file__).resolve().parent / "app"
CHECKOUT = Path(__file__).resolve().parents[1]

if os.environ.get("AVATAR_TUI_TEST_INSTALLED", "") not in ("", "0"):
    on_path = sys.path[:]
    sys.path[:] = [p for p in on_path if Path(p or ".").resolve() != CHECKOUT]
    import avatar_tui  # noqa: F401  (the installed one, from now on)

    sys.path[:] = on_path  # the checkout stays importable for `tests.…` and `benchmarks`


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Two workers (one per core) unless the command line says otherwise.
    Not in pyproject's addopts, where `-n` would break `-p no:xdist`."""
    if not config.pluginmanager.has_plugin("xdist") or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    if config.option.numprocesses is not None or config.option.tx:
        return  # the command line chose
    if config.getoption("--snapshot-update", False):
        return  # syrupy writes and prunes snapshots only in a serial run
    if all(Path(arg.split("::")[0]).is_file() for arg in config.args):
        return  # a file or a test of the edit loop: starting workers costs more than it saves
    config.option.numprocesses = "auto"
    if config.option.dist == "no":
        config.option.dist = "worksteal"  # a few long screen tests: idle workers take them over


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The fast tier, by path: before `-m` deselects (hence tryfirst)."""
    for item in items:
        if APP_TESTS not in item.path.parents and item.get_closest_marker("slow") is None:
            item.add_marker(pytest.mark.fast)
