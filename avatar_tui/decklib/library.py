"""The player's own decks: reading and writing deck files (the format of
`cards/decks/`), the named decks kept in the data directory
(`decks/NAME.toml`), the plain text list for sharing a deck, random starter
decks as the physical Starter Set dealt them, and a deck turned into a
player's setup for a game. No Textual here: the command line uses it too."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from pydantic import ValidationError

from avatar_tui.cardlib.catalog import MAX_COUNT, Catalog, DeckList, describe_validation_error
from avatar_tui.cardlib.legality import STARTER_CARDS, may_use
from avatar_tui.engine import rng
from avatar_tui.io import files, names, terminal_text
from avatar_tui.io.datadir import user_data_dir
from avatar_tui.model.cards import ChamberCard
from avatar_tui.model.common import PlayerId
from avatar_tui.model.state import PlayerSetup
from avatar_tui.notation.save import write_atomically
from avatar_tui.notation.toml_out import toml_text

# The physical Starter Set's rarity split (cards/decks/*.toml follow it too).
STARTER_RARITIES = (("rare", 1), ("uncommon", 8), ("common", 21))
STARTER_MAX_COPIES = 2  # no card more than twice, as in the house starter decks
EDITING = ".editing.toml"  # the deck in the editor, not saved yet


class DeckFileError(ValueError):
    """A deck file or text list that cannot be used: one line naming the
    file, the place (line or field) and the problem, made safe to print
    where it is made (terminal_text: control characters escaped, long text
    cut)."""

    def __init__(self, text: str):
        super().__init__(terminal_text.error(text))


# ------------------------------------------------------------------ deck files


def parse_deck_toml(text: str, place: str) -> DeckList:
    """A deck file's text as a deck; DeckFileError names the first problem."""
    try:
        raw = files.parse_toml(text, place)
    except files.FileProblem as err:  # deck files have always said "not valid TOML"
        raise DeckFileError(str(err).replace(": TOML syntax:", ": not valid TOML:", 1)) from None
    try:
        return DeckList.model_validate(raw)
    except ValidationError as err:
        raise DeckFileError(describe_validation_error(place, err, raw)[0]) from None


def read_deck_file(path: Path | str) -> DeckList:
    """A deck file; DeckFileError (one line) when it cannot be read."""
    path = Path(path)
    return parse_deck_toml(files.read_text_or(path, DeckFileError), str(path))


def deck_toml(deck: DeckList) -> str:
    """The deck in the format of `cards/decks/` (read back by parse_deck_toml)."""
    data: dict[str, object] = {"name": deck.name, "chamber": deck.chamber}
    if deck.starter:
        data["starter"] = True
    if deck.casual:  # written only when set: a deck of before reads the same
        data["casual"] = True
    data["cards"] = {card_id: count for card_id, count in deck.cards.items() if count > 0}
    if deck.sealed is not None:
        data["sealed"] = deck.sealed.model_dump(exclude_none=True)
    return toml_text(data)


# ------------------------------------------------------------------ named decks


class DeckStore:
    """The named decks of the data directory: `decks/NAME.toml`. Every write
    is atomic (a temporary file renamed over the old one), so a crash leaves
    the old deck or the new one, never half of one."""

    def __init__(self, directory: Path | str | None = None):
        base = Path(directory) if directory is not None else user_data_dir()
        self.directory = base / "decks"

    def path(self, name: str) -> Path:
        check_name(name)
        return self.directory / f"{name}.toml"

    def names(self) -> list[str]:
        if not self.directory.is_dir():
            return []
        return sorted(p.stem for p in self.directory.glob("*.toml") if _named(p.stem))

    def exists(self, name: str) -> bool:
        return self.path(name).is_file()

    def load(self, name: str) -> DeckList:
        return read_deck_file(self.path(name))

    def save(self, name: str, deck: DeckList) -> Path:
        return write_atomically(self.path(name), deck_toml(deck))

    def copy(self, name: str, new: str) -> Path:
        self._free(new)
        return self.save(new, self.load(name))

    def rename(self, name: str, new: str) -> Path:
        self._free(new)
        target = self.path(new)
        self.path(name).rename(target)
        return target

    def delete(self, name: str) -> None:
        self.path(name).unlink(missing_ok=True)

    # The deck being edited, kept beside the named decks after every change,
    # so quitting (or a crash) before saving loses nothing: the editor opens
    # it again. Its first line names the deck file it was opened from.
    @property
    def editing_path(self) -> Path:
        return self.directory / EDITING

    def keep_editing(self, deck: DeckList, name: str | None) -> None:
        # the name stays on the comment line: only a deck's name is kept there
        kept = name if name and _named(name) else ""
        write_atomically(self.editing_path, f"# {kept}\n{deck_toml(deck)}")

    def editing(self) -> tuple[DeckList, str | None] | None:
        """The deck left in the editor, and its file's name; None if none
        (or if it cannot be read: it was only a copy)."""
        try:
            text = files.read_text_or(self.editing_path, DeckFileError)
            deck = parse_deck_toml(text, str(self.editing_path))
        except DeckFileError:
            return None
        name = text.partition("\n")[0].removeprefix("#").strip()
        return deck, (name if name and _named(name) and self.exists(name) else None)

    def done_editing(self) -> None:
        self.editing_path.unlink(missing_ok=True)

    def free_name(self, stem: str) -> str:
        """`stem`, or `stem-2`, `stem-3`...: a name no deck has yet."""
        stem = slug(stem)
        name, n = stem, 1
        while self.exists(name):
            n += 1
            name = f"{stem}-{n}"
        return name

    def _free(self, name: str) -> None:
        if self.exists(name):
            raise DeckFileError(f"{self.path(name)}: a deck of that name exists already")


