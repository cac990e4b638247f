"""The numbered files a package ships (`NN_name.toml`: the demos, the
lessons, the puzzles): found through importlib.resources, so an installed
wheel has them as the source tree does, in the order their two-digit
prefix gives, and found again by number or name."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Protocol, TypeVar

NUMBERED = re.compile(r"^(\d\d)_([a-z0-9_]+)\.toml$")


@dataclass(frozen=True)
class NumberedFile:
    name: str  # the file name without `.toml`, e.g. "01_the_playmat"
    path: Path
    data: dict[str, Any]  # the file read as TOML


def numbered_files(package: str) -> list[NumberedFile]:
    """The package's numbered files, in order, each read as TOML."""
    root = resources.files(package)
    found = sorted((f for f in root.iterdir() if f.is_file() and NUMBERED.match(f.name)),
                   key=lambda f: f.name)
    return [NumberedFile(f.name.removesuffix(".toml"), Path(str(f)),
                         tomllib.loads(f.read_text(encoding="utf-8"))) for f in found]


def numbered_text(package: str, name: str) -> str:
    """The text of the package's file `name` (without `.toml`)."""
    return resources.files(package).joinpath(name + ".toml").read_text(encoding="utf-8")


class Named(Protocol):
    @property
    def name(self) -> str: ...


T = TypeVar("T", bound=Named)


def find_numbered(items: Sequence[T], wanted: str | int) -> T | None:
    """The item whose file is `wanted`: its whole name ("01_the_playmat"),
    its name without the number ("the_playmat") or its number (1, "01")."""
    text = str(wanted).strip().lower().removesuffix(".toml")
    for item in items:
        # ASCII digits, a few: `²` passes isdigit() and int() refuses it
        if text in (item.name, item.name[3:]) or (
                re.fullmatch(r"[0-9]{1,4}", text) and int(text) == int(item.name[:2])):
            return item
    return None
