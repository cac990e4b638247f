"""`avatar-tui review`: the review screen as an app of its own. `p` (play on
from here) starts the game app on the new game (play/review_continue.py
keeps it as its own game; the reviewed file is never touched)."""

from __future__ import annotations

import sys

from avatar_tui.io import terminal_text
from avatar_tui.play.review import Review
from avatar_tui.store.storage import SaveStore
from avatar_tui.tui.palette import PaletteApp
from avatar_tui.tui.screens.review import ContinueFrom, ReviewScreen


class ReviewApp(PaletteApp[ContinueFrom | None]):
    CSS_PATH = ["app.tcss", "screens.tcss"]
    TITLE = "avatar-tui review"

    def __init__(self, review: Review, worlds: int | None = None, can_play_on: bool = True):
        super().__init__()
        self.review = review
        self.worlds = worlds
        self.can_play_on = can_play_on

    def on_mount(self) -> None:
        self.sub_title = terminal_text.visible(self.review.title)  # the file's words
        self.push_screen(ReviewScreen(self.review, self.worlds, self.can_play_on), self.exit)


def run_review(review: Review, worlds: int | None = None, seed: int | None = None) -> int:
    """The review; then, if `p` was chosen, the game played on from there."""
    app = ReviewApp(review, worlds)
    app.run()
    chosen = app.return_value
    if app.return_code or chosen is None:
        return app.return_code or 0
    return play_on_from(chosen, SaveStore(), seed)


def play_on_from(chosen: ContinueFrom, store: SaveStore, seed: int | None = None) -> int:
    """Keep the chosen position as a new game and play it in the game app."""
    from avatar_tui.play import seats
    from avatar_tui.play.review import ReviewError
    from avatar_tui.play.review_continue import play_on
    from avatar_tui.tui import launch

    try:
        name, _ = play_on(chosen.review, chosen.at, store.games, computer=chosen.computer,
                          deal_again=chosen.deal_again, seed=seed)
        state, events, computer = store.games.load(name)
    except (ReviewError, OSError) as err:
        print(terminal_text.message(f"avatar-tui review: {err}"), file=sys.stderr)
        return 2
    print(terminal_text.message(f"avatar-tui review: the game from move {chosen.at} is kept "
                                f"as {name}"), file=sys.stderr)
    return launch.start(store, game=(state, events), bot=seats.bot_for(computer, None),
                        kept=name)