def _named(name: str) -> bool:
    return names.name_problem(name, "a deck") is None


def check_name(name: str) -> str:
    """`name` itself, or DeckFileError saying why it cannot name a deck (io/names.py)."""
    problem = names.name_problem(name, "a deck")
    if problem is not None:
        raise DeckFileError(f"deck name {terminal_text.quote(repr(name))}: {problem}")
    return name


def slug(text: str) -> str:
    """A file name for a deck name: `Aang's fox deck` → `aang-s-fox-deck`."""
    return names.slug(text, 48, "deck")


# ------------------------------------------------------------------ text lists


def export_text(deck: DeckList, catalog: Catalog) -> str:
    """A list to paste anywhere: `chamber: Aang (AME176)` then one
    `COUNT Card Name` per card, in deck order."""
    chamber = catalog.find_chamber(deck.chamber)
    chamber_ref = f"{chamber.name} ({chamber.id})" if chamber else deck.chamber
    lines = [f"name: {deck.name}", f"chamber: {chamber_ref}"]
    if deck.starter:
        lines.append("starter: yes")
    if deck.casual:
        lines.append("casual: yes")
    for card_id, count in deck.cards.items():
        canonical = catalog.canonical(card_id)
        lines.append(f"{count} {catalog.card(canonical).name if canonical else card_id}")
    return "\n".join(lines) + "\n"


_COUNT_LINE = re.compile(r"^(?P<count>[0-9]+)\s*[xX]?\s+(?P<card>.+)$")


def _count(digits: str, where: str) -> int:
    """A list line's count, from 1 to MAX_COUNT; its digits are counted
    before they are read (Python refuses past 4,300 with a bare ValueError)."""
    most = f"a deck list counts at most {MAX_COUNT} copies of a card"
    if len(digits) > 6:
        raise DeckFileError(f"{where}: a count of {len(digits)} digits; {most}")
    count = int(digits)
    if count < 1:
        raise DeckFileError(f"{where}: {count} copies, at least 1 needed")
    if count > MAX_COUNT:
        raise DeckFileError(f"{where}: {count} copies; {most}")
    return count


def import_text(text: str, catalog: Catalog, source: str = "text",
                name: str = "Imported deck") -> DeckList:
    """The deck a text list describes; DeckFileError names the first bad
    line (`SOURCE: line N: problem`). Lines: `chamber: Aang` (a chamber name,
    character, id or collector number, `Aang (AME177)` picks one), `3
    knuckle_sandwich` or `3 Knuckle Sandwich` (or `3x ...`), `name: ...`,
    `starter: yes`, `casual: yes`; `#` starts a comment. A sealed deck's
    pool has no lines: it travels in the deck file only."""
    chamber: ChamberCard | None = None
    switches = {"starter": False, "casual": False}
    cards: Counter[str] = Counter()
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        where = f"{source}: line {n}"
        key, sep, value = line.partition(":")
        if sep and key.strip().lower() in ("chamber", "name", *switches):
            key, value = key.strip().lower(), value.strip()
            if key == "chamber":
                chamber = find_chamber_text(value, catalog)
                if chamber is None:
                    raise DeckFileError(f"{where}: unknown chamber '{terminal_text.quote(value)}'")
            elif key == "name":
                name = value or name
            else:
                if value.lower() not in ("yes", "no", "true", "false"):
                    raise DeckFileError(f"{where}: {key} is yes or no, not "
                                        f"'{terminal_text.quote(value)}'")
                switches[key] = value.lower() in ("yes", "true")
            continue
        found = _COUNT_LINE.match(line)
        if found is None:
            raise DeckFileError(f"{where}: expected 'COUNT CARD' (such as '3 Knuckle "
                                f"Sandwich') or 'chamber: NAME', not "
                                f"'{terminal_text.quote(line)}'")
        count = _count(found["count"], where)
        card_id = find_card_text(found["card"].strip(), catalog)
        if card_id is None:
            raise DeckFileError(f"{where}: unknown card "
                                f"'{terminal_text.quote(found['card'].strip())}'")
        cards[card_id] += count
        if cards[card_id] > MAX_COUNT:  # the same card on several lines
            raise DeckFileError(f"{where}: {cards[card_id]} copies of "
                                f"'{terminal_text.quote(found['card'].strip())}' in all; a "
                                f"deck list counts at most {MAX_COUNT} copies of a card")
    if chamber is None:
        raise DeckFileError(f"{source}: no 'chamber: NAME' line")
    return DeckList(name=name, chamber=chamber.id, starter=switches["starter"],
                    casual=switches["casual"], cards=dict(cards))


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def find_card_text(text: str, catalog: Catalog) -> str | None:
    """A deck card by id, alias or name (case and punctuation ignored; an
    ally's name before its comma will do)."""
    key = _key(text)
    if catalog.canonical(key):
        return catalog.canonical(key)
    for card in catalog.cards.values():
        if key in (_key(card.name), _key(card.name.split(",")[0])):
            return card.id
    return None


