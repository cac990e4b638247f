"""The deck commands: `deck random`, `deck import`, `deck export`, `deck
list`, and decks on `play` and `simulate` (`--deck1`, `--deck2`), an
illegal deck refused with its problems before any game starts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from test_decklib import LEGAL_AANG

from avatar_tui.cardlib.catalog import DeckList, default_catalog
from avatar_tui.cli import main
from avatar_tui.decklib.library import DeckStore, deck_toml, parse_deck_toml

CATALOG = default_catalog()


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def deck_file(tmp_path: Path, cards: dict[str, int], name="mine.toml") -> str:
    path = tmp_path / name
    path.write_text(deck_toml(DeckList(name="Mine", chamber="AME176", cards=cards)), "utf-8")
    return str(path)


def test_deck_random_prints_the_same_legal_deck_for_the_same_seed(capsys, tmp_path):
    assert main(["deck", "random", "--character", "aang", "--seed", "7"]) == 0
    first = capsys.readouterr().out
    assert main(["deck", "random", "--character", "aang", "--seed", "7"]) == 0
    assert capsys.readouterr().out == first
    deck = parse_deck_toml(first, "out")
    assert deck.starter and sum(deck.cards.values()) == 30
    path = tmp_path / "r.toml"
    path.write_text(first, "utf-8")
    assert main(["deck", "check", str(path)]) == 0
    assert "starter deck (R1.1)" in capsys.readouterr().out


def test_deck_random_refuses_an_unknown_character(capsys):
    assert main(["deck", "random", "--character", "nobody"]) == 2
    assert "unknown character 'nobody'" in capsys.readouterr().err


def test_import_export_and_list_share_the_named_decks(capsys, tmp_path, data):
    text = tmp_path / "list.txt"
    text.write_text("chamber: Aang\n" + "".join(f"{n} {c}\n" for c, n in LEGAL_AANG.items()),
                    "utf-8")
    assert main(["deck", "import", str(text), "--save", "fox"]) == 0
    assert (data / "decks" / "fox.toml").is_file()
    capsys.readouterr()
    assert main(["deck", "list"]) == 0
    assert "fox: fox (60 cards)" in capsys.readouterr().out  # called what --save named it
    assert main(["deck", "export", "fox"]) == 0
    out = capsys.readouterr().out
    assert "chamber: Aang (AME176)" in out and "4 Knuckle Sandwich" in out


def test_a_malformed_import_says_which_line_and_changes_nothing_saved(capsys, tmp_path, data):
    DeckStore(data).save("fox", DeckList(name="Kept", chamber="AME176", cards={"evade": 1}))
    before = (data / "decks" / "fox.toml").read_bytes()
    text = tmp_path / "list.txt"
    text.write_text("chamber: Aang\n4 Evade\n4 Flying Pancake\n", "utf-8")
    assert main(["deck", "import", str(text), "--save", "other"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"avatar-tui deck: {text}: line 3: unknown card 'Flying Pancake'"]
    text.write_text("chamber: Aang\n4 Evade\n", "utf-8")
    assert main(["deck", "import", str(text), "--save", "fox"]) == 2
    assert "exists already" in capsys.readouterr().err
    assert (data / "decks" / "fox.toml").read_bytes() == before
    assert DeckStore(data).names() == ["fox"]


def test_import_from_standard_input(capsys, monkeypatch):
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("chamber: prince_zuko\n2 Evade\n"))
    assert main(["deck", "import", "-"]) == 0
    deck = parse_deck_toml(capsys.readouterr().out, "out")
    assert deck.chamber == "AME206" and deck.cards == {"evade": 2}


# ------------------------------------------------------------------ play and simulate




@pytest.fixture
def no_app(monkeypatch):
    """Record the game the app would have been started with."""
    from avatar_tui.tui.app import AvatarApp

    seen = {}

    def run(self, *args, **kwargs):
        seen["game"] = self.initial_game
        seen["bot"] = self.controller.bot

    monkeypatch.setattr(AvatarApp, "run", run)
    return seen


def test_play_refuses_an_illegal_deck_with_its_problems(capsys, tmp_path, no_app):
    path = deck_file(tmp_path, {"evade": 5})
    assert main(["play", "--deck1", path]) == 2
    err = capsys.readouterr().err
    assert "this deck cannot be played" in err
    assert f"{path}: cards: 5 cards, at least 60 needed (R13.1)" in err
    assert f"{path}: cards.evade: 5 copies, at most 4 allowed (R13.1)" in err
    assert no_app == {}  # no game started


def test_play_refuses_an_unreadable_deck_in_one_line(capsys, tmp_path, no_app):
    path = tmp_path / "bad.toml"
    path.write_text('name = "x\n', "utf-8")
    assert main(["play", "--deck2", str(path), "--vs-bot"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and str(path) in err[0] and "not valid TOML" in err[0]
    assert no_app == {}


def test_play_names_a_deck_that_is_neither_a_file_nor_saved(capsys, data, no_app):
    # `--deck1 aang` reads like the house deck; the line says what was looked for
    assert main(["play", "--deck1", "aang"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["avatar-tui: aang: no deck file and no saved deck of that name "
                   "(avatar-tui deck list shows the saved ones)"]
    assert no_app == {}


def test_play_with_decks_deals_them_whole(capsys, tmp_path, data, no_app):
    path = deck_file(tmp_path, LEGAL_AANG)
    DeckStore(data).save("zuko", parse_deck_toml(
        deck_toml(DeckList(name="Z", chamber="prince_zuko", starter=True,
                           cards=CATALOG.decks["prince_zuko"].cards)), "x"))
    assert main(["play", "--deck1", path, "--deck2", "zuko", "--seed", "4", "--vs-bot"]) == 0
    state, _ = no_app["game"]
    assert state.setup.seed == 4 and no_app["bot"] is not None
    assert state.setup.p1.complete and len(state.setup.p1.deck) == 60
    assert state.setup.p2.complete and len(state.setup.p2.deck) == 30


def test_decks_do_not_mix_with_resume(capsys, tmp_path, no_app):
    assert main(["play", "--resume", "--deck1", deck_file(tmp_path, LEGAL_AANG)]) == 2
    assert "not with --resume" in capsys.readouterr().err


def test_simulate_with_a_deck(capsys, tmp_path):
    path = deck_file(tmp_path, LEGAL_AANG)
    assert main(["simulate", "--games", "4", "--deck1", path, "--p2", "kinto", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 4 and summary["p1"]["character"] == "Mine"
    assert summary["p2"]["character"] == "kinto"
    assert summary["p1"]["wins"] + summary["p2"]["wins"] + summary["unfinished"] == 4


def test_simulate_refuses_an_illegal_deck(capsys, tmp_path):
    assert main(["simulate", "--games", "2", "--deck2", deck_file(tmp_path, {"evade": 1})]) == 2
    assert "at least 60 needed (R13.1)" in capsys.readouterr().err


PROBE = """
import sys
from avatar_tui.cli import main
main(["cards", "--search", "trait:fox", "--json"])
main(["deck", "random", "--character", "aang"])
loaded = sorted(m for m in sys.modules if m.split('.')[0] == 'textual')
print("TEXTUAL:" + ",".join(loaded), file=sys.stderr)
"""


def test_the_card_and_deck_commands_load_no_textual():
    result = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "TEXTUAL:\n" in result.stderr
