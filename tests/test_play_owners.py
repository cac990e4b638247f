"""Each field of the play layer is written by its owner only (issue 38): a
mode returns what its move did for the controller to record, the save guard
keeps its own state, the referee and the screen ask the controller through
its methods. Read from the source, so a write slipped in anywhere fails here
with the file, the line and the field."""

from __future__ import annotations

import ast
from pathlib import Path

import avatar_tui

PACKAGE = Path(avatar_tui.__file__).parent
# the names under which the front ends hold the play layer's objects
PLAY_OBJECTS = {"controller", "referee", "mode", "session", "guard", "game"}


def _written(tree: ast.AST) -> list[ast.Attribute]:
    """Every attribute an assignment (plain, augmented, annotated, in a
    tuple) writes."""
    targets: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            targets += node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets.append(node.target)
    flat: list[ast.expr] = []
    for target in targets:
        flat += target.elts if isinstance(target, ast.Tuple) else [target]
    return [t for t in flat if isinstance(t, ast.Attribute)]


def _own(target: ast.Attribute) -> bool:
    """`self.field = ...`: an object writing a field of its own."""
    return isinstance(target.value, ast.Name) and target.value.id in ("self", "cls")


def _names(node: ast.expr) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} | \
        {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}


def foreign_writes(path: Path, only_play_objects: bool = False,
                   root: Path = PACKAGE.parent) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for target in _written(tree):
        if _own(target):
            continue
        if only_play_objects and not _names(target.value) & PLAY_OBJECTS:
            continue  # a widget's own attribute (Textual is set up so)
        found.append(f"{path.relative_to(root)}:{target.lineno}: "
                     f"{ast.unparse(target)} is written by another object")
    return found


def test_the_play_layer_writes_no_other_objects_fields():
    found = [line for path in sorted((PACKAGE / "play").glob("*.py"))
             for line in foreign_writes(path)]
    assert found == []


def test_the_screens_ask_the_play_layer_instead_of_writing_its_fields():
    found = [line for path in sorted((PACKAGE / "tui").rglob("*.py"))
             for line in foreign_writes(path, only_play_objects=True)]
    assert found == []


def test_a_planted_write_is_found(tmp_path):
    """The check sees a write into another object's field, in a tuple too,
    and lets an object's own fields be."""
    planted = tmp_path / "planted.py"
    planted.write_text("class A:\n    def f(self, controller):\n        self.x = 1\n"
                       "        controller.hint = 'no'\n"
                       "        state, self.referee.controller.unsaved = 1, None\n")
    assert foreign_writes(planted, root=tmp_path) == [
        "planted.py:4: controller.hint is written by another object",
        "planted.py:5: self.referee.controller.unsaved is written by another object"]


def play_imports() -> dict[str, set[str]]:
    """Which module of play/ imports which, counting imports made only for
    the type checker (`if TYPE_CHECKING:`) and inside functions."""
    graph: dict[str, set[str]] = {}
    modules = {p.stem for p in (PACKAGE / "play").glob("*.py")}
    for path in (PACKAGE / "play").glob("*.py"):
        edges = graph.setdefault(path.stem, set())
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if module == "avatar_tui.play":
                    edges |= {a.name for a in node.names if a.name in modules}
                elif module.startswith("avatar_tui.play."):
                    edges.add(module.split(".")[2])
            elif isinstance(node, ast.Import):
                edges |= {a.name.split(".")[2] for a in node.names
                          if a.name.startswith("avatar_tui.play.")}
        edges.discard(path.stem)
    return graph


def loops(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each loop, as a path back to its first module."""
    found = []
    for start in sorted(graph):
        stack = [(start, [start])]
        seen = set()
        while stack:
            here, path = stack.pop()
            for there in sorted(graph.get(here, ())):
                if there == start:
                    found.append([*path, start])
                elif there not in seen and there > start:  # each loop once, from its least
                    seen.add(there)
                    stack.append((there, [*path, there]))
    return found


def test_no_module_of_the_play_layer_imports_one_that_imports_it():
    """The controller holds its mode (the modes read it through a Protocol),
    the referee holds its save guard (which knows only the controller)."""
    graph = play_imports()
    assert "modes" in graph["controller"] and "safety" in graph["referee"]  # the walk works
    assert loops(graph) == []


def test_a_planted_loop_is_found():
    assert loops({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
