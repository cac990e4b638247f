"""The card database agrees with the facts in the shared CARDS.md: every
card of the set is there exactly once, with the name, type, rarity, traits,
cost and stats the tables give; the house starter decks are well formed
(R1.1: 30 cards; rarity split 1/8/21; R13.2 traits) and fully implemented."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from avatar_tui.cardlib.catalog import Catalog, load_catalog
from avatar_tui.decklib.legality import may_use
from avatar_tui.model.cards import ChamberCard, StrikeCard

CARDS_MD = Path(__file__).resolve().parents[2] / "shared" / "CARDS.md"

# ------------------------------------------------------------ reading CARDS.md


@dataclass
class Table:
    heading: str  # the last `###` (or `##`) heading above the table
    header: list[str]
    rows: list[list[str]]


def markdown_tables(text: str) -> list[Table]:
    tables: list[Table] = []
    heading = ""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if re.match(r"^#{2,3} ", line):
            heading = line.lstrip("#").strip()
        is_table = (
            line.startswith("|")
            and i + 1 < len(lines)
            and re.match(r"^\|[-| :]+\|$", lines[i + 1])
        )
        if not is_table:
            i += 1
            continue
        header = _cells(line)
        rows = []
        i += 2
        while i < len(lines) and lines[i].startswith("|"):
            rows.append(_cells(lines[i]))
            i += 1
        tables.append(Table(heading, header, rows))
    return tables


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


RARITY = {"C": "common", "U": "uncommon", "R": "rare", "Zen": "zenemental"}
NO_TRAIT = {"generic", "—", "-", "–", "none", "zenemental", ""}
COLOURS = {"G": "green", "Y": "yellow", "R": "red"}


def cost_of(cell: str) -> dict[str, int]:
    cost = {"green": 0, "yellow": 0, "red": 0}
    for colour, n in re.findall(r"\b([GYR])(\d+)\b", cell):
        cost[COLOURS[colour]] += int(n)
    return cost


def stat(cell: str) -> int | None:
    return int(cell) if cell.isdigit() else None


def traits_of(cell: str) -> list[str]:
    return [] if cell.strip().lower() in NO_TRAIT else [cell.strip().lower()]


def plain_name(cell: str) -> str:
    """`**Penguin Sledding**` -> `Penguin Sledding`; drops a trailing
    `(holo, DVD vol.1)` style note."""
    return re.sub(r"\s*\([^)]*\)$", "", cell.replace("**", "")).strip()


@dataclass
class CardFact:
    where: str  # the CARDS.md row, for failure messages
    number: str
    name: str
    type: str
    rarity: str
    traits: list[str]
    cost: dict[str, int]
    intercept: int | None
    force: int | None


@dataclass
class MoveFact:
    where: str
    character: str
    side: str
    name: str
    cost: dict[str, int]
    intercept: int
    force: int


@dataclass
class ChamberFact:
    where: str
    number: str
    name: str | None = None
    rarity: str | None = None
    traits: list[str] | None = None
    front: str | None = None
    back: str | None = None


_TYPE_BY_SECTION = {"3.1": "strike", "3.2": "advantage", "3.3": "ally"}


def read_facts(text: str) -> tuple[list[CardFact], list[MoveFact], dict[str, ChamberFact]]:
    cards: list[CardFact] = []
    moves: list[MoveFact] = []
    chambers: dict[str, ChamberFact] = {}

    def chamber(number: str) -> ChamberFact:
        return chambers.setdefault(number, ChamberFact(where=number, number=number))

    tables = markdown_tables(text)
    for table in tables:
        col = {name: i for i, name in enumerate(table.header)}
        for row in table.rows:
            cell = dict(zip(table.header, row, strict=False))
            where = f"CARDS.md [{table.heading}] {row[0]} {row[1]}"
            if table.header[:2] == ["#", "Name"]:  # sections 3 and 5
                if not re.fullmatch(r"[A-Z]{3}\d{3}", row[0]):
                    continue  # FPR001–003: the chambers, see section 2 and 4.1
                promo = not row[0].startswith("AME")
                kind = cell.get("Type") or _TYPE_BY_SECTION[table.heading[:3]]
                cards.append(CardFact(
                    where, row[0], plain_name(cell["Name"]), kind.lower(),
                    "promo" if promo else RARITY[cell["Rar"]],
                    traits_of(cell["Trait"]), cost_of(cell["Cost"] if promo else row[4]),
                    stat(cell.get("Int", "")), stat(cell.get("Force", "")),
                ))
            elif table.header[:2] == ["Card", "#"]:  # section 6, quick reference
                number = re.match(r"AME\d{3}", cell["#"]).group(0)
                name = plain_name(cell["Card"])
                if "signature" in cell["Type"]:
                    moves.append(MoveFact(
                        where, "", "", name, cost_of(cell["Cost"]),
                        int(cell["Int"]), int(cell["Force"]),
                    ))
                    continue
                rarity = re.search(r"\((\w+)\)", cell["#"]).group(1)
                cards.append(CardFact(
                    where, number, name, cell["Type"], RARITY[rarity],
                    traits_of(cell["Trait"]), cost_of(cell["Cost"]),
                    stat(cell["Int"]), stat(cell["Force"]),
                ))
            elif "Strike animal" in col:  # section 2: each chamber's four traits
                name = row[0].removeprefix("promo ").strip()
                traits = [c.lower() for c in row[1:5]]
                for number in number_range(row[5]):
                    fact = chamber(number)
                    fact.name, fact.traits = name, [t.replace("*", "") for t in traits]
            elif "Side" in col:  # section 4.1: the signature moves
                moves.append(MoveFact(
                    where, cell["Character"], cell["Side"], plain_name(cell["Move"]),
                    cost_of(cell["Cost"]), int(cell["Int"]), int(cell["Force"]),
                ))
                promo = re.search(r"\((FPR\d{3})\)", cell["Character"])
                if promo:
                    setattr(chamber(promo.group(1)), cell["Side"], plain_name(cell["Move"]))
    for table in tables:  # section 4.2 needs every move of 4.1 first
        if table.header[1:2] == ["C (#1)"]:
            read_chamber_moves(table, moves, chamber)
    return cards, moves, chambers


def number_range(cell: str) -> list[str]:
    """`AME176–181` -> AME176 ... AME181; `FPR001` -> [FPR001]."""
    m = re.fullmatch(r"([A-Z]{3})(\d{3})(?:[–-](\d{3}))?", cell.strip())
    assert m, f"not a collector number range: {cell!r}"
    first = int(m.group(2))
    last = int(m.group(3) or first)
    return [f"{m.group(1)}{n:03d}" for n in range(first, last + 1)]


def read_chamber_moves(table: Table, moves: list[MoveFact], chamber) -> None:
    """Section 4.2: `176 PS/TtU`, `183 same`, `188 Omashu Dodgeball/Stone Heel`."""
    rarities = [RARITY[h.split()[0]] for h in table.header[1:]]
    for row in table.rows:
        names = [m.name for m in moves if m.character == row[0]]
        previous = None
        for rarity, cell in zip(rarities, row[1:], strict=True):
            number, rest = cell.split(" ", 1)
            pair = previous if rest == "same" else [
                expand_move(part.strip(), names) for part in rest.split("/")
            ]
            fact = chamber(f"AME{number}")
            fact.rarity, (fact.front, fact.back) = rarity, pair
            previous = pair


def expand_move(short: str, names: list[str]) -> str:
    """`PS` -> Penguin Sledding, `Stone Heel` -> Stone Heel of the King."""
    for name in names:
        initials = "".join(w[0] for w in name.split()).lower()
        if name == short or name.startswith(short) or initials == short.lower():
            return name
    raise AssertionError(f"section 4.2 names an unknown move {short!r}")


# ------------------------------------------------------------ fixtures


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()  # raises CardDataError, listing every problem


@pytest.fixture(scope="module")
def facts():
    if not CARDS_MD.is_file():
        pytest.skip(f"the shared card facts are not here: {CARDS_MD}")
    return read_facts(CARDS_MD.read_text(encoding="utf-8"))


def by_number(catalog: Catalog) -> dict[str, object]:
    entries = [*catalog.cards.values(), *catalog.chambers.values()]
    return {e.number: e for e in entries if e.number}


def cost_dict(energy) -> dict[str, int]:
    return {"green": energy.green, "yellow": energy.yellow, "red": energy.red}


# ------------------------------------------------------------ the tests


def test_the_database_loads(catalog):
    assert catalog.cards and catalog.chambers and catalog.signatures


def test_every_ame_number_exists_exactly_once(catalog):
    entries = [*catalog.cards.values(), *catalog.chambers.values()]
    counts = Counter(e.number for e in entries if e.number and e.number.startswith("AME"))
    expected = {f"AME{n:03d}" for n in range(1, 236)}
    assert set(counts) == expected
    assert [n for n, c in counts.items() if c > 1] == []


def test_card_rows_match(catalog, facts):
    cards, _, _ = facts
    assert len(cards) > 175
    numbered = by_number(catalog)
    for fact in cards:
        card = numbered.get(fact.number)
        assert card is not None, f"{fact.where}: no card with this number"
        got = (card.name, card.type, card.rarity)
        assert got == (fact.name, fact.type, fact.rarity), fact.where
        assert card.traits == fact.traits, fact.where
        assert cost_dict(card.cost) == fact.cost, fact.where
        if isinstance(card, StrikeCard):
            assert (card.intercept, card.force) == (fact.intercept, fact.force), fact.where
        else:
            assert fact.intercept is None and fact.force is None, fact.where


def test_signature_moves_match(catalog, facts):
    _, moves, _ = facts
    by_name = {m.name: m for m in catalog.signatures.values()}
    for fact in moves:
        move = by_name.get(fact.name)
        assert move is not None, f"{fact.where}: no signature move named {fact.name!r}"
        assert cost_dict(move.cost) == fact.cost, fact.where
        assert (move.intercept, move.force) == (fact.intercept, fact.force), fact.where


def test_chambers_match(catalog, facts):
    _, _, chambers = facts
    assert len(chambers) == 63
    for number, fact in chambers.items():
        chamber = catalog.find_chamber(number)
        assert isinstance(chamber, ChamberCard), f"no chamber {number}"
        front, back = catalog.moves_of(chamber)
        assert (front.name, back.name) == (fact.front, fact.back), number
        assert chamber.name == fact.name, number
        assert chamber.traits == fact.traits, number
        assert chamber.rarity == (fact.rarity or "promo"), number


DECK_FILES = sorted(Path(__file__).resolve().parents[1].joinpath("cards", "decks").glob("*.toml"))


@pytest.mark.parametrize("name", [p.stem for p in DECK_FILES])
def test_house_starter_decks(catalog, name):
    """Every deck in cards/decks is a house starter deck, named after its
    chamber's character (`katara.toml`), and is what that character plays."""
    deck = catalog.decks[name]
    assert deck.starter
    the_chamber = catalog.chamber(deck.chamber)
    assert the_chamber.character == name
    assert catalog.starter_deck(name) is deck  # one starter deck per character
    ids = catalog.deck_cards(deck)
    assert len(ids) == 30  # R1.1
    rarities = Counter(catalog.card(i).rarity for i in ids)
    # the rare slot may hold a Zenemental instead (booster-only, but Exclusive)
    rarities["rare"] += rarities.pop("zenemental", 0)
    assert rarities == {"rare": 1, "uncommon": 8, "common": 21}
    assert max(Counter(ids).values()) <= 4  # R13.1's copy limit, kept by the house decks
    for card_id in deck.cards:
        card = catalog.card(card_id)
        assert may_use(card, the_chamber), f"{card_id} breaks R13.2/R13.3"
        assert card.implemented, f"{card_id} is not implemented"
    front, back = catalog.moves_of(the_chamber)
    assert the_chamber.implemented and front.implemented and back.implemented


def test_every_character_has_a_house_starter_deck(catalog):
    """The ten characters of Master of Elements each have one."""
    characters = {c.character for c in catalog.chambers.values() if c.number.startswith("AME")}
    assert len(characters) == 10
    assert characters == {p.stem for p in DECK_FILES}


def test_chambers_are_implemented_only_with_both_moves(catalog):
    for chamber in catalog.chambers.values():
        front, back = catalog.moves_of(chamber)
        assert chamber.implemented == (front.implemented and back.implemented), chamber.id


def test_cards_without_effects_are_marked(catalog):
    """A card whose text is more than a keyword the data already carries has
    effects written, or says it is not implemented."""
    for card in catalog.cards.values():
        has_effects = any([card.powers, card.pitch, card.statics, card.triggers,
                           getattr(card, "on_play", [])])
        if card.implemented and not has_effects:
            assert card.text.startswith(("No rules text", "Reflip: green.", "Exclusive")), card.id


def test_aliases_are_full_names(catalog):
    for card in catalog.cards.values():
        if card.type == "ally" and "," in card.name:
            assert len(card.aliases) == 1 and card.aliases[0].startswith(card.id + "_"), card.id
