"""Every front end carries out every kind of command (play/commands.py).

A front end matches over the `Command` union and ends with `assert_never`;
the type checker sees a kind left out, and so does this test at run time:
one command of each kind of the union, built from its fields, goes through
each front end's dispatcher, which must do something with it (a kind left
out reaches `assert_never`, which raises). A new kind needs no change here."""

from __future__ import annotations

import dataclasses
from typing import get_args
from unittest.mock import MagicMock

import pytest

from avatar_tui.play.commands import Command
from avatar_tui.play.headless import Headless

KINDS = get_args(Command)


def one_of(kind: type) -> Command:
    """A command of `kind`, each field without a default a stand-in."""
    given = {f.name: MagicMock(name=f.name) for f in dataclasses.fields(kind)
             if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING}
    return kind(**given)


def test_the_union_holds_every_command_of_the_module() -> None:
    # a command class defined but left out of the union would escape the check
    from avatar_tui.play import commands

    defined = {value for value in vars(commands).values()
               if isinstance(value, type) and dataclasses.is_dataclass(value)
               and value.__module__ == commands.__name__}
    events = {commands.Thought, commands.TimerFired}  # they come back, not go out
    assert defined - events == set(KINDS)


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.__name__)
def test_the_headless_front_end_keeps_or_does_each_command(kind: type) -> None:
    front = Headless(MagicMock(name="referee"))
    before = repr(vars(front))  # its lists and tables grow in place
    front.carry_out(one_of(kind))  # AssertionError from assert_never when left out
    assert repr(vars(front)) != before or front.referee.method_calls, f"{kind.__name__} was dropped"


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.__name__)
def test_the_plain_text_front_end_carries_out_each_command(kind: type, monkeypatch) -> None:
    from avatar_tui import bots
    from avatar_tui.play.plain_text import PlainText

    monkeypatch.setattr(bots, "setup_for", MagicMock(name="setup_for"))  # a new game's stand-in

    said: list[str] = []
    front = PlainText(MagicMock(name="referee"), "p1", said.append)
    before = repr({k: v for k, v in vars(front).items() if k != "referee"})
    front.carry_out(one_of(kind))  # AssertionError from assert_never when left out
    after = repr({k: v for k, v in vars(front).items() if k != "referee"})
    assert after != before or said or front.referee.method_calls, f"{kind.__name__} was dropped"


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.__name__)
def test_the_app_carries_out_each_command(kind: type, monkeypatch) -> None:
    # the app's dispatcher alone, its doers stand-ins: no screen is drawn
    from avatar_tui.tui import app

    dialogs = MagicMock(name="dialogs")
    monkeypatch.setattr(app, "dialogs", dialogs)
    front = MagicMock(name="app")
    app.AvatarApp.carry_out(front, [one_of(kind)])
    assert front.method_calls or dialogs.method_calls, f"{kind.__name__} was dropped"
