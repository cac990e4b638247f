"""`pip install .` (not only editable) must ship every subpackage and the
card data: pyproject lists packages explicitly, so a new one must be added."""

import tomllib
from pathlib import Path

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
