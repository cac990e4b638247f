"""The rules in the box: docs/rules.md made from rules_help (never stale),
docs/notation.md covering every verb and view path, both installed with the
package, and the rules browser from the help screen."""

from __future__ import annotations

import tomllib
from pathlib import Path

from avatar_tui.cardlib import rules_doc
from avatar_tui.cardlib.rules_help import RULES
from avatar_tui.engine.view import VIEW_PATHS
from avatar_tui.model.actions import VERBS
from avatar_tui.tui.screens.rules import NotationScreen, RulesScreen, doc_text, matching

from .helpers import make_app, scenario, screen_text

ROOT = Path(__file__).resolve().parents[2]


def test_docs_rules_md_is_what_rules_help_says():
    assert (ROOT / "docs" / "rules.md").read_text(encoding="utf-8") == rules_doc.render(), \
        "docs/rules.md is stale: run python -m avatar_tui.cardlib.rules_doc"


def test_every_rule_and_every_convention_is_in_the_rules_reference():
    text = rules_doc.render()
    for rid, (title, _) in RULES.items():
        assert f"{rid} {title}" in text, rid
    assert set(rules_doc.CONVENTIONS) <= set(RULES)
    assert text.count("*Convention:*") == len(rules_doc.CONVENTIONS)


def test_the_notation_reference_names_every_verb_and_every_view_leaf():
    text = doc_text("notation.md")
    for verb in VERBS:
        assert f": {verb}" in text, verb
    leaves = {p for p in VIEW_PATHS if not any(q.startswith(p + ".") for q in VIEW_PATHS)}
    for path in leaves:
        general = path.replace("p1", "pN").replace("p2", "pN")
        for zone in ("green", "yellow", "red"):
            general = general.replace(f".zones.{zone}.", ".zones.Z.")
        assert f"`{general}`" in text, path


def test_the_docs_are_shipped_inside_the_package():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert config["package-dir"]["avatar_tui.docs"] == "docs"
    assert "avatar_tui.docs" in config["packages"]
    assert "*.md" in config["package-data"]["avatar_tui.docs"]


def test_no_user_facing_text_points_at_the_shared_files():
    for path in [ROOT / "README.md", *(ROOT / "docs").glob("*.md"),
                 *(ROOT / "avatar_tui").rglob("*.py")]:
        if "engine" in path.parts or "model" in path.parts or "bots" in path.parts:
            continue  # the developers' own pointers at the shared specification
        text = path.read_text(encoding="utf-8")
        assert "RULES.md" not in text and "NOTATION.md" not in text, path


def test_searching_the_rules_by_id_and_by_words():
    assert [e[0] for e in matching("r6.3")] == ["R6.3"]
    assert [e[0] for e in matching("R10")][:2] == ["R10", "R10.1"]
    assert "R6.3" in [e[0] for e in matching("stronger colour")]
    assert matching("no such words at all") == []


async def test_help_then_r_opens_the_rules_browser_and_a_search_narrows_it():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark", "r")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert "R1.1 Players and decks" in screen_text(app)
        await pilot.press(*"R6.3")
        await pilot.pause()
        text = screen_text(app)
        assert "R6.3 Overpaying" in text and "R1.1 Players" not in text
        assert "Convention:" in text
        await pilot.press("escape", "n")
        await pilot.pause()
        assert isinstance(app.screen, NotationScreen)
        assert "The notation of avatar-tui" in screen_text(app)
