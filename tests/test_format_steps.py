"""The steps before a game from packs, in plain Python (play/format_steps.py):
the order of the steps at one keyboard and against the computer, the
computer's seat choosing and building by its rule, going back at any step,
settings no pool can meet, answers that do not fit the step, and the
setup the same as the card library's own for the same seed and choices.
The screens that show each step are tests/app/test_format_newgame.py's and
tests/app/test_sealed_newgame.py's."""

from __future__ import annotations

from collections import Counter

import pytest

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.cardlib.formats import (
    RIP_N_FLIP,
    SEALED,
    builder_seed,
    computer_chamber,
    computer_setup,
    fits,
    format_setup,
    open_format_packs,
    pack_maker,
    pool_of,
    pulled_chambers,
    sealed_pool,
)
from avatar_tui.decklib.sealed import build_deck, format_deck
from avatar_tui.play.format_steps import (
    BuildDeck,
    ChooseChamber,
    Finished,
    FormatSteps,
    OpenPacks,
    Step,
    TurnAway,
    WentBack,
)

SEED = 5
HOT_SEAT = ("p1", "p2")
VS_COMPUTER = ("p1",)


def pools(fmt, settings):
    catalog = default_catalog()
    packs = open_format_packs(fmt, catalog, pack_maker(catalog), SEED, settings)
    return catalog, {pid: pool_of(p) for pid, p in packs.items()}


def walk(steps: FormatSteps, answer) -> list[Step]:
    """Every step from the start to the end, each answered by `answer`."""
    seen = [steps.start()]
    while not isinstance(seen[-1], (Finished, WentBack)):
        seen.append(answer(steps, seen[-1]))
        assert len(seen) < 20, seen
    return seen


def choosing(picks: dict[str, int]):
    """Go on past look-aways and packs; choose the chamber `picks` says."""
    def answer(steps: FormatSteps, step: Step) -> Step:
        if isinstance(step, ChooseChamber):
            return steps.chosen(picks[step.pid])
        return steps.go_on()
    return answer


def building(seed: int = 2):
    """Go on past look-aways and packs; build with the computer's builder."""
    def answer(steps: FormatSteps, step: Step) -> Step:
        if isinstance(step, BuildDeck):
            return steps.built(build_deck(step.pool, steps.catalog, seed))
        return steps.go_on()
    return answer


def kinds(seen: list[Step]) -> list[tuple[str, str | None]]:
    return [(type(s).__name__, getattr(s, "pid", None)) for s in seen]


def test_two_people_choose_in_turn_each_after_the_other_looks_away():
    catalog, pulled = pools(RIP_N_FLIP, RIP_N_FLIP.defaults())
    steps = FormatSteps(RIP_N_FLIP, catalog, SEED, RIP_N_FLIP.defaults(), HOT_SEAT)
    seen = walk(steps, choosing({"p1": 1, "p2": 0}))
    assert kinds(seen) == [("TurnAway", "p1"), ("OpenPacks", "p1"), ("ChooseChamber", "p1"),
                           ("TurnAway", "p2"), ("OpenPacks", "p2"), ("ChooseChamber", "p2"),
                           ("Finished", None)]
    assert seen[0] == TurnAway("p1", "Rip 'Em and Flip 'Em", "choose your chamber")
    chambers = {"p1": pulled_chambers(catalog, pulled["p1"])[1],
                "p2": pulled_chambers(catalog, pulled["p2"])[0]}
    end = seen[-1]
    assert isinstance(end, Finished)
    assert end.setup == format_setup(RIP_N_FLIP, catalog, SEED, RIP_N_FLIP.defaults(),
                                     pulled, chambers)


def test_against_the_computer_no_one_looks_away_and_the_computer_chooses_by_its_rule():
    catalog, pulled = pools(RIP_N_FLIP, RIP_N_FLIP.defaults())
    steps = FormatSteps(RIP_N_FLIP, catalog, SEED, RIP_N_FLIP.defaults(), VS_COMPUTER)
    seen = walk(steps, choosing({"p1": 0}))
    assert kinds(seen) == [("OpenPacks", "p1"), ("ChooseChamber", "p1"), ("Finished", None)]
    end = seen[-1]
    assert isinstance(end, Finished)
    assert end.setup.p2.chamber == computer_chamber(catalog, pulled["p2"])
    assert end.setup == format_setup(
        RIP_N_FLIP, catalog, SEED, RIP_N_FLIP.defaults(), pulled,
        {"p1": pulled_chambers(catalog, pulled["p1"])[0],
         "p2": computer_chamber(catalog, pulled["p2"])})


