"""`avatar-tui watch URL`: follow a hosted game from any screen — both
mats, the log in words with its rule IDs, the score — seeing only what is
public (R1.6). Readable from 80x24 up; through `serve`, in a browser."""

from __future__ import annotations

import argparse


def add_arguments(watch: argparse.ArgumentParser) -> None:
    watch.description = (
        "Follow a game that avatar-tui host keeps: both mats, every move in words "
        "with its rule, the score; nothing hidden. A watcher who comes late sees the game so "
        "far in the log.")
    watch.add_argument("url", metavar="URL", help="the watch URL: ws://HOST:PORT/watch")


def run_watch(args: argparse.Namespace) -> int:
    from avatar_tui.cli.join import run_remote

    return run_remote(args.url, "watch")
