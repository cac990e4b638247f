"""`avatar-tui replay FILE [--json]` (docs/notation.md): exit 0 when every
check holds, 1 when one fails, 2 when the file itself is invalid."""

from __future__ import annotations

import argparse
import json

from avatar_tui.io import terminal_text

EXIT_OK, EXIT_FAILED, EXIT_INVALID = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a scenario file (TOML, see docs/notation.md)")
    parser.add_argument("--json", action="store_true", help="print the final view as JSON")


def run_replay(args: argparse.Namespace) -> int:
    from avatar_tui.engine import view  # loaded when a replay runs, not for --help
    from avatar_tui.notation.lesson import check_lesson
    from avatar_tui.notation.replay import replay
    from avatar_tui.notation.scenario import ScenarioError, load_scenario

    try:
        scenario = load_scenario(args.file)
        if scenario.is_lesson:  # every answer and played move legal where it stands
            check_lesson(scenario)
        if scenario.puzzle is not None:
            return _replay_puzzle(scenario, args.json)
    except ScenarioError as err:
        terminal_text.say(f"avatar-tui replay: {err}")
        return EXIT_INVALID
    result = replay(scenario)
    for failure in result.failures:  # they quote the file's expectations
        terminal_text.say(f"{scenario.path}: {failure}")
    if args.json:  # JSON escapes C0 itself; ensure_ascii escapes the rest
        print(json.dumps(view(result.state), indent=2))
    elif result.ok:
        print(terminal_text.message(f"{scenario.path}: ok ({len(scenario.replayed)} actions, "
                                    f"{len(scenario.expects)} expectations)"))
    return EXIT_OK if result.ok else EXIT_FAILED


def _replay_puzzle(scenario, as_json: bool) -> int:
    """A puzzle's solution played with its replies: 0 when the goal is
    reached, 1 when not (raises ScenarioError on a refused solution move)."""
    from avatar_tui.engine import view
    from avatar_tui.play.puzzle import play_solution

    solved = play_solution(scenario)
    if as_json:
        print(json.dumps(view(solved.attempt.state), indent=2))
    if not solved.reached:
        terminal_text.say(f"{scenario.path}: puzzle not solved: {solved.problem}")
        return EXIT_FAILED
    if not as_json:
        print(terminal_text.message(f"{scenario.path}: ok (puzzle solved: "
                                    f"{scenario.puzzle.goal}, "
                                    f"{len(scenario.puzzle.solution)} moves)"))
    return EXIT_OK
