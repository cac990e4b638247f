"""`Model.copy_with` (the engine's per-action copy) gives what pydantic's own
`model_copy(update=...)` gives, for every state model, and a state model
that would break its assumptions is refused when it is defined."""

from __future__ import annotations

import inspect

import pytest
from pydantic import ConfigDict, PrivateAttr

from avatar_tui.bots import RandomBot, setup_for
from avatar_tui.engine import apply_in_place, legal_actions, new_game
from avatar_tui.engine.game import clone
from avatar_tui.model import state as st


def played_states():
    for seed in (1, 2, 3):
        state, _ = new_game(setup_for(seed, "aang", "prince_zuko"))
        bot = RandomBot(seed)
        for _ in range(40):
            if state.phase == "over":
                break
            apply_in_place(state, bot.choose(None, legal_actions(state)))
            yield state


def walk(model):
    """Every state model inside `model`, itself included."""
    if isinstance(model, st.Model):
        yield model
        for value in model.__dict__.values():
            yield from walk(value)
    elif isinstance(model, (list, tuple)):
        for item in model:
            yield from walk(item)
    elif isinstance(model, dict):
        for item in model.values():
            yield from walk(item)


def test_copy_with_matches_model_copy_on_every_model_of_real_games() -> None:
    seen: set[type] = set()
    for state in played_states():
        for model in walk(state):
            seen.add(type(model))
            name = next(iter(type(model).model_fields))
            change = {name: model.__dict__[name]}
            mine, theirs = model.copy_with(**change), model.model_copy(update=change)
            assert mine == theirs == model and mine is not model
            assert mine.model_dump_json() == theirs.model_dump_json()
            assert mine.__pydantic_extra__ is None and mine.__pydantic_private__ is None
    assert {st.GameState, st.PlayerState, st.ZoneState, st.FaceUp, st.ChamberState} <= seen


def test_clone_is_equal_and_independent() -> None:
    for state in played_states():
        copy = clone(state)
        assert copy == state
        copy.players["p1"].deck.append("extra")
        copy.players["p2"].zones["red"].energy.append("x")
        assert copy != state


def test_every_state_model_keeps_the_assumptions() -> None:
    models = [m for _, m in inspect.getmembers(st, inspect.isclass)
              if issubclass(m, st.Model) and m.__module__ == st.__name__]
    assert len(models) > 15
    for m in models:
        assert not m.__private_attributes__ and m.model_config.get("extra") == "forbid"


def test_a_model_with_private_attributes_is_refused() -> None:
    with pytest.raises(TypeError, match="no private attributes"):
        class Hidden(st.Model):
            shown: int = 0
            _cache: int = PrivateAttr(default=0)

    with pytest.raises(TypeError, match="extra='forbid'"):
        class Loose(st.Model):
            model_config = ConfigDict(extra="allow")


def test_contexts_and_steps_made_unvalidated_equal_validated_ones() -> None:
    """`Context.of` and `ResolveStep.of` (the engine's own, not validated)
    make what validating makes: equal, the same JSON, and a new progress
    record for each step."""
    from avatar_tui.model.effects import Uncharge

    effect = Uncharge(effect="uncharge", whose="you", other_than_this=True)
    for given in ({"controller": "p1", "source": "x"},
                  {"controller": "p2", "source": "y", "source_kind": "ally", "zone": "red",
                   "event_zone": "green"}):
        made, validated = st.Context.of(**given), st.Context(**given)
        assert made == validated
        assert made.model_dump_json() == validated.model_dump_json()
        for ends in (False, True):
            step = st.ResolveStep.of(effect, made, ends_with_source=ends)
            expected = st.ResolveStep(effect=effect, ctx=validated, ends_with_source=ends)
            assert step == expected
            assert step.model_dump_json() == expected.model_dump_json()
    one, two = st.ResolveStep.of(effect, made), st.ResolveStep.of(effect, made)
    assert one.progress is not two.progress
    from avatar_tui.model.options import DECLINE, KEEP, REPLACE

    for given in ({"chooser": "p1", "prompt": "Which?", "options": (KEEP, REPLACE)},
                  {"chooser": "p2", "prompt": "Which?", "options": [DECLINE], "kind": "effect",
                   "step": one, "secret": True}):
        made_choice = st.Choice.of(**given)
        validated_choice = st.Choice(**given)
        assert made_choice == validated_choice
        assert made_choice.model_dump_json() == validated_choice.model_dump_json()
