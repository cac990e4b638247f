"""Typed choice options (model/options.py): each answer of a
pending choice is a typed record whose notation word (`choose WORD`,
docs/notation.md) is only its serialised form.

The constructors make the words the notation has always used; a word read
back in its question gives the same option; and over random games and
every sample scenario, every option of every choice met survives the
notation (`p1: choose WORD` printed and parsed) and a JSON round trip of
the choice. A few random games by default; `AVATAR_TUI_LONG=1`
plays hundreds (tests/depth.py)."""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter
from pathlib import Path

import pytest
from depth import depth
from pydantic import ValidationError

from avatar_tui.engine import IllegalAction, apply, legal_actions, new_game
from avatar_tui.model.actions import Action, parse_action
from avatar_tui.model.common import Energy
from avatar_tui.model.effects import Modify
from avatar_tui.model.options import (
    DECLINE,
    DISCARD,
    KEEP,
    REPLACE,
    Decline,
    Named,
    Order,
    Payment,
    Reflip,
    Target,
    TopCard,
    Verdict,
    order_options,
    read_option,
    read_target,
)
from avatar_tui.model.state import Choice, Context, GameState, OrderStep, ResolveStep
from avatar_tui.notation.scenario import load_scenario
from tests.test_roundtrip import house_chambers, random_deck

GAMES = depth(6, 500)
MAX_ACTIONS = 400
ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted([*(ROOT / "tests" / "scenarios").glob("*.toml"),
                    *(ROOT / "avatar_tui" / "tui" / "scenarios").glob("*.toml")])


# ------------------------------------------------------------------ constructors


def test_targets_are_named_player_zone_part():
    assert Target("p1", "green").word == "p1.green"
    assert Target("p1", "green", "ally").word == "p1.green.ally"
    assert Target("p2", "red", "energy").word == "p2.red.energy"
    ally = Target("p2", "yellow", "ally")
    assert (ally.who, ally.zone, ally.part) == ("p2", "yellow", "ally")
    assert ally == Target("p2", "yellow", "ally") != Target("p2", "yellow")


def test_the_fixed_answers():
    assert DECLINE.word == "none" and DECLINE == Decline()
    assert [v.word for v in (REPLACE, KEEP, DISCARD)] == ["replace", "keep", "discard"]
    assert KEEP == Verdict("keep") != DISCARD


def test_payments_say_what_is_spent():
    assert Payment().word == "pay"  # the cost in its own colours
    assert Payment(Energy(yellow=1)).word == "pay_y1"  # R6.3 overpay
    assert Payment(Energy(green=1, red=2)).word == "pay_g1r2"
    assert Payment(Energy(yellow=1)) != Payment()


def test_cards_sources_and_names_are_their_own_words():
    assert TopCard("skewer").word == "skewer"
    assert Reflip("herbalist").word == "herbalist"
    assert Named("intercept").word == "intercept"


def test_order_options_number_a_cards_second_group():
    options = order_options(["evade", "skewer", "evade", "evade"])
    assert [o.word for o in options] == ["evade", "skewer", "evade_2", "evade_3"]
    assert [o.index for o in options] == [0, 1, 2, 3]


def test_options_are_frozen_and_shared_by_copies():
    option = Target("p1", "green")
    with pytest.raises(AttributeError):
        option.zone = "red"  # type: ignore[misc]
    assert copy.deepcopy(option) is option  # a cloned state shares its options


@pytest.mark.parametrize("option", [Target("p2", "red", "energy"), DECLINE, KEEP,
                                    Payment(Energy(yellow=1)), Order(1, "evade_2"),
                                    TopCard("skewer"), Reflip("herbalist"), Named("force")])
def test_a_pickled_option_comes_back_with_its_word(option):
    back = pickle.loads(pickle.dumps(option))
    assert back == option and back.word == option.word


# ------------------------------------------------------------------ reading words


@pytest.mark.parametrize("option, kind, effect", [
    (Target("p1", "green", "ally"), "ally", "eliminate_ally"),
    (Target("p2", "red", "energy"), "effect", "eliminate_energy"),
    (Target("p1", "yellow"), "effect", "charge"),
    (DECLINE, "effect", "charge"),
    (REPLACE, "ally", None),
    (KEEP, "ally", None),  # R5.5
    (KEEP, "effect", "look_at_top"),
    (DISCARD, "effect", "reveal_top"),
    (TopCard("skewer"), "effect", "look_at_top"),
    (Payment(), "effect", "force_reflip"),
    (Payment(Energy(green=1, yellow=2)), "effect", "force_reflip"),
    (Reflip("herbalist"), "reflip", None),
    (Named("keep"), "effect", "choose_one"),  # a choose_one option may be called `keep`
    (Named("intercept"), "effect", "choose_one"),
])
def test_a_word_reads_back_in_its_question(option, kind, effect):
    assert read_option(option.word, kind, effect) == option


def test_an_order_word_reads_back_with_its_place():
    for option in order_options(["evade", "evade", "skewer"]):
        assert read_option(option.word, "order", None, option.index) == option


