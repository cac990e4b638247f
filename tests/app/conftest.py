"""Tests of the Textual app. The environment is pinned before Textual is
imported, so screenshots do not depend on the machine: a fixed theme, no
animations, colours on (NO_COLOR unset), no filters; every app is built
by `make_app`, which pins the same things on the app itself."""

from __future__ import annotations

import os

os.environ["TEXTUAL_THEME"] = "textual-dark"
os.environ["TEXTUAL_ANIMATIONS"] = "none"
os.environ["TEXTUAL_COLOR_SYSTEM"] = "truecolor"
os.environ.pop("TEXTUAL_FILTERS", None)
os.environ.pop("NO_COLOR", None)

import asyncio  # noqa: E402
import inspect  # noqa: E402

import pytest  # noqa: E402


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem):
    """Run `async def` tests (Textual's pilot) in a fresh event loop: the
    project has no asyncio plugin, and needs none for this."""
    if inspect.iscoroutinefunction(pyfuncitem.obj):
        names = pyfuncitem._fixtureinfo.argnames
        asyncio.run(pyfuncitem.obj(**{n: pyfuncitem.funcargs[n] for n in names}))
        return True
    return None


@pytest.fixture(autouse=True)
def pinned_environment(monkeypatch, tmp_path):
    """Every test: colours on, fixed theme, no animations, and a private
    data directory so no test touches the user's saved game."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TEXTUAL_THEME", "textual-dark")
    monkeypatch.setenv("TEXTUAL_ANIMATIONS", "none")
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path / "data"))
    yield


@pytest.fixture
def data_dir(tmp_path):
    return tmp_path / "data"
