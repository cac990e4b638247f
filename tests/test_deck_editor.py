"""The deck editor's flows on the play layer (play/deck_editor.py), without
Textual: open, new, add and remove, save, save a copy, rename, delete,
import and export a text list, the guard on unsaved changes, the test
against the house decks, and every refusal the screen says. Each question
is answered as a front end would, by an `Answer` with its token."""

from __future__ import annotations

import pytest

from avatar_tui.cardlib.catalog import MAX_COUNT, DeckList, characters, default_catalog
from avatar_tui.decklib.library import DeckStore
from avatar_tui.play import deck_editor as play_editor  # its `Tested` is no test class
from avatar_tui.play.deck_editor import (
    DELETE,
    TEST_GAMES,
    UNSAVED,
    Answer,
    AskName,
    AskText,
    Choose,
    Close,
    DeckEditor,
    KeepLater,
    Note,
    RunTest,
    Show,
    ShowText,
)

CATALOG = default_catalog()
AANG = CATALOG.chamber("aang").id
SMALL = DeckList(name="Small", chamber=AANG, cards={"evade": 3, "momo": 2})


@pytest.fixture
def store(tmp_path) -> DeckStore:
    return DeckStore(tmp_path / "data")


def editor(store: DeckStore, deck: str | None = None,
           scheduler: str | None = None) -> DeckEditor:
    return DeckEditor(store, CATALOG, deck, scheduler=scheduler)


def asked(commands, kind):
    """The one question among `commands`, of the kind expected."""
    questions = [c for c in commands if isinstance(c, (Choose, AskName, AskText))]
    assert len(questions) == 1 and isinstance(questions[0], kind), commands
    return questions[0]


def answer(ed: DeckEditor, commands, kind, value):
    """Answer the question `commands` put (a label's index, a name, a text)."""
    question = asked(commands, kind)
    if kind is Choose and isinstance(value, str):
        value = question.labels.index(value)
    return ed.answer(Answer(question.token, value))


def dirty_editor(store: DeckStore, name: str | None = None) -> DeckEditor:
    """An editor with two unsaved copies of Evade (in deck `name` if given)."""
    if name is not None:
        store.save(name, SMALL)
    ed = editor(store, name)
    ed.add("evade")
    ed.add("evade")
    return ed


# ---------------------------------------------------------------- opening


def test_a_new_editor_holds_an_empty_starter_deck_for_aang(store):
    ed = editor(store)
    assert ed.draft.starter and ed.draft.chamber == AANG  # R1.1: a new player's first deck
    assert ed.draft.cards == {} and not ed.dirty and ed.deck_name is None
    assert ed.note is None


def test_a_deck_named_at_the_start_is_opened(store):
    store.save("small", SMALL)
    ed = editor(store, "small")
    assert ed.deck_name == "small" and ed.draft.cards == SMALL.cards and not ed.dirty


def test_a_deck_that_is_not_there_says_so_and_the_editor_keeps_its_deck(store):
    ed = editor(store, "nothing")
    assert ed.note is not None and ed.note.tone == "error"
    assert "nothing.toml: cannot read" in ed.note.text
    assert ed.deck_name is None and ed.draft.cards == {}


def test_a_deck_file_that_cannot_be_read_is_one_line(store):
    store.directory.mkdir(parents=True)
    (store.directory / "bad.toml").write_text('name = "x\n', "utf-8")
    ed = dirty_editor(store)
    assert ed.open_saved("bad") == [Show()]
    assert "bad.toml: not valid TOML" in ed.note.text and "\n" not in ed.note.text
    assert ed.draft.cards == {"evade": 2}  # the deck being edited is kept


def test_the_deck_left_unsaved_last_time_comes_back(store):
    ed = dirty_editor(store, "small")
    ed.keep()
    again = editor(store)
    assert again.draft.cards == {"evade": 5, "momo": 2} and again.deck_name == "small"
    assert again.dirty and again.note == Note(
        "The deck you were editing, not saved yet: s saves it.", "warning")


# ---------------------------------------------------------------- cards


