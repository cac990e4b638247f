"""`avatar-tui games`: the games kept in the data directory (unfinished
ones that a new game replaced, and finished ones), most recently played
first; `avatar-tui games delete NAME` deletes one. The model is
avatar_tui/store/savedgames.py, loaded only when the command runs."""

from __future__ import annotations

import argparse

from avatar_tui.io import terminal_text


def add_arguments(games: argparse.ArgumentParser) -> None:
    games.description = (
        "The games kept in the data directory: an unfinished game is kept "
        "there when a new one takes its place, and a game that ends is kept too. "
        "`avatar-tui play --resume NAME` resumes one.")
    actions = games.add_subparsers(title="actions", metavar="ACTION")
    delete = actions.add_parser("delete", help="delete a kept game",
                                description="Delete the kept game NAME, for good.")
    delete.add_argument("name", metavar="NAME")
    delete.set_defaults(handler=run_delete)


def printable(text: str) -> str:
    """Text from a file, safe to print: its control characters (and
    right-to-left overrides) show escaped, as everywhere (terminal_text)."""
    return terminal_text.visible(text)


def run_list(args: argparse.Namespace) -> int:
    from avatar_tui.store.savedgames import SavedGames

    games = SavedGames()
    current = _current(games)
    if current is not None:
        print(f"The current game (avatar-tui play --resume): {printable(current.players)}, "
              f"{current.points}, last played {current.played:%Y-%m-%d %H:%M}.\n")
    kept = games.games()
    if not kept:
        print(f"No kept games yet (in {printable(str(games.folder))}).")
        return 0
    rows = [("NAME", "GAME", "PLAYERS", "SCORE", "LAST PLAYED")]
    for game in kept:
        if game.problem is not None:
            rows.append((game.name, game.status, printable(game.problem), "", ""))
        else:
            rows.append((game.name, game.status, printable(game.players), game.points,
                         f"{game.played:%Y-%m-%d %H:%M}"))
    widths = [max(len(row[i]) for row in rows if row[4] or i < 2) for i in range(5)]
    for row in rows:
        if not row[4]:  # an unreadable file: its problem runs to the end of the line
            print(f"{row[0]:<{widths[0]}}  {row[1]:<{widths[1]}}  {row[2]}")
            continue
        cells = (f"{cell:<{width}}" for cell, width in zip(row, widths, strict=True))
        print("  ".join(cells).rstrip())
    print("\navatar-tui play --resume NAME resumes an unfinished one; "
          "avatar-tui games delete NAME deletes one.")
    return 0


def _current(games):
    """The current save, when it is an unfinished game."""
    from avatar_tui.store.savedgames import read_game
    from avatar_tui.store.storage import CURRENT

    path = games.data_dir / CURRENT
    if not path.is_file():
        return None
    try:
        game = read_game(path, "current")
    except OSError:
        return None
    return game if game.status == "unfinished" else None


def run_delete(args: argparse.Namespace) -> int:
    from avatar_tui.store.savedgames import GameNameError, SavedGames, UnknownGame

    try:
        SavedGames().delete(args.name)
    except (GameNameError, UnknownGame) as err:
        terminal_text.say(f"avatar-tui games: {err}")
        return 2
    except OSError as err:
        terminal_text.say(f"avatar-tui games: {args.name}: cannot delete it: "
                          f"{err.strerror or err}")
        return 2
    print(f"Deleted the kept game {printable(args.name)}.")
    return 0
