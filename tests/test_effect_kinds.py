"""Every effect kind of the language declares, beside its handler, what the
other layers need of it: whether it harms the player whose things it
touches (on the model), its words (cardlib/words.py) and its worth to the
heuristic player (bots/heuristic.py). A kind missing any of them stops the
import of the module that needs it, naming the kind, instead of being said
by its class name or valued as nothing in the middle of a game."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from avatar_tui.bots.heuristic import VALUES
from avatar_tui.cardlib.words import WORDS, describe, says
from avatar_tui.model import effects as fx
from avatar_tui.model.common import Strict


def test_every_kind_has_words_a_value_and_says_whether_it_harms() -> None:
    kinds = set(fx.effect_types())
    assert set(WORDS) == kinds and set(VALUES) == kinds
    fx.check_declared()
    assert {k.__name__ for k in kinds if k.harms} == {
        "EliminateEnergy", "EliminateAlly", "Uncharge", "ForceReflip"}


def test_a_kind_with_no_words_or_no_value_is_named() -> None:
    with pytest.raises(fx.EffectCoverageError, match="no words for SearchDeck"):
        fx.check_covered({k: f for k, f in WORDS.items() if k is not fx.SearchDeck}, "words")
    with pytest.raises(fx.EffectCoverageError, match="no value for MoveThis, Grant"):
        fx.check_covered({k: f for k, f in VALUES.items()
                          if k not in (fx.Grant, fx.MoveThis)}, "value")
    with pytest.raises(fx.EffectCoverageError, match="outside the language: Condition"):
        fx.check_covered({**VALUES, fx.Condition: VALUES[fx.Modify]}, "value")


def test_a_kind_that_does_not_say_whether_it_harms_is_named() -> None:
    class Levitate(Strict):
        effect: str

    with pytest.raises(fx.EffectCoverageError, match="Levitate does not say whether it harms"):
        fx.check_declared((fx.Modify, Levitate))


def test_a_second_set_of_words_for_one_kind_is_refused() -> None:
    with pytest.raises(fx.EffectCoverageError, match="Modify has two sets of words"):
        says(fx.Modify)(lambda effect, say: "again")
    assert describe(fx.Modify(effect="modify", force=2)) == "+2 force"


def test_importing_the_words_or_the_heuristic_fails_on_a_kind_left_out() -> None:
    """A new effect model added to the language with a handler but nothing
    else: the modules that say and value effects refuse to import."""
    script = textwrap.dedent("""
        import importlib
        from typing import Annotated, ClassVar, Literal, Union, get_args
        from pydantic import Field
        import avatar_tui.engine  # its handlers are checked before the kind is added
        from avatar_tui.model import effects as fx
        from avatar_tui.model.common import Strict

        class Levitate(Strict):
            harms: ClassVar[bool] = False
            effect: Literal["levitate"]

        members = get_args(get_args(fx.Effect)[0]) + (Levitate,)
        fx.Effect = Annotated[Union[members], Field(discriminator="effect")]
        for module in ("avatar_tui.cardlib.words", "avatar_tui.bots.heuristic"):
            try:
                importlib.import_module(module)
            except fx.EffectCoverageError as refused:
                print(module, "refused:", refused)
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert "avatar_tui.cardlib.words refused: effect words: no words for Levitate" in done.stdout
    assert "avatar_tui.bots.heuristic refused: effect value: no value for Levitate" in done.stdout
