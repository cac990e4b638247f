"""A compiled copy of the engine, beside this checkout.

`pip install .` compiles the engine where a C compiler is there (setup.py);
this makes a compiled copy of a checkout without installing it, to measure
or run one tree against another. The same source, compiled with mypyc.

    pip install mypy                          # mypyc comes with it
    python benchmarks/compile_engine.py DIR   # about a minute
    PYTHONPATH=DIR avatar-tui simulate ...    # any command, on the compiled engine
    python benchmarks/run.py --compiled DIR   # its playout speed beside the others

copies this checkout's `avatar_tui` and `cards` into DIR (which must be
new or empty) and compiles the engine's hot modules there (`MODULES`);
everything else, the pydantic game model included, stays as it is. This
checkout stays as it is: nothing here is used unless DIR is put on the path.

The compiled modules are the same rules, so they play the same games
(benchmarks/run.py checks the games played; tests/test_compiled_engine.py
compares the two builds action by action).
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _engine_modules() -> list[str]:
    """The modules `pip install .` compiles: setup.py's one list."""
    spec = importlib.util.spec_from_file_location("avatar_tui_setup", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    setup = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(setup)  # not run as __main__: defines, builds nothing
    return list(setup.ENGINE_MODULES)


MODULES = _engine_modules()

# mypy's view of the engine, for mypyc: the project's one configuration
# ([tool.mypy] in pyproject.toml, which CI's `mypy` line reads too).
CONFIG = ROOT / "pyproject.toml"


def build(out: Path) -> list[Path]:
    """Copy and compile into `out`; the compiled module files made."""
    try:
        import mypyc  # noqa: F401
    except ImportError:
        raise SystemExit("compile_engine: mypyc is not installed (pip install mypy)") from None
    if out.exists() and any(out.iterdir()):
        raise SystemExit(f"compile_engine: {out}: not empty; give a new or empty directory")
    out.mkdir(parents=True, exist_ok=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyc")
    shutil.copytree(ROOT / "avatar_tui", out / "avatar_tui", ignore=ignore)
    shutil.copytree(ROOT / "cards", out / "cards", ignore=ignore)
    sources = [f"avatar_tui/engine/{m}.py" for m in MODULES]
    done = subprocess.run([sys.executable, "-m", "mypyc", "--config-file", str(CONFIG),
                           *sources], cwd=out, capture_output=True, text=True)
    if done.returncode != 0:
        problems = [ln for ln in (done.stdout + done.stderr).splitlines() if "error" in ln]
        raise SystemExit(f"compile_engine: mypyc failed in {out}: "
                         + " | ".join(problems[:3] or ["no error line"]))
    shutil.rmtree(out / "build", ignore_errors=True)
    made = sorted((out / "avatar_tui" / "engine").rglob("*.so"))
    if len(made) != len(MODULES):
        raise SystemExit(f"compile_engine: {len(made)} compiled modules in {out}, "
                         f"not {len(MODULES)}")
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("dir", type=Path, help="where to put the compiled copy")
    args = parser.parse_args(argv)
    made = build(args.dir.resolve())
    print(f"compiled {len(made)} engine modules into {args.dir}; "
          f"use it with PYTHONPATH={args.dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
