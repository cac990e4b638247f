"""One error path for files (avatar_tui/io/files.py): scenario, save, deck and
settings files that are too large, not regular files, nested too deep or
hold integers too large are refused with one line naming the file, the
place and the problem — exit 2, never a traceback, never a read without
end (a FIFO with no writer, /dev/zero)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from avatar_tui.cli import main
from avatar_tui.io import files

GOOD = Path(__file__).resolve().parent / "scenarios" / "evade.toml"

NESTED = "x = " + "[" * 500 + "]" * 500 + "\n"  # tomllib recursed until RecursionError
DEEP = "x = " + "[" * 40 + "]" * 40 + "\n"  # parses, but deeper than MAX_DEPTH
HUGE_INT = "seed = " + "9" * 5000 + "\n"  # int() refuses more than 4,300 digits
WIDE_INT = "seed = " + str(2**70) + "\n"  # beyond TOML's 64-bit integers


def bad_files(tmp_path: Path) -> dict[str, tuple[Path, str]]:
    """name -> (path, what the one line must say)."""
    made: dict[str, tuple[Path, str]] = {}

    def write(name: str, data: str | bytes, says: str) -> None:
        path = tmp_path / f"{name}.toml"
        path.write_bytes(data if isinstance(data, bytes) else data.encode())
        made[name] = (path, says)

    write("nested", NESTED, "nested more than")
    write("deep", DEEP, "nested more than")
    write("huge_int", HUGE_INT, "line 1: a number too large")
    write("wide_int", WIDE_INT, "seed: an integer beyond 64 bits")
    write("latin1", b'title = "caf\xe9"\n', "line 1: not UTF-8 text")
    write("large", b"# " + b"x" * (files.MAX_BYTES + 10) + b"\n", "more than the 2.0 MB")
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    made["fifo"] = (fifo, "not a regular file")
    made["dev_zero"] = (Path("/dev/zero"), "not a regular file")
    made["directory"] = (tmp_path, "not a regular file")
    return made


CASES = ["nested", "deep", "huge_int", "wide_int", "latin1", "large", "fifo", "dev_zero",
         "directory"]


@pytest.mark.parametrize("case", CASES)
def test_the_reader_refuses_with_one_line(tmp_path, case):
    path, says = bad_files(tmp_path)[case]
    with pytest.raises(files.FileProblem) as info:
        files.load_toml(path)
    message = str(info.value)
    assert message.startswith(str(path)) and says in message and "\n" not in message


@pytest.mark.parametrize("command", [["replay"], ["deck", "check"], ["play", "--scenario"]])
@pytest.mark.parametrize("case", CASES)
def test_commands_exit_2_with_one_line(tmp_path, capsys, command, case):
    path, says = bad_files(tmp_path)[case]
    assert main([*command, str(path)]) == 2
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert str(path) in lines[0] and says in lines[0]


def test_too_many_actions_are_refused(tmp_path, capsys):
    text = GOOD.read_text(encoding="utf-8")
    many = text.replace('actions = """', 'actions = """\n' + "p1: flip\n" * 20_001, 1)
    path = tmp_path / "many.toml"
    path.write_text(many, encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "more than 20000 actions" in capsys.readouterr().err


@pytest.mark.parametrize("line", ["p1: power ²", "p1: pay g=²", "p1: power " + "9" * 5000])
def test_strange_digits_in_actions_are_a_line_error(tmp_path, capsys, line):
    text = GOOD.read_text(encoding="utf-8").replace('actions = """', f'actions = """\n{line}', 1)
    path = tmp_path / "digits.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and ": line " in err


@pytest.mark.parametrize("name", ["²", "9" * 5000])
def test_a_demo_named_by_strange_digits_is_unknown(capsys, name):
    assert main(["demo", name]) == 2
    assert "no demo named" in capsys.readouterr().err


def test_a_good_file_still_reads():
    assert files.load_toml(GOOD)["title"]


@pytest.mark.parametrize("text", ["[" * 1500 + "]" * 1500, "[" * 70_000,
                                  '{"a": ' * 33 + "1" + "}" * 33, "[" * 33 + "]" * 33])
def test_json_nested_too_deep_is_refused_in_one_line(text):
    # 1500 deep: Python's own reader raised RecursionError (not a ValueError)
    with pytest.raises(files.JsonProblem, match="nested more than 32 deep"):
        files.loads_json(text)


def test_json_within_the_limits_reads_and_the_rest_is_refused(tmp_path):
    assert files.loads_json("[" * 32 + "]" * 32)  # 32 arrays inside each other: the limit
    assert files.loads_json('{"a": [1, {"b": null}]}') == {"a": [1, {"b": None}]}
    for text, says in (("{not json", "line 1 column 2: not JSON"), (b"\xff", "not JSON"),
                       ("9" * 5000, "not JSON")):
        with pytest.raises(files.JsonProblem, match=says):
            files.loads_json(text)
    path = tmp_path / "seats.json"
    path.write_text("[" * 1500 + "]" * 1500)
    with pytest.raises(files.FileProblem) as err:
        files.load_json(path)
    assert str(err.value).count("\n") == 0 and "seats.json" in str(err.value)
