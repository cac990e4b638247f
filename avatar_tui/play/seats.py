"""Who plays: which seats the computer takes, in the save and in words.

A game against the computer keeps its seats in the save (`computer = {
p2 = "heuristic" }`), so it resumes as a game against the computer; a
hot-seat save has none and resumes as hot seat, also when the app was
started with `--vs-bot` — the resume question says which it is."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:  # the bots load when a computer plays, not at every start
    from avatar_tui.bots import BotSeat as BotSeat  # the app names a seat's type from here
    from avatar_tui.model.common import PlayerId


def of(bot: BotSeat | None) -> dict[str, str]:
    """The seats of a game with this computer player (empty: hot seat)."""
    return {bot.player: bot.kind} if bot is not None else {}


def who_plays(computer: dict[str, str]) -> str:
    """`two players, one keyboard` or `you (p1) against the computer (p2,
    heuristic)`: for dialog titles."""
    if not computer:
        return "two players, one keyboard"
    seat, kind = next(iter(sorted(computer.items())))
    you = "p1" if seat == "p2" else "p2"
    return f"you ({you}) against the computer ({seat}, {kind})"


def bot_for(computer: dict[str, str], current: BotSeat | None,
            think: float | None = None) -> BotSeat | None:
    """The computer player a saved game resumes with: the saved seat and
    kind (the running one when it is the same), none for a hot-seat save;
    `think`: a searching one's seconds a move (the settings')."""
    if not computer:
        return None
    if current is not None and of(current) == computer:
        return current
    from avatar_tui.bots import BotSeat

    seat, kind = next(iter(sorted(computer.items())))
    delay = current.delay if current is not None else None
    player = cast("PlayerId", seat)  # a save's seats are read as p1 or p2 only
    if think is None:
        return BotSeat(kind, player=player, delay=delay)
    return BotSeat(kind, player=player, delay=delay, think=think)


def resume_labels(saved: dict[str, str], wanted: BotSeat | None,
                  read_only: bool = False) -> list[str]:
    """The answers of the resume question: resume (as saved) or start anew
    (as the command line asked), which keeps the unfinished one among the
    kept games (SaveStore.start_over). Read-only (another instance holds
    the save) writes nothing, so nothing is promised to be kept."""
    resume = f"Resume it ({who_plays(saved)}, as it was saved)"
    then = "nothing is saved: read-only" if read_only else "this one is kept in your games"
    new = f"Start a new game ({who_plays(of(wanted))}; {then})"
    return [resume, new]


def computer_kinds(frozen: bool = False) -> list[tuple[str, str]]:
    """Each kind of computer player and its strength's label, as the
    new-game screen offers them (the table of bots/kinds.py): without the
    frozen ones (kept for what names them, not to be chosen) unless
    `frozen`. The app reaches the bots through the play layer only."""
    from avatar_tui.bots.kinds import KINDS

    return [(kind.name, kind.label) for kind in KINDS if frozen or not kind.frozen]
