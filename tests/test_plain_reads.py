"""The game's models read their fields the way Python reads any object's
(model/plain_reads.py): every state, card, effect and action model has
Python's generic attribute read, and reads the same as before."""

from __future__ import annotations

import platform
from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict, PrivateAttr

import avatar_tui.model.actions as actions
import avatar_tui.model.cards  # noqa: F401  (defines the card models)
import avatar_tui.model.effects  # noqa: F401  (defines the effect models)
from avatar_tui.model.common import Energy, Strict
from avatar_tui.model.plain_reads import _TypeHead, generic_read, use_plain_reads
from avatar_tui.model.state import GameState, Model, ZoneState

CPYTHON = platform.python_implementation() == "CPython"


def reads_plainly(cls: type) -> bool:
    return _TypeHead.from_address(id(cls)).tp_getattro == generic_read()


def every_subclass(cls: type) -> list[type]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *every_subclass(sub)]
    return found


@pytest.mark.skipif(not CPYTHON, reason="the type layout checked is CPython's")
def test_the_layout_is_recognised_here() -> None:
    assert generic_read() is not None


@pytest.mark.skipif(not CPYTHON, reason="the type layout checked is CPython's")
@pytest.mark.parametrize("base", [Model, Strict])
def test_every_game_model_reads_plainly(base: type) -> None:
    models = every_subclass(base)
    assert len(models) > 10
    slow = [cls.__name__ for cls in models if not reads_plainly(cls)]
    assert slow == []


@pytest.mark.skipif(not CPYTHON, reason="the type layout checked is CPython's")
def test_the_engines_hot_models_read_plainly() -> None:
    for cls in (GameState, ZoneState, Energy, actions.Action):
        assert reads_plainly(cls), cls.__name__


def test_a_missing_name_raises_as_pydantic_would() -> None:
    class Loose(BaseModel):  # keeps pydantic's own __getattr__ (extras kept)
        model_config = ConfigDict(extra="allow")
        green: int = 0

    for model in (Energy(), Loose()):
        said = rf"^'{type(model).__name__}' object has no attribute 'nope'$"
        with pytest.raises(AttributeError, match=said):
            model.nope  # noqa: B018
        assert getattr(model, "nope", None) is None
        assert not hasattr(model, "nope")
        assert model.green == 0


def test_fields_properties_and_methods_read_as_before() -> None:
    amount = Energy(green=2, red=1)
    assert (amount.green, amount.yellow, amount.red, amount.total) == (2, 0, 1, 3)
    assert amount.of("red") == 1
    assert amount.short() == "G2 R1"
    assert amount.model_dump() == {"green": 2, "yellow": 0, "red": 1}


def test_a_model_that_needs_pydantics_read_keeps_it() -> None:
    class Private(BaseModel):
        _seen: int = PrivateAttr(default=3)

    class Extra(BaseModel):
        model_config = ConfigDict(extra="allow")

    class OwnHook(BaseModel):
        def __getattr__(self, name: str) -> Any:
            return f"asked {name}"

    for cls in (Private, Extra, OwnHook):
        assert use_plain_reads(cls) is False
        if CPYTHON:
            assert not reads_plainly(cls)
    assert Private()._seen == 3
    assert Extra(colour="red").colour == "red"  # type: ignore[attr-defined]
    assert OwnHook().anything == "asked anything"
