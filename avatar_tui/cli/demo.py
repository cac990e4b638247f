"""`avatar-tui demo [NAME]`: the built-in narrated demos. Without a name,
the list (name and one line each); with one, the demo in the app, step by
step. An unknown name is refused with the list of names (exit 2)."""

from __future__ import annotations

import argparse
import sys

from avatar_tui.io import terminal_text


def add_arguments(demo: argparse.ArgumentParser) -> None:
    demo.description = (
        "Narrated demos of the rules. Without NAME, lists them. In a demo: "
        "right or space next step, left previous, a auto-play, p take over and play on, "
        "e explain, q quit.")
    demo.add_argument("name", nargs="?", metavar="NAME",
                      help="the demo: its name (01_setup_and_opening), its name without the "
                      "number (setup_and_opening) or its number (1)")


def listing() -> list[str]:
    from avatar_tui.demos import list_demos

    demos = list_demos()
    width = max((len(d.name) for d in demos), default=0)
    return [f"{d.name:<{width}}  {d.title} — {d.summary}" for d in demos]


def run(args: argparse.Namespace) -> int:
    from avatar_tui.demos import UnknownDemo, find_demo, load_demo
    from avatar_tui.notation.scenario import ScenarioError

    if not args.name:
        print("The demos (avatar-tui demo NAME plays one; a number or the name without it "
              "will do):")
        for line in listing():
            print(f"  {line}")
        return 0
    try:
        found = find_demo(args.name)
        scenario = load_demo(found.name)
    except UnknownDemo:
        terminal_text.say(f"avatar-tui demo: there is no demo named "
                          f"'{terminal_text.quote(args.name)}'. The demos:")
        for line in listing():
            print(f"  {line}", file=sys.stderr)
        return 2
    except ScenarioError as err:
        terminal_text.say(f"avatar-tui demo: {err}")
        return 2

    from avatar_tui.tui.perf import heap

    with heap.held():  # no garbage collections while the app loads (tui/perf/heap.py)
        from avatar_tui.play.demo import Demo
        from avatar_tui.tui.app import AvatarApp  # Textual loads only to play

        app = AvatarApp(None, demo=Demo(scenario, found.name), freeze_startup_heap=True)
        app.run()
        return app.return_code or 0
