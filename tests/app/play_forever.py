"""A child process for the crash test: plays avatar-tui by keys, headless,
saving after every action, until it is killed."""

import asyncio

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.engine import new_game
from avatar_tui.model.state import GameSetup, PlayerSetup
from avatar_tui.store.storage import SaveStore
from avatar_tui.tui import AvatarApp
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.privacy import SecretGate

KEYS = [("pay", "p"), ("overpay", "o"), ("flip", "space"), ("skip", "k"), ("focus", "f"),
        ("discard", "d")]


async def main() -> None:
    setup = GameSetup(catalog=default_catalog(), seed=11, p1=PlayerSetup(chamber="aang"),
                      p2=PlayerSetup(chamber="prince_zuko"))
    app = AvatarApp(SaveStore(), game=new_game(setup), seed=11)
    async with app.run_test(size=(120, 40)) as pilot:
        while True:
            screen = app.screen
            if isinstance(screen, SecretGate):  # R1.6: the chooser looks
                await pilot.press("enter")
                continue
            if isinstance(screen, ChoiceScreen):
                await pilot.press("1")
                continue
            for name, key in KEYS:
                if screen.check_action("play", (name,)):
                    await pilot.press(key)
                    break
            else:
                await pilot.press("r")  # game over: a rematch, and on


asyncio.run(main())
