"""The build: the engine's hot modules compiled with mypyc where it can be.

Everything else about the package is in pyproject.toml. `pip install .`
(and `pip install -e .`) compile `ENGINE_MODULES` (the modules a playout
step runs through) with mypyc when a C compiler is there: the same source,
so the same rules, about twice as fast (docs/performance.md). Where the
build cannot be made, no compiler or a failed compile, it says so in one
line and installs the pure-Python package, which plays the same games.

    AVATAR_TUI_PURE=1 pip install .   # pure Python, by choice
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import sysconfig
from hashlib import sha256
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
ENGINE = ROOT / "avatar_tui" / "engine"

# One list, shared with benchmarks/compile_engine.py. The other engine
# modules gain little, and two effect modules use what mypyc does not
# compile (registry: a class derived from a built-in error; deck: a name
# defined twice).
ENGINE_MODULES = [
    "table", "stats", "payment", "board", "turn", "triggers", "moves", "powers",
    "signature", "choices", "flow", "game", "simulation",
    *(f"effects/{m}" for m in ("__init__", "common", "ordering", "endings", "energy",
                               "strike", "zones", "allies")),
]
PURE = "AVATAR_TUI_PURE"


def say(line: str) -> None:
    """One line on the build's output (pip shows it with -v, and on failure)."""
    print(f"avatar-tui build: {line}", file=sys.stderr, flush=True)


class BuildOrFallBack(build_ext):
    """Compiles the engine; when that fails, leaves the pure-Python modules
    (always installed beside the compiled ones) to be imported instead."""

    def run(self) -> None:
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as err:  # a missing compiler shows as several error classes
            self._fall_back(err)
            return
        # What each module was compiled from, so that an edited source is
        # seen and run instead (avatar_tui/engine/build.py).
        self._sources().write_text(json.dumps(
            {f"{m}.py": sha256((ENGINE / f"{m}.py").read_bytes()).hexdigest()
             for m in ENGINE_MODULES}, indent=1) + "\n")

    def _sources(self) -> Path:
        return Path(self.get_ext_fullpath("avatar_tui.engine.game")).parent / "compiled_from.json"

    def _fall_back(self, err: BaseException) -> None:
        for ext in self.extensions:
            made = Path(self.get_ext_fullpath(ext.name))
            made.unlink(missing_ok=True)  # a shim without its library would not import
        self._sources().unlink(missing_ok=True)
        first = (str(err).strip().splitlines() or [type(err).__name__])[0]
        first = first if len(first) <= 120 else first[:117] + "..."  # a compiler's whole command
        say(f"the compiled engine could not be built ({first}); "
            "installing the pure-Python engine, which plays the same games more slowly")


# The setup script runs for every step of a build; only these make modules.
BUILDING = {"build", "build_ext", "bdist_wheel", "editable_wheel", "develop", "install"}


def compiled_engine() -> list:
    """The extension modules to build, or none (the reason said in one line)."""
    if not BUILDING & set(sys.argv[1:]):
        return []  # metadata only: translating the engine would be wasted
    if os.environ.get(PURE, "") not in ("", "0"):
        say(f"{PURE} is set: the pure-Python engine")
        return []
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:  # known before translating the engine for nothing
        say(f"no C compiler ({compiler} not found): the pure-Python engine")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        say("mypyc is not installed: the pure-Python engine")
        return []
    sources = [f"avatar_tui/engine/{m}.py" for m in ENGINE_MODULES]  # from ROOT
    here = Path.cwd()
    os.chdir(ROOT)  # mypyc names the modules by their paths from here
    try:
        # group_name: the shared library is named for the package, not by a hash.
        return mypycify(["--config-file", str(ROOT / "pyproject.toml"), *sources],
                        group_name="avatar_tui_engine")
    except BaseException as err:  # mypyc exits (SystemExit) on a type error
        say(f"mypyc could not translate the engine ({err}); the pure-Python engine")
        return []
    finally:
        os.chdir(here)


if __name__ == "__main__":  # as setuptools runs it; benchmarks/compile_engine.py imports the list
    setup(ext_modules=compiled_engine(), cmdclass={"build_ext": BuildOrFallBack})
