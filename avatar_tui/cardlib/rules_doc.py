"""The project's rules reference, `docs/rules.md`, made from one home: the
short rules of `rules_help.RULES` and the conventions below, where the
printed rules leave a choice open and the engine had to pick one.

    python -m avatar_tui.cardlib.rules_doc            # rewrites docs/rules.md

A test fails when docs/rules.md and this module disagree, so the file is
never stale. The app's rules browser (help, then r) reads the same data."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from avatar_tui.cardlib.rules_help import RULES

# What the engine does where the printed rules leave it open, by rule ID,
# in the project's own words.
CONVENTIONS: dict[str, str] = {
    "R1.6": "A card that an effect lets only one player see (the top of a deck, the cards "
            "to pick from) stays that player's secret: on the shared screen it shows only "
            "behind the privacy screen, like a signature move.",
    "R2.2": "The nine energy cards are dealt in order: the first three to green, the next "
            "three to yellow, the last three to red.",
    "R2.3": "They go onto the pile one at a time in the order they leave the deck, so the "
            "fourth of them lies on top.",
    "R2.4": "If a deck runs dry while a tie is being broken, p1 makes the choice.",
    "R4.1": "The strike goes first, then the advantages in the order they were played.",
    "R4.2": "The energy arrives in the order given: the attacking zone's colour first, then "
            "the weaker colours.",
    "R6.2": "Each energy space is a stack: new energy goes on top and a payment takes from "
            "the top. Spent energy reaches the discard pile green first, yellow next, red "
            "last.",
    "R6.3": "A payment is a number of green, yellow and red energies that adds up to the "
            "cost. It is allowed when, with the substitutions above, it covers every pip, "
            "spends as much green as the green cost asks (or all the green there is, if "
            "less), and at least as much yellow as the yellow cost asks (or all there is). "
            "Whether yellow or red makes up missing green is the payer's choice.",
    "R7.1": "\"Only once\" starts over each time the card comes into play; \"once per turn\" "
            "starts over when a turn begins.",
    "R7.3": "A flipped ally (or advantage) sits in the flip space until it is paid for and "
            "put in its own space, and until then it is not in play: none of its powers can "
            "be used. Once it is in play, an ally's \"once per turn\" power is limited as "
            "any card's is (R7.1).",
    "R7.6": "However a card leaves play (eliminated, replaced, discarded, sent back), "
            "everything it was doing ends with it: a bonus or penalty on a strike, an "
            "ability it lent a strike, and a paid \"when you counterattack\" effect that has "
            "not happened yet. An ally's help to a strike also ends once that strike is no "
            "longer in the ally's zone.",
    "R9.1": "The energy is dealt again green first, then yellow, then red.",
    "R9.3": "With too few cards for all of R9.1 or R9.2, do as much as there are cards for, "
            "in the order given; no card is ever made up. A player who must flip and has "
            "nothing to flip even after R9.1 has failed to defend that zone and moves down "
            "as after a discard (in red the opponent scores).",
    "R10.3": "The zones get their energy in the order green, yellow, red.",
    "R10.4": "The scorer cleans up first.",
}

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"

INTRO = """\
# The rules of avatar-tui

The game as this program plays it, rule by rule. Every rule has an ID
(`R5.3`); the event log, the reasons a move is refused, the help screen and
the demos all cite these IDs, and in the app `?` then `r` opens this same
text, searchable by ID or word. Where the printed rules leave a choice
open, a **Convention** says what the program does, so that every game is
fixed by its setup and its moves.

This file is generated from `avatar_tui/cardlib/rules_help.py` and
`avatar_tui/cardlib/rules_doc.py` (`python -m avatar_tui.cardlib.rules_doc`); edit those,
not this file. The notation of moves and scenario files is in
[notation.md](notation.md).
"""


def sections() -> list[tuple[str, list[str]]]:
    """Each section ID (R1 …) with the IDs of its rules, in order."""
    found: dict[str, list[str]] = {}
    for rid in RULES:
        section = rid.split(".")[0]
        found.setdefault(section, [])
        if rid != section:
            found[section].append(rid)
    return list(found.items())


def entries() -> list[tuple[str, str, str, str | None]]:
    """(id, title, text, convention) of every rule and section, in order:
    what the rules browser lists."""
    out = []
    for section, rules in sections():
        for rid in (section, *rules):
            title, text = RULES[rid]
            out.append((rid, title, text, CONVENTIONS.get(rid)))
    return out


def render() -> str:
    parts = [INTRO]
    for section, rules in sections():
        title, text = RULES[section]
        parts.append(f"## {section} {title}\n\n{text}\n")
        for rid in rules:
            title, text = RULES[rid]
            line = f"- **{rid} {title}.** {text}"
            if rid in CONVENTIONS:
                line += f" *Convention:* {CONVENTIONS[rid]}"
            parts.append(line)
        parts.append("")
    return "\n".join(parts).rstrip("\n") + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m avatar_tui.cardlib.rules_doc",
                                     description="rewrite docs/rules.md from rules_help.py")
    parser.add_argument("--out", default=str(DOC), help=f"the file (default: {DOC})")
    args = parser.parse_args(argv)
    Path(args.out).write_text(render(), encoding="utf-8")
    print(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
