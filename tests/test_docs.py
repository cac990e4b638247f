"""The README and the pages of docs/ stay true to the program and to each
other: the README's commands table lists exactly the command line's
subcommands, and every relative link resolves to a file that exists and,
with an `#anchor`, to a heading of that file (GitHub's anchors)."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from avatar_tui.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
TABLE_COMMAND = re.compile(r"^\| `avatar-tui ([a-z][a-z-]*)")


def without_code(text: str) -> list[str]:
    """The lines of a Markdown text outside fenced code blocks, with inline
    code removed (a link or heading written as an example is not one)."""
    lines, fenced = [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(line)
    return lines


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped (letters,
    digits, '_', '-' and spaces stay), each space a '-'."""
    kept = "".join(c for c in heading.strip().lower() if c.isalnum() or c in "_- ")
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found: set[str] = set()
    for line in without_code(path.read_text(encoding="utf-8")):
        match = re.match(r"#{1,6} (.+)", line)
        if match:
            base = slug(match.group(1))
            name, n = base, 0
            while name in found:  # a repeated heading gets -1, -2, ...
                n += 1
                name = f"{base}-{n}"
            found.add(name)
    return found


def broken_links(path: Path) -> list[str]:
    problems = []
    for line in without_code(path.read_text(encoding="utf-8")):
        for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
            if re.match(r"[a-z]+:", target):
                continue  # an outside address: not checked here
            file_part, _, anchor = target.partition("#")
            linked = (path.parent / file_part).resolve() if file_part else path
            if not linked.is_file():
                problems.append(f"{path.name}: {target}: no such file")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                problems.append(f"{path.name}: {target}: no heading #{anchor}")
    return problems


def cli_commands() -> set[str]:
    """The subcommands, read from the parser the program runs."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return set(sub.choices)


def readme_commands(text: str) -> list[str]:
    section = text.split("\n## Commands\n", 1)[1].split("\n## ", 1)[0]
    return [m.group(1) for line in section.splitlines()
            if (m := TABLE_COMMAND.match(line))]


def test_the_readme_commands_table_lists_exactly_the_cli_commands():
    listed = readme_commands((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(listed) == len(set(listed)), f"a command listed twice: {listed}"
    assert set(listed) == cli_commands()


def test_a_missing_or_unknown_row_is_caught():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert set(readme_commands(text.replace("| `avatar-tui host`", "| host"))) != cli_commands()
    planted = text.replace("\n## Commands\n", "\n## Commands\n\n| `avatar-tui fly` | x |\n")
    assert set(readme_commands(planted)) != cli_commands()


def test_every_link_of_the_readme_and_the_docs_resolves():
    problems = [p for page in PAGES for p in broken_links(page)]
    assert problems == []


def test_a_broken_file_or_anchor_is_caught(tmp_path):
    (tmp_path / "other.md").write_text("# Other page\n\n## The master's search\n")
    page = tmp_path / "page.md"
    page.write_text("[a](other.md#the-masters-search) [b](gone.md) [c](other.md#nope)\n"
                    "`[d](gone.md)` [e](#here)\n\n## Here\n\n```\n[f](gone.md)\n```\n")
    assert broken_links(page) == ["page.md: gone.md: no such file",
                                  "page.md: other.md#nope: no heading #nope"]


def test_the_docs_have_their_pages_and_the_readme_stays_short():
    names = {p.name for p in PAGES}
    assert len(names - {"README.md"}) >= 8
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 300
    for page in PAGES[1:]:
        if page.name not in ("rules.md", "notation.md", "protocol.md"):
            assert "](../README.md)" in page.read_text(encoding="utf-8"), page.name
