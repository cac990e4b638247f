"""The replay theatre: a game looked back on (play/review.py), the board at
any point drawn by the game's own widgets, from the reviewed player's seat
(R1.6: the opponent's hidden cards hidden, unless the game is over and `v`
shows both players' cards).

← / → step by move, PgUp / PgDn by turn, Home / End to the setup and the
end. The side panel says the move that led here in words with its rule IDs
and the coach's word on it with its reason (play/reasons.py); the timeline
lists the turns with the points and the coach's marks. `c` asks the coach
(play/coach.py) in a worker thread, a progress bar filling meanwhile (`w`,
where the panel is short, puts its word and why above the move's); `p`
plays on from this position as a new game (`ContinueFrom`, answered to
whoever opened the review)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import ProgressBar, Static

from avatar_tui.engine import Table
from avatar_tui.play import coach
from avatar_tui.play.coach import Advice
from avatar_tui.play.describe import character
from avatar_tui.play.plain import escape
from avatar_tui.play.review import Review, seat_points, turn_line
from avatar_tui.play.session import Session
from avatar_tui.tui import layout
from avatar_tui.tui.board import Board
from avatar_tui.tui.keybar import KeyBar


@dataclass(frozen=True)
class ContinueFrom:
    """The review's answer when `p` is pressed: play on from `review`'s
    position `at` (the original game is never touched), against the
    computer in `computer`'s seats (none: hot seat), the hidden order kept
    or dealt again (play/review_continue.py)."""

    review: Review
    at: int
    computer: dict[str, str]
    deal_again: bool


PLAY_ON = [  # (label, the computer's seats, deal again)
    ("Hot seat, the same deal", False, False),
    ("Hot seat, what nobody has seen dealt again", False, True),
    ("Against the computer (expert), the same deal", True, False),
    ("Against the computer (expert), dealt again", True, True),
]


class ReviewScreen(Screen[ContinueFrom | None]):
    CSS_PATH = "review.tcss"
    AUTO_FOCUS = ""
    BINDINGS = [
        Binding("left", "step(-1)", "Back", id="back", key_display="←"),
        Binding("right", "step(1)", "Next", id="next", key_display="→"),
        Binding("pageup", "turn(-1)", "Turn back", id="turn-back", key_display="PgUp"),
        Binding("pagedown", "turn(1)", "Next turn", id="turn-next", key_display="PgDn"),
        Binding("home", "start", "Start", id="start", key_display="Home"),
        Binding("end", "end", "End", id="end", key_display="End"),
        Binding("v", "reveal", "All cards", id="reveal"),
        Binding("c", "coach", "Coach", id="coach"),
        Binding("w", "why", "Why", id="why"),
        Binding("p", "play_on", "Play from here", id="play-on"),
        Binding("q", "leave", "Leave", id="leave"),
        Binding("escape", "leave", "Leave", id="escape", show=False),
    ]

    def __init__(self, review: Review, worlds: int | None = None, can_play_on: bool = True,
                 **kw):
        super().__init__(**kw)
        self.review = review
        self.worlds = worlds or coach.WORLDS
        self.can_play_on = can_play_on
        self.advice: dict[int, Advice] = {}
        self.coaching = False
        self.why_first = False  # the coach's word and why above the move's words (w)
        self.note = ""  # a refusal's reason, until the next step
        self.board = Board(review.viewer or "p1", id="board")
        # every key here is a Binding (Textual's type also allows tuples)
        self.key_bar = KeyBar(cast("list[Binding]", self.BINDINGS), id="keys",
                              spare={"turn-back": 3, "start": 2, "end": 2, "reveal": 1})

    def compose(self) -> ComposeResult:
        self.set_layout(layout.choose(*self.app.size))
        with Horizontal(id="review-main"):
            yield self.board
            with Vertical(id="review-side"):
                yield Static(id="review-move")
                yield Static(id="review-timeline")
        yield ProgressBar(id="coach-progress", show_eta=False)
        yield self.key_bar

    def set_layout(self, chosen: layout.Layout) -> None:
        for name, on in chosen.classes.items():
            self.set_class(on, name)

    def on_mount(self) -> None:
        self.query_one(ProgressBar).display = False
        self.query_one("#review-timeline").border_title = "Turns · points after each"
        self.show()

    def on_resize(self) -> None:
        self.set_layout(layout.choose(*self.app.size))
        self.show()

    # ---------------------------------------------------------------- showing

    def show(self) -> None:
        r = self.review
        self.board.show(Session(r.shown), self.position_line())
        self.query_one("#review-move", Static).update(self.move_text())
        self.query_one("#review-timeline", Static).update(self.timeline_text())
        self.key_bar.refresh_keys()

    def position_line(self) -> str:
        r = self.review
        seen = "both players' cards" if r.reveal else \
            f"seen from {r.viewer}'s seat" if r.viewer else "what both players saw"
        where = f"[b]Review[/b] · move {r.at}/{r.total}"
        if r.turn is not None and r.turn.number > 0:
            where += f" · turn {r.turn.number}"
        return f"{where} · {seen}" + (f" · {escape(self.note)}" if self.note else "")

    def move_text(self) -> str:
        r = self.review
        move = r.move
        if move is None:
            t = Table(r.positions[0])
            return (f"[b]The setup[/b] (R2): {character(t, 'p1')} v {character(t, 'p2')}, "
                    f"seed {r.positions[0].setup.seed}. → steps through the game.")
        text = f"[b]{move.number}.[/b] {move.words}\n[dim]{escape(move.notation)} · " \
               f"rules {', '.join(move.rules)} · points {seat_points(move.score)}[/]"
        word = self.advice.get(move.number)
        if word is not None:
            # markup: names escaped by move_words; the searcher named, as its marks
            # are that frozen kind's at that budget (play/coach.py)
            said = f"[b]Coach:[/b] {word.text} [dim]· {coach.named(self.worlds)}[/]"
            if word.reason:
                said += f"\n[b]Why:[/b] {word.reason}"
            # at 80x24 the panel has rows for the move's words only: w puts the
            # coach's word and why above them
            return f"{said}\n{text}" if self.why_first else f"{text}\n{said}"
        if move.player == r.viewer and not self.advice and not self.coaching:
            text += "\n[dim]c: the coach's word on each of your decisions[/]"
        return text

    def timeline_text(self) -> str:
        """One line a turn: who defended, each seat's points after it, the coach's
        marks in it; the current turn highlighted. A window around the
        current turn when they do not all fit."""
        r = self.review
        t = Table(r.positions[0])
        now = r.turn
        lines = []
        for turn in r.turns:
            marks = "".join(self.advice[n].mark for n in range(turn.first, turn.last + 1)
                            if n in self.advice)
            line = turn_line(t, turn)
            if marks:
                line += f" [b $error]{marks}[/]"
            lines.append(f"[reverse]{line}[/]" if now is not None and turn == now else line)
        room = max(3, (self.query_one("#review-timeline").size.height or 30) - 1)
        here = r.turns.index(now) if now in r.turns else 0
        first = max(0, min(here - room // 2, len(lines) - room))
        return "\n".join(lines[first:first + room])

    # ---------------------------------------------------------------- keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "reveal":
            return self.review.finished
        if action == "coach":
            return not self.coaching and not self.advice and self.review.viewer is not None
        if action == "why":  # only where the panel is too short for both (compact)
            move = self.review.move
            word = self.advice.get(move.number) if move is not None else None
            return self.has_class("-compact") and word is not None and bool(word.reason)
        if action == "play_on":
            return self.can_play_on and self.review.state.phase != "over"
        return True

    def moved(self) -> None:
        self.note = ""
        self.show()

    def action_step(self, delta: int) -> None:
        self.review.step(delta)
        self.moved()

    def action_turn(self, delta: int) -> None:
        if delta > 0:
            self.review.next_turn()
        else:
            self.review.previous_turn()
        self.moved()

    def action_start(self) -> None:
        self.review.start()
        self.moved()

    def action_end(self) -> None:
        self.review.end()
        self.moved()

    def action_why(self) -> None:
        self.why_first = not self.why_first
        self.show()

    def action_reveal(self) -> None:
        self.note = self.review.toggle_reveal() or ""
        self.show()

    def action_play_on(self) -> None:
        from avatar_tui.tui.screens.choice import ReviewChoice

        r = self.review
        me = r.viewer or "p1"
        them = "p2" if me == "p1" else "p1"

        def chosen(index: int | None) -> None:
            if index is None:
                return
            _, vs, again = PLAY_ON[index]
            self.dismiss(ContinueFrom(r, r.at, {them: "expert"} if vs else {}, again))

        source = escape(r.source) if r.source else "the reviewed game"
        self.app.push_screen(ReviewChoice(
            f"Play on from move {r.at}",
            f"A new game from this position, kept as a game of its own ({source} stays as "
            f"it is). Against the computer, you keep {me}'s seat.",
            [label for label, _, _ in PLAY_ON]), chosen)

    def action_leave(self) -> None:
        self.dismiss(None)

    # ---------------------------------------------------------------- the coach

    def action_coach(self) -> None:
        if self.coaching or self.review.viewer is None:
            return
        self.coaching = True
        bar = self.query_one(ProgressBar)
        bar.display = True
        bar.update(total=max(1, len(coach.decisions(self.review, self.review.viewer))),
                   progress=0)
        self.key_bar.refresh_keys()  # c is off while the coach works
        self.run_coach()

    @work(thread=True, exclusive=True, group="coach")
    def run_coach(self) -> None:
        """The coach's search, away from the board (seconds); its progress
        and its result come back to the screen's thread."""
        review, player = self.review, self.review.viewer
        assert player is not None
        try:
            found = coach.coach(review, player, self.worlds,
                                progress=lambda done, _: self.app.call_from_thread(
                                    self.query_one(ProgressBar).update, progress=done))
        except Exception as err:  # noqa: BLE001 - a failed search must not end the review
            self.app.call_from_thread(self.coached, {}, str(err) or type(err).__name__)
            return
        self.app.call_from_thread(self.coached, found, None)

    def coached(self, found: dict[int, Advice], error: str | None) -> None:
        self.coaching = False
        self.advice = found
        self.query_one(ProgressBar).display = False
        marks = sum(1 for a in found.values() if a.mark)
        self.note = f"the coach stopped: {error}" if error is not None else \
            f"coach: {marks} marked of {len(found)}"
        self.show()  # the keys too


def open_review(app, review: Review, then: Callable[[str | None], None]) -> None:
    """Push the review over `app`; `then` gets the name of the new kept
    game when the player chose to play on (the app's store keeps it), or
    None when they left the review (or the new game could not be kept: the
    review shows why first)."""
    from avatar_tui.play.review import ReviewError
    from avatar_tui.play.review_continue import play_on

    store = getattr(app, "store", None)
    screen = ReviewScreen(review, can_play_on=store is not None and not store.read_only)

    def done(chosen: ContinueFrom | None) -> None:
        if chosen is None:
            then(None)
            return
        assert store is not None  # only a review that can play on offers to
        try:
            name, _ = play_on(chosen.review, chosen.at, store.games, computer=chosen.computer,
                              deal_again=chosen.deal_again)
        except (ReviewError, OSError) as err:
            app.notify(str(err), title="Cannot play on from here", severity="error")
            then(None)
            return
        then(name)

    app.push_screen(screen, done)
