"""Building the game model's validators while the player looks at the
first frame.

The models defer building their validators to first use (model/common.py,
model/state.py), so the board is drawn sooner; the engine validates the
states it makes, and the first move to make, say, an advantage in play would
otherwise wait, noticeably, for that model's validator. Right after the
first frame the app builds them one per turn of the event loop, so a key
pressed meanwhile waits for one model at most."""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import BaseModel


def deferred_models() -> Iterator[type[BaseModel]]:
    """The game state's and the card effects' model classes whose validators
    are not built yet (an effect's is first wanted mid-game: the engine
    compares effects by their JSON before it asks for their order, R12.2)."""
    from avatar_tui.model import effects, state

    for module in (state, effects):
        for value in list(vars(module).values()):
            if (isinstance(value, type) and issubclass(value, BaseModel)
                    and value.__module__ == module.__name__
                    and not value.__pydantic_complete__):
                yield value


def build_one() -> bool:
    """Build the next deferred model; False when none is left."""
    for model in deferred_models():
        model.model_rebuild()
        return True
    return False
