"""One rule for the names of kept games and of decks (io/names.py): a name
one of them accepts, the other accepts too, and each refusal says why."""

import pytest

from avatar_tui.decklib.library import DeckFileError
from avatar_tui.decklib.library import check_name as deck_name
from avatar_tui.io.names import NAME_LIMIT
from avatar_tui.store.savedgames import name_problem as game_name_problem

NAMES = ["fox", "Fox-2", "my_deck.v2", "2026-11-27-aang-v-kinto", "x" * NAME_LIMIT,
         "", ".hidden", "-dash", "a b", "../up", "a\\b", "x" * (NAME_LIMIT + 1), "tab\there",
         "é"]


@pytest.mark.parametrize("name", NAMES)
def test_a_game_and_a_deck_accept_the_same_names(name):
    game_ok = game_name_problem(name) is None
    try:
        deck_name(name)
        deck_ok = True
    except DeckFileError as err:
        deck_ok = False
        assert "\n" not in str(err) and "deck" in str(err)
    assert game_ok == deck_ok
    assert game_ok == (name in NAMES[:5])
