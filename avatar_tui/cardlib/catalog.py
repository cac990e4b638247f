"""The installed card database: loads `cards/*.toml` and
`cards/decks/*.toml`, validates every entry with pydantic, checks cross
references, and keeps the result in a pickle cache (`default_catalog`). A
problem is reported as one line naming the file, the card and the field;
all problems of a load are reported together. The type it builds, and its
look-ups, are `cardlib/cardset.py`'s (named here too, for the callers
above the engine)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from avatar_tui.cardlib.cardset import MAX_COUNT, Catalog, DeckList, deck_references
from avatar_tui.io import files, terminal_text
from avatar_tui.model.cards import (
    AdvantageCard,
    AllyCard,
    AnyCard,
    ChamberCard,
    DeckCard,
    SignatureMove,
    StrikeCard,
)

# the type and its names, as read from here by the layers above the engine
__all__ = ["MAX_COUNT", "CardDataError", "Catalog", "DeckList", "cached_catalog",
           "card_data_dir", "characters", "check_references", "deck_references",
           "default_catalog", "describe_validation_error", "load_catalog"]


@cache
def _any_card() -> TypeAdapter[AnyCard]:
    return TypeAdapter(AnyCard)  # built only when card files are validated

# Events a card type can listen for (the rest make no sense on it).
_EVENTS_BY_KIND = {
    "strike": {"counterattack", "opponent_focuses", "opponent_counterattacks", "opponent_charges",
               "flipped", "opponent_flips", "opponent_plays_card"},
    "advantage": {"counterattack", "opponent_focuses", "opponent_counterattacks", "you_flip",
                  "opponent_flips", "opponent_plays_card", "opponent_charges"},
    "ally": {"counterattack", "flip_in_zone", "before_flip_in_zone", "opponent_focuses"},
    "signature": {"counterattack", "opponent_focuses", "opponent_counterattacks",
                  "opponent_flips", "opponent_plays_card", "opponent_charges"},
}


class CardDataError(Exception):
    """Bad card or deck data: one line per problem, each naming its place."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


def describe_validation_error(
    where: str, err: ValidationError, data: Any = None
) -> list[str]:
    """One line per pydantic error: `where: field: message`.

    Given the validated `data`, the field path is the path in the file:
    the names pydantic adds for union members (`modify`, `SignatureMove`,
    `str`) are left out, and so are errors of a scalar member when the file
    has a table there (`front = { ... }` is not meant as a string)."""
    lines = []
    for e in err.errors():
        if data is None:
            path = [str(p) for p in e["loc"] if not _is_union_tag(p)]
        else:
            path, scalar_branch = _file_path(e["loc"], data, e["type"] == "missing")
            if scalar_branch and len(err.errors()) > 1:
                continue
        if e["type"] == "union_tag_invalid":  # name the key that holds the bad tag
            path.append(str(e["ctx"]["discriminator"]).strip("'"))
        place = terminal_text.quote(".".join(path)) or "(entry)"
        line = terminal_text.error(f"{where}: {place}: {_message(e)}")
        if line not in lines:
            lines.append(line)
    return lines


# What a value of each kind is called, in the words of the files' docs.
_NEEDED = {"int": "a whole number", "bool": "true or false", "string": "text in quotes",
           "float": "a number", "list": "a list", "dict": "a table", "model": "a table",
           "model_attributes": "a table", "tuple": "a list", "set": "a list"}


def _message(e: Any) -> str:
    """A pydantic error in the project's words (its own wording is kept
    only for kinds of error no file has shown yet)."""
    ctx = e.get("ctx") or {}
    kind = e["type"]
    if kind == "extra_forbidden":
        return "unknown key"
    if kind == "missing":
        return "missing (it is required)"
    if kind == "union_tag_invalid":
        key = str(ctx["discriminator"]).strip("'")
        return (f"unknown {key} '{terminal_text.quote(ctx['tag'])}' "
                f"(expected one of {ctx['expected_tags']})")
    if kind == "union_tag_not_found":
        return f"missing key {ctx.get('discriminator')}"
    what = kind.removesuffix("_type").removesuffix("_parsing").removesuffix("_parsing_size")
    if kind == "int_from_float":
        what = "int"
    if what in _NEEDED and kind != what:
        return f"{_NEEDED[what]} is needed, not {_given(e.get('input'))}"
    if kind in ("literal_error", "enum"):
        return f"one of {ctx.get('expected')} is needed, not {_given(e.get('input'))}"
    bounds = {"less_than_equal": ("at most", "le"), "greater_than_equal": ("at least", "ge"),
              "less_than": ("less than", "lt"), "greater_than": ("more than", "gt")}
    if kind in bounds:
        words, key = bounds[kind]
        return f"{words} {ctx.get(key)}"
    if kind == "value_error":
        return str(e["msg"]).removeprefix("Value error, ")
    return str(e["msg"])


