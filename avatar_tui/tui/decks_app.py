"""`avatar-tui decks`: the deck editor on its own, over the named decks of
the data directory, or on a new sealed deck from a pool."""

from __future__ import annotations

from avatar_tui.cardlib.cardset import SealedPool
from avatar_tui.decklib.library import DeckStore
from avatar_tui.tui.palette import PaletteApp
from avatar_tui.tui.screens.decks import DeckEditorScreen


class DecksApp(PaletteApp[None]):
    """The deck editor as an app: leaving the editor quits."""

    CSS_PATH = ["app.tcss", "screens.tcss"]
    TITLE = "avatar-tui decks"

    def __init__(self, store: DeckStore | None = None, deck: str | None = None,
                 scheduler: str | None = None, pool: SealedPool | None = None):
        super().__init__()
        self.store = store
        self.deck = deck
        self.scheduler = scheduler  # the test's Dask cluster (None: this process)
        self.pool = pool

    def on_mount(self) -> None:
        self.push_screen(DeckEditorScreen(self.store, self.deck, scheduler=self.scheduler,
                                          pool=self.pool),
                         lambda _: self.exit())


def run(deck: str | None = None, scheduler: str | None = None,
        pool: SealedPool | None = None) -> int:
    """The editor; its exit status (1: the app died of an exception)."""
    # the data directory found (or refused) first
    app = DecksApp(DeckStore(), deck=deck, scheduler=scheduler, pool=pool)
    app.run()
    return app.return_code or 0
