"""The layers of avatar_tui/ import in one direction only. A static walk of
every module's imports (with ast: imports inside functions count, those
under `if TYPE_CHECKING:` do not, as they never run, but for the order of
the floors and the engine's API below) fails on a forbidden arrow.

ORDER names every package of avatar_tui/, from the ground up, and a module
may import only from its own package or one below it: an import up the
order fails, deferred (in-function) and type-only ones included, so no two
packages can import each other. What the order cannot say stands in the
rules below it. From the bottom up:

- the model (avatar_tui.model): the data; it imports nothing but itself;
- io: the plain readers (files, the data directory's place, terminal-safe
  text), on which everything above reads;
- the card library (cardlib): the catalog type (cardlib.cardset), the
  installed database read and cached (cardlib.catalog), the deckbuilding
  rules, the cards in words;
- the engine (avatar_tui.engine): the rules; outside itself it imports the
  model and the catalog type alone (`avatar_tui.cardlib.cardset`), which
  reads no file;
- the notation, the store (the saves, kept games and settings in the data
  directory), the demos, the lessons, the puzzles, decks (decklib) and the bots: never
  the game as the app plays it (play), the terminal app (tui) or the command line
  (cli), and no Textual;
- play: the app's game logic, headless: no Textual, no Rich, no tui, no cli;
- net: one game on several screens (frames, host, client): no Textual, no tui, no cli;
- io imports no play, tui or cli;
- tui, the terminal app, builds on play, io, cardlib, decklib, bots, the
  notation, the model and the engine's public package, and nothing else;
- cli, the command line: nothing imports it but itself and `__main__`;
- every layer but the engine and the notation uses the engine through its
  public API only: the package `avatar_tui.engine` and the names in its
  `__all__`, never a submodule (`avatar_tui.engine.table`) or a private
  name. This rule counts imports under `if TYPE_CHECKING:` too: a type is
  part of the API used. (The notation reads the engine's view paths,
  engine.view, to name what a scenario expects.)

The top level of avatar_tui/ holds the layers' packages only, but for
`__main__` and TOP_LEVEL's entries.

The same walk builds the import graph of all of avatar_tui/ and fails on
any loop (modules that import each other, directly or round a chain): a
module may only build on what is below it. `from pkg import name` counts as
importing the submodule `pkg.name` when there is one and the package does
not rebind that name; otherwise it counts as importing the package. Loops
not yet taken apart are listed in KNOWN_CYCLES, which may only shrink.
"""

from __future__ import annotations

import ast
from itertools import pairwise
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "avatar_tui"

ENGINE = "avatar_tui.engine"
MODEL = "avatar_tui.model"
BOTS, CARDLIB, CLI, DECKLIB = "avatar_tui.bots", "avatar_tui.cardlib", "avatar_tui.cli", \
    "avatar_tui.decklib"
IO, NOTATION, PLAY, TUI = "avatar_tui.io", "avatar_tui.notation", "avatar_tui.play", \
    "avatar_tui.tui"
NET = "avatar_tui.net"  # one game on several screens: above play, below the app
STORE, DEMOS = "avatar_tui.store", "avatar_tui.demos"
LESSONS = "avatar_tui.lessons"  # the lesson files, found as package data
PUZZLES = "avatar_tui.puzzles"  # the puzzle files, found as package data

# The floors, from the ground up: a package imports only its own modules and
# those of the packages before it (the root's `__version__` aside).
ORDER = (MODEL, IO, CARDLIB, ENGINE, NOTATION, STORE, DEMOS, LESSONS, PUZZLES, DECKLIB, BOTS, PLAY,
         NET, TUI, CLI)
_UP = (PLAY, NET, TUI, CLI)  # the layers of the app and the command line
_SCREEN = ("textual", "rich")

