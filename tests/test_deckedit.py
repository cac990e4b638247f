"""The editor's live legality is `deck check`'s verdict: any sequence of
editor actions (add, remove, chamber, format) gives a deck whose saved
file `avatar-tui deck check` judges line for line as the editor does.
AVATAR_TUI_LONG=1 tries many more sequences (tests/depth.py)."""

from __future__ import annotations

from depth import depth
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.cli import main
from avatar_tui.decklib.draft import DeckDraft, deck_stats
from avatar_tui.decklib.library import DeckStore

CATALOG = default_catalog()
CARD_IDS = sorted(CATALOG.cards)
CHAMBERS = sorted(CATALOG.chambers)

ACTIONS = st.one_of(
    st.tuples(st.just("add"), st.sampled_from(CARD_IDS), st.integers(1, 6)),
    st.tuples(st.just("remove"), st.sampled_from(CARD_IDS), st.integers(1, 6)),
    st.tuples(st.just("chamber"), st.sampled_from(CHAMBERS), st.just(0)),
    st.tuples(st.just("starter"), st.just(""), st.just(0)),
)


def run(draft: DeckDraft, actions) -> None:
    for verb, what, n in actions:
        if verb == "add":
            draft.add(what, n)
        elif verb == "remove":
            draft.remove(what, n)
        elif verb == "chamber":
            draft.chamber = what
        else:
            draft.starter = not draft.starter


@settings(max_examples=depth(30, 300), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(ACTIONS, max_size=depth(25, 60)))
def test_the_editor_and_deck_check_agree(tmp_path, capsys, actions):
    draft = DeckDraft(CATALOG, "AME176")
    run(draft, actions)
    path = DeckStore(tmp_path).save("probe", draft.deck())
    capsys.readouterr()
    code = main(["deck", "check", str(path)])
    out = capsys.readouterr().out.splitlines()
    problems = [line.removeprefix(f"{path}: ") for line in out if "OK —" not in line]
    assert problems == draft.problems()
    assert code == (1 if problems else 0)
    assert all(n > 0 for n in draft.cards.values())


def test_many_copies_and_off_trait_cards_are_each_a_line_with_its_rule():
    draft = DeckDraft(CATALOG, "AME176")
    draft.add("evade", 5)
    draft.add("blazing_axe_kick")  # bull: not one of Aang's traits
    draft.add("sokka")  # Exclusive — Katara
    lines = draft.problems()
    assert lines[0] == "cards: 7 cards, at least 60 needed (R13.1)"
    assert "cards.evade: 5 copies, at most 4 allowed (R13.1)" in lines
    assert any(line.startswith("cards.blazing_axe_kick: trait bull") and "(R13.2)" in line
               for line in lines)
    assert "cards.sokka: exclusive to katara, but the chamber is aang (R13.3)" in lines
    draft.remove("evade", 10)
    assert draft.count("evade") == 0 and "evade" not in draft.cards


def test_statistics_count_copies():
    stats = deck_stats({"evade": 4, "knuckle_sandwich": 2, "open_hand_form": 3}, CATALOG)
    assert stats.total == 9
    assert stats.types == {"strike": 6, "advantage": 3, "ally": 0}
    evade, sandwich = CATALOG.card("evade"), CATALOG.card("knuckle_sandwich")
    assert stats.avg_force == (4 * evade.force + 2 * sandwich.force) / 6
    assert sum(stats.curve["green"]) == 9  # every card has some green cost, maybe 0
    assert stats.curve["green"][evade.cost.green] >= 4
