"""Rewrite imports and module paths from the old flat layout of avatar_tui/
to the package layout (one package per concern): `python tools/relayout.py FILE...`.

Kept for branches written before the move: it rewrites `from X import a, b`
(splitting it when a and b moved to different packages), `import X`, dotted
names in strings (`monkeypatch.setattr("avatar_tui.app.app.X", ...)`,
`python -m avatar_tui.screenshots`) and paths (`avatar_tui/app/layout.py`).
A name already in the new layout is left alone, so a second run changes
nothing. Run `ruff check --fix --select I` afterwards to sort the imports."""

from __future__ import annotations

import re
import sys
from pathlib import Path

OLD_TO_NEW = {
    "app": "tui",
    "app.app": "tui.app",
    "app.board": "tui.board",
    "app.choice_words": "play.choice_words",
    "app.compositor": "tui.perf.compositor",
    "app.controller": "play.controller",
    "app.decks_app": "tui.decks_app",
    "app.demo": "play.demo",
    "app.describe": "play.describe",
    "app.explain": "play.explain",
    "app.heap": "tui.perf.heap",
    "app.hint": "play.hint",
    "app.keybar": "tui.keybar",
    "app.keys": "play.keys",
    "app.launch": "tui.launch",
    "app.layout": "tui.layout",
    "app.markup": "tui.perf.markup",
    "app.modes": "play.modes",
    "app.move_words": "play.move_words",
    "app.palette": "tui.palette",
    "app.plain": "play.plain",
    "app.questions": "play.questions",
    "app.rowcache": "tui.perf.rowcache",
    "app.safety": "tui.safety",
    "app.scenarios": "tui.scenarios",
    "app.screens": "tui.screens",
    "app.seats": "play.seats",
    "app.session": "play.session",
    "app.storage": "io.storage",
    "app.warm": "tui.perf.warm",
    "card_entries": "cardlib.entries",
    "cards_cli": "cli.cards",
    "cardsearch": "cardlib.search",
    "catalog": "cardlib.catalog",
    "cli_args": "cli.args",
    "datadir": "io.datadir",
    "deck_cli": "cli.deck",
    "deck_playable": "decklib.playable",
    "deckbuilding": "decklib.legality",
    "deckedit": "decklib.draft",
    "decklib": "decklib.library",
    "demo_cli": "cli.demo",
    "effect_reference": "cardlib.reference",
    "effect_words": "cardlib.words",
    "files": "io.files",
    "games_cli": "cli.games",
    "opponents": "bots.kinds",
    "pauses": "io.pauses",
    "play_cli": "cli.play",
    "replay_cli": "cli.replay",
    "rules_doc": "cardlib.rules_doc",
    "rules_help": "cardlib.rules_help",
    "savedgames": "io.savedgames",
    "screenshot_cli": "cli.screenshot",
    "screenshots": "tui.screenshots",
    "serve_cli": "cli.serve",
    "serve_guard": "tui.serve_guard",
    "simulate_cli": "cli.simulate",
    "terminal_text": "io.terminal_text",
    "wilson": "decklib.wilson",
}
# modules of the new layout whose names an old one shares as a prefix
NEW_ONLY = {new for new in OLD_TO_NEW.values()} | {
    "cardlib", "decklib", "play", "io", "tui", "tui.perf", "cli", "bots.simulation"}


def _longest(parts: list[str], names) -> int:
    for n in range(len(parts), 0, -1):
        if ".".join(parts[:n]) in names:
            return n
    return 0


def new_name(dotted: str) -> str:
    """`avatar_tui.X.Y` in the new layout (X.Y a module or a name in one)."""
    parts = dotted.split(".")[1:]
    old = _longest(parts, OLD_TO_NEW)
    if old == 0 or _longest(parts, NEW_ONLY) > old:
        return dotted
    return ".".join(["avatar_tui", OLD_TO_NEW[".".join(parts[:old])], *parts[old:]])


def is_module(dotted: str) -> bool:
    parts = dotted.split(".")[1:]
    return ".".join(parts) in OLD_TO_NEW


FROM = re.compile(
    r"^(?P<indent>[ \t]*)from (?P<mod>avatar_tui(?:\.\w+)*) import "
    r"(?:\((?P<block>[^)]*)\)|(?P<line>[^\n#]*?))(?P<comment>[ \t]*#[^\n]*)?$",
    re.MULTILINE)
DOTTED = re.compile(r"\bavatar_tui(?:\.[A-Za-z_]\w*)+")
SLASHED = re.compile(r"\bavatar_tui(?:/[A-Za-z_]\w*)+(?:\.py\b|/)?")


def _from(match: re.Match) -> str:
    mod = match["mod"]
    names = [n.strip() for n in (match["block"] or match["line"]).replace("\n", " ").split(",")
             if n.strip() and not n.strip().startswith("#")]
    groups: dict[str, list[str]] = {}
    for item in names:
        name = item.split()[0]
        full = f"{mod}.{name}"
        if is_module(full) and new_name(full) != full:
            base, _, leaf = new_name(full).rpartition(".")
            item = leaf + item[len(name):] if leaf != name else item
            if leaf != name and " as " not in item:
                item = f"{leaf} as {name}"
        else:
            base = new_name(mod)
        groups.setdefault(base, []).append(item)
    lines = [f"{match['indent']}from {base} import {', '.join(items)}"
             for base, items in groups.items()]
    if match["comment"]:
        lines[0] += match["comment"]
    return "\n".join(lines)


def _slashed(match: re.Match) -> str:
    text = match.group(0)
    suffix = ".py" if text.endswith(".py") else "/" if text.endswith("/") else ""
    core = text[:len(text) - len(suffix)]
    dotted = core.replace("/", ".")
    new = new_name(dotted)
    if suffix == "" and new == dotted:
        return text
    return new.replace(".", "/") + suffix


def rewrite(text: str) -> str:
    text = FROM.sub(_from, text)
    text = DOTTED.sub(lambda m: new_name(m.group(0)), text)
    return SLASHED.sub(_slashed, text)


def main(paths: list[str]) -> int:
    for path in map(Path, paths):
        old = path.read_text(encoding="utf-8")
        new = rewrite(old)
        if new != old:
            path.write_text(new, encoding="utf-8")
            print(f"rewrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
