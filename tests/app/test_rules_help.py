"""The rule help covers every rule: each ID the engine cites in its events
and reasons, and each ID of RULES.md, has a short explanation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from avatar_tui.cardlib import rules_help

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "avatar_tui" / "engine"
ID = re.compile(r"\bR\d+(?:\.\d+)?\b")

# The IDs of RULES.md when this was written (R1.1 ... R13.3), so the check
# holds where the digest is not at hand.
DIGEST_IDS = {
    *(f"R1.{n}" for n in range(1, 7)), *(f"R2.{n}" for n in range(1, 5)), "R3.1", "R3.2",
    *(f"R4.{n}" for n in range(1, 5)), *(f"R5.{n}" for n in range(1, 8)),
    *(f"R6.{n}" for n in range(1, 5)), *(f"R7.{n}" for n in range(1, 8)),
    *(f"R8.{n}" for n in range(1, 4)), *(f"R9.{n}" for n in range(1, 4)),
    *(f"R10.{n}" for n in range(1, 7)), "R11.1", "R11.2", *(f"R12.{n}" for n in range(1, 8)),
    *(f"R13.{n}" for n in range(1, 4)), *(f"R{n}" for n in range(1, 14)),
}


def _rules_md() -> Path | None:
    for place in (ROOT / "RULES.md", ROOT.parent / "shared" / "RULES.md"):
        if place.is_file():
            return place
    return None


def test_every_rule_the_engine_cites_has_help():
    cited = set()
    for path in ENGINE.rglob("*.py"):
        cited |= set(ID.findall(path.read_text(encoding="utf-8")))
    assert len(cited) > 40
    missing = sorted(cited - set(rules_help.RULES))
    assert not missing, f"no rule help for {missing}"


def test_every_rule_of_the_digest_has_help():
    missing = sorted(DIGEST_IDS - set(rules_help.RULES))
    assert not missing, f"no rule help for {missing}"


def test_the_digest_itself_when_it_is_at_hand():
    path = _rules_md()
    if path is None:
        pytest.skip("RULES.md is not in this checkout")
    text = path.read_text(encoding="utf-8")
    ids = set(re.findall(r"\*\*(R\d+\.\d+)", text)) | set(re.findall(r"^## (R\d+)\b", text,
                                                                        re.M))
    assert ids, "no rule IDs found in RULES.md"
    missing = sorted(ids - set(rules_help.RULES))
    assert not missing, f"no rule help for {missing}"


def test_help_is_short_and_in_plain_words():
    for rid, (title, text) in rules_help.RULES.items():
        assert title and text, rid
        assert len(text) < 300, rid
        assert ID.fullmatch(rid), rid


def test_help_lines_reads_ids_out_of_any_text():
    lines = rules_help.help_lines("pay is not possible (R5.3-R5.5, R6)")
    assert [rid for rid, _, _ in lines] == ["R5.3", "R5.5", "R6"]
    assert rules_help.help_lines("R99.1 is no rule") == []