# What a layer (its package and every module in it) must not import.
FORBIDDEN: dict[str, tuple[str, ...]] = {
    ENGINE: (TUI, PLAY, BOTS, NOTATION, IO, STORE, CLI, DECKLIB, DEMOS, LESSONS, PUZZLES,
             *_SCREEN),
    MODEL: (ENGINE,),
    BOTS: (*_UP, *_SCREEN),
    PLAY: (NET, TUI, CLI, *_SCREEN),
    NET: (TUI, CLI, *_SCREEN),
    IO: (*_UP, *_SCREEN),
    STORE: (*_UP, *_SCREEN),
    CARDLIB: (*_UP, *_SCREEN),
    DECKLIB: (*_UP, *_SCREEN),
    NOTATION: (*_UP, *_SCREEN),
    LESSONS: (*_UP, *_SCREEN),
    PUZZLES: (*_UP, *_SCREEN),
}

# A layer that may import, of avatar_tui/, only these (other packages free).
ONLY: dict[str, tuple[str, ...]] = {
    MODEL: (MODEL,),
    ENGINE: (ENGINE, MODEL, f"{CARDLIB}.cardset"),
    TUI: (TUI, PLAY, STORE, IO, CARDLIB, DECKLIB, BOTS, NOTATION, MODEL, ENGINE),
}

# A module only these layers may import.
IMPORTED_ONLY_BY: dict[str, tuple[str, ...]] = {
    CLI: (CLI, "avatar_tui.__main__"),
}

# What the top of avatar_tui/ holds besides the layers: `__main__`.
LAYERS = set(ORDER)
TOP_LEVEL = {"avatar_tui.__main__"}

PUBLIC_ONLY = (TUI, NET, PLAY, BOTS, CLI, IO, STORE, CARDLIB, DECKLIB, DEMOS, LESSONS, PUZZLES)
# Known reaches inside the engine, each with the work that removes it (the
# expert's went: it plays out with the public `playout_apply`).
ALLOWED_INSIDE: dict[str, set[str]] = {
    # a random starter deck and a seat's deck order are dealt with the
    # engine's own seeded shuffle, so a seed deals the same cards as the
    # game's setup would: goes when the engine's API offers `shuffle`
    f"{DECKLIB}.library": {f"{ENGINE}.rng"},
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(tree: ast.AST, typing_too: bool = False) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement anywhere in `tree`; those under `if
    TYPE_CHECKING:` only when `typing_too`."""
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test) and not typing_too:
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _base(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The absolute module a `from ... import` reads from."""
    base = node.module or ""
    if node.level:
        anchor = module.split(".")
        anchor = anchor[:len(anchor) - node.level + (1 if is_package else 0)]
        base = ".".join(anchor + ([base] if base else []))
    return base


def imports_of(source: str, module: str, is_package: bool) -> list[tuple[int, str]]:
    """(line, imported module) for every import that can run, anywhere in
    the module; `from X import y` counts as importing X and X.y."""
    found: list[tuple[int, str]] = []
    for node in _import_nodes(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        else:
            base = _base(node, module, is_package)
            found.append((node.lineno, base))
            found.extend((node.lineno, f"{base}.{alias.name}") for alias in node.names)
    return found


def engine_reaches(source: str, module: str, is_package: bool,
                   public: set[str]) -> list[tuple[int, str]]:
    """(line, what) for every use of the engine beyond its public API: a
    submodule imported, or a name from the package not in `public`."""
    found: list[tuple[int, str]] = []
    for node in _import_nodes(ast.parse(source), typing_too=True):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names
                         if alias.name.startswith(ENGINE + "."))
            continue
        base = _base(node, module, is_package)
        if base.startswith(ENGINE + "."):
            found.append((node.lineno, base))
        elif base == ENGINE:
            found.extend((node.lineno, f"{base}.{alias.name}") for alias in node.names
                         if alias.name not in public)
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


def outside_the_allowed(files: dict[str, tuple[str, bool]]) -> list[str]:
    """Every import in `files` of a module of avatar_tui/ that its layer's
    ONLY does not list, or that IMPORTED_ONLY_BY keeps from it."""
    bad = []
    for module, (source, is_package) in sorted(files.items()):
        for line, target in imports_of(source, module, is_package):
            if not _within(target, "avatar_tui"):
                continue
            for layer, allowed in ONLY.items():
                if _within(module, layer) and not any(_within(target, a) for a in allowed):
                    bad.append(f"{module}:{line} imports {target} ({layer} may use only "
                               f"{', '.join(allowed)})")
            for kept, users in IMPORTED_ONLY_BY.items():
                if _within(target, kept) and not any(_within(module, u) for u in users):
                    bad.append(f"{module}:{line} imports {target} (only {', '.join(users)} "
                               f"may use {kept})")
    return sorted(set(bad))


def _floor(module: str) -> int | None:
    """The place in ORDER of the package that holds `module` (None: the root)."""
    return next((i for i, layer in enumerate(ORDER) if _within(module, layer)), None)


def up_the_order(files: dict[str, tuple[str, bool]]) -> list[str]:
    """Every import in `files` of a package higher in ORDER than the
    importer's own, wherever it stands: in a function, or under `if
    TYPE_CHECKING:` (a type is a floor's knowledge too)."""
    bad = []
    for module, (source, is_package) in sorted(files.items()):
        here = _floor(module)
        if here is None:
            continue
        for node in _import_nodes(ast.parse(source), typing_too=True):
            targets = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                       else [_base(node, module, is_package)])
            for target in targets:
                there = _floor(target)
                if there is not None and there > here:
                    bad.append(f"{module}:{node.lineno} imports {target} ({ORDER[here]} "
                               f"is below {ORDER[there]})")
    return sorted(set(bad))


