"""A game report in Markdown (`avatar-tui review FILE --export report.md`):
the setup and the decks, each turn's moves in words with their rule IDs
(as the review says them, so hidden cards stay hidden, R1.6), the points
as they were scored, the result; with the coach's words, its marks and
their reasons beside the reviewed player's moves and a count of them at
the end."""

from __future__ import annotations

import re
from collections import Counter

from avatar_tui.engine import Table
from avatar_tui.io import terminal_text
from avatar_tui.model.common import PlayerId
from avatar_tui.model.state import GameState
from avatar_tui.play.coach import Advice
from avatar_tui.play.describe import character, points
from avatar_tui.play.review import Review

_BOLD = re.compile(r"\[b\](.*?)\[/b\]")
_TAG = re.compile(r"(?<!\\)\[/?[^\]\[]*\]")


def plain(markup: str) -> str:
    """The app's markup as Markdown: bold stays bold, colours go, a quoted
    bracket is a bracket again."""
    text = _BOLD.sub(r"**\1**", markup)
    return _TAG.sub("", text).replace("\\[", "[").replace("\u200b", "")


def _deck(state: GameState, pid: PlayerId) -> str:
    """`40 cards: 3× Pummel, 2× Skewer, ...` (the deck as set up, R2.1)."""
    t = Table(state)
    ps = getattr(state.setup, pid)
    cards = [t.catalog.canonical(c) or c for c in ps.deck]
    if not ps.complete:
        chamber = t.catalog.find_chamber(ps.chamber)
        starter = t.catalog.starter_deck(chamber.character) \
            if chamber is not None and chamber.character else None
        rest = t.catalog.deck_cards(starter) if starter is not None else []
        for card in cards:
            if card in rest:
                rest.remove(card)
        cards += rest
    counts = Counter(t.name(c) for c in cards)
    listed = ", ".join(f"{n}× {name}" for name, n in sorted(counts.items()))
    return f"{len(cards)} cards: {listed}"


def _who(state: GameState, pid: PlayerId, computer: dict[str, str]) -> str:
    who = plain(character(Table(state), pid))
    return f"{who}, the computer ({computer[pid]})" if pid in computer else who


def markdown(review: Review, advice: dict[int, Advice] | None = None,
             player: PlayerId | None = None, coached_by: str = "the expert") -> str:
    """The whole report; `advice` (the coach's, for `player`, by the searcher
    `coached_by` names: coach.named()) adds the marks."""
    start, final = review.positions[0], review.positions[-1]
    lines = [f"# {review.title}", "", "## Setup", ""]
    lines.append(f"- Seed {start.setup.seed}")
    for pid in ("p1", "p2"):
        lines.append(f"- {_who(start, pid, review.computer)}: {_deck(start, pid)}")
    lines.append(f"- {plain(character(Table(start), start.chooser))} names the defender of "
                 "the opening attack (R2.4)")
    if advice is not None:
        lines += ["", f"The coach ({coached_by}; from {player}'s observation at each decision, "
                  "R1.6) ranks each of their choices against the best move it found: "
                  "`?!` an inaccuracy, `??` a mistake."]
    before = (0, 0)
    for turn in review.turns:
        if turn.defender is None:
            lines += ["", "## The opening choice (R2.4)", ""]
        else:
            who = plain(character(Table(start), turn.defender))
            lines += ["", f"## Turn {turn.number}: {who} defends (R4)", ""]
        for move in review.moves[turn.first - 1:turn.last]:
            line = f"{move.number}. {plain(move.words)} — `{move.notation}`"
            word = advice.get(move.number) if advice is not None else None
            if word is not None:
                mark = f"**{word.mark}** " if word.mark else ""
                line += f"  \n   {mark}Coach: {plain(word.text)}"
                if word.reason:
                    line += f"  \n   Why: {plain(word.reason)}"
            lines.append(line)
            if move.score != before:
                scorer: PlayerId = "p1" if move.score[0] > before[0] else "p2"
                lines.append(f"   - **Point to {plain(character(Table(start), scorer))}: "
                             f"{points(review.positions[move.number], scorer)}** (R10.2)")
                before = move.score
    lines += ["", "## Result", ""]
    if final.phase == "over" and final.winner is not None:
        lines.append(f"{plain(character(Table(final), final.winner))} wins "
                     f"{points(final, final.winner)} after {review.total} moves and "
                     f"{len(review.turns) - 1} turns (R10.5).")
    else:
        score = ", ".join(f"{plain(character(Table(final), pid))} {final.players[pid].score}"
                          for pid in ("p1", "p2"))
        lines.append(f"Unfinished after {review.total} moves: {score}.")
    if advice is not None:
        marks = Counter(a.mark for a in advice.values())
        lines.append(f"The coach looked at {len(advice)} decisions of {player}: "
                     f"{marks['??']} marked `??`, {marks['?!']} marked `?!`.")
    # the title, a made-up card's or character's name come from the file:
    # their control characters are shown escaped, in the file as on a terminal
    return terminal_text.visible("\n".join(lines) + "\n", keep="\n")
