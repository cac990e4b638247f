"""A front end without a screen: it carries out the referee's commands in
plain Python, for tests and tools that play whole games in milliseconds.

Searches run when `think()` is called (at once with `think_at_once`), so a
test may make a move while one is pending; pauses wait on a virtual clock
that `tick()` moves to the next one due. Questions and offers wait in
`asked` and `offers` for `answer()` and `offer()`; nothing is drawn (`shows`
counts the redraws asked for)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import assert_never

from avatar_tui.play.commands import (
    After,
    Ask,
    ChooseGame,
    ChooseLesson,
    ChoosePuzzle,
    Command,
    GameOver,
    Leave,
    Offer,
    Save,
    Show,
    Think,
    TimerFired,
)
from avatar_tui.play.referee import Referee


class Headless:
    def __init__(self, referee: Referee, *, think_at_once: bool = True):
        self.referee = referee
        self.think_at_once = think_at_once
        self.clock = 0.0  # virtual seconds
        self.timers: dict[str, tuple[float, TimerFired]] = {}  # by kind: (due, event)
        self.searches: list[Think] = []  # not yet worked out
        self.asked: Ask | None = None  # the question waiting for an answer
        self.offers: list[Offer] = []
        self.new_game: ChooseGame | None = None
        self.lessons: ChooseLesson | None = None  # the lessons' list is up
        self.puzzles: ChoosePuzzle | None = None  # the puzzles' list is up
        self.over: GameOver | None = None  # the game-over dialog is up, saying this
        self.left = False
        self.shows = 0
        self.notes: list[str] = []
        self.save_failures = 0

    def run(self, commands: Iterable[Command]) -> None:
        """Carry the commands out, in order."""
        for command in commands:
            self.carry_out(command)

    def carry_out(self, command: Command) -> None:
        """Every kind of command has its arm: a kind added to `Command` and
        not here fails the type check and, at run time, `assert_never`
        (tests/test_commands_handled.py), instead of being dropped."""
        match command:
            case Show():
                self.shows += 1
                self.notes.extend(command.notes)
            case Ask():
                self.asked = command
            case Offer():
                self.offers.append(command)
            case ChooseGame():
                self.new_game = command
            case ChooseLesson():
                self.lessons = command
            case ChoosePuzzle():
                self.puzzles = command
            case GameOver():
                self.over = command
            case Think():
                self.searches.append(command)
                if self.think_at_once:
                    self.think()
            case After():
                self.timers[command.event.kind] = (self.clock + command.seconds, command.event)
            case Save():
                self.run(self.referee.save_shown(self._failed))
            case Leave():
                self.left = True
            case _:
                assert_never(command)

    def _failed(self) -> None:
        self.save_failures += 1

    def think(self) -> bool:
        """Work out the oldest pending search and hand its result back."""
        if not self.searches:
            return False
        self.run(self.referee.thought(self.searches.pop(0).work()))
        return True

    def tick(self) -> bool:
        """Move the clock to the next pause due and hand it back (False: none)."""
        if not self.timers:
            return False
        kind, (due, event) = min(self.timers.items(), key=lambda item: item[1][0])
        del self.timers[kind]
        self.clock = max(self.clock, due)
        self.run(self.referee.fired(event))
        return True

    def answer(self, index: int | None) -> None:
        asked, self.asked = self.asked, None
        assert asked is not None, "no question is waiting"
        self.run(self.referee.answer(asked, index))

    def offer(self, index: int | None = 0) -> Offer:
        """Answer the oldest offer; returns it."""
        offer = self.offers.pop(0)
        self.run(self.referee.offered(offer.about, index))
        return offer