def test_adding_and_removing_a_card_changes_the_draft_and_keeps_a_copy_soon(store):
    ed = editor(store)
    assert ed.add("evade") == [KeepLater(), Show(card="evade")]
    assert ed.draft.count("evade") == 1 and ed.dirty
    assert ed.remove("evade") == [KeepLater(), Show(card="evade")]
    assert ed.draft.count("evade") == 0
    assert ed.remove("evade") == []  # nothing to remove, nothing changed


def test_a_card_past_the_most_a_deck_file_holds_is_refused(store):
    ed = editor(store)
    ed.draft.add("evade", MAX_COUNT)
    assert ed.add("evade") == [Show()]
    assert ed.note == Note(f"At most {MAX_COUNT} copies of a card in a deck file", "error")
    assert ed.draft.count("evade") == MAX_COUNT


def test_a_change_forgets_the_last_test_and_the_last_line(store):
    ed = editor(store)
    ed.results = ["old"]  # type: ignore[list-item]
    ed.note = Note("Tested.", "success")
    ed.toggle_format()
    assert ed.results == [] and ed.note is None and not ed.draft.starter  # R13 now


def test_another_chamber_redraws_the_card_list(store):
    ed = editor(store)
    katara = CATALOG.chamber("katara").id
    assert ed.choose_chamber(katara) == [KeepLater(), Show(cards=True)]
    assert ed.draft.chamber == katara and ed.dirty
    assert ed.choose_chamber(katara) == []  # the picker set to what it was


def test_the_safety_copy_is_kept_while_unsaved_and_dropped_when_given_up(store):
    ed = dirty_editor(store)
    ed.keep()
    assert store.editing() is not None
    ed.discard()
    assert store.editing() is None and not ed.dirty


# ---------------------------------------------------------------- saving


def test_the_first_save_asks_a_free_name_and_the_deck_takes_it_as_title(store):
    store.save("new-deck", SMALL)
    ed = dirty_editor(store)
    question = asked(ed.save(), AskName)
    assert question.value == "new-deck-2"  # the title's slug, free
    assert str(store.directory) in question.note
    assert answer(ed, [question], AskName, "mine") == [Show()]
    assert store.load("mine").name == "mine" and ed.draft.title == "mine"
    assert ed.deck_name == ed.saved_name == "mine" and not ed.dirty
    assert ed.note == Note("Saved as decks/mine.toml", "success")
    assert store.editing() is None  # saved: no safety copy left


def test_a_saved_deck_is_saved_again_without_a_question(store):
    ed = dirty_editor(store, "small")
    assert ed.save() == [Show()]
    assert store.load("small").cards == {"evade": 5, "momo": 2} and not ed.dirty


def test_an_illegal_deck_is_saved_as_it_is(store):
    ed = dirty_editor(store)  # 2 cards: far from legal (R1.1)
    assert ed.draft.problems()
    answer(ed, ed.save(), AskName, "tiny")
    assert store.load("tiny").cards == {"evade": 2}


def test_saving_given_up_saves_nothing(store):
    ed = dirty_editor(store)
    assert answer(ed, ed.save(), AskName, None) == []
    assert answer(ed, ed.save(), AskName, "") == []
    assert store.names() == [] and ed.dirty


@pytest.mark.parametrize("name", ["../up", "two words", "a" * 200, ".hidden", "mine.toml"])
def test_a_name_that_cannot_name_a_file_is_refused(store, name):
    ed = dirty_editor(store)
    assert answer(ed, ed.save(), AskName, name) == [Show()]
    assert ed.note.tone == "error" and "deck name" in ed.note.text
    assert store.names() == [] and ed.deck_name is None


def test_a_name_taken_is_refused(store):
    store.save("taken", SMALL)
    ed = dirty_editor(store)
    answer(ed, ed.save(), AskName, "taken")
    assert ed.note == Note("A deck named taken exists already: choose another name.", "error")
    assert store.load("taken").cards == SMALL.cards


def test_a_save_that_fails_says_why_and_keeps_the_deck(store, monkeypatch):
    def full(*_):
        raise OSError("No space left on device")

    ed = dirty_editor(store, "small")
    monkeypatch.setattr(store, "save", full)
    assert ed.save() == [Show()]
    assert ed.note == Note("Not saved: No space left on device", "error")
    assert ed.dirty and ed.draft.count("evade") == 5


