"""Which build of the engine runs: the compiled one, or its source.

`pip install .` and `pip install -e .` compile the modules a playout runs
through with mypyc where a C compiler is there (setup.py), and write
beside them `SOURCES`: a digest of each source they were compiled from.
Python loads a compiled module before its source, so in a checkout
installed with `pip install -e .` an edited rule would not run until the
next build. Here, before any other engine module loads, a compiled engine
whose sources changed since is set aside: the engine loads from its
source, and one line says so. `AVATAR_TUI_PURE=1` sets it aside by choice
(the same variable at install compiles nothing).

The engine package imports this module first, for that side effect.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from importlib.util import spec_from_file_location
from pathlib import Path

ENGINE = Path(__file__).resolve().parent
SOURCES = "compiled_from.json"
PURE = "AVATAR_TUI_PURE"


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def changed_sources(engine: Path = ENGINE) -> list[str]:
    """The engine's sources (paths from the engine's folder) that differ
    from what its compiled modules were built from; none where nothing was
    compiled, or where no digest was written (benchmarks/compile_engine.py)."""
    try:
        built = json.loads((engine / SOURCES).read_text())
    except (OSError, ValueError):
        return []
    return sorted(name for name, digest in built.items() if _digest(engine / name) != digest)


class FromSource(MetaPathFinder):
    """Finds the engine's modules as source files, ahead of the compiled ones."""

    def find_spec(self, fullname: str, path: object = None,
                  target: object = None) -> ModuleSpec | None:
        prefix = "avatar_tui.engine."
        if not fullname.startswith(prefix):
            return None
        where = ENGINE.joinpath(*fullname.removeprefix(prefix).split("."))
        if (where / "__init__.py").is_file():
            return spec_from_file_location(fullname, where / "__init__.py",
                                           submodule_search_locations=[str(where)])
        if where.with_suffix(".py").is_file():
            return spec_from_file_location(fullname, where.with_suffix(".py"))
        return None


def choose() -> None:
    """Sets the compiled engine aside when asked to, or when it is stale."""
    if any(isinstance(finder, FromSource) for finder in sys.meta_path):
        return
    chosen = os.environ.get(PURE, "") not in ("", "0")
    changed = [] if chosen else changed_sources()
    if changed:
        print(f"avatar-tui: the compiled engine is older than its source "
              f"(avatar_tui/engine/{changed[0]}"
              f"{f' and {len(changed) - 1} more' if len(changed) > 1 else ''} changed); "
              "running the source; `pip install -e .` compiles it again",
              file=sys.stderr)
    if chosen or changed:
        sys.meta_path.insert(0, FromSource())


choose()
