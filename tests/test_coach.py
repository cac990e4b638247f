"""The coach (play/coach.py): the expert's word on each decision of one
player, from what that player could see then (R1.6), at a fixed seeded
budget. The same game gets the same marks; and a game that differs only
in cards the reviewed player never saw gets the same marks too."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from avatar_tui.bots import make_bot
from avatar_tui.bots.expert import ExpertBot
from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.engine import (
    Observation,
    apply,
    determinize,
    legal_actions,
    new_game,
    observation,
    replay_actions,
    seeded_rng,
)
from avatar_tui.model.state import GameSetup, PlayerSetup
from avatar_tui.play import coach
from avatar_tui.play.review import Review, load_review

GAME = Path(__file__).parent / "review" / "katara-v-uncle-iroh.toml"
WORLDS = 4
MOVES = 70  # the first points of a game: enough decisions, quick to search


def test_the_same_game_gets_the_same_words():
    review = load_review(GAME)
    first = coach.coach(review, "p1", worlds=WORLDS)
    assert first == coach.coach(review, "p1", worlds=WORLDS)
    assert set(first) == set(coach.decisions(review, "p1"))
    assert all(review.moves[n - 1].player == "p1" for n in first)


def test_advice_reads_as_the_hint_does():
    review = load_review(GAME)
    done = []
    advice = coach.coach(review, "p1", worlds=WORLDS, progress=lambda i, n: done.append((i, n)))
    assert done[-1] == (len(advice), len(advice))
    for a in advice.values():
        assert a.ranking[0][1] == "best" and "%" not in a.text
        if a.words == "best":
            assert a.text == f"you chose {a.made}: best" and a.mark == ""
        else:
            assert a.text.startswith(f"{a.best}: best; you chose {a.made}: {a.words}")
            assert a.text.endswith(a.mark)


def deck(character: str, rng: random.Random) -> list[str]:
    catalog = default_catalog()
    cards = catalog.deck_cards(catalog.starter_deck(character))
    rng.shuffle(cards)
    return cards


def setup(p1: list[str], p2: list[str]) -> GameSetup:
    return GameSetup(catalog=default_catalog(),
                     seed=9, p1=PlayerSetup(chamber="katara", deck=p1, complete=True),
                     p2=PlayerSetup(chamber="uncle_iroh", deck=p2, complete=True))


def unseen_tail(start: list[str], end: list[str]) -> int:
    """How many cards at the bottom of the deck as set up were still there,
    in order, at the top of the deck at the end: never drawn, never seen."""
    for m in range(min(len(start), len(end)), 0, -1):
        if end[:m] == start[-m:]:
            return m
    return 0


def dealt_again(decks: list[list[str]], final_decks: list[list[str]],
                rng: random.Random) -> list[list[str]]:
    """The decks as set up, with each part never drawn shuffled anew."""
    out = []
    for start, end in zip(decks, final_decks, strict=True):
        m = unseen_tail(start, end)
        tail = start[-m:] if m else []
        while len(set(tail)) > 1 and tail == start[-m:]:
            tail = rng.sample(tail, len(tail))
        out.append(start[:len(start) - m] + tail)
    return out


@pytest.fixture(scope="module")
def two_games():
    """A game, and the same game with the cards the players never drew
    dealt in another order: the same moves, the same sights for p1."""
    rng = random.Random(32)
    decks = [deck("katara", rng), deck("uncle_iroh", rng)]
    state, _ = new_game(setup(*decks))
    bots = {"p1": make_bot("heuristic", 1), "p2": make_bot("heuristic", 2)}
    actions = []
    while len(actions) < MOVES and state.phase != "over":
        pid = legal_actions(state)[0].player
        action = bots[pid].choose(observation(state, pid), legal_actions(state))
        state, _ = apply(state, action)
        actions.append(action)
    other = dealt_again(decks, [state.players["p1"].deck, state.players["p2"].deck], rng)
    twin = replay_actions(setup(*other), actions)
    return Review(state, viewer="p1"), Review(twin, viewer="p1")


def test_the_marks_do_not_depend_on_what_the_player_never_saw(two_games):
    real, twin = two_games
    numbers = coach.decisions(real, "p1")
    assert numbers == coach.decisions(twin, "p1") and len(numbers) >= 10
    # the premise: p1 saw the very same things at every decision...
    for n in numbers:
        assert observation(real.positions[n - 1], "p1") == \
            observation(twin.positions[n - 1], "p1")
    # ...while the games themselves differ there
    differ = [n for n in numbers if real.positions[n - 1] != twin.positions[n - 1]]
    assert len(differ) == len(numbers)
    # and the deal matters: a search shown the real cards answers differently
    def peeking(review: Review, n: int):
        before = review.positions[n - 1]
        bot = ExpertBot(coach.decision_seed(coach.COACH_SEED, n), worlds=WORLDS)
        return [(e.action, e.win) for e in bot.analyse(
            Observation(player="p1", state=before, pools={}), legal_actions(before))]
    assert any(peeking(real, n) != peeking(twin, n) for n in numbers)

    assert coach.coach(real, "p1", worlds=WORLDS) == coach.coach(twin, "p1", worlds=WORLDS)


def test_each_decision_reads_the_same_when_its_hidden_parts_are_dealt_again():
    """At every decision of p1, the real board and boards dealt again from
    p1's observation (`determinize`: both deck orders, p2's face-down
    energy and chamber, the game's generator) get the same word; a search
    shown the real board would not (checked: the deals differ where it
    counts)."""
    review = load_review(GAME)
    rng = seeded_rng(2028)
    for n in coach.decisions(review, "p1")[:12]:
        before = review.positions[n - 1]
        made = review.moves[n - 1]
        entry = review.positions[n].history[n - 1]
        seen = observation(before, "p1")
        word = coach.advise(review, n, worlds=WORLDS)
        for _ in range(2):
            dealt, rng = determinize(seen, rng)
            assert observation(dealt, "p1") == seen and dealt != before
            assert coach.advise_move(dealt, entry.action, n, worlds=WORLDS,
                                     secret=entry.secret) == word, made.words


def test_a_secret_answer_is_ranked_without_naming_it():
    """Move 19 answers a question about cards only p1 saw (R1.6): the log
    keeps the answer to itself, and so does the coach."""
    review = load_review(GAME)
    assert review.positions[19].history[18].secret
    word = coach.advise(review, 19, worlds=WORLDS)
    named = {"Double Crest", "Single Water Whip"}
    assert not any(card in word.text for card in named)
    assert not any(card in name for name, _ in word.ranking for card in named)
    assert coach.SECRET_MINE in word.text