def test_a_copy_takes_its_new_name_as_title_and_the_first_is_left(store):
    """Issue 36: a copy ("Save a copy as") kept the first deck's title."""
    ed = dirty_editor(store)
    answer(ed, ed.save(), AskName, "first")
    ed.add("momo")
    answer(ed, ed.save_as(), AskName, "second")
    assert ed.deck_name == ed.saved_name == "second"
    assert store.load("second").name == "second" and store.load("second").cards["momo"] == 1
    assert store.load("first").name == "first" and "momo" not in store.load("first").cards


# ---------------------------------------------------------------- renaming and deleting


def test_renaming_moves_the_file(store):
    store.save("old", SMALL)
    ed = editor(store, "old")
    question = asked(ed.rename(), AskName)
    assert question.title == "Rename old to"
    answer(ed, [question], AskName, "new")
    assert store.names() == ["new"] and ed.deck_name == ed.saved_name == "new"
    assert ed.note == Note("Renamed to decks/new.toml", "success")
    assert store.load("new").name == "new" and not ed.dirty  # the title follows the name


def test_renaming_a_changed_deck_saves_the_changes_too(store):
    ed = dirty_editor(store, "old")
    answer(ed, ed.rename(), AskName, "new")
    assert store.names() == ["new"] and store.load("new").cards["evade"] == 5
    assert not ed.dirty and ed.note == Note("Saved as decks/new.toml", "success")


def test_renaming_onto_a_deck_that_exists_is_refused(store):
    store.save("other", SMALL)
    ed = dirty_editor(store, "old")
    answer(ed, ed.rename(), AskName, "other")
    assert ed.note.tone == "error" and "exists already" in ed.note.text
    assert store.names() == ["old", "other"] and ed.deck_name == "old"


def test_renaming_an_unsaved_deck_is_its_first_save(store):
    ed = dirty_editor(store)
    assert asked(ed.rename(), AskName).title == "Save the deck as"


def test_deleting_asks_then_removes_the_file_and_keeps_the_deck_unsaved(store):
    store.save("small", SMALL)
    ed = editor(store, "small")
    ed.saved_name = "small"
    question = asked(ed.delete(), Choose)
    assert question.labels == DELETE and question.title == "Delete decks/small.toml?"
    answer(ed, [question], Choose, "Delete the file")
    assert store.names() == [] and ed.deck_name is None and ed.saved_name is None
    assert ed.dirty and ed.draft.cards == SMALL.cards
    assert ed.note.text.startswith("Deleted decks/small.toml; the deck is still here")


def test_deleting_kept_or_backed_out_of_deletes_nothing(store):
    store.save("small", SMALL)
    ed = editor(store, "small")
    assert answer(ed, ed.delete(), Choose, "Keep it") == []
    assert answer(ed, ed.delete(), Choose, None) == []
    assert store.names() == ["small"] and ed.deck_name == "small"


def test_an_unsaved_deck_has_no_file_to_delete(store):
    ed = dirty_editor(store)
    assert ed.delete() == [Show()]
    assert ed.note == Note("This deck is not saved: there is no file to delete.")


# ---------------------------------------------------------------- the guard


def test_leaving_with_nothing_unsaved_closes_at_once(store):
    assert editor(store).leave() == [Close(None)]
    ed = dirty_editor(store)
    answer(ed, ed.save(), AskName, "mine")
    assert ed.leave() == [Close("mine")]  # the new-game screen offers it then


def test_an_unsaved_empty_deck_is_left_without_a_question(store):
    ed = editor(store)
    ed.toggle_format()
    assert ed.dirty and ed.leave() == [Close(None)]


def test_leaving_with_unsaved_changes_asks_and_staying_stays(store):
    ed = dirty_editor(store)
    question = asked(ed.leave(), Choose)
    assert question.labels == UNSAVED and question.text == "New deck"
    assert answer(ed, [question], Choose, "Stay in the editor") == []
    assert answer(ed, ed.leave(), Choose, None) == []  # escape: stays too
    assert ed.dirty


def test_leaving_without_saving_drops_the_safety_copy(store):
    ed = dirty_editor(store)
    ed.keep()
    assert answer(ed, ed.leave(), Choose, "Do not save it") == [Close(None)]
    assert store.editing() is None and store.names() == []


