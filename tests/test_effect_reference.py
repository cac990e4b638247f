"""The effect-language reference in cards/README.md is generated from the
models (avatar_tui/cardlib/reference.py); it must match them."""

from __future__ import annotations

from pathlib import Path

import pytest

from avatar_tui.cardlib import reference as ref
from avatar_tui.model import effects as fx

README = Path(__file__).resolve().parent.parent / "cards" / "README.md"


def test_cards_readme_reference_is_up_to_date() -> None:
    text = README.read_text(encoding="utf-8")
    assert ref.splice(text, ref.render()) == text, (
        "cards/README.md's effect reference is stale: run `python -m avatar_tui.cardlib.reference`")


def test_every_effect_and_static_is_documented() -> None:
    section = ref.render()
    for union, tag in ((fx.Effect, "effect"), (fx.Static, "static")):
        for model in ref.members(union):
            key = model.model_fields[tag].annotation.__args__[0]
            assert f"#### `{key}`" in section
    assert "| `other_than_this` | true/false | `false` |" in section
    assert "- `opponent_charges`: " in section


def test_check_reports_a_stale_section(tmp_path: Path, capsys) -> None:
    stale = tmp_path / "README.md"
    text = README.read_text(encoding="utf-8")
    stale.write_text(text.replace("| `up_to` |", "| `up_to_n` |"), encoding="utf-8")
    assert ref.main(["--check", "--readme", str(stale)]) == 1
    assert "stale" in capsys.readouterr().err
    assert ref.main(["--readme", str(stale)]) == 0
    assert stale.read_text(encoding="utf-8") == text
    assert ref.main(["--check", "--readme", str(stale)]) == 0


def test_missing_markers_are_one_clear_line(tmp_path: Path, capsys) -> None:
    bare = tmp_path / "README.md"
    bare.write_text("# cards\n", encoding="utf-8")
    assert ref.main(["--check", "--readme", str(bare)]) == 2
    err = capsys.readouterr().err.strip()
    assert "markers are missing" in err and str(bare) in err and "\n" not in err


def test_a_field_without_description_is_refused() -> None:
    class Bare(fx.Strict):
        effect: str = "bare"
        size: int = 0

    with pytest.raises(ValueError, match="Bare.size has no description"):
        ref.fields_table(Bare, skip="effect")
