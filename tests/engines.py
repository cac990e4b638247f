"""The two builds of one engine, for tests that need the other one.

`pip install .` compiles the engine's hot modules with mypyc where it can
(setup.py); the tests run against whichever build `import avatar_tui`
gives. A pure-Python twin of that same package is a copy of it without the
compiled modules: the .py files are always installed beside them, and the
card data comes along (inside the package when installed, `cards/` beside
it in a checkout).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import avatar_tui

ROOT = Path(__file__).resolve().parents[1]


def package_tree() -> Path:
    """The directory holding the `avatar_tui` these tests import."""
    return Path(avatar_tui.__file__).resolve().parents[1]


def pure_twin(dest: Path) -> Path:
    """A copy of the tested package in `dest` with no compiled module: the
    same source, run as pure Python. Returns `dest`."""
    # The compiled modules, the shared library mypyc builds beside them
    # (…__mypyc.*.so) and stale bytecode stay behind.
    skip = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd")
    shutil.copytree(package_tree() / "avatar_tui", dest / "avatar_tui", ignore=skip)
    if (package_tree() / "cards").is_dir():  # a checkout: the data is beside the package
        shutil.copytree(package_tree() / "cards", dest / "cards", ignore=skip)
    return dest


def whole_copy(dest: Path) -> Path:
    """A copy of the tested package in `dest`, compiled modules and all
    (mypyc's shared library sits beside the package). Returns `dest`."""
    skip = shutil.ignore_patterns("__pycache__")
    shutil.copytree(package_tree() / "avatar_tui", dest / "avatar_tui", ignore=skip)
    for library in package_tree().glob("avatar_tui_engine__mypyc*"):
        shutil.copy2(library, dest)
    if (package_tree() / "cards").is_dir():
        shutil.copytree(package_tree() / "cards", dest / "cards", ignore=skip)
    return dest


def run_with(tree: Path, code: str, *args: str, timeout: float = 300,
             **env: str) -> subprocess.CompletedProcess[str]:
    """Runs `code` in a new process that imports `avatar_tui` from `tree`
    (and the tests from this checkout), with `env` added to its
    environment. A failure of the child fails the test, with its last lines."""
    paths = os.pathsep.join([str(tree), str(ROOT), str(ROOT / "tests")])
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, "PYTHONPATH": paths, **env},
                          cwd=tree)
    assert done.returncode == 0, (f"child on {tree} exited {done.returncode}: "
                                  + " | ".join(done.stderr.strip().splitlines()[-5:]))
    return done