def _given(value: Any) -> str:
    """The value a file gave, as the file writes it (cut when long)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"'{terminal_text.quote(value, 60)}'"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list | tuple):
        return "a list"
    return terminal_text.quote(value, 60)


_SCALARS = ("str", "int", "float", "bool", "literal[")


def _file_path(loc: tuple, data: Any, missing: bool) -> tuple[list[str], bool]:
    """Follow pydantic's error location through the input: parts that are
    keys or indexes of the input form the path; any other part names a union
    member. Also says whether a scalar member was tried on a table or list."""
    path: list[str] = []
    scalar_branch = False
    node = data
    for i, part in enumerate(loc):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
            node = node[part]
        elif missing and i == len(loc) - 1:
            pass  # the required key that is not there
        else:
            if isinstance(node, dict | list) and str(part).startswith(_SCALARS):
                scalar_branch = True
            continue
        path.append(str(part))
    return path, scalar_branch


def _is_union_tag(part: Any) -> bool:
    # pydantic puts the discriminator value (e.g. "strike") into error paths
    return isinstance(part, str) and part in {
        "strike", "advantage", "ally", "chamber",
    }


# ------------------------------------------------------------------ loading


def card_data_dir() -> Path:
    """Where the card data is: inside the installed package, or the
    repository's `cards/` when running from a checkout."""
    # in the installed package (avatar_tui/carddata), as importlib.resources would find it
    # for a package on disk, without loading its readers (and zipfile) at every start
    packaged = Path(__file__).resolve().parents[1] / "carddata"
    if packaged.is_dir() and any(packaged.glob("*.toml")):
        return packaged
    return Path(__file__).resolve().parents[2] / "cards"


CARD_FILE_BYTES = 4 * files.MIB  # the largest card file is some 40 KB

# the booster packs' make-up, read by cardlib/packs.py: beside the cards, not one of them
COLLATION_FILE = "collation.toml"


def _card_files(directory: Path) -> list[Path]:
    return [p for p in sorted(directory.glob("*.toml")) if p.name != COLLATION_FILE]


def _read_toml(
    path: Path, problems: list[str], texts: Mapping[Path, str] | None = None
) -> dict[str, Any] | None:
    """The file's TOML, from `texts` when it was read already (the cache key
    is made from the same texts), else through the one reader."""
    try:
        if texts is not None and path in texts:
            return files.parse_toml(texts[path], path)
        return files.load_toml(path, limit=CARD_FILE_BYTES)
    except files.FileProblem as err:
        problems.append(err.named(path.name))
    return None


class _CardFile(BaseModel):
    card: list[dict[str, Any]] = []
    signature: list[dict[str, Any]] = []
    # built when card files are read, not at import: building a validator
    # loads pydantic's plugins (importlib.metadata, some 15 ms of every start)
    model_config = {"extra": "forbid", "defer_build": True}


