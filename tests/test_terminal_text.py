"""Text from files reaches the terminal as text: control characters (an
escape sequence that would clear the screen or retitle the window) are
shown escaped, and long quotes are cut, in every message of the command
line that quotes a file or a name someone typed (avatar_tui/io/terminal_text.py).
Also: a deck list's absurd count is refused in one line, not a traceback."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from avatar_tui.cardlib.catalog import DeckList
from avatar_tui.cli import main
from avatar_tui.decklib.library import DeckStore

ESC_TITLE = "\x1b]0;pwned\x07"  # an OSC sequence: retitles the terminal
ESC_CLEAR = "\x1b[2J"  # clears the screen
LONGEST_LINE = 1000  # no line of a message is longer (terminal_text.LINE_LIMIT)
# what a terminal acts on: C0 but newline, DEL, C1, and the bidi overrides
UNSAFE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
                    "\u2066-\u2069]")


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def assert_plain(text: str) -> None:
    """Nothing a terminal would act on, and no line without end."""
    found = UNSAFE.search(text)
    assert found is None, repr(text[max(0, found.start() - 100):found.start() + 100])
    assert all(len(line) <= LONGEST_LINE for line in text.splitlines()), len(text)


# ------------------------------------------------------------------ the module
# (imported in each test, so the command-line tests below run without it)


@pytest.mark.parametrize("raw, shown", [
    ("a\x1bb", "a\\x1bb"),
    ("bell\x07", "bell\\x07"),
    ("del\x7f", "del\\x7f"),
    ("csi\x9b", "csi\\x9b"),
    ("tab\there", "tab\\there"),
    ("cr\rlf", "cr\\rlf"),
    ("rtl\u202eoverride", "rtl\\u202eoverride"),
    ("isolate\u2066x\u2069", "isolate\\u2066x\\u2069"),
    ("Ça va — ünïcode ✓", "Ça va — ünïcode ✓"),
    ("", ""),
])
def test_visible_escapes_what_a_terminal_would_act_on(raw, shown):
    from avatar_tui.io import terminal_text

    assert terminal_text.visible(raw) == shown


def test_newlines_stay_where_lines_are_meant_and_are_escaped_in_a_quote():
    from avatar_tui.io import terminal_text

    assert terminal_text.message("one\ntwo\x1b") == "one\ntwo\\x1b"
    assert terminal_text.quote("one\ntwo") == "one\\ntwo"


def test_a_quote_is_cut_with_an_ellipsis_and_never_in_an_escape():
    from avatar_tui.io import terminal_text

    assert terminal_text.quote("x" * 5000) == "x" * (terminal_text.QUOTE_LIMIT - 1) + "…"
    assert len(terminal_text.quote("x" * 5000)) == terminal_text.QUOTE_LIMIT
    for n in range(190, 200):  # where an escape would be split, it is left out whole
        cut = terminal_text.quote("y" * n + "\x1b" * 20)
        assert len(cut) <= terminal_text.QUOTE_LIMIT and cut.endswith("…")
        assert cut[:-1].endswith(("y", "\\x1b")), cut[-8:]
    assert terminal_text.quote("short") == "short"


def test_a_long_message_line_keeps_its_beginning_and_its_end():
    from avatar_tui.io import terminal_text

    line = "file.toml: line 3: " + "z" * 5000 + ": the problem"
    shown = terminal_text.message(line)
    assert len(shown) <= terminal_text.LINE_LIMIT
    assert shown.startswith("file.toml: line 3: ") and shown.endswith(": the problem")
    assert " … " in shown


def test_an_errors_line_leaves_room_for_the_commands_name():
    from avatar_tui.io import terminal_text

    made = terminal_text.error("f.toml: line 1: " + "9" * 5000)
    assert len(made) <= terminal_text.LINE_LIMIT - 100
    assert len(terminal_text.message(f"avatar-tui replay: {made}")) <= terminal_text.LINE_LIMIT


def test_message_is_idempotent():
    from avatar_tui.io import terminal_text

    once = terminal_text.message("a\x1b[2J" + "q" * 3000 + "\u202e")
    assert terminal_text.message(once) == once


# ------------------------------------------------------------------ the command line


def hostile_deck(data: Path, name: str) -> None:
    DeckStore(data).save("fox", DeckList(name=name, chamber="AME176", cards={"evade": 2}))


def test_deck_list_shows_an_escape_in_a_deck_name_escaped(capsys, data):
    hostile_deck(data, f"{ESC_TITLE}Fox {ESC_CLEAR}deck")
    assert main(["deck", "list"]) == 0
    out = capsys.readouterr().out
    assert_plain(out)
    assert "fox: \\x1b]0;pwned\\x07Fox \\x1b[2Jdeck (2 cards)" in out


def test_deck_export_shows_an_escape_in_a_deck_name_escaped(capsys, data):
    hostile_deck(data, f"{ESC_TITLE}Fox")
    assert main(["deck", "export", "fox"]) == 0
    out = capsys.readouterr().out
    assert_plain(out)
    assert "name: \\x1b]0;pwned\\x07Fox" in out


def test_deck_import_prints_a_name_with_escapes_as_text(capsys, tmp_path, data):
    listing = tmp_path / "list.txt"
    listing.write_text(f"name: {ESC_CLEAR}x\u009b2J\nchamber: Aang\n2 Evade\n", "utf-8")
    assert main(["deck", "import", str(listing)]) == 0
    captured = capsys.readouterr()
    assert_plain(captured.out + captured.err)


def test_an_escape_in_a_scenario_error_is_shown_escaped(capsys, tmp_path):
    path = tmp_path / "s.toml"
    path.write_text('[p1]\nchamber = "aang"\n[p2]\nchamber = "prince_zuko"\n'
                    '"\\u001b[2Jk" = 1\n', "utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert_plain(err)
    assert err.strip() == f"avatar-tui replay: {path}: p2.\\x1b[2Jk: unknown key"


def test_an_escape_in_a_card_type_is_shown_escaped(capsys, tmp_path):
    path = tmp_path / "s.toml"
    path.write_text('[p1]\nchamber = "aang"\n[p2]\nchamber = "prince_zuko"\n'
                    '[[cards]]\nid = "x"\ntype = "\\u001b]0;t\\u0007"\n', "utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert_plain(err)
    assert "unknown type '\\x1b]0;t\\x07'" in err


def test_an_escape_in_a_file_name_is_shown_escaped(capsys, tmp_path):
    path = tmp_path / f"n{ESC_CLEAR}.toml"
    path.write_text("title = [\n", "utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert_plain(err)
    assert "n\\x1b[2J.toml" in err


def test_a_count_of_thousands_of_digits_is_refused_in_one_line(capsys, tmp_path, data):
    listing = tmp_path / "list.txt"
    listing.write_text("chamber: Aang\n" + "9" * 4500 + " Evade\n", "utf-8")
    assert main(["deck", "import", str(listing)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and len(err) < 300
    assert err == (f"avatar-tui deck: {listing}: line 2: a count of 4500 digits; "
                   "a deck list counts at most 99 copies of a card")


def test_a_count_above_the_most_is_refused_in_one_line(capsys, tmp_path, data):
    listing = tmp_path / "list.txt"
    listing.write_text("chamber: Aang\n100 Evade\n", "utf-8")
    assert main(["deck", "import", str(listing)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"avatar-tui deck: {listing}: line 2: 100 copies; a deck list counts at most 99 "
        "copies of a card")


def test_a_long_line_is_not_echoed_whole(capsys, tmp_path, data):
    listing = tmp_path / "list.txt"
    listing.write_text("chamber: Aang\n" + "nonsense " * 200_000 + "\n", "utf-8")
    assert main(["deck", "import", str(listing)]) == 2
    err = capsys.readouterr().err
    assert_plain(err)
    assert f"{listing}: line 2: expected 'COUNT CARD'" in err and "…" in err


def test_a_5000_digit_number_is_not_echoed_whole(capsys):
    with pytest.raises(SystemExit) as info:
        main(["simulate", "--games", "9" * 5000])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert_plain(err)
    assert "--games" in err and "9" * 5000 not in err


def test_a_long_unknown_character_is_cut(capsys):
    assert main(["cards", "--character", "x" * 3000 + ESC_CLEAR]) == 2
    err = capsys.readouterr().err
    assert_plain(err)
    assert err.startswith("avatar-tui cards: unknown character 'xxx")
