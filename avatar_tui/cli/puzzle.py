"""`avatar-tui puzzle [N] [--list] [--show]` (docs/notation.md, "Puzzle
files"): the built-in puzzles' list on the board, or puzzle N played there;
`--list` prints one line each (number, title, goal, ✓ once solved);
`--show` prints puzzle N's solution step by step, each step in words with
its rule. An unknown puzzle or an invalid file is one line (exit 2) before
any app starts."""

from __future__ import annotations

import argparse

from avatar_tui.io import terminal_text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = ("Puzzles: positions to solve, each with a goal the engine checks "
                          "(survive, win a point, charge all three zones, play the signature "
                          "move, win the game). Without PUZZLE, the list.")
    parser.add_argument("puzzle", nargs="?", metavar="PUZZLE",
                        help="a built-in puzzle's number (1) or name")
    parser.add_argument("--list", action="store_true",
                        help="print the built-in puzzles: number, title, goal, ✓ once solved")
    parser.add_argument("--show", action="store_true",
                        help="play puzzle N's solution, each step in words with its rule")


def listing(solved: list[str]) -> list[str]:
    from avatar_tui.puzzles import list_puzzles

    return [f"{p.number:>2}  {p.title}  [{p.goal}]" + ("  ✓" if p.name in solved else "")
            for p in list_puzzles()]


def run(args: argparse.Namespace) -> int:
    from avatar_tui.store.storage import SaveStore

    store = SaveStore()
    if args.list:
        for line in listing(store.puzzles.solved()):
            print(terminal_text.message(line))
        return 0
    if args.puzzle is None or not args.show:
        return _on_the_board(store, args.puzzle)
    from avatar_tui.notation.scenario import ScenarioError
    from avatar_tui.play.puzzle import GOAL_WORDS, play_solution
    from avatar_tui.puzzles import UnknownPuzzle, find_puzzle, load_puzzle

    try:
        found = find_puzzle(args.puzzle)
        scenario = load_puzzle(found.name)
        puzzle = scenario.puzzle
        assert puzzle is not None
        lines = [f"{found.number}. {scenario.title}",
                 f"Goal ({puzzle.side}): {GOAL_WORDS[puzzle.goal]}."]
        if puzzle.say:
            lines.append(puzzle.say)
        if args.show:
            solved = play_solution(scenario)
            for n, step in enumerate(puzzle.solution, start=1):
                words = " ".join(step.narration) or "(no words given)"
                lines.append(f"{n}. {step.text}: {words}")
            lines.append("Goal reached." if solved.reached else f"Not reached: {solved.problem}")
    except UnknownPuzzle as err:
        terminal_text.say(f"avatar-tui puzzle: {err.args[0]}")
        return 2
    except ScenarioError as err:
        terminal_text.say(f"avatar-tui puzzle: {err}")
        return 2
    for line in lines:
        print(terminal_text.message(line))
    return 0


def _on_the_board(store, wanted: str | None) -> int:
    """The puzzles' list, or puzzle `wanted`, in the app."""
    from avatar_tui.notation.scenario import ScenarioError
    from avatar_tui.puzzles import UnknownPuzzle, find_puzzle, load_puzzle

    name = None
    if wanted is not None:
        try:
            name = find_puzzle(wanted).name
            load_puzzle(name)  # an invalid file: one line here, not a dialog
        except UnknownPuzzle as err:
            terminal_text.say(f"avatar-tui puzzle: {err.args[0]}")
            return 2
        except ScenarioError as err:
            terminal_text.say(f"avatar-tui puzzle: {err}")
            return 2
    from avatar_tui.tui.perf import heap

    with heap.held():  # no garbage collections while the app loads (tui/perf/heap.py)
        from avatar_tui.tui.app import AvatarApp  # Textual loads only to play

        app = AvatarApp(store, start="puzzles", puzzle=name, freeze_startup_heap=True)
        app.run()
        return app.return_code or 0
