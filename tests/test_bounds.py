"""Every number the command line takes has a bound, and past it the
command is refused in one line naming the option: a terminal of
10000x10000 cells, a demo step past its end, keys the app does not know,
a seed beyond the engine's range. Also: files nested without end by
dotted keys are refused before TOML reads them, and `deck check` says
what is wrong in the project's words, not pydantic's."""

from __future__ import annotations

from pathlib import Path

import pytest

from avatar_tui.cli import build_parser, main
from avatar_tui.io import files

ROOT = Path(__file__).resolve().parents[1]
MIDGAME = ROOT / "avatar_tui" / "tui" / "scenarios" / "midgame.toml"


def refused(capsys, argv: list[str]) -> str:
    """The one line the command line refuses `argv` with, when it is parsed:
    nothing is run (a bound that failed would start the work it bounds)."""
    with pytest.raises(SystemExit) as info:
        build_parser().parse_args(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert "Traceback" not in "\n".join(err)
    return err[-1]


@pytest.mark.parametrize("size", ["10000x10000", "501x40", "120x201", "99999999999x40"])
def test_a_screenshot_larger_than_a_terminal_is_refused(capsys, size):
    line = refused(capsys, ["screenshot", str(MIDGAME), "--size", size])
    assert "--size" in line and "at most 500x200" in line


def test_a_step_past_the_demos_end_is_refused(capsys, tmp_path):
    out = tmp_path / "x.svg"
    assert main(["screenshot", "1", "--step", "99", "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "--step 99" in err and "steps" in err
    assert not out.exists()


def test_a_negative_or_huge_step_is_refused(capsys):
    assert "--step" in refused(capsys, ["screenshot", "1", "--step", "-1"])
    assert "--step" in refused(capsys, ["screenshot", "1", "--step", "9" * 5000])


@pytest.mark.parametrize("keys", ["zz", "e,zz", "wait:100000", "ctrl+nothing", "e," * 101])
def test_unknown_keys_or_too_many_are_refused(capsys, keys):
    line = refused(capsys, ["screenshot", str(MIDGAME), "--press", keys])
    assert "--press" in line


def test_known_keys_are_taken(tmp_path):
    from avatar_tui.cli.screenshot import key_list

    assert key_list("e, question_mark,r,ctrl+q,plus,escape,space,1,R") == [
        "e", "question_mark", "r", "ctrl+q", "plus", "escape", "space", "1", "R"]


@pytest.mark.parametrize("argv, option", [
    (["simulate", "--games", "0"], "--games"),
    (["simulate", "--games", "100000001"], "--games"),
    (["simulate", "--worlds", "1000000"], "--worlds"),
    (["simulate", "--jobs", "100000"], "--jobs"),
    (["simulate", "--seed", str(2**63)], "--seed"),
    (["simulate", "--seed", "-1"], "--seed"),
    (["simulate", "--think", "nan"], "--think"),
    (["simulate", "--think", "1e999"], "--think"),
    (["play", "--seed", str(2**64)], "--seed"),
    (["play", "--think", "0"], "--think"),
    (["deck", "random", "--character", "aang", "--seed", "9" * 30], "--seed"),
    (["serve", "--port", "70000"], "--port"),
    (["serve", "--port", "0"], "--port"),
])
def test_every_number_has_a_bound(capsys, argv, option):
    line = refused(capsys, argv)
    assert option in line and len(line) < 300


def test_the_largest_seed_is_taken(capsys):
    assert main(["deck", "random", "--character", "aang", "--seed", str(2**63 - 1)]) == 0
    assert "chamber" in capsys.readouterr().out


# ------------------------------------------------------------------ nesting by dotted keys


@pytest.mark.parametrize("text, line", [
    ("title = 'x'\n" + "a." * 5000 + "a = 1\n", 2),
    ("[" + "t." * 5000 + "t]\nx = 1\n", 1),
    ("[[" + "t." * 40 + "t]]\n", 1),
    ("x = " + "{ a = " * 40 + "1" + " }" * 40 + "\n", 1),
    ("\n\nx = [" + "{ a = [" * 20 + "]}" * 20 + "]\n", 3),
])
def test_keys_nested_without_end_are_refused_before_toml_reads_them(tmp_path, text, line):
    path = tmp_path / "deep.toml"
    path.write_text(text, "utf-8")
    with pytest.raises(files.FileProblem) as info:
        files.load_toml(path)
    assert str(info.value) == f"{path}: line {line}: keys, tables or arrays nested more than " \
                              f"{files.MAX_DEPTH} deep"


def test_dotted_keys_within_the_bound_are_read(tmp_path):
    path = tmp_path / "ok.toml"
    path.write_text("a.b.c = 1\n'x.y'.\"z.w\" = 2\ns = 'a.b.c.d.e'\n[t.u.v]\nk = [1, [2]]\n",
                    "utf-8")
    assert files.load_toml(path) == {"a": {"b": {"c": 1}}, "x.y": {"z.w": 2},
                                     "s": "a.b.c.d.e", "t": {"u": {"v": {"k": [1, [2]]}}}}


# ------------------------------------------------------------------ deck check in plain words


def deck_with(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "d.toml"
    path.write_text('name = "Mine"\nchamber = "AME176"\n' + body, "utf-8")
    return path


@pytest.mark.parametrize("body, says", [
    ("[cards]\nevade = \"many\"\n", "cards.evade: a whole number is needed, not 'many'"),
    ("[cards]\nevade = 1.5\n", "cards.evade: a whole number is needed, not 1.5"),
    ("starter = 3\n", "starter: true or false is needed, not 3"),
    ("cards = 3\n", "cards: a table is needed, not 3"),
    ("colour = 1\n", "colour: unknown key"),
    ("[cards]\nevade = 100\n", "cards.evade: at most 99"),
])
def test_deck_check_says_what_is_wrong_in_plain_words(capsys, tmp_path, body, says):
    path = deck_with(tmp_path, body)
    assert main(["deck", "check", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"{path}: {says}"
    assert "Input should" not in err


def test_deck_check_names_a_missing_key(capsys, tmp_path):
    path = tmp_path / "d.toml"
    path.write_text('name = "Mine"\n', "utf-8")
    assert main(["deck", "check", str(path)]) == 2
    assert capsys.readouterr().err.strip() == f"{path}: chamber: missing (it is required)"


# ------------------------------------------------------------------ copies of a card


def test_the_same_card_on_many_lines_is_refused_past_the_most(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path / "data"))
    listing = tmp_path / "list.txt"
    listing.write_text("chamber: Aang\n" + "60 Evade\n" * 2, "utf-8")
    assert main(["deck", "import", str(listing)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"avatar-tui deck: {listing}: line 3: 120 copies of 'Evade' in all; a deck list "
        "counts at most 99 copies of a card")


def test_the_editor_adds_no_copy_past_the_most():
    from avatar_tui.cardlib.catalog import MAX_COUNT, DeckList, default_catalog
    from avatar_tui.decklib.draft import DeckDraft

    catalog = default_catalog()
    # two spellings of one card, 60 each, are one card of 99 (the most a file holds)
    draft = DeckDraft.from_deck(DeckList(name="x", chamber="AME176",
                                         cards={"momo": 60, "momo_hungry_lemur": 60}), catalog)
    assert draft.cards == {"momo": MAX_COUNT}
    assert not draft.add("momo") and draft.cards["momo"] == MAX_COUNT
    draft.remove("momo")
    assert draft.add("momo")
    assert draft.deck().cards == {"momo": MAX_COUNT}  # a deck file can be made of it
