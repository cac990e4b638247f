"""The coach's and the hint's reasons (play/reasons.py, issue 41): what
each move leaves right after it, read from the engine's look of the move
made, and what the expert's sampled futures show (a point lost, a deck
run out: R9.1, R9.3, R10.2).

- a deck-emptying blunder, built move by move: paying for an advantage
  that takes the last cards of the deck into energy (R6.4, R9.2) leaves
  the deck empty and the point lost when it runs out; focusing does not.
  The reason says so and names the deck;
- a property over random positions of random games: every number and
  zone a reason names is the one the engine reports when the move is
  made on the real position (the reason itself is worked out from the
  player's observation only, R1.6), so a reason never contradicts the
  engine."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from support import Play, energy_then

from avatar_tui.bots import HeuristicBot, setup_for
from avatar_tui.bots.base import RandomBot
from avatar_tui.bots.expert import ExpertBot, candidates
from avatar_tui.engine import Look, apply, legal_actions, look, new_game, observation
from avatar_tui.model.actions import Action, parse_action
from avatar_tui.model.common import ZONES, PlayerId, other
from avatar_tui.model.state import GameState
from avatar_tui.play import coach, reasons
from avatar_tui.play.plain import unmarked
from avatar_tui.play.review import load_review

# an advantage that fills green with seven energy at once: with three cards
# in the discard pile, R9.2 takes the deck's last four into it on the way
GATHER = {"id": "gather", "name": "Gather", "type": "advantage", "immediate": True,
          "text": "Immediate: add 7 green energy.",
          "on_play": [{"effect": "add_energy", "count": 7}]}
WORLDS = 12


def gather_decision() -> Play:
    """p1 defends the opening attack (force 4) in green with Gather face up,
    four Walls (intercept 9) left in the deck and three cards discarded."""
    game = Play(p1=energy_then("gather", "wall", "wall", "wall", "wall", discard=("big",) * 4),
                p2=energy_then(*["wall"] * 20), cards=[GATHER])
    game.do("p1: open p1", "p1: flip")
    assert game.v("players.p1.deck") == 4 and game.v("players.p1.discard") == 3
    return game


def test_paying_into_an_empty_deck_is_told_with_the_deck_it_empties():
    game = gather_decision()
    pay, focus = parse_action("p1: pay"), parse_action("p1: focus")
    # the engine's own account: paying empties the deck (R9.2), and the
    # next flips find no card at all (R9.1, R9.3): the point goes to p2
    after, _ = apply(game.state, pay)
    assert look(after).player("p1").deck == 0
    for line in ("p1: flip", "p1: flip", "p1: flip"):
        after, _ = apply(after, parse_action(line))
    assert after.players["p2"].score == 1
    # the expert's futures count it, world by world
    obs = observation(game.state, "p1")
    estimates = {e.action.verb: e for e in ExpertBot(5, worlds=WORLDS).analyse(
        obs, legal_actions(obs.state))}
    paid, focused = estimates["pay"].futures, estimates["focus"].futures
    assert paid is not None and focused is not None
    assert paid.ran_out == paid.lost_ran_out == paid.lost == WORLDS
    assert focused.ran_out == 0 and focused.lost < WORLDS
    # and the coach's word on paying says why, naming the deck
    word = coach.advise_move(game.state, pay, len(game.state.history) + 1, worlds=WORLDS)
    assert word.mark or word.words != "best"
    assert "after pay for Gather: your deck is empty" in word.reason
    assert f"your deck runs out and you lose the point in {WORLDS} of {WORLDS} futures " \
           "after pay for Gather" in word.reason
    assert "R9.3" in word.reason and "R9.1" in word.reason
    # set against focusing, the same: focus keeps the deck's four cards
    versus = reasons.reason(obs, *(
        reasons.compared(obs, estimates[verb], verb, 5) for verb in ("focus", "pay")))
    assert "after focus: 4 cards stay in your deck" in versus
    assert "after pay: your deck is empty" in versus
    assert pay.verb == "pay" and focus.verb == "focus"


def test_a_real_deck_out_is_told_where_the_coach_marks_it():
    """The game of issue 36: Uncle Iroh's 15-card deck runs dry, and his
    focus at move 99 leaves it empty; the flips after it find no card."""
    review = load_review(Path(__file__).parent / "review" /
                         "2025-06-01-uncle-iroh-v-katara.toml", "p1")
    word = coach.advise(review, 99, worlds=WORLDS)
    assert word.made == "focus" and word.mark
    assert "after focus: your deck is empty" in word.reason
    assert "your deck runs out and you lose the point" in word.reason
    _agrees(word.reason, {"reflip": Action(player="p1", verb="reflip"),
                          "focus": Action(player="p1", verb="focus")},
            review.positions[98], "p1")


# ------------------------------------------------------------ never against the engine

_AFTER = re.compile(r"^after (.+?): (.*)$")
_ENERGY = re.compile(r"(green|yellow|red) (\d+)→(\d+)")
_DECK = re.compile(r"^(\d+) cards? stays? in your deck$")
_STOPPED = re.compile(r"^the attack is stopped(?: \(intercept (\d+) ≥ force (\d+)\))?$")
_INTERCEPT = re.compile(r"^intercept (\d+)→(\d+) against force (\d+)$")
_CHARGE = re.compile(r"(uncharges|charges) ((?:green|yellow|red)(?:, (?:green|yellow|red))*)")


def _deck(said: str) -> int | None:
    if said.startswith("your deck is empty"):
        return 0
    found = _DECK.match(said.removesuffix(" either way"))
    return int(found.group(1)) if found else None


def _agrees(reason: str, moves: dict[str, Action], state: GameState, pid: PlayerId) -> int:
    """Check each fact `reason` names against the engine: the move named
    made on the real `state`, and the look of before and after. Returns
    how many facts were checked."""
    text = unmarked(re.sub(r" \((R[\d.]+(, )?)+\)$", "", reason))
    was = look(state)
    afters: dict[str, Look] = {}
    for words, action in moves.items():
        after, _ = apply(state, action)
        afters[words] = look(after)
    checked = 0
    for part in text.split(" · "):
        found = _AFTER.match(part)
        if found is None:
            deck = _deck(part)
            if deck is not None and part.endswith("either way"):
                assert all(lk.player(pid).deck == deck for lk in afters.values()), part
                checked += 1
            continue
        lk = afters[found.group(1)]
        mine = lk.player(pid)
        for said in found.group(2).split("; "):
            checked += 1
            if said.startswith("energy "):
                for zone, before, now in _ENERGY.findall(said):
                    assert was.player(pid).zone(zone).energy == int(before), (said, reason)
                    assert mine.zone(zone).energy == int(now), (said, reason)  # type: ignore[arg-type]  # a zone's name
            elif _deck(said) is not None:
                assert mine.deck == _deck(said), (said, reason)
            elif (m := _STOPPED.match(said)) is not None:
                assert lk.incoming is not None and lk.incoming.owner == pid, (said, reason)
                if m.group(1) is not None:
                    assert was.flipped is not None and was.incoming is not None
                    assert (was.flipped.intercept, was.incoming.force) == \
                        (int(m.group(1)), int(m.group(2))), (said, reason)
            elif (m := _INTERCEPT.match(said)) is not None:
                assert was.flipped is not None and lk.flipped is not None
                assert was.incoming is not None
                assert (was.flipped.intercept, lk.flipped.intercept, was.incoming.force) == \
                    tuple(int(x) for x in m.groups()), (said, reason)
            elif _CHARGE.match(said) is not None:
                for verb, zones in _CHARGE.findall(said):
                    for zone in zones.split(", "):
                        assert mine.zone(zone).charged == (verb == "charges"), (said, reason)  # type: ignore[arg-type]  # a zone's name
            elif said == "the point is lost at once":
                assert lk.player(other(pid)).score == was.player(other(pid)).score + 1
            else:
                pytest.fail(f"a fact the test cannot check: {said!r} in {reason!r}")
    return checked


def _positions(seed: int, limit: int = 260):
    """Decisions along a game of a heuristic player against a random one,
    characters drawn by the seed."""
    rng = random.Random(seed)
    names = ["aang", "prince_zuko", "katara", "uncle_iroh", "kinto", "jojo"]
    state, _ = new_game(setup_for(seed, rng.choice(names), rng.choice(names)))
    bots = {"p1": HeuristicBot(seed), "p2": RandomBot(seed)}
    for _ in range(limit):
        legal = legal_actions(state)
        if not legal:
            return
        pid = legal[0].player
        if len(candidates(legal)) > 1:
            yield state, legal
        state, _ = apply(state, bots[pid].choose(observation(state, pid), legal))


def test_no_reason_contradicts_the_engine():
    """Every pair of distinct moves at every decision of random games: the
    facts a reason names, worked out from the player's observation, are the
    engine's own on the real position after each move."""
    checked = pairs = 0
    for seed in range(6):
        for state, legal in _positions(seed):
            pid = legal[0].player
            obs = observation(state, pid)
            moves = candidates(legal)
            def words(move: Action) -> str:  # its notation, one of a kind
                return str(move).replace(": ", " ")
            lefts = {words(m): reasons.Compared(words(m), reasons.left_by(obs, m, seed), None)
                     for m in moves}
            for first, second in zip(moves, moves[1:], strict=False):
                pair = {words(first): first, words(second): second}
                text = reasons.reason(obs, lefts[words(first)], lefts[words(second)])
                checked += _agrees(text, pair, state, pid)
                pairs += 1
    assert pairs > 300 and checked > 300  # the property was put to the test


def test_a_reason_is_the_same_for_the_same_observation():
    """Worked out from what the player saw (R1.6): the same observation and
    seed give the same facts, whatever the hidden cards are."""
    game = gather_decision()
    obs = observation(game.state, "p1")
    pay = parse_action("p1: pay")
    assert reasons.left_by(obs, pay, 3) == reasons.left_by(obs, pay, 3)
    left = reasons.left_by(obs, pay, 3)
    assert left is not None and left.deck == 0 and left.energy[0] == 11
    assert left.charged == tuple(z == "green" for z in ZONES)
