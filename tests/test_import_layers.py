"""The layers of avatar_tui/ import in one direction only. A static walk of
every module's imports (with ast: imports inside functions count, those
under `if TYPE_CHECKING:` do not, as they never run) fails on a forbidden
arrow:

- the engine (avatar_tui.engine) imports neither the app, the bots nor the
  notation: it is the rules, and everything else is built on it;
- the model (avatar_tui.model) does not import the engine: it is the data;
- the bots do not import the app: they play without a screen.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "avatar_tui"

FORBIDDEN: dict[str, tuple[str, ...]] = {
    "avatar_tui.engine": ("avatar_tui.app", "avatar_tui.bots", "avatar_tui.notation"),
    "avatar_tui.model": ("avatar_tui.engine",),
    "avatar_tui.bots": ("avatar_tui.app",),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(source: str, module: str, is_package: bool) -> list[tuple[int, str]]:
    """(line, imported module) for every import that can run, anywhere in
    the module; `from X import y` counts as importing X and X.y."""
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = module.split(".")
                anchor = anchor[:len(anchor) - node.level + (1 if is_package else 0)]
                base = ".".join(anchor + ([base] if base else []))
            found.append((node.lineno, base))
            found.extend((node.lineno, f"{base}.{alias.name}") for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source))
    return found


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def forbidden_arrows(files: dict[str, tuple[str, bool]]) -> list[str]:
    """Every import in `files` (module -> (source, is_package)) that breaks a layer rule."""
    bad = []
    for module, (source, is_package) in sorted(files.items()):
        for layer, banned in FORBIDDEN.items():
            if not _within(module, layer):
                continue
            for line, target in imports_of(source, module, is_package):
                hit = next((b for b in banned if _within(target, b)), None)
                if hit is not None:
                    bad.append(f"{module}:{line} imports {target} ({layer} must not use {hit})")
    return sorted(set(bad))


def package_files() -> dict[str, tuple[str, bool]]:
    return {module_name(p): (p.read_text(encoding="utf-8"), p.name == "__init__.py")
            for p in PACKAGE.rglob("*.py")}


def test_no_forbidden_arrow_between_layers() -> None:
    files = package_files()
    assert "avatar_tui.engine.game" in files and "avatar_tui.model.state" in files
    assert forbidden_arrows(files) == []


def test_the_walk_sees_imports_in_functions_and_relative_ones() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from avatar_tui.app.app import AvatarApp\n"
        "def later():\n"
        "    from avatar_tui.notation import save\n"
        "from ..bots import RandomBot\n"
        "import avatar_tui.model.state\n"
    )
    files = {"avatar_tui.engine.sample": (source, False),
             "avatar_tui.model.data": ("import avatar_tui.engine.game\n", False),
             "avatar_tui.bots.player": ("def f():\n    import avatar_tui.app.app\n", False),
             "avatar_tui.app.screen": ("import avatar_tui.engine\n", False)}
    assert forbidden_arrows(files) == [
        "avatar_tui.bots.player:2 imports avatar_tui.app.app (avatar_tui.bots must not use "
        "avatar_tui.app)",
        "avatar_tui.engine.sample:5 imports avatar_tui.notation (avatar_tui.engine must not use "
        "avatar_tui.notation)",
        "avatar_tui.engine.sample:5 imports avatar_tui.notation.save (avatar_tui.engine must "
        "not use avatar_tui.notation)",
        "avatar_tui.engine.sample:6 imports avatar_tui.bots (avatar_tui.engine must not use "
        "avatar_tui.bots)",
        "avatar_tui.engine.sample:6 imports avatar_tui.bots.RandomBot (avatar_tui.engine must "
        "not use avatar_tui.bots)",
        "avatar_tui.model.data:1 imports avatar_tui.engine.game (avatar_tui.model must not use "
        "avatar_tui.engine)",
    ]
