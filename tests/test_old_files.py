"""Files written before the engine stopped asking one-answer questions
answer them on lines of their own. Reading such a save or
scenario skips exactly those answers (notation/answered.py); any other
refused line still makes the file an error that names the line."""

from __future__ import annotations

from pathlib import Path

import pytest

from avatar_tui.notation.replay import replay
from avatar_tui.notation.save import load_game, replay_scenario
from avatar_tui.notation.scenario import ScenarioError, parse_scenario

ROOT = Path(__file__).resolve().parents[1]
CHARISMA = ROOT / "tests" / "scenarios" / "charisma.toml"
NOW = "p2: choose p1.green.ally !  # not p2's choice\n"


def _older(extra: str) -> str:
    """charisma.toml as it was, with a line after the one-answer question
    (p1 has one ally to pick) that the engine no longer asks."""
    text = CHARISMA.read_text()
    assert NOW in text
    return text.replace(NOW, NOW + extra)


def _parse(text: str, tmp_path: Path):
    path = tmp_path / "old.toml"
    path.write_text(text)
    return parse_scenario(text, path), path


def test_the_answer_the_engine_gave_is_skipped_and_the_game_is_the_same(tmp_path):
    old, path = _parse(_older("p1: choose p1.green.ally\n"), tmp_path)
    now, _ = _parse(CHARISMA.read_text(), tmp_path)
    state, _ = replay_scenario(old)
    expected, _ = replay_scenario(now)
    assert state == expected
    # the history (and so the next save) no longer has the extra line
    assert [str(h.action) for h in state.history] == [str(h.action) for h in expected.history]
    loaded, _ = load_game(path)
    assert loaded == expected


def test_the_scenario_replay_skips_it_and_keeps_checking(tmp_path):
    old, _ = _parse(_older("p1: choose p1.green.ally\n").replace("after = 8", "after = 9"),
                    tmp_path)
    result = replay(old)
    assert result.ok, result.failures


@pytest.mark.parametrize("extra", [
    "p1: choose p2.green\n",  # not the answer the engine gave
    "p2: choose p1.green.ally\n",  # the answer, by the wrong player
    "p1: choose p1.green.ally\np1: choose p1.green.ally\n",  # the answer twice
])
def test_any_other_refused_line_is_still_an_error(tmp_path, extra):
    old, _ = _parse(_older(extra), tmp_path)
    with pytest.raises(ScenarioError, match=r"line \d+: .*was refused"):
        replay_scenario(old)
    assert not replay(old).ok


def test_the_engine_records_the_answers_it_gave(tmp_path):
    now, _ = _parse(CHARISMA.read_text(), tmp_path)
    state, _ = replay_scenario(now)
    pay = next(h for h in reversed(state.history) if str(h.action) == "p2: pay")
    assert [str(a) for a in pay.unasked] == ["p1: choose p1.green.ally"]


# ------------------------------------------------------------ house decks retuned since
#
# Saves written by the game before the retune of 2026-11-27 (commit 5bcaa87:
# Iroh, Kinto and Zuko's house decks), made by that version playing
# heuristic against heuristic: they name their house decks without listing
# them. The counts below are what that version replays them to.

OLD_SAVES = ROOT / "tests" / "fixtures" / "old_saves"


@pytest.mark.parametrize(("name", "moves", "phase", "score"), [
    ("iroh-v-aang.toml", 128, "over", (3, 1)),  # Iroh's deck of before
    ("zuko-v-iroh.toml", 120, "flip", None),  # both decks of before
])
def test_a_save_dealt_from_a_house_deck_since_retuned_replays_as_played(name, moves, phase,
                                                                        score):
    state, _ = load_game(OLD_SAVES / name)
    assert (len(state.history), state.phase) == (moves, phase)
    if score is not None:
        assert (state.players["p1"].score, state.players["p2"].score) == score


def test_its_next_save_lists_the_deck_it_was_dealt(tmp_path):
    from avatar_tui.notation.save import scenario_text

    state, _ = load_game(OLD_SAVES / "iroh-v-aang.toml")
    text = scenario_text(state)
    assert "[p1.house]" in text and "evade = 2" in text  # Iroh's deck of before
    again = tmp_path / "again.toml"
    again.write_text(text, encoding="utf-8")
    replayed, _ = load_game(again)
    assert replayed.model_dump() == state.model_dump()


def test_a_save_whose_moves_fit_both_decks_is_refused_in_one_line(tmp_path):
    path = OLD_SAVES / "aang-v-kinto.toml"
    with pytest.raises(ScenarioError) as refused:
        load_game(path)
    said = str(refused.value)
    assert "\n" not in said and said.startswith(f"{path}: ")
    assert "which one it was cannot be told" in said and "until 2026-11-27" in said


def test_a_save_lists_its_house_decks_so_a_later_retune_keeps_the_game(tmp_path):
    from avatar_tui.cardlib.catalog import default_catalog
    from avatar_tui.engine import apply, legal_actions, new_game
    from avatar_tui.model.state import GameSetup, PlayerSetup
    from avatar_tui.notation.save import save_game

    catalog = default_catalog()
    state, _ = new_game(GameSetup(seed=5, p1=PlayerSetup(chamber="kinto"),
                                  p2=PlayerSetup(chamber="uncle_iroh"), catalog=catalog))
    for _ in range(30):
        state, _ = apply(state, legal_actions(state)[0])
    path = save_game(state, tmp_path / "game.toml")
    # the card data's Kinto deck retuned after the save: one Frost Daggers less
    kinto = catalog.chamber("kinto")
    retuned = dict(catalog.starter_deck(kinto.character).cards)
    retuned["frost_daggers"] -= 1
    retuned["pummel"] = retuned.get("pummel", 0) + 1
    later = parse_scenario(path.read_text(encoding="utf-8"), path,
                           catalog.with_house_deck(kinto, retuned))
    replayed, _ = replay_scenario(later)
    assert replayed.model_dump() == state.model_dump()
