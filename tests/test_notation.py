"""The notation (docs/notation.md): action lines, scenario files, replay exit codes."""

import json

import pytest

from avatar_tui.cli import main
from avatar_tui.model.actions import NotationError, parse_action

GOOD = '''title = "a short game"
actions = """
p1: open p1
p1: flip
p1: pay
p2: flip
p2: pay g=1 y=1 !
"""
[p1]
chamber = "aang"
complete = true
deck = ["skewer", "skewer", "skewer", "skewer", "skewer", "skewer", "skewer", "skewer",
        "skewer", "will_of_the_warrior", "skewer", "skewer", "skewer", "knuckle_sandwich",
        "skewer"]
[p2]
chamber = "prince_zuko"
complete = true
deck = ["skewer", "skewer", "skewer", "skewer", "skewer", "skewer", "skewer", "skewer",
        "skewer", "skewer", "skewer", "skewer", "skewer", "skewer", "skewer"]

[[expect]]
after = 0
path = "pending"
equals = "open"

[[expect]]
path = "incoming.force"
equals = 4
'''


@pytest.mark.parametrize("line", [
    "p1: open p2", "p2: flip", "p1: pay", "p2: pay g=1 y=2", "p1: pay r=3",
    "p1: power 2", "p2: power ally 1", "p1: power 1 g=0 r=1", "p1: choose p2.green.ally",
    "p2: signature g=1", "p1: skip", "p1: reflip", "p1: pitch", "p2: pitch y=1", "p1: focus",
    "p1: discard",
])
def test_actions_print_as_they_parse(line):
    canonical = line.replace(" g=0", "")
    assert str(parse_action(line)) == canonical


@pytest.mark.parametrize("line, problem", [
    ("p3: flip", "expected 'p1: VERB"),
    ("p1: fly", "unknown verb 'fly'"),
    ("p1: open p3", "names p1 or p2"),
    ("p1: power", "power number"),
    ("p1: focus now", "takes no argument"),
    ("p1: flip g=1", "takes no g= y= r="),
    ("p1: pay g=1 g=2", "named twice"),
    ("p1: power ²", "power number"),  # a superscript passes str.isdigit()
    ("p1: power " + "9" * 5000, "power number"),  # int() refuses 4,300 digits
    ("p1: pay g=²", "a payment is g=N"),
    ("p1: pay g=" + "1" * 5000, "a payment is g=N"),
])
def test_bad_action_lines_say_what_is_wrong(line, problem):
    with pytest.raises(NotationError, match=problem):
        parse_action(line)


def run(tmp_path, text: str, *extra: str) -> int:
    path = tmp_path / "s.toml"
    path.write_text(text)
    return main(["replay", str(path), *extra])


def test_replay_passes_and_checks_refused_lines(tmp_path, capsys):
    assert run(tmp_path, GOOD) == 0
    assert "ok (5 actions, 2 expectations)" in capsys.readouterr().out


def test_replay_json_prints_the_final_view(tmp_path, capsys):
    assert run(tmp_path, GOOD, "--json") == 0
    data = json.loads(capsys.readouterr().out)
    assert data["incoming"]["card"] == "knuckle_sandwich"
    assert data["players"]["p2"]["zones"]["green"]["flip"] == "skewer"


def test_replay_exit_1_on_a_failed_expectation(tmp_path, capsys):
    assert run(tmp_path, GOOD.replace("equals = 4", "equals = 5")) == 1
    err = capsys.readouterr().err
    assert "incoming.force at the end: expected 5, got 4" in err


def test_replay_exit_1_when_a_bang_line_is_accepted(tmp_path, capsys):
    assert run(tmp_path, GOOD.replace("p1: pay\n", "p1: pay !\n")) == 1
    assert "should be refused but was accepted" in capsys.readouterr().err


@pytest.mark.parametrize("change, message", [
    (("title =", "title = = "), "TOML syntax"),
    (('"knuckle_sandwich"', '"knuckle_sandwhich"'),
     "p1.deck[13]: unknown card 'knuckle_sandwhich'"),
    (('chamber = "aang"', 'chamber = "sokka_the_chamber"'), "p1.chamber: unknown chamber"),
    (("complete = true", 'complete = "yes"'), "p1.complete"),
    (("p2: flip", "p2: flipp"), "line 6: 'p2: flipp': unknown verb 'flipp'"),
    (('path = "pending"', 'path = "pendingg"'), "expect[1].path: 'pendingg' is not a view path"),
    (("after = 0", "after = 9"), "expect[1].after: 9 is past the last action"),
    (('title = "a short game"', 'title = "x"\nbogus = 1'), "bogus: unknown key"),
])
def test_a_bad_file_gives_exit_2_and_one_clear_line(tmp_path, capsys, change, message):
    assert run(tmp_path, GOOD.replace(*change)) == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_an_inline_card_may_not_reuse_a_database_id(tmp_path, capsys):
    text = GOOD + '\n[[cards]]\nid = "skewer"\nname = "Mine"\ntype = "strike"\nforce = 1\n' \
        'intercept = 1\n'
    assert run(tmp_path, text) == 2
    assert "already a database card's id" in capsys.readouterr().err


def test_a_missing_file_gives_exit_2(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.toml")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_narration_lines_are_ignored_by_replay(tmp_path):
    text = GOOD.replace("p1: flip\n", "p1: flip\n> Aang flips a card.\n")
    assert run(tmp_path, text) == 0