def test_leaving_a_named_deck_after_saving_it_first(store):
    ed = dirty_editor(store, "small")
    assert answer(ed, ed.leave(), Choose, "Save it first") == [Close("small")]
    assert store.load("small").cards["evade"] == 5


def test_leaving_an_unnamed_deck_saves_it_under_the_name_asked(store):
    ed = dirty_editor(store)
    commands = answer(ed, ed.leave(), Choose, "Save it first")
    commands = answer(ed, commands, AskName, "kept")
    assert commands[-1] == Close("kept")
    assert store.load("kept").name == "kept"


def test_a_save_refused_on_the_way_out_stays_in_the_editor(store):
    store.save("taken", SMALL)
    ed = dirty_editor(store)
    commands = answer(ed, ed.leave(), Choose, "Save it first")
    assert answer(ed, commands, AskName, "taken") == [Show()]
    assert ed.dirty and "exists already" in ed.note.text


def test_a_stale_answer_is_dropped(store):
    ed = dirty_editor(store)
    first = asked(ed.leave(), Choose)
    later = ed.open()  # a later question replaces it
    assert ed.answer(Answer(first.token, 1)) == []  # "Do not save it", too late
    assert ed.dirty and ed.draft.cards == {"evade": 2}
    assert asked(answer(ed, later, Choose, 1), Choose).labels == UNSAVED  # still open


# ---------------------------------------------------------------- new and open


def test_new_gives_an_empty_starter_deck_of_the_same_chamber_after_the_guard(store):
    ed = dirty_editor(store)
    katara = CATALOG.chamber("katara").id
    ed.choose_chamber(katara)
    commands = answer(ed, ed.new(), Choose, "Do not save it")
    assert commands == [Show(replaced=True)]
    assert ed.draft.cards == {} and ed.draft.chamber == katara and ed.draft.starter
    assert not ed.dirty and ed.deck_name is None


def test_open_lists_your_decks_the_house_decks_and_a_random_starter(store):
    store.save("small", SMALL)
    ed = editor(store)
    labels = asked(ed.open(), Choose).labels
    assert labels[0] == "your deck: small"
    assert labels[1:-1] == tuple(f"house deck: {d.name}" for _, d in sorted(CATALOG.decks.items()))
    assert labels[-1] == "a random starter deck for Aang (seed 1)"


def test_opening_a_saved_deck(store):
    store.save("small", SMALL)
    ed = editor(store)
    assert answer(ed, ed.open(), Choose, "your deck: small") == [Show(replaced=True)]
    assert ed.deck_name == "small" and ed.draft.cards == SMALL.cards and not ed.dirty


def test_a_house_deck_opens_as_an_unsaved_copy(store):
    ed = editor(store)
    answer(ed, ed.open(), Choose, "house deck: Aang — house starter")
    assert ed.deck_name is None and ed.dirty
    assert ed.draft.starter and ed.draft.total == 30  # R1.1


def test_random_starters_follow_the_seed(store):
    ed = editor(store)
    answer(ed, ed.open(), Choose, "a random starter deck for Aang (seed 1)")
    first = dict(ed.draft.cards)
    assert ed.draft.total == 30 and not ed.draft.problems()  # R1.1, R13.2, R13.3
    commands = answer(ed, ed.open(), Choose, "a random starter deck for Aang (seed 2)")
    answer(ed, commands, Choose, "Do not save it")  # the first one is unsaved
    assert ed.draft.cards != first and ed.seed == 3


def test_opening_another_deck_over_unsaved_changes_asks_first(store):
    store.save("small", SMALL)
    ed = dirty_editor(store)
    commands = answer(ed, ed.open(), Choose, "your deck: small")
    assert asked(commands, Choose).labels == UNSAVED
    assert answer(ed, commands, Choose, "Stay in the editor") == []
    assert ed.draft.cards == {"evade": 2}


# ---------------------------------------------------------------- text lists


