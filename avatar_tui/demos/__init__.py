"""The built-in demos: narrated scenario files (docs/notation.md, with our `> text`
narration lines) that teach the rules step by step, citing rule IDs.

Each demo is a `NN_name.toml` file in this package; the two-digit prefix
gives the order. A demo's title is the file's `title`, and its one-line
summary is the first narration line before the first action (the scenario
loader allows no other keys). The files are read through importlib.resources,
so they are found in an installed wheel as well as in the source tree."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from avatar_tui.io.numbered import find_numbered, numbered_files, numbered_text
from avatar_tui.notation.scenario import Scenario, parse_scenario


class UnknownDemo(LookupError):
    """No built-in demo has that name."""


@dataclass(frozen=True)
class Demo:
    name: str  # the file name without `.toml`, e.g. "01_setup_and_opening"
    title: str
    summary: str  # one line: the first narration line of the intro
    path: Path

    @property
    def number(self) -> int:
        return int(self.name[:2])

    @property
    def short_name(self) -> str:
        """The name without its order prefix, e.g. "setup_and_opening"."""
        return self.name[3:]


def _summary(actions: str) -> str:
    """The first `>` line before the first action line."""
    for raw in actions.splitlines():
        line = raw.strip()
        if line.startswith(">"):
            return line[1:].strip()
        if line.split("#", 1)[0].strip():
            break
    return ""


def list_demos() -> list[Demo]:
    """Every built-in demo, in order."""
    return [Demo(name=f.name, title=str(f.data.get("title", "")),
                 summary=_summary(str(f.data.get("actions", ""))), path=f.path)
            for f in numbered_files(__name__)]


def find_demo(name: str) -> Demo:
    """A demo by its full name ("01_setup_and_opening"), its name without the
    prefix ("setup_and_opening") or its number ("1", "01")."""
    demos = list_demos()
    found = find_numbered(demos, name)
    if found is not None:
        return found
    known = ", ".join(d.name for d in demos)
    raise UnknownDemo(f"no demo named {name!r} (the demos: {known})")


def load_demo(name: str) -> Scenario:
    """The demo's scenario, narration included (see `find_demo` for names)."""
    demo = find_demo(name)
    return parse_scenario(numbered_text(__name__, demo.name), demo.path)