def find_chamber_text(text: str, catalog: Catalog) -> ChamberCard | None:
    """A chamber: `Aang (AME177)`, an id or collector number, a character
    (`prince_zuko`) or a chamber's name (its first card by number)."""
    inner = re.search(r"\(([^)]*)\)\s*$", text)
    if inner and catalog.find_chamber(inner[1].strip()):
        return catalog.find_chamber(inner[1].strip())
    found = catalog.find_chamber(text.strip()) or catalog.find_chamber(_key(text))
    if found is not None:
        return found
    named = [c for c in catalog.chambers.values() if _key(c.name) == _key(text)]
    return min(named, key=lambda c: c.number or c.id) if named else None


# ------------------------------------------------------------------ random starter


def random_starter(catalog: Catalog, chamber: ChamberCard, seed: int) -> DeckList:
    """A starter deck as the Starter Set dealt them (R1.1): 30 cards, 1 rare,
    8 uncommon and 21 common, all usable by the chamber (R13.2, R13.3), none
    more than twice, drawn with the engine's seeded generator."""
    state = rng.seeded(seed)
    cards: Counter[str] = Counter()
    for rarity, wanted in STARTER_RARITIES:
        pool = [c.id for c in sorted(catalog.cards.values(), key=lambda c: c.number or c.id)
                if c.rarity == rarity and c.implemented and may_use(c, chamber)]
        pool = [card_id for card_id in pool for _ in range(STARTER_MAX_COPIES)]
        if len(pool) < wanted:
            raise DeckFileError(f"{chamber.name}: only {len(pool) // 2} {rarity} cards may be "
                                f"used, {wanted} are dealt")
        state = rng.shuffle(state, pool)
        cards.update(pool[:wanted])
    assert sum(cards.values()) == STARTER_CARDS
    ordered = {c.id: cards[c.id] for c in sorted(catalog.cards.values(),
                                                  key=lambda c: c.number or c.id)
               if cards[c.id]}
    return DeckList(name=f"Random {chamber.name} starter (seed {seed})", chamber=chamber.id,
                    starter=True, cards=ordered)


# ------------------------------------------------------------------ playing a deck


@dataclass(frozen=True)
class Seat:
    """What a player plays with: a house starter deck by character, or a
    deck list of their own."""

    character: str | None = None
    deck: DeckList | None = None

    def label(self, catalog: Catalog) -> str:
        if self.deck is not None:
            return self.deck.name
        chamber = catalog.find_chamber(self.character or "")
        return chamber.name if chamber else str(self.character)


def player_setup(deck: DeckList, catalog: Catalog, seed: int, pid: PlayerId) -> PlayerSetup:
    """The deck as a player's setup: the whole deck, shuffled (R2.1) with a
    generator fixed by the game's seed and the seat, listed in full
    (`complete`), so the game and its save hold the deck itself."""
    chamber = catalog.find_chamber(deck.chamber)
    if chamber is None:
        raise DeckFileError(f"{deck.name}: chamber: unknown chamber '{deck.chamber}'")
    return PlayerSetup(chamber=chamber.id, deck=_shuffled(catalog.deck_cards(deck), seed, pid),
                       complete=True)


def seat_setup(seat: Seat, catalog: Catalog, seed: int, pid: PlayerId) -> PlayerSetup:
    if seat.deck is not None:
        return player_setup(seat.deck, catalog, seed, pid)
    return PlayerSetup(chamber=seat.character or "")


def reshuffled(ps: PlayerSetup, seed: int, pid: PlayerId) -> PlayerSetup:
    """The same player for another game (a rematch): a listed deck is
    shuffled again for the new seed; a house deck is the engine's to shuffle."""
    if not ps.complete:
        return PlayerSetup(chamber=ps.chamber)
    return PlayerSetup(chamber=ps.chamber, deck=_shuffled(ps.deck, seed, pid), complete=True)


def _shuffled(cards: list[str], seed: int, pid: PlayerId) -> list[str]:
    """The cards in an order fixed by the seed and the seat alone (not by
    the order they were listed in)."""
    order = sorted(cards)
    rng.shuffle(rng.seeded(seed * 2 + (1 if pid == "p2" else 0) + 0x5EED), order)
    return order