def test_an_imported_list_becomes_the_deck_unsaved(store):
    ed = editor(store)
    question = asked(ed.import_list(), AskText)
    assert question.text == "" and question.problem is None
    commands = answer(ed, [question], AskText, "chamber: Katara\n3 Evade\n2 Momo\n")
    assert commands == [Show(replaced=True)]
    assert ed.draft.cards == {"evade": 3, "momo": 2}
    assert ed.draft.chamber == CATALOG.chamber("katara").id
    assert ed.dirty and store.names() == []  # importing saves nothing


def test_a_list_that_cannot_be_read_is_asked_again_with_its_problem(store):
    ed = dirty_editor(store)
    text = "chamber: Aang\n3 Evade\n2 Flying Pancake\n"
    again = asked(answer(ed, ed.import_list(), AskText, text), AskText)
    assert again.text == text
    assert again.problem == "the text: line 3: unknown card 'Flying Pancake'"
    huge = "chamber: Aang\n" + "9" * 4500 + " Evade\n"
    again = asked(ed.answer(Answer(again.token, huge)), AskText)
    assert again.problem == ("the text: line 2: a count of 4500 digits; a deck list counts "
                             "at most 99 copies of a card")
    assert ed.answer(Answer(again.token, None)) == []  # escape: nothing lost
    assert ed.draft.cards == {"evade": 2}


def test_importing_over_unsaved_changes_asks_first(store):
    ed = dirty_editor(store)
    commands = answer(ed, ed.import_list(), AskText, "chamber: Aang\n1 Evade\n")
    assert asked(commands, Choose).labels == UNSAVED


def test_export_shows_the_deck_as_a_list_with_its_escapes_visible(store):
    store.save("fox", DeckList(name="Fox \x1b[2J", chamber=AANG, cards={"evade": 2}))
    ed = editor(store, "fox")
    [shown] = ed.export()
    assert isinstance(shown, ShowText)
    assert shown.title == "Fox \\x1b[2J as a text list"
    assert "name: Fox \\x1b[2J" in shown.text and "2 Evade" in shown.text
    assert "\x1b" not in shown.text


# ---------------------------------------------------------------- testing


def test_only_a_legal_deck_is_tested(store):
    ed = dirty_editor(store)
    assert ed.test() == [Show()]
    assert ed.note == Note("Only a legal deck can be tested: see its problems.", "error")
    assert not ed.testing


def test_a_legal_deck_is_tested_against_every_house_deck(store, monkeypatch):
    monkeypatch.setenv(TEST_GAMES, "2")
    ed = editor(store)
    answer(ed, ed.open(), Choose, "house deck: Aang — house starter")
    commands = ed.test()
    run = commands[0]
    assert isinstance(run, RunTest) and run.games == 2 and run.matches == len(characters())
    assert run.deck == ed.draft.deck() and ed.testing
    assert ed.test() == []  # one test at a time
    assert ed.note == Note("Testing: 2 games against each house deck…")
    played = []
    tested = run.work(advance=played.append, stopped=lambda: sum(played) >= 2)
    assert [m.games for m in tested.results] == [2]  # stopped after the first house deck
    assert ed.tested(tested) == [Show()]
    assert not ed.testing and ed.results == list(tested.results)
    assert ed.note == Note("Tested.", "success")


def test_a_test_with_no_cluster_to_play_on_says_why(store):
    """The test's Dask cluster (settings.toml's `scheduler`, or `decks
    --scheduler`) could not be used: one line, and no results."""
    ed = editor(store, scheduler="tcp://127.0.0.1:9")
    answer(ed, ed.open(), Choose, "house deck: Aang — house starter")
    [run, *_] = ed.test()
    assert isinstance(run, RunTest) and run.scheduler == "tcp://127.0.0.1:9"
    problem = "no Dask scheduler answered at tcp://127.0.0.1:9"
    assert ed.tested(play_editor.Tested((), problem)) == [Show()]
    assert not ed.testing and ed.results == []
    assert ed.note == Note(f"Not tested: {problem}", "error")


@pytest.mark.parametrize(("value", "games"), [("7", 7), ("0", 1), ("many", 20)])
def test_the_games_of_a_test_are_set_by_the_environment(monkeypatch, value, games):
    from avatar_tui.play.deck_editor import test_games

    monkeypatch.setenv(TEST_GAMES, value)
    assert test_games() == games

