"""`pip install .` (not only editable) must ship every subpackage and the
card data: pyproject lists packages explicitly, so a new one must be added."""

import os
import shutil
import sysconfig
import tomllib
from pathlib import Path

import avatar_tui
from avatar_tui import engine

ROOT = Path(__file__).resolve().parents[1]


def test_every_subpackage_is_listed_in_pyproject():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(config["packages"])
    on_disk = {".".join(p.parent.relative_to(ROOT).parts)
               for p in (ROOT / "avatar_tui").rglob("__init__.py")}
    assert on_disk <= listed, f"add to pyproject packages: {sorted(on_disk - listed)}"


def test_the_card_data_is_installed_with_the_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert config["package-dir"]["avatar_tui.carddata"] == "cards"
    assert "*.toml" in config["package-data"]["avatar_tui.carddata"]
    assert "*.toml" in config["package-data"]["avatar_tui.carddata.decks"]


def a_c_compiler() -> bool:
    """Whether the build finds a C compiler, as setuptools looks for one."""
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(cc.split()[0]) is not None


def test_the_tests_import_the_package_ci_installed() -> None:
    """CI (.ci/run) installs the package, not editable, and sets
    AVATAR_TUI_TEST_INSTALLED=1 (tests/conftest.py): the tests then run on
    what a user installs, compiled wherever a C compiler is there
    (setup.py). Without it they run on this checkout."""
    where = Path(avatar_tui.__file__).resolve().parents[1]
    if os.environ.get("AVATAR_TUI_TEST_INSTALLED", "") in ("", "0"):
        assert where == ROOT
        return
    assert where == Path(sysconfig.get_paths()["platlib"]).resolve(), where
    chosen_pure = os.environ.get("AVATAR_TUI_PURE", "") not in ("", "0")
    assert engine.COMPILED == (a_c_compiler() and not chosen_pure)
