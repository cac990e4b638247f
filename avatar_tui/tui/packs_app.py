"""`avatar-tui pack --open`: the pack-opening screen on its own."""

from __future__ import annotations

from avatar_tui.cardlib.catalog import Catalog
from avatar_tui.cardlib.packs import Pack
from avatar_tui.tui.palette import PaletteApp
from avatar_tui.tui.screens.packs import PackOpeningScreen


class PacksApp(PaletteApp[None]):
    """The packs turned over; leaving the screen quits."""

    CSS_PATH = ["app.tcss", "screens.tcss"]
    TITLE = "avatar-tui pack"

    def __init__(self, catalog: Catalog, packs: list[Pack], seed: int):
        super().__init__()
        self.catalog = catalog
        self.packs = packs
        self.seed = seed

    def on_mount(self) -> None:
        self.push_screen(PackOpeningScreen(self.catalog, self.packs, self.seed),
                         lambda _: self.exit())


def run(catalog: Catalog, packs: list[Pack], seed: int) -> int:
    """The screen; its exit status (1: the app died of an exception)."""
    app = PacksApp(catalog, packs, seed)
    app.run()
    return app.return_code or 0
