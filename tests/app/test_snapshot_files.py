"""Every stored snapshot belongs to a test that compares with it. A serial
run's syrupy fails on an unused snapshot, but under pytest-xdist (the
default full run, tests/conftest.py) it cannot tell, so this test does."""

from __future__ import annotations

import ast
from pathlib import Path

HERE = Path(__file__).resolve().parent
SNAPSHOTS = HERE / "__snapshots__"


def snapshot_tests(module: Path) -> set[str]:
    """The test functions of `module` that take `snap_compare`."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    return {node.name for node in tree.body
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.name.startswith("test_")
            and "snap_compare" in [arg.arg for arg in node.args.args]}


def orphans(folder: Path) -> list[str]:
    found = []
    for svg in sorted(folder.glob("*/*.svg")):
        module = folder.parent / f"{svg.parent.name}.py"
        name = svg.stem.split("[")[0]  # a parametrised test's snapshots: name[params]
        if not module.is_file() or name not in snapshot_tests(module):
            found.append(str(svg.relative_to(folder.parent)))
    return found


def test_every_snapshot_belongs_to_a_test():
    assert len(list(SNAPSHOTS.glob("*/*.svg"))) >= 10
    left = orphans(SNAPSHOTS)
    assert not left, ("snapshots no test compares with (`pytest -n0 tests/app/FILE.py "
                      f"--snapshot-update` removes them): {left}")


def test_an_orphan_is_found(tmp_path):
    """The check can fail: a snapshot whose test is gone, or whose module is."""
    (tmp_path / "test_screens.py").write_text(
        "def test_board(snap_compare):\n    pass\n\ndef test_words():\n    pass\n")
    folder = tmp_path / "__snapshots__"
    (folder / "test_screens").mkdir(parents=True)
    (folder / "test_gone").mkdir()
    for name in ("test_screens/test_board.svg", "test_screens/test_board[80x24].svg",
                 "test_screens/test_words.svg", "test_screens/test_removed.svg",
                 "test_gone/test_board.svg"):
        (folder / name).write_text("<svg/>")
    assert orphans(folder) == ["__snapshots__/test_gone/test_board.svg",
                               "__snapshots__/test_screens/test_removed.svg",
                               "__snapshots__/test_screens/test_words.svg"]