def load_catalog(
    directory: Path | None = None, texts: Mapping[Path, str] | None = None
) -> Catalog:
    """Load and check the whole database; raise CardDataError listing every
    problem. `texts`: the files' texts when they have been read already."""
    directory = directory or card_data_dir()
    problems: list[str] = []
    cards: dict[str, DeckCard] = {}
    chambers: dict[str, ChamberCard] = {}
    signatures: dict[str, SignatureMove] = {}
    seen: dict[str, str] = {}  # id -> file, for duplicate reports

    def register(kind_map: dict, entry: Any, fname: str) -> None:
        if entry.id in seen:
            problems.append(f"{fname}: {entry.id}: id: duplicate id (also in {seen[entry.id]})")
            return
        seen[entry.id] = fname
        kind_map[entry.id] = entry

    for path in _card_files(directory):
        raw = _read_toml(path, problems, texts)
        if raw is None:
            continue
        try:
            content = _CardFile.model_validate(raw)
        except ValidationError as err:
            problems.extend(describe_validation_error(path.name, err, raw))
            continue
        entries: list[tuple[str, int, dict[str, Any], Callable[[Any], AnyCard | SignatureMove]]]
        entries = [("card", i, item, _any_card().validate_python)
                   for i, item in enumerate(content.card, start=1)]
        entries += [("signature", i, item, SignatureMove.model_validate)
                    for i, item in enumerate(content.signature, start=1)]
        for kind, i, item, validate in entries:
            where = f"{path.name}: {item.get('id', f'{kind} #{i}')}"
            try:
                entry = validate(item)
            except ValidationError as err:
                problems.extend(describe_validation_error(where, err, item))
                continue
            home = signatures if kind == "signature" else (
                chambers if isinstance(entry, ChamberCard) else cards)
            register(home, entry, path.name)

    decks = _load_decks(directory / "decks", problems, texts)
    catalog = Catalog(cards, chambers, signatures, decks)
    problems.extend(check_references(catalog, seen))
    if problems:
        raise CardDataError(problems)
    return catalog


def _load_decks(
    directory: Path, problems: list[str], texts: Mapping[Path, str] | None = None
) -> dict[str, DeckList]:
    decks: dict[str, DeckList] = {}
    if not directory.is_dir():
        return decks
    for path in sorted(directory.glob("*.toml")):
        raw = _read_toml(path, problems, texts)
        if raw is None:
            continue
        try:
            decks[path.stem] = DeckList.model_validate(raw)
        except ValidationError as err:
            problems.extend(describe_validation_error(f"decks/{path.name}", err, raw))
    return decks


def check_references(catalog: Catalog, files: Mapping[str, str]) -> list[str]:
    """Cross references the schema alone cannot see."""
    problems = []
    characters = {c.character for c in catalog.chambers.values() if c.character}

    def where(entry_id: str) -> str:
        return f"{files.get(entry_id, '?')}: {entry_id}"

    for card in catalog.cards.values():
        kind = card.type
        for i, trig in enumerate(card.triggers):
            if trig.on not in _EVENTS_BY_KIND[kind]:
                problems.append(
                    f"{where(card.id)}: triggers.{i}.on: a {kind} cannot have a "
                    f"'{trig.on}' trigger (it can have: {', '.join(sorted(_EVENTS_BY_KIND[kind]))})"
                )
        if card.exclusive and characters and card.exclusive not in characters:
            problems.append(f"{where(card.id)}: exclusive: unknown character '{card.exclusive}'")
        if isinstance(card, AdvantageCard) and card.immediate and card.statics:
            problems.append(
                f"{where(card.id)}: statics: an immediate advantage leaves play at once (R7.7)"
            )
        if isinstance(card, StrikeCard | AllyCard) and getattr(card, "on_play", None):
            problems.append(f"{where(card.id)}: on_play: only advantages have on_play")
    for move in catalog.signatures.values():
        for i, trig in enumerate(move.triggers):
            if trig.on not in _EVENTS_BY_KIND["signature"]:
                problems.append(
                    f"{where(move.id)}: triggers.{i}.on: a signature move cannot have a "
                    f"'{trig.on}' trigger"
                )
    for chamber in catalog.chambers.values():
        for side in ("front", "back"):
            ref = getattr(chamber, side)
            if isinstance(ref, str) and ref not in catalog.signatures:
                problems.append(f"{where(chamber.id)}: {side}: unknown signature move '{ref}'")
    for name, deck in catalog.decks.items():
        place = f"decks/{name}.toml"
        found, copies, written = deck_references(deck, catalog, place)
        problems.extend(found)
        for canonical in copies:
            if deck.starter and not catalog.cards[canonical].implemented:
                problems.append(
                    f"{place}: cards.{written[canonical]}: not implemented yet, so it "
                    "cannot be in a playable deck"
                )
    return problems


