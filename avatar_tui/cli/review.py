"""`avatar-tui review [FILE|NAME]`: a finished game (by default the last
one), a kept game or any scenario, looked back on: the review screen, or
with `--export report.md` a Markdown report (`--coach`: with the coach's
marks, which takes a search per decision). Exit 2 for a file that is no
game, in one line."""

from __future__ import annotations

import argparse
from pathlib import Path

from avatar_tui.cli.args import whole
from avatar_tui.io import terminal_text


def add_arguments(review: argparse.ArgumentParser) -> None:
    review.description = (
        "Look back on a game: a save, a kept game (avatar-tui games lists them) "
        "or any scenario; by default the most recently finished game. In the review: "
        "left/right by move, PgUp/PgDn by turn, Home/End, v shows both players' cards "
        "(a finished game), c asks the coach, p plays on from here, q leaves.")
    review.add_argument("game", nargs="?", metavar="FILE|NAME",
                        help="a save or scenario file, or a kept game's name")
    review.add_argument("--export", metavar="FILE", type=Path,
                        help="write the game as a Markdown report instead ('-': print it)")
    review.add_argument("--coach", action="store_true",
                        help="with --export: add the coach's word on each decision (a search "
                        "per decision, at a fixed budget: the same game, the same words)")
    review.add_argument("--player", choices=("p1", "p2"),
                        help="whose seat the game is seen from and coached (default: the "
                        "person's seat of a game against the computer, else p1)")
    review.add_argument("--worlds", type=whole(1, 1000),
                        help="the coach's worlds per decision (default: its fixed budget, "
                        "docs/learning.md)")


def run(args: argparse.Namespace) -> int:
    from avatar_tui.play.review import ReviewError, export_problem, find_game, load_review

    try:
        source = find_game(args.game)
        review = load_review(source, args.player)
    except ReviewError as err:
        terminal_text.say(f"avatar-tui review: {err}")
        return 2
    if args.export is not None and str(args.export) != "-":
        problem = export_problem(args.export, source)
        if problem is not None:  # a review never changes a game (docs/learning.md)
            terminal_text.say(f"avatar-tui review: {problem}")
            return 2
    if args.export is None:
        if args.coach:
            terminal_text.say("avatar-tui review: --coach goes with --export (in the review "
                              "screen, c asks the coach)")
            return 2
        from avatar_tui.tui.review_app import run_review

        return run_review(review, worlds=args.worlds)
    from avatar_tui.play import coach, report

    advice = None
    if args.coach:
        worlds = args.worlds or coach.WORLDS
        advice = coach.coach(review, review.viewer or "p1", worlds=worlds)
    text = report.markdown(review, advice, review.viewer,
                           coach.named(args.worlds or coach.WORLDS))
    if str(args.export) == "-":
        print(text, end="")
        return 0
    try:
        args.export.write_text(text, encoding="utf-8")
    except OSError as err:
        terminal_text.say(f"avatar-tui review: {args.export}: cannot write it: "
                          f"{err.strerror or err}")
        return 2
    print(terminal_text.message(f"{args.export}: the report of {review.title} "
                                f"({review.total} moves)"))
    return 0