@pytest.mark.parametrize("word, kind, effect", [
    ("p3.green.ally", "ally", "eliminate_ally"),
    ("p1.blue", "effect", "charge"),
    ("p1.green.flip", "effect", "charge"),
    ("banana", "effect", "eliminate_energy"),
    ("pay_x1", "effect", "force_reflip"),
    ("pay_y1g1", "effect", "force_reflip"),  # a payment is spelled green first
    ("pay_g1g1", "effect", "force_reflip"),
    ("pay", "effect", "charge"),  # a payment only where a cost is offered
    ("replace", "effect", "eliminate_ally"),  # R5.5 words answer only R5.5
])
def test_a_word_no_such_question_offers_is_refused(word, kind, effect):
    with pytest.raises(ValueError):
        read_option(word, kind, effect)


def test_read_target():
    assert read_target("p2.green.ally") == Target("p2", "green", "ally")
    assert read_target("p2.green.ally.x") is None and read_target("green") is None


def test_a_choice_saves_its_options_as_words():
    step = ResolveStep(effect=Modify(effect="modify", force=1),
                       ctx=Context(controller="p1", source="evade"),
                       progress={"ally": Target("p2", "red", "ally")})
    choice = Choice(chooser="p1", prompt="?", kind="ally", step=step,
                    options=[Target("p1", "green", "ally"), DECLINE])
    data = choice.model_dump(mode="json")
    assert data["options"] == ["p1.green.ally", "none"]
    assert data["step"]["progress"] == {"ally": "p2.red.ally"}
    assert Choice.model_validate_json(choice.model_dump_json()) == choice
    bad = {**data, "options": ["p1.purple.ally"]}
    with pytest.raises(ValidationError):
        Choice.model_validate(bad)


def test_order_words_read_back_as_the_groups_they_name():
    step = ResolveStep(effect=Modify(effect="modify", force=1),
                       ctx=Context(controller="p1", source="evade"))
    choice = Choice(chooser="p1", prompt="?", kind="order", options=["evade", "evade_2"],
                    step=OrderStep(groups=[[step], [step]]))
    assert choice.options == [Order(0, "evade"), Order(1, "evade_2")]
    assert choice.option("evade_2") == Order(1, "evade_2") and choice.option("x") is None


# ------------------------------------------------------------------ every choice met


def check_choice(state: GameState, met: Counter) -> None:
    """Every option of the pending choice: its word goes through the
    notation and reads back, in this question, as the same option; the
    choice survives JSON; and the legal answers are exactly its words."""
    choice = state.choice
    if choice is None:
        return
    effect = choice.step.effect.effect if isinstance(choice.step, ResolveStep) else None
    for i, option in enumerate(choice.options):
        met[type(option).__name__] += 1
        line = str(Action(player=choice.chooser, verb="choose", word=option.word))
        word = parse_action(line).word
        assert word == option.word, line
        assert read_option(word, choice.kind, effect, i) == option, line
        assert choice.option(word) == option
    assert Choice.model_validate_json(choice.model_dump_json()) == choice
    if state.phase != "over":
        answers = [a.word for a in legal_actions(state) if a.verb == "choose"]
        assert answers == [o.word for o in choice.options]


def random_setup(seed: int):
    from avatar_tui.cardlib.catalog import default_catalog
    from avatar_tui.model.state import GameSetup, PlayerSetup

    rnd = random.Random(seed)
    if seed % 2:
        return GameSetup(catalog=default_catalog(),
                         seed=seed, p1=random_deck(rnd), p2=random_deck(rnd))
    chambers = house_chambers()
    return GameSetup(catalog=default_catalog(),
                     seed=seed, p1=PlayerSetup(chamber=rnd.choice(chambers)),
                     p2=PlayerSetup(chamber=rnd.choice(chambers)))


@pytest.mark.parametrize("seed", range(GAMES))
def test_every_option_of_a_random_game_reads_back(seed):
    rnd = random.Random(seed)
    state, _ = new_game(random_setup(seed))
    met: Counter = Counter()
    for _ in range(MAX_ACTIONS):
        check_choice(state, met)
        legal = legal_actions(state)
        if not legal:
            break
        state, _ = apply(state, rnd.choice(legal))


def test_every_option_of_the_sample_scenarios_reads_back():
    """The scenarios reach questions random games rarely do (a forced
    reflip's payments, top cards in order, a choose_one)."""
    met: Counter = Counter()
    for path in SCENARIOS:
        scenario = load_scenario(path)
        state, _ = new_game(scenario.setup)
        check_choice(state, met)
        for line in scenario.lines:
            try:
                state, _ = apply(state, line.action)
            except IllegalAction:
                assert line.rejected, f"{path.name}: {line.text}"
            check_choice(state, met)
    kinds = {"Target", "Decline", "Verdict", "TopCard", "Payment", "Order", "Reflip", "Named"}
    assert kinds <= set(met), f"kinds of answer never met: {kinds - set(met)}"