def inside_the_engine(files: dict[str, tuple[str, bool]], public: set[str]) -> list[str]:
    """Every import in the app and the bots that reaches past the engine's
    public API `public`, but for `ALLOWED_INSIDE`."""
    bad = []
    for module, (source, is_package) in sorted(files.items()):
        if not any(_within(module, layer) for layer in PUBLIC_ONLY):
            continue
        allowed = ALLOWED_INSIDE.get(module, set())
        for line, target in engine_reaches(source, module, is_package, public):
            if not any(_within(target, a) for a in allowed):
                bad.append(f"{module}:{line} uses {target} (only avatar_tui.engine's "
                           "public API)")
    return sorted(set(bad))


# ------------------------------------------------------------------ loops

# Import loops that still exist, each as the set of modules it joins, with a
# comment saying why it is left. None now: the engine's loops were taken
# apart and so was catalog <-> deckbuilding (deck_references moved into the
# catalog type, cardlib.cardset, and the rules into cardlib.legality). The engine
# may never have one. The test fails when a
# listed loop is gone or has changed, so this list can only shrink.
KNOWN_CYCLES: list[frozenset[str]] = []

Graph = dict[str, dict[str, int]]  # module -> {imported module: first line}


def _rebound(files: dict[str, tuple[str, bool]]) -> dict[str, set[str]]:
    """For each package, the names its __init__ binds to something other
    than its own submodule of that name (`from .view import view`)."""
    out: dict[str, set[str]] = {}
    for module, (source, is_package) in files.items():
        if not is_package:
            continue
        names: set[str] = set()
        for node in _import_nodes(ast.parse(source)):
            if isinstance(node, ast.ImportFrom):
                base = _base(node, module, is_package)
                names |= {alias.asname or alias.name for alias in node.names
                          if f"{base}.{alias.name}" not in files
                          or (alias.asname or alias.name) != alias.name}
        out[module] = names
    return out


def import_graph(files: dict[str, tuple[str, bool]]) -> Graph:
    """Which module of `files` imports which (imports of other packages left out)."""
    rebound = _rebound(files)
    graph: Graph = {}
    for module, (source, is_package) in files.items():
        edges: dict[str, int] = {}
        for node in _import_nodes(ast.parse(source)):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = _base(node, module, is_package)
                targets = [f"{base}.{alias.name}"
                           if f"{base}.{alias.name}" in files
                           and alias.name not in rebound.get(base, set()) else base
                           for alias in node.names]
            for target in targets:
                if target in files and target != module:
                    edges.setdefault(target, node.lineno)
        graph[module] = edges
    return graph