@cache
def default_catalog() -> Catalog:
    """The installed database, loaded once per process: from the pickled
    cache when the card files and the program are those it was made from,
    else loaded, validated and cached."""
    return cached_catalog(card_data_dir(), catalog_cache_file())


def characters() -> list[str]:
    """The characters with a house starter deck in the installed database
    (the decks a game without a deck list is played with), by their
    chamber's character name."""
    catalog = default_catalog()
    names = []
    for deck in catalog.decks.values():
        chamber = catalog.find_chamber(deck.chamber)
        if deck.starter and chamber is not None and chamber.character:
            names.append(chamber.character)
    return sorted(set(names))


# ------------------------------------------------------------------ the cache
#
# Validating the database costs more than half a second (building pydantic's
# validators for the effect language, then checking some two hundred cards),
# and the first frame of the game waits for it. The validated catalog is kept
# as a pickle in the user's cache directory, under a key made from the card
# files' names and texts, the program's version and the versions of Python
# and pydantic: any change to one of those makes a new key, so a stale cache
# is never used. A cache that cannot be read or unpickled is ignored and made
# again. It is the user's own file in their own cache directory (anyone who
# can write there can already run code as them).

CACHE_FORMAT = 2  # 2: a deck list has `casual` and `sealed` (an older pickle lacks them)
CACHE_FILE_BYTES = 64 * files.MIB  # the pickle is some 130 KB


def catalog_cache_file() -> Path | None:
    """None with no home to keep it in (datadir.user_cache_dir)."""
    from avatar_tui.io.datadir import user_cache_dir

    directory = user_cache_dir()
    return directory / "catalog.pickle" if directory is not None else None


def _source_texts(directory: Path) -> dict[Path, str] | None:
    """The text of every card and deck file, read through the one reader;
    None when one cannot be read (a full load then reports it)."""
    texts: dict[Path, str] = {}
    paths = _card_files(directory) + sorted((directory / "decks").glob("*.toml"))
    for path in paths:
        try:
            texts[path] = files.read_text(path, limit=CARD_FILE_BYTES)
        except files.FileProblem:
            return None
    return texts


def cache_key(directory: Path, texts: Mapping[Path, str]) -> str:
    import hashlib
    import platform

    import pydantic

    from avatar_tui import __version__

    digest = hashlib.sha256()
    for part in (f"format {CACHE_FORMAT}", f"avatar-tui {__version__}",
                 f"python {platform.python_version()}", f"pydantic {pydantic.VERSION}"):
        digest.update(part.encode() + b"\0")
    for path, text in texts.items():
        name = path.relative_to(directory).as_posix()
        digest.update(f"{name}\0{len(text)}\0".encode() + text.encode())
    return digest.hexdigest()


def _read_cache(cache: Path, key: str) -> Catalog | None:
    import pickle

    try:
        with open(cache, "rb") as fh:
            data = fh.read(CACHE_FILE_BYTES + 1)
        if len(data) > CACHE_FILE_BYTES:
            return None
        found = pickle.loads(data)
    except Exception:  # missing, unreadable, truncated or not ours: made again
        return None
    if (isinstance(found, tuple) and len(found) == 3 and found[0] == CACHE_FORMAT
            and found[1] == key and isinstance(found[2], Catalog)):
        return found[2]
    return None


def _write_cache(cache: Path, key: str, catalog: Catalog) -> None:
    """Write the cache whole or not at all (a temporary file renamed over
    it); a cache directory that cannot be written only costs speed."""
    import os
    import pickle
    import tempfile

    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".catalog-", dir=cache.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                pickle.dump((CACHE_FORMAT, key, catalog), fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, cache)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass


def cached_catalog(directory: Path, cache: Path | None, check: bool = False) -> Catalog:
    """The database in `directory`, from `cache` when its key matches the
    files; otherwise (or with `check`) loaded and validated from the files,
    and the cache written (none: no cache). Raises CardDataError as
    load_catalog does."""
    texts = _source_texts(directory)
    if texts is None:
        return load_catalog(directory)  # names the unreadable file
    if cache is None:
        return load_catalog(directory, texts)
    key = cache_key(directory, texts)
    if not check:
        found = _read_cache(cache, key)
        if found is not None:
            return found
    catalog = load_catalog(directory, texts)
    _write_cache(cache, key, catalog)
    return catalog