def test_the_packs_shown_are_the_side_s_own_and_the_chambers_are_told_apart():
    catalog, pulled = pools(RIP_N_FLIP, RIP_N_FLIP.defaults())
    steps = FormatSteps(RIP_N_FLIP, catalog, SEED, RIP_N_FLIP.defaults(), VS_COMPUTER)
    packs = steps.start()
    assert isinstance(packs, OpenPacks) and packs.then == "goes on to your chamber"
    assert pool_of(list(packs.packs)) == pulled["p1"]
    choice = steps.go_on()
    assert isinstance(choice, ChooseChamber)
    assert choice.title == "p1: your chamber"
    assert choice.chambers == tuple(pulled_chambers(catalog, pulled["p1"]))
    assert len(set(choice.labels)) == len(choice.labels)
    for label, chamber in zip(choice.labels, choice.chambers, strict=True):
        assert f"({chamber})" in label
        assert label.endswith(f"fits {fits(catalog, pulled['p1'], chamber)} of your cards")
    assert "the 36 other cards you pulled are your deck" in choice.prompt


def test_two_people_build_sealed_decks_in_turn():
    settings = SEALED.defaults()
    catalog, pulled = pools(SEALED, settings)
    steps = FormatSteps(SEALED, catalog, SEED, settings, HOT_SEAT)
    seen = walk(steps, building())
    assert kinds(seen) == [("TurnAway", "p1"), ("OpenPacks", "p1"), ("BuildDeck", "p1"),
                           ("TurnAway", "p2"), ("OpenPacks", "p2"), ("BuildDeck", "p2"),
                           ("Finished", None)]
    assert seen[0] == TurnAway("p1", "Sealed Deck", "build your deck")
    assert isinstance(seen[1], OpenPacks) and seen[1].then == "goes on to your deck"
    for step in (seen[2], seen[5]):
        assert isinstance(step, BuildDeck)
        assert step.pool == sealed_pool(catalog, pulled[step.pid], settings["minimum"])
    built = {pid: build_deck(sealed_pool(catalog, pulled[pid], 30), catalog, 2)
             for pid in HOT_SEAT}
    end = seen[-1]
    assert isinstance(end, Finished)
    assert end.setup == format_setup(
        SEALED, catalog, SEED, settings, pulled, {pid: d.chamber for pid, d in built.items()},
        {pid: [c for c, n in d.cards.items() for _ in range(n)] for pid, d in built.items()})
    assert Counter(end.setup.p2.deck) == Counter(built["p2"].cards)


def test_against_the_computer_its_sealed_deck_is_built_by_its_rule():
    settings = SEALED.defaults()
    catalog, pulled = pools(SEALED, settings)
    steps = FormatSteps(SEALED, catalog, SEED, settings, VS_COMPUTER)
    seen = walk(steps, building())
    assert kinds(seen) == [("OpenPacks", "p1"), ("BuildDeck", "p1"), ("Finished", None)]
    end = seen[-1]
    assert isinstance(end, Finished)
    chamber, cards = format_deck(catalog, pulled["p2"], settings, builder_seed(SEED, "p2"))
    assert end.setup.p2.chamber == chamber
    assert Counter(end.setup.p2.deck) == Counter(cards)


def test_the_computer_s_builder_is_given_its_own_pool_and_seat_seed():
    """The deck-builder's seed settles only exact ties, so the deck alone
    rarely shows a wrong seed: the builder is asked with what it was given."""
    settings = SEALED.defaults()
    catalog, pulled = pools(SEALED, settings)
    asked = []

    def builder(catalog, pool, settings, seed):
        asked.append((pool, dict(settings), seed))
        return format_deck(catalog, pool, settings, seed)

    steps = FormatSteps(SEALED, catalog, SEED, settings, VS_COMPUTER, builder=builder)
    walk(steps, building())
    assert asked == [(pulled["p2"], settings, builder_seed(SEED, "p2"))]


