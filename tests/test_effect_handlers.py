"""Effect handlers are registered by the effect's model class, and every
effect of the language has exactly one (checked when the engine is imported)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from avatar_tui.engine.effects.registry import (
    HANDLERS,
    HandlerCoverageError,
    check_coverage,
    effect_types,
    register_handler,
)
from avatar_tui.model import effects as fx


def test_every_effect_type_has_exactly_one_handler() -> None:
    check_coverage()
    assert set(HANDLERS) == set(effect_types())
    assert len(effect_types()) == len(set(effect_types())) == 18


def test_handlers_take_the_typed_model() -> None:
    assert HANDLERS[fx.Modify].__name__ == "modify"
    assert HANDLERS[fx.Charge] is not HANDLERS[fx.Uncharge]


def test_a_missing_handler_is_named() -> None:
    partial = {m: f for m, f in HANDLERS.items() if m is not fx.SearchDeck}
    with pytest.raises(HandlerCoverageError, match="no handler for SearchDeck"):
        check_coverage(partial)


def test_a_handler_for_a_type_outside_the_language_is_refused() -> None:
    stray = {**HANDLERS, fx.Condition: HANDLERS[fx.Modify]}
    with pytest.raises(HandlerCoverageError, match="outside the language: Condition"):
        check_coverage(stray)


def test_a_second_handler_for_one_type_is_refused() -> None:
    table = dict(HANDLERS)
    with pytest.raises(HandlerCoverageError, match="Modify has two handlers"):
        register_handler(table, fx.Modify, lambda t, step, effect, answer: None)
    assert table == HANDLERS


def test_importing_the_engine_fails_when_an_effect_has_no_handler() -> None:
    """A new effect model added to the language without a handler stops the
    engine from importing at all, with a message naming it."""
    script = textwrap.dedent("""
        from typing import Annotated, Literal, Union, get_args
        from pydantic import Field
        from avatar_tui.model import effects as fx
        from avatar_tui.model.common import Strict

        class Levitate(Strict):
            effect: Literal["levitate"]

        members = get_args(get_args(fx.Effect)[0]) + (Levitate,)
        fx.Effect = Annotated[Union[members], Field(discriminator="effect")]
        import avatar_tui.engine  # noqa: F401
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode != 0
    assert "HandlerCoverageError" in done.stderr
    assert "no handler for Levitate" in done.stderr
