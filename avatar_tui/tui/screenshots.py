"""Regenerate the SVG screenshots in `screenshots/` from fixed scenarios:

    python -m avatar_tui.tui.screenshots [--out DIR]

Every picture comes from a scenario file (avatar_tui/tui/scenarios) or a
fixed seed, with the theme and animations pinned, so the same code gives
the same pictures on any machine."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SCENARIOS = Path(__file__).resolve().parent / "scenarios"


@dataclass(frozen=True)
class Shot:
    name: str  # the file name, without .svg
    caption: str
    scenario: str | None  # a scenario name, None for the new game screen, DECKS the editor
    keys: tuple[str, ...] = field(default_factory=tuple)
    size: tuple[int, int] = (120, 40)


SHOTS = [
    Shot("board", "A game in progress: allies, advantages, charged zones, a strike "
         "counterattacking (↻)", "midgame"),
    Shot("new-game", "A new game: characters, seed, and who chooses the opening defender "
         "(R2.4)", None),
    Shot("opening", "The opening choice (R2.4)", "opening"),
    Shot("overpay", "Paying with stronger energy when a colour is short (R6.3)", "overpay",
         ("o",)),
    Shot("ally-choice", "A second ally: replace or keep (R5.5)", "allies"),
    Shot("privacy", "Your own signature moves, behind a privacy screen (R1.6)", "midgame",
         ("v",)),
    Shot("help", "Help: the keys and the turn, with rule IDs", "midgame", ("question_mark",)),
    Shot("game-over", "Game over (R10.5)", "final_point", ("d",)),
    Shot("compact", "The compact layout at 80×24", "midgame", size=(80, 24)),
    Shot("medium", "At 100×33 the zone rows grow into the room", "midgame", size=(100, 33)),
    Shot("rules", "The rules browser (? then r), searching by rule ID", "midgame",
         ("question_mark", "r", "R", "6")),
    Shot("decks", "The deck editor: a legal deck, its statistics drawn", "@decks",
         ("k",) + ("plus", "plus", "plus", "plus", "down") * 15),  # k: constructed, 60
    Shot("review", "Looking back on a game: a move in words, the coach's word on it, the "
         "turns with their points and marks", "@review", ("v",)),
    Shot("point", "A point's moment: how it came about, each step with its rule (R10.2)",
         "point", ("d",)),
    Shot("settings", "Settings: auto-flip, step hints, the theme, the think time", "midgame",
         ("g",)),
]
DECKS = "@decks"
REVIEW = "@review"
REVIEW_AT = 70  # a move of the fixed game the coach marks (at its small budget here)
REVIEW_WORLDS = 4


def pin_environment() -> None:
    """A fixed theme, no animations, colours on: before Textual is imported."""
    os.environ["TEXTUAL_THEME"] = "textual-dark"
    os.environ["TEXTUAL_ANIMATIONS"] = "none"
    os.environ.pop("NO_COLOR", None)
    os.environ.pop("TEXTUAL_FILTERS", None)


async def snap(app, size: tuple[int, int], keys: Sequence[str], out: Path,
               before: Callable[[Any], Awaitable[None]] | None = None) -> Path:
    """Run `app` at `size`, press `keys`, and save what it shows as `out`."""
    app.animation_level = "none"
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        if before is not None:
            await before(pilot)
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        await pilot.wait_for_scheduled_animations()
        out.parent.mkdir(parents=True, exist_ok=True)
        return Path(app.save_screenshot(out.name, str(out.parent)))


async def take(shot: Shot, out: Path) -> Path:
    from avatar_tui.notation.save import load_game
    from avatar_tui.tui import AvatarApp

    if shot.scenario == REVIEW:
        app, before = review_shot()
        return await snap(app, shot.size, shot.keys, out / f"{shot.name}.svg", before)
    if shot.scenario == DECKS:
        import tempfile

        from avatar_tui.decklib.library import DeckStore
        from avatar_tui.tui.decks_app import DecksApp

        app = DecksApp(DeckStore(tempfile.mkdtemp(prefix="avatar-tui-shot-")))
    elif shot.scenario is None:
        app = AvatarApp(None, start="new", seed=1)
    else:
        app = AvatarApp(None, game=load_game(SCENARIOS / f"{shot.scenario}.toml"), seed=1)
    return await snap(app, shot.size, shot.keys, out / f"{shot.name}.svg")


def review_shot() -> tuple[Any, Callable[[Any], Awaitable[None]]]:
    """The review app on the fixed game, and what puts the coach's words
    on it before the picture (the coach's own call, at a small budget)."""
    from avatar_tui.play import coach
    from avatar_tui.play.review import load_review
    from avatar_tui.tui.review_app import ReviewApp

    review = load_review(SCENARIOS / "reviewed.toml")

    async def coached(pilot) -> None:
        screen = pilot.app.screen
        screen.coached(coach.coach(review, "p1", worlds=REVIEW_WORLDS), None)
        review.go(REVIEW_AT)
        screen.show()
        await pilot.pause()

    return ReviewApp(review, worlds=REVIEW_WORLDS), coached


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m avatar_tui.tui.screenshots",
                                     description="regenerate the SVG screenshots")
    parser.add_argument("--out", default="screenshots", help="directory (default: screenshots)")
    args = parser.parse_args(argv)
    pin_environment()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for shot in SHOTS:
        path = asyncio.run(take(shot, out))
        print(f"{path}  {shot.caption}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
