"""Where the package meets Textual: Textual is imported in the app's package
(tui) alone, the app reaches the bots through the play layer only, and
every use of a private name of Textual's (a leading `_`) is in
avatar_tui/tui/textual_private.py, each one listed there and still present
in the pinned Textual. A Textual upgrade fails here first, with the list of
what to read again."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import tomllib
from pathlib import Path

import textual

from avatar_tui.tui import textual_private

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "avatar_tui"
PRIVATE_HOME = "avatar_tui.tui.textual_private"

# Names of our own that Textual also uses for a private part of its own,
# each read and found not to be Textual's where we use it (not an
# override, not a reach into a Textual object).
OURS_TOO = {
    "_title", "_subtitle",  # a playmat's border texts as last set (tui/board.py)
    "_rows", "_context",  # a RowCache and its widgets' kept rows (tui/perf/rowcache.py)
    "_nodes", "_cache", "_rules",  # the style pass and cache (tui/perf/restyle.py)
    "_spans", "_shown", "_watch", "_hover",  # the key bar's own (tui/keybar.py)
    "_write",  # a function of tui/preferences.py
    # textual-serve's Server and AppService's (tui/serve_guard.py), not Textual's
    "_task", "_process_messages",
    "_start",  # an SSH session's own coroutine (tui/ssh_server.py), not Textual's
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def package_sources() -> dict[str, str]:
    return {_module_name(p): p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py")}


def textual_private_names() -> set[str]:
    """Every `_name` Textual defines: its functions and methods, and the
    attributes it sets or declares."""
    names: set[str] = set()
    for path in Path(textual.__file__).parent.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        names |= set(re.findall(r"\bdef (_[a-z]\w*)", text))
        names |= set(re.findall(r"self\.(_[a-z]\w*)\s*[:=]", text))
        names |= set(re.findall(r"^\s+(_[a-z]\w*)\s*[:=]", text, re.MULTILINE))
    return names


def imported_modules(source: str) -> list[tuple[int, str, list[str]]]:
    """(line, module, names) of every import, in functions and under `if
    TYPE_CHECKING:` too (a type named is a dependency all the same)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.append((node.lineno, node.module, [alias.name for alias in node.names]))
    return found


def private_reaches(sources: dict[str, str], private: set[str]) -> list[str]:
    """Every use of a private name of Textual's outside PRIVATE_HOME: an
    import of a private module or name of Textual's, anywhere; in the app's
    package (the one that imports Textual), an attribute or a method of a
    name in `private` (but OURS_TOO)."""
    bad = []
    for module, source in sorted(sources.items()):
        if module == PRIVATE_HOME:
            continue
        for line, imported, names in imported_modules(source):
            if imported.split(".")[0] != "textual":
                continue
            if any(part.startswith("_") for part in imported.split(".")):
                bad.append(f"{module}:{line} imports {imported}")
            bad += [f"{module}:{line} imports {imported}.{name}" for name in names
                    if name.startswith("_")]
        if not module.startswith("avatar_tui.tui"):
            continue
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Attribute):
                name = node.attr
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                name = node.name
            else:
                continue
            if name in private and name not in OURS_TOO:
                bad.append(f"{module}:{node.lineno} uses {name}")
    return sorted(set(bad))


def _textual_imports(sources: dict[str, str], layer: str) -> list[str]:
    return [f"{module}:{line} imports {imported}"
            for module, source in sorted(sources.items()) if module.startswith(layer)
            for line, imported, _ in imported_modules(source)
            if imported.split(".")[0] == "textual"]


def test_textual_is_the_pinned_version():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pins = [d for d in pyproject["project"]["dependencies"] if d.startswith("textual==")]
    assert pins == [f"textual=={textual_private.TEXTUAL_VERSION}"]
    assert textual.__version__ == textual_private.TEXTUAL_VERSION, (
        f"Textual is {textual.__version__}, the app was written against "
        f"{textual_private.TEXTUAL_VERSION}: read again, in the new Textual, every name in "
        "avatar_tui/tui/textual_private.py's PRIVATE_NAMES (and the methods whose source "
        "tests/app/test_compositor.py and test_restyle_cost.py pin), then move the pin")


def _still_there(dotted: str) -> bool:
    """Whether `module.Class._name` (or `module._name`) is still in Textual:
    on the module or class, or on a new instance (an attribute set in
    `__init__`)."""
    module_name, _, rest = dotted.rpartition("._")
    name = "_" + rest
    for cut in range(module_name.count(".") + 1, 0, -1):
        parts = module_name.split(".")
        try:
            owner = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            owner = getattr(owner, attr)
        if hasattr(owner, name):
            return True
        return inspect.isclass(owner) and hasattr(owner(), name)
    return False


def test_each_private_name_used_is_still_in_textual():
    gone = [name for name in textual_private.PRIVATE_NAMES if not _still_there(name)]
    assert gone == [], (
        f"Textual {textual.__version__} has no {', '.join(gone)}: see what "
        "avatar_tui/tui/textual_private.py uses each for, and find the new way")


def test_the_still_there_check_sees_a_name_gone():
    assert _still_there("textual.widgets.OptionList._line_cache")
    assert _still_there("textual.keys._get_unicode_name_from_key")
    assert not _still_there("textual.widgets.OptionList._no_such_cache")
    assert not _still_there("textual.keys._no_such_function")


def test_no_module_but_textual_private_uses_a_private_name_of_textual():
    assert private_reaches(package_sources(), textual_private_names()) == []


def test_the_private_check_finds_each_kind_of_reach():
    private = textual_private_names()
    assert {"_line_cache", "_start_widget", "_update_lines"} <= private
    sources = {
        "avatar_tui.tui.log": ("from textual._compositor import Compositor\n"
                               "from textual.keys import _get_unicode_name_from_key\n"
                               "class Log:\n"
                               "    def _update_lines(self):\n"
                               "        return len(self._line_cache.lines)\n"
                               "    def _rows(self):\n"
                               "        self._ours = 1\n"),
        PRIVATE_HOME: "import textual._compositor\nx._line_cache\n",
    }
    assert private_reaches(sources, private) == [
        "avatar_tui.tui.log:1 imports textual._compositor",
        "avatar_tui.tui.log:2 imports textual.keys._get_unicode_name_from_key",
        "avatar_tui.tui.log:4 uses _update_lines",
        "avatar_tui.tui.log:5 uses _line_cache",
    ]


def test_textual_is_imported_in_the_app_alone():
    sources = package_sources()
    outside = [line for layer in {m.split(".")[1] for m in sources if m.count(".")}
               if layer != "tui" for line in _textual_imports(sources, f"avatar_tui.{layer}")]
    assert outside == []
    # the walk sees a deferred import
    planted = {"avatar_tui.cli.shot": "def known():\n    from textual.keys import Keys\n"}
    assert _textual_imports(planted, "avatar_tui.cli") == [
        "avatar_tui.cli.shot:2 imports textual.keys"]


def test_the_app_reaches_the_bots_through_the_play_layer_only():
    found = [f"{module}:{line} imports {imported}"
             for module, source in sorted(package_sources().items())
             if module.startswith("avatar_tui.tui")
             for line, imported, _ in imported_modules(source)
             if imported == "avatar_tui.bots" or imported.startswith("avatar_tui.bots.")]
    assert found == []
