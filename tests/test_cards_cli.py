"""`avatar-tui cards` lists the database (table or JSON, with filters) and
`avatar-tui deck check` judges a deck file by R13 (R1.1 for starter decks)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.cli import main

JSON_KEYS = {
    "id", "name", "type", "number", "rarity", "traits", "cost", "force", "intercept",
    "keywords", "implemented", "text", "powers",
}


def cards_json(capsys, *args: str) -> list[dict]:
    assert main(["cards", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def by_id(rows: list[dict]) -> dict[str, dict]:
    return {row["id"]: row for row in rows}


# ------------------------------------------------------------------ cards


def test_json_lists_every_card_chamber_and_move(capsys):
    rows = cards_json(capsys)
    catalog = default_catalog()
    assert len(rows) == len(catalog.cards) + len(catalog.chambers) + len(catalog.signatures)
    assert all(set(row) == JSON_KEYS for row in rows)
    assert {row["type"] for row in rows} == {"strike", "advantage", "ally", "chamber", "signature"}


def test_json_fields(capsys):
    rows = by_id(cards_json(capsys))
    assert rows["evade"] == {
        "id": "evade", "name": "Evade", "type": "strike", "number": "AME068",
        "rarity": "common", "traits": [], "cost": {"green": 1, "yellow": 0, "red": 0},
        "force": 1, "intercept": 3, "keywords": [], "implemented": True,
        "text": default_catalog().card("evade").text,
        "powers": ["Power 1: R1 → +4 intercept, use only once"],
    }
    assert rows["fiery_temper"]["keywords"] == ["immediate", "reflip"]
    assert rows["kindle"]["keywords"] == ["pitch"]
    assert rows["sokka"]["keywords"] == ["exclusive"]
    assert rows["open_hand_form"]["force"] is None
    assert rows["open_hand_form"]["intercept"] is None
    sledding = rows["penguin_sledding"]
    assert sledding["type"] == "signature"
    assert (sledding["intercept"], sledding["force"]) == (5, 7)
    assert rows["AME176"]["type"] == "chamber"
    assert rows["AME176"]["traits"] == ["fox", "spirit", "light", "air"]


def with_an_unimplemented_card(monkeypatch) -> None:
    """The database, plus one card whose effects are not described yet."""
    from avatar_tui.cli import cards as cards_cli
    from avatar_tui.model.cards import StrikeCard

    draft = StrikeCard(type="strike", id="draft_strike", name="Draft Strike", force=1,
                       intercept=1, implemented=False)
    catalog = default_catalog().with_inline([draft])
    monkeypatch.setattr(cards_cli, "default_catalog", lambda: catalog)


def test_every_card_is_implemented_so_unimplemented_lists_nothing(capsys):
    """The whole set plays: no card is left unimplemented."""
    assert cards_json(capsys, "--unimplemented") == []
    assert main(["cards", "--unimplemented"]) == 0
    assert capsys.readouterr().out == "No card matches.\n"


def test_unimplemented_lists_exactly_the_unimplemented(capsys, monkeypatch):
    with_an_unimplemented_card(monkeypatch)
    rows = cards_json(capsys, "--unimplemented")
    assert [row["id"] for row in rows] == ["draft_strike"]
    assert rows[0]["implemented"] is False


@pytest.mark.parametrize("kind", ["strike", "advantage", "ally", "signature", "chamber"])
def test_type_filter(capsys, kind):
    rows = cards_json(capsys, "--type", kind)
    assert rows and {row["type"] for row in rows} == {kind}


def test_trait_filter(capsys):
    rows = cards_json(capsys, "--trait", "fox")
    assert rows and all("fox" in row["traits"] for row in rows)
    generic = cards_json(capsys, "--trait", "generic", "--type", "strike")
    assert "evade" in by_id(generic) and all(row["traits"] == [] for row in generic)


def test_character_filter_follows_r13_2_and_r13_3(capsys):
    aang = by_id(cards_json(capsys, "--character", "aang"))
    assert "evade" in aang  # generic
    assert "howling_wind" in aang  # fox
    assert "gout_of_flame" not in aang  # bull (R13.2)
    assert "the_avatar_awakens" in aang  # Exclusive - Aang (R13.3)
    assert "sokka" not in aang  # Exclusive - Katara
    assert "penguin_sledding" in aang and "meltdown" not in aang
    chambers = {i for i, row in aang.items() if row["type"] == "chamber"}
    assert chambers == {f"AME{n}" for n in range(176, 182)} | {"FPR001", "FPR003"}
    assert "sokka" in by_id(cards_json(capsys, "--character", "katara"))


def test_character_and_type(capsys):
    rows = cards_json(capsys, "--character", "prince_zuko", "--type", "signature")
    assert {"meltdown", "burning_spire", "target_practice"} <= set(by_id(rows))
    assert "penguin_sledding" not in by_id(rows)


def test_unknown_character(capsys):
    assert main(["cards", "--character", "nobody"]) == 2
    assert "unknown character 'nobody'" in capsys.readouterr().err


def test_table(capsys):
    assert main(["cards", "--type", "strike"]) == 0
    out = capsys.readouterr().out
    for text in ("card", "text", "evade", "Evade", "AME068", "G1 Y1 R1", "bell_ringer",
                 "F1 I3"):
        assert text in out
    assert "Open-Hand Form" not in out
    assert "impl" not in out  # every card is implemented: the column says nothing


def test_the_table_fits_80_columns_with_whole_texts_and_no_empty_column(capsys):
    from avatar_tui.cardlib.entries import entries
    from avatar_tui.cli.cards import print_table

    catalog = default_catalog()
    rows = entries(catalog)
    print_table(rows, width=80)
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert max(map(len, lines)) <= 80
    assert "…" not in out  # nothing cut short
    # every card's text is whole in the text column, whatever the wrapping
    start = lines[1].index("text")
    squeezed = "".join("".join(line[start:].split()) for line in lines[3:])
    for card in catalog.cards.values():
        assert "".join(card.text.split()) in squeezed, card.id
    header = lines[1].split()
    assert header == ["card", "kind", "cost", "text"]
    print_table([r for r in rows if r.type == "advantage"], width=80)
    assert capsys.readouterr().out.splitlines()[1].split() == ["card", "kind", "cost", "text"]
    print_table([r for r in rows if r.type == "chamber"], width=80)
    assert "cost" not in capsys.readouterr().out.splitlines()[1].split()  # empty: left out


def test_json_has_the_text_and_the_powers_in_words(capsys):
    rows = by_id(cards_json(capsys))
    assert rows["doublefoot_dropkick"]["text"]
    assert rows["doublefoot_dropkick"]["powers"] == ["Power 1: Y1 → +4 force, use only once"]


def test_search_takes_the_query_language(capsys):
    rows = cards_json(capsys, "--search", "type:strike trait:fox f>=5 g<=1")
    assert rows and all(r["type"] == "strike" and "fox" in r["traits"] and r["force"] >= 5
                        and r["cost"]["green"] <= 1 for r in rows)
    assert main(["cards", "--search", "colour:red"]) == 2
    assert "unknown field 'colour'" in capsys.readouterr().err


# ------------------------------------------------------------------ deck check

LEGAL_AANG = {
    "evade": 4, "pummel": 4, "skewer": 4, "knuckle_sandwich": 4, "kyoshi_pride": 4,
    "seize_the_moment": 4, "will_of_the_warrior": 4, "boomerang_toss": 4, "howling_wind": 4,
    "canyon_sprint": 4, "wind_on_the_waves": 4, "breath_of_the_dragon": 4,
    "open_hand_form": 4, "sustenance": 4, "lifesaver": 4,
}


def deck_file(tmp_path: Path, monkeypatch, cards: dict[str, int], chamber="AME176",
              starter=False) -> str:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "decks").mkdir(exist_ok=True)
    lines = ['name = "Test"', f'chamber = "{chamber}"', f"starter = {str(starter).lower()}",
             "[cards]", *(f"{card} = {n}" for card, n in cards.items())]
    Path("decks/x.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return "decks/x.toml"


def check(capsys, path: str) -> tuple[int, list[str], str]:
    code = main(["deck", "check", path])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


@pytest.mark.parametrize("name", ["aang", "prince_zuko"])
def test_house_starter_decks_are_ok(capsys, name):
    path = str(Path(__file__).resolve().parents[1] / "cards" / "decks" / f"{name}.toml")
    code, out, _ = check(capsys, path)
    assert code == 0
    assert len(out) == 1 and "OK" in out[0]


def test_a_legal_constructed_deck(capsys, tmp_path, monkeypatch):
    code, out, _ = check(capsys, deck_file(tmp_path, monkeypatch, LEGAL_AANG))
    assert code == 0
    assert out == ["decks/x.toml: OK — 60 cards, chamber AME176 Aang, deck, legal under R13"]


def test_too_many_copies(capsys, tmp_path, monkeypatch):
    code, out, _ = check(capsys, deck_file(tmp_path, monkeypatch, {**LEGAL_AANG, "evade": 5}))
    assert code == 1
    assert out == ["decks/x.toml: cards.evade: 5 copies, at most 4 allowed (R13.1)"]


def test_too_few_cards(capsys, tmp_path, monkeypatch):
    code, out, _ = check(capsys, deck_file(tmp_path, monkeypatch, {**LEGAL_AANG, "evade": 3}))
    assert code == 1
    assert out == ["decks/x.toml: cards: 59 cards, at least 60 needed (R13.1)"]


def test_off_trait_card(capsys, tmp_path, monkeypatch):
    deck = {**LEGAL_AANG, "gout_of_flame": 1}
    code, out, _ = check(capsys, deck_file(tmp_path, monkeypatch, deck))
    assert code == 1
    assert len(out) == 1
    assert out[0].startswith("decks/x.toml: cards.gout_of_flame: ") and out[0].endswith("(R13.2)")


def test_exclusive_of_another_character(capsys, tmp_path, monkeypatch):
    deck = {**LEGAL_AANG, "sokka": 1, "the_avatar_awakens": 1}
    code, out, _ = check(capsys, deck_file(tmp_path, monkeypatch, deck))
    assert code == 1
    assert len(out) == 1
    assert out[0].startswith("decks/x.toml: cards.sokka: exclusive to katara")
    assert out[0].endswith("(R13.3)")


def test_unknown_card(capsys, tmp_path, monkeypatch):
    deck = {**LEGAL_AANG, "no_such_card": 1}
    code, out, _ = check(capsys, deck_file(tmp_path, monkeypatch, deck))
    assert code == 1
    assert out == ["decks/x.toml: cards.no_such_card: unknown card id"]


def test_a_starter_deck_is_exempt_from_r13_but_has_30_cards(capsys, tmp_path, monkeypatch):
    deck = {"gout_of_flame": 29}  # off-trait and 29 copies: fine for R13, not for R1.1
    code, out, _ = check(capsys, deck_file(tmp_path, monkeypatch, deck, starter=True))
    assert code == 1
    assert out == ["decks/x.toml: cards: 29 cards, a starter deck has 30 (R1.1)"]
    code, out, _ = check(capsys, deck_file(tmp_path, monkeypatch, {"gout_of_flame": 30},
                                           starter=True))
    assert code == 0


@pytest.mark.parametrize("content, says", [
    (None, "cannot read"),
    ('name = "x\n', "not valid TOML"),
    ('name = "x"\nchamber = "aang"\n[cards]\nevade = "two"\n', "cards.evade"),
    ('chamber = "aang"\n', "name"),
])
def test_unreadable_deck_file(capsys, tmp_path, content, says):
    path = tmp_path / "deck.toml"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    code, out, err = check(capsys, str(path))
    assert code == 2
    assert out == []
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err
    assert lines[0].startswith(str(path)) and says in lines[0]


def test_deck_without_an_action(capsys):
    with pytest.raises(SystemExit) as info:
        main(["deck"])
    assert info.value.code == 2


def test_unimplemented_cards_are_noted_but_legal(capsys, tmp_path, monkeypatch):
    with_an_unimplemented_card(monkeypatch)
    deck = {**LEGAL_AANG, "evade": 3, "draft_strike": 1}  # generic: any chamber may use it
    code, out, err = check(capsys, deck_file(tmp_path, monkeypatch, deck))
    assert code == 0 and "OK" in out[0]
    assert "not implemented yet" in err and "draft_strike" in err