@pytest.mark.parametrize("fmt", [RIP_N_FLIP, SEALED], ids=lambda f: f.name)
def test_with_no_one_at_the_keyboard_the_setup_is_the_computer_s_own(fmt):
    """No person: every seat chooses (builds) by the computer's rule, as
    `simulate --format` sets a game up (computer_setup)."""
    catalog = default_catalog()
    steps = FormatSteps(fmt, catalog, SEED, fmt.defaults(), ())
    end = steps.start()
    assert isinstance(end, Finished)
    assert end.setup == computer_setup(fmt, catalog, pack_maker(catalog), SEED,
                                       fmt.defaults(), builder=format_deck)


def _going_back_at(n: int):
    """Go on (choose the first chamber, build the computer's deck) until
    the nth step, then give up with that step's own way back."""
    count = iter(range(1, 100))

    def answer(steps: FormatSteps, step: Step) -> Step:
        if next(count) < n:
            if isinstance(step, ChooseChamber):
                return steps.chosen(0)
            if isinstance(step, BuildDeck):
                return steps.built(build_deck(step.pool, steps.catalog, 2))
            return steps.go_on()
        if isinstance(step, ChooseChamber):
            return steps.chosen(None)  # escape on the chamber choice
        if isinstance(step, BuildDeck):
            return steps.built(None)  # the editor left without a deck to play
        return steps.back()  # escape on the look-away
    return answer


@pytest.mark.parametrize("fmt", [RIP_N_FLIP, SEALED], ids=lambda f: f.name)
@pytest.mark.parametrize("n", range(1, 7))
def test_going_back_at_any_step_ends_with_no_game(fmt, n):
    steps = FormatSteps(fmt, default_catalog(), SEED, fmt.defaults(), HOT_SEAT)
    seen = walk(steps, _going_back_at(n))
    assert len(seen) == n + 1
    assert seen[-1] == WentBack()
    assert steps.back() == WentBack() and steps.go_on() == WentBack()  # it stays ended


def test_settings_no_pool_can_meet_end_at_once_with_one_line():
    settings = {"packs": 1, "minimum": 60, "extra_packs": 0}
    steps = FormatSteps(SEALED, default_catalog(), SEED, settings, VS_COMPUTER)
    end = steps.start()
    assert isinstance(end, WentBack) and end.problem is not None
    assert "cannot build a Sealed Deck deck" in end.problem and "\n" not in end.problem


def test_an_answer_that_does_not_fit_the_step_changes_nothing():
    catalog, pulled = pools(RIP_N_FLIP, RIP_N_FLIP.defaults())
    steps = FormatSteps(RIP_N_FLIP, catalog, SEED, RIP_N_FLIP.defaults(), HOT_SEAT)
    away = steps.start()
    assert steps.chosen(0) == away and steps.chosen(None) == away  # no chamber asked yet
    assert steps.built(None) == away
    packs = steps.go_on()
    assert isinstance(packs, OpenPacks) and steps.chosen(0) == packs
    choice = steps.go_on()
    assert isinstance(choice, ChooseChamber)
    assert steps.go_on() == choice and steps.built(None) == choice
    assert steps.chosen(len(choice.chambers)) == choice and steps.chosen(-1) == choice
    assert steps.chambers == {}
    assert steps.chosen(0) == TurnAway("p2", "Rip 'Em and Flip 'Em", "choose your chamber")
    assert steps.chambers == {"p1": pulled_chambers(catalog, pulled["p1"])[0]}


def test_the_same_seed_and_answers_give_the_same_setup():
    def play() -> Step:
        steps = FormatSteps(RIP_N_FLIP, default_catalog(), SEED, RIP_N_FLIP.defaults(),
                            HOT_SEAT)
        return walk(steps, choosing({"p1": 0, "p2": 1}))[-1]

    first = play()
    assert isinstance(first, Finished) and play() == first
