"""The game model's deferred validators are built after the first frame,
one per turn of the event loop, not by the player's first moves."""

from __future__ import annotations

from avatar_tui.tui.perf import warm

from .helpers import make_app, new


def test_build_one_builds_every_deferred_state_model():
    while warm.build_one():
        pass
    assert list(warm.deferred_models()) == []
    assert warm.build_one() is False


def test_the_card_effects_are_warmed_too():
    # an effect's first model_dump_json (engine/effects/ordering.py) once built
    # its schema in the middle of a key
    from avatar_tui.model import effects

    while warm.build_one():
        pass
    assert effects.EliminateAlly.__pydantic_complete__


async def test_the_app_builds_them_after_its_first_frame(monkeypatch):
    calls: list[bool] = []
    real = warm.build_one

    def counting() -> bool:
        calls.append(real())
        return calls[-1]

    monkeypatch.setattr(warm, "build_one", counting)
    app = make_app(new())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert calls and calls[-1] is False  # it went on until none was left
        assert list(warm.deferred_models()) == []