def loops_of(graph: Graph) -> list[frozenset[str]]:
    """The import loops: each set of modules that reach one another
    (a strongly connected component of more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found, key=sorted)


def cycle_in(graph: Graph, loop: frozenset[str]) -> str:
    """One shortest way round `loop`, from its first module, each arrow
    with the line of the import: `a:3 -> b:7 -> a`."""
    start = min(loop)
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph[v]):
                if w == start:
                    path = paths[v] + [start]
                    arrows = (f"{a}:{graph[a][b]}" for a, b in pairwise(path))
                    return " -> ".join(arrows) + f" -> {start}"
                if w in loop and w not in paths:
                    paths[w] = paths[v] + [w]
                    nxt.append(w)
        frontier = nxt
    raise AssertionError(f"{sorted(loop)} is not a loop")


def loop_problems(graph: Graph, known: list[frozenset[str]]) -> list[str]:
    """Each loop not in `known` (with a cycle through it), and each entry of
    `known` that is no longer a loop as listed; none in the engine."""
    loops = loops_of(graph)
    problems = [f"import loop: {cycle_in(graph, loop)}" for loop in loops if loop not in known]
    problems += [f"KNOWN_CYCLES lists {sorted(entry)}, which is no longer an import loop as "
                 "listed: remove or update it" for entry in known if entry not in loops]
    problems += [f"the engine may have no import loop, but KNOWN_CYCLES lists {sorted(entry)}"
                 for entry in known if any(_within(m, "avatar_tui.engine") for m in entry)]
    return problems


def package_files() -> dict[str, tuple[str, bool]]:
    return {module_name(p): (p.read_text(encoding="utf-8"), p.name == "__init__.py")
            for p in PACKAGE.rglob("*.py")}


def test_no_forbidden_arrow_between_layers() -> None:
    files = package_files()
    assert "avatar_tui.engine.game" in files and "avatar_tui.model.state" in files
    assert forbidden_arrows(files) == []


def test_each_layer_imports_only_what_it_may() -> None:
    assert outside_the_allowed(package_files()) == []


def test_no_import_runs_up_the_order() -> None:
    files = package_files()
    assert "avatar_tui.store.storage" in files and "avatar_tui.cardlib.cardset" in files
    assert up_the_order(files) == []


def test_the_order_names_every_package_and_finds_an_import_up_it() -> None:
    packages = {m for m, (_, is_package) in package_files().items()
                if is_package and m.count(".") == 1}
    assert packages == set(ORDER)
    files = _fake(avatar_tui__engine__x="def later():\n    from avatar_tui.store import storage\n",
                  avatar_tui__io__files="from typing import TYPE_CHECKING\n"
                                        "if TYPE_CHECKING:\n    from ..cardlib import cardset\n",
                  avatar_tui__cli__x="from avatar_tui import __version__\nimport avatar_tui.tui\n",
                  avatar_tui__bots__y="from avatar_tui.decklib import library\n")
    assert up_the_order(files) == [
        "avatar_tui.engine.x:2 imports avatar_tui.store (avatar_tui.engine is below "
        "avatar_tui.store)",
        "avatar_tui.io.files:3 imports avatar_tui.cardlib (avatar_tui.io is below "
        "avatar_tui.cardlib)",
    ]


def test_the_top_level_holds_the_layers_only() -> None:
    top = {m for m in package_files() if m.count(".") == 1}
    assert top - LAYERS == TOP_LEVEL and LAYERS <= top


def test_the_allowed_check_finds_what_a_layer_may_not_use() -> None:
    files = {"avatar_tui.tui.screen": ("from avatar_tui import __version__\n"
                                       "def later():\n    import avatar_tui.cli.play\n", False),
             "avatar_tui.engine.x": ("from avatar_tui.cardlib.cardset import Catalog\n"
                                     "from avatar_tui.cardlib import words\n", False),
             "avatar_tui.io.files": ("import avatar_tui.cli\nimport textual\n", False),
             "avatar_tui.__main__": ("from avatar_tui.cli import main\n", False),
             "avatar_tui.cli.deck": ("from avatar_tui.cli import cards\n", False)}
    assert outside_the_allowed(files) == [
        "avatar_tui.engine.x:2 imports avatar_tui.cardlib (avatar_tui.engine may use only "
        "avatar_tui.engine, avatar_tui.model, avatar_tui.cardlib.cardset)",
        "avatar_tui.engine.x:2 imports avatar_tui.cardlib.words (avatar_tui.engine may use "
        "only avatar_tui.engine, avatar_tui.model, avatar_tui.cardlib.cardset)",
        "avatar_tui.io.files:1 imports avatar_tui.cli (only avatar_tui.cli, avatar_tui.__main__ "
        "may use avatar_tui.cli)",
        "avatar_tui.tui.screen:1 imports avatar_tui (avatar_tui.tui may use only "
        "avatar_tui.tui, avatar_tui.play, avatar_tui.store, avatar_tui.io, avatar_tui.cardlib, "
        "avatar_tui.decklib, avatar_tui.bots, avatar_tui.notation, avatar_tui.model, "
        "avatar_tui.engine)",
        "avatar_tui.tui.screen:1 imports avatar_tui.__version__ (avatar_tui.tui may use only "
        "avatar_tui.tui, avatar_tui.play, avatar_tui.store, avatar_tui.io, avatar_tui.cardlib, "
        "avatar_tui.decklib, avatar_tui.bots, avatar_tui.notation, avatar_tui.model, "
        "avatar_tui.engine)",
        "avatar_tui.tui.screen:3 imports avatar_tui.cli.play (avatar_tui.tui may use only "
        "avatar_tui.tui, avatar_tui.play, avatar_tui.store, avatar_tui.io, avatar_tui.cardlib, "
        "avatar_tui.decklib, avatar_tui.bots, avatar_tui.notation, avatar_tui.model, "
        "avatar_tui.engine)",
        "avatar_tui.tui.screen:3 imports avatar_tui.cli.play (only avatar_tui.cli, "
        "avatar_tui.__main__ may use avatar_tui.cli)",
    ]
    # cli and textual in io are FORBIDDEN's to find as well
    assert forbidden_arrows(files) == [
        "avatar_tui.io.files:1 imports avatar_tui.cli (avatar_tui.io must not use avatar_tui.cli)",
        "avatar_tui.io.files:2 imports textual (avatar_tui.io must not use textual)"]


def test_the_walk_sees_imports_in_functions_and_relative_ones() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from avatar_tui.tui.app import AvatarApp\n"
        "def later():\n"
        "    from avatar_tui.notation import save\n"
        "from ..bots import RandomBot\n"
        "import avatar_tui.model.state\n"
    )
    files = {"avatar_tui.engine.sample": (source, False),
             "avatar_tui.model.data": ("import avatar_tui.engine.game\n", False),
             "avatar_tui.bots.player": ("def f():\n    import avatar_tui.tui.app\n", False),
             "avatar_tui.tui.screen": ("import avatar_tui.engine\n", False)}
    assert forbidden_arrows(files) == [
        "avatar_tui.bots.player:2 imports avatar_tui.tui.app (avatar_tui.bots must not use "
        "avatar_tui.tui)",
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


def test_every_layer_above_the_engine_uses_only_its_public_api() -> None:
    import avatar_tui.engine as engine

    files = package_files()
    assert "avatar_tui.play.explain" in files and "avatar_tui.bots.heuristic" in files
    assert inside_the_engine(files, set(engine.__all__)) == []


def test_the_public_api_check_finds_submodules_and_private_names() -> None:
    public = {"look", "Table"}
    app = (
        "from typing import TYPE_CHECKING\n"
        "from avatar_tui.engine import Table, look\n"
        "from avatar_tui.engine import _make\n"
        "if TYPE_CHECKING:\n"
        "    from avatar_tui.engine.table import Table\n"
        "def later():\n"
        "    import avatar_tui.engine.stats\n"
        "from ..engine.payment import energy_of\n"
    )
    files = {"avatar_tui.tui.sample": (app, False),
             "avatar_tui.bots.expert": ("from avatar_tui.engine.game import _make\n", False),
             "avatar_tui.notation.save": ("from avatar_tui.engine.table import Table\n",
                                          False)}
    assert inside_the_engine(files, public) == [
        "avatar_tui.bots.expert:1 uses avatar_tui.engine.game (only avatar_tui.engine's "
        "public API)",
        "avatar_tui.tui.sample:3 uses avatar_tui.engine._make (only avatar_tui.engine's "
        "public API)",
        "avatar_tui.tui.sample:5 uses avatar_tui.engine.table (only avatar_tui.engine's "
        "public API)",
        "avatar_tui.tui.sample:7 uses avatar_tui.engine.stats (only avatar_tui.engine's "
        "public API)",
        "avatar_tui.tui.sample:8 uses avatar_tui.engine.payment (only avatar_tui.engine's "
        "public API)",
    ]


def test_no_import_loop_in_the_package() -> None:
    graph = import_graph(package_files())
    assert "avatar_tui.engine.board" in graph["avatar_tui.engine.turn"]  # the walk works
    assert loop_problems(graph, KNOWN_CYCLES) == []


def _fake(**modules: str) -> dict[str, tuple[str, bool]]:
    """Fake modules: `pkg__init__` stands for the package `pkg`."""
    return {name.replace("__init__", "").replace("__", ".").rstrip("."):
            (source, name.endswith("__init__")) for name, source in modules.items()}


def test_the_loop_check_finds_a_loop_hidden_in_a_function() -> None:
    files = _fake(pkg__init__="",
                  pkg__a="from pkg import b\n",
                  pkg__b="import os\n\ndef later():\n    import pkg.a\n",
                  pkg__c="import pkg.a\n")
    graph = import_graph(files)
    assert loop_problems(graph, []) == ["import loop: pkg.a:1 -> pkg.b:4 -> pkg.a"]
    assert loop_problems(graph, [frozenset({"pkg.a", "pkg.b"})]) == []


def test_the_loop_check_ignores_type_checking_and_reads_reexports() -> None:
    files = _fake(pkg__init__="from pkg.view import view\nfrom pkg.game import apply\n",
                  pkg__view="import pkg.game\n",
                  pkg__game="from typing import TYPE_CHECKING\n"
                            "if TYPE_CHECKING:\n    from pkg import view\n",
                  pkg__obs="def later():\n    from pkg import view\n",
                  pkg__ui="from pkg import game, view\n")
    graph = import_graph(files)
    assert graph["pkg.game"] == {}
    # `view` is rebound by the package to a function: importing it runs pkg
    assert graph["pkg.obs"] == {"pkg": 2}
    assert graph["pkg.ui"] == {"pkg.game": 1, "pkg": 1}
    assert loops_of(graph) == []
    files["pkg.game"] = ("import pkg.obs\n", False)  # now game -> obs -> pkg -> game
    assert loop_problems(import_graph(files), []) == [
        "import loop: pkg:2 -> pkg.game:1 -> pkg.obs:2 -> pkg"]


def test_a_known_loop_that_is_gone_or_changed_fails() -> None:
    files = _fake(pkg__init__="", pkg__a="import pkg.b\n", pkg__b="import pkg.c\n",
                  pkg__c="import pkg.a\n")
    graph = import_graph(files)
    assert loop_problems(graph, [frozenset({"pkg.a", "pkg.b", "pkg.c"})]) == []
    assert loop_problems(graph, [frozenset({"pkg.a", "pkg.b"})]) == [
        "import loop: pkg.a:1 -> pkg.b:1 -> pkg.c:1 -> pkg.a",
        "KNOWN_CYCLES lists ['pkg.a', 'pkg.b'], which is no longer an import loop as listed: "
        "remove or update it"]
    engine = frozenset({"avatar_tui.engine.x", "avatar_tui.engine.y"})
    assert loop_problems({"avatar_tui.engine.x": {"avatar_tui.engine.y": 1},
                          "avatar_tui.engine.y": {"avatar_tui.engine.x": 1}}, [engine]) == [
        "the engine may have no import loop, but KNOWN_CYCLES lists "
        "['avatar_tui.engine.x', 'avatar_tui.engine.y']"]
