"""The rule help covers every rule: each ID the engine cites in its events
and reasons, and each ID of the shared rules digest (frozen in
tests/fixtures/rule_ids.txt), has a short explanation."""

from __future__ import annotations

import re
from pathlib import Path

from avatar_tui.cardlib import rules_help

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "avatar_tui" / "engine"
ID = re.compile(r"\bR\d+(?:\.\d+)?\b")

# The IDs of the shared rules digest, frozen by tests/fixtures/make_fixtures.py.
DIGEST = ROOT / "tests" / "fixtures" / "rule_ids.txt"
DIGEST_IDS = set(DIGEST.read_text(encoding="utf-8").split())


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


def test_the_frozen_digest_is_every_rule_from_r1_to_r13():
    """The fixture is the whole digest, as it was when the help was written
    (R1.1 ... R1.6, R2.1 ... R2.4, and so on), so a cut or garbled file
    cannot pass for it."""
    rules_per_group = {1: 6, 2: 4, 3: 2, 4: 4, 5: 7, 6: 4, 7: 7, 8: 3, 9: 3, 10: 6, 11: 2,
                       12: 7, 13: 3}
    expected = {f"R{group}" for group in rules_per_group} | {
        f"R{group}.{n}" for group, count in rules_per_group.items()
        for n in range(1, count + 1)}
    assert DIGEST_IDS == expected, sorted(DIGEST_IDS ^ expected)


def test_help_is_short_and_in_plain_words():
    for rid, (title, text) in rules_help.RULES.items():
        assert title and text, rid
        assert len(text) < 300, rid
        assert ID.fullmatch(rid), rid


def test_help_lines_reads_ids_out_of_any_text():
    lines = rules_help.help_lines("pay is not possible (R5.3-R5.5, R6)")
    assert [rid for rid, _, _ in lines] == ["R5.3", "R5.5", "R6"]
    assert rules_help.help_lines("R99.1 is no rule") == []
