"""The lobby of `avatar-tui ssh`: what a guest's session opens
(`python -m avatar_tui.tui.lobby`, run by tui/ssh_server.py). It offers
fixed commands only, none taking a path: play the computer; host a game on
this server and get a short code; take the other seat of a hosted game by
its code; watch one by its code; the card browser (the deck editor); leave.
Each choice runs as a child on the same terminal, and the lobby comes back
when it ends.

A hosted game is an `avatar-tui host` on a loopback port, a child of the
hosting guest's lobby (so it ends with that session), keeping its save in
the guest's own data directory. Its code names two files in the server's
folder of codes ($AVATAR_TUI_LOBBY_DIR): CODE.seat, p2's URL, taken (renamed
away) by the first guest who types the code, and CODE.watch, the watch URL."""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import socket
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from avatar_tui.tui.palette import PaletteApp

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
CODE_LENGTH = 4
CODE = re.compile(f"[{CODE_LETTERS}]{{{CODE_LENGTH}}}")
HOST_LINES = 10.0  # seconds a hosted game has to print its URLs

CHOICES = (
    ("computer", "Play the computer"),
    ("host", "Host a game for another guest (you get a code to tell them)"),
    ("join", "Join a game by its code (take the other seat)"),
    ("watch", "Watch a game by its code"),
    ("cards", "Cards: search every card and build decks (the deck editor)"),
    ("lessons", "Lessons: learn to play on the board, step by step"),
    ("leave", "Leave"),
)
NOT_YET: set[str] = set()  # a place kept for what is not built yet (puzzles)


def games_dir() -> Path | None:
    folder = os.environ.get("AVATAR_TUI_LOBBY_DIR")
    return Path(folder) if folder else None


def package_command(*words: str) -> list[str]:
    return [sys.executable, "-m", "avatar_tui", *words]


# ---------------------------------------------------------------- hosted games


@dataclass
class HostedHere:
    """A game this guest hosts: its code, its host process, p1's URL."""

    code: str
    process: subprocess.Popen[str]
    seat: str

    def end(self) -> None:
        folder = games_dir()
        if folder is not None:
            for name in (f"{self.code}.seat", f"{self.code}.watch"):
                with contextlib.suppress(OSError):
                    (folder / name).unlink()
        self.process.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(3)
        if self.process.poll() is None:
            self.process.kill()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def host_game() -> HostedHere | str:
    """A new hosted game with its code, or why not."""
    folder = games_dir()
    if folder is None:
        return "this lobby has no folder of codes (AVATAR_TUI_LOBBY_DIR)"
    data = Path(os.environ.get("AVATAR_TUI_DATA_DIR", ".")) / "hosted"
    process = subprocess.Popen(  # noqa: S603 - fixed words only
        package_command("host", "--new", "--host", "127.0.0.1", "--port", str(free_port())),
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        text=True, env={**os.environ, "AVATAR_TUI_DATA_DIR": str(data)})
    urls: dict[str, str] = {}
    timer = threading.Timer(HOST_LINES, process.kill)
    timer.start()
    assert process.stdout is not None
    for line in process.stdout:  # p1: avatar-tui join URL, p2: ..., watch: ...
        role, _, rest = line.partition(": ")
        urls[role] = rest.split()[-1] if rest.split() else ""
        if role == "watch":
            break
    timer.cancel()
    if not {"p1", "p2", "watch"} <= urls.keys():
        process.kill()
        return "the game could not be hosted"
    # its later lines are read and dropped, so that it never waits on a full pipe
    threading.Thread(target=process.stdout.read, daemon=True).start()
    for _ in range(100):
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        try:
            with open(folder / f"{code}.watch", "x", encoding="utf-8") as watch:
                watch.write(urls["watch"])
        except FileExistsError:
            continue
        (folder / f"{code}.seat").write_text(urls["p2"], encoding="utf-8")
        return HostedHere(code, process, urls["p1"])
    process.kill()
    return "no code was free"


def take_seat(code: str) -> str | None:
    """p2's URL of the game with this code, taken: None if there is none."""
    folder = games_dir()
    if folder is None or not CODE.fullmatch(code):
        return None
    taken = folder / f"{code}.taken-{os.getpid()}"
    try:
        os.rename(folder / f"{code}.seat", taken)  # only one guest gets the seat
    except OSError:
        return None
    url = taken.read_text(encoding="utf-8")
    taken.unlink()
    return url


def watch_url(code: str) -> str | None:
    folder = games_dir()
    if folder is None or not CODE.fullmatch(code):
        return None
    try:
        return (folder / f"{code}.watch").read_text(encoding="utf-8")
    except OSError:
        return None


# ---------------------------------------------------------------- the screens


class CodeDialog(ModalScreen[str | None]):
    """Asks for a game's code."""

    BINDINGS = [Binding("escape", "dismiss", "Back")]

    def __init__(self, question: str):
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        yield Static(self.question)
        yield Input(placeholder="the code, e.g. K7QM", max_length=CODE_LENGTH + 4, id="code")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip().upper())


class LobbyApp(PaletteApp[tuple[str, str] | None]):
    """The lobby's menu; returns (choice, code) or None to leave."""

    TITLE = "avatar-tui"
    SUB_TITLE = "lobby"
    CSS = """
    #welcome { padding: 1 2; }
    #said { padding: 0 2; color: $warning; }
    OptionList { margin: 0 2; height: auto; }
    CodeDialog { align: center middle; }
    CodeDialog > Static { width: 50; background: $panel; padding: 1 2 0 2; }
    CodeDialog > Input { width: 50; }
    """
    BINDINGS = [Binding("q", "leave", "Leave")]

    def __init__(self, said: str = ""):
        super().__init__()
        self.said = said

    def compose(self) -> ComposeResult:
        yield Static("Welcome to avatar-tui, the Avatar: The Last Airbender card game. "
                     "Choose with the arrows and enter.", id="welcome")
        yield Static(self.said, id="said")
        yield OptionList(*(Option(words, id=key, disabled=key in NOT_YET)
                           for key, words in CHOICES))
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id or ""
        if choice == "leave":
            self.exit(None)
        elif choice in ("join", "watch"):
            question = ("The code of the game whose other seat you take:" if choice == "join"
                        else "The code of the game to watch:")
            self.push_screen(CodeDialog(question), lambda code: self._with_code(choice, code))
        else:
            self.exit((choice, ""))

    def _with_code(self, choice: str, code: str | None) -> None:
        if code:
            self.exit((choice, code))

    def action_leave(self) -> None:
        self.exit(None)


def run_child(command: list[str]) -> int:
    return subprocess.run(command, check=False).returncode  # noqa: S603 - fixed words only


def main() -> int:
    said = ""
    while True:
        picked = LobbyApp(said).run()
        said = ""
        if picked is None:
            return 0
        choice, code = picked
        if choice == "computer":
            run_child(package_command("play", "--vs-bot"))
        elif choice == "cards":
            run_child(package_command("decks"))
        elif choice == "lessons":
            run_child(package_command("learn"))
        elif choice == "host":
            hosted = host_game()
            if isinstance(hosted, str):
                said = f"Not hosted: {hosted}."
                continue
            try:
                if CodeShown(hosted.code).run():
                    run_child(package_command("join", hosted.seat))
            finally:
                hosted.end()
        elif choice == "join":
            url = take_seat(code)
            if url is None:
                said = f"No game waits for a player with the code {code!r}."
                continue
            run_child(package_command("join", url))
        elif choice == "watch":
            url = watch_url(code)
            if url is None:
                said = f"No game has the code {code!r}."
                continue
            run_child(package_command("watch", url))


class CodeShown(PaletteApp[bool]):
    """The hosted game's code, to tell the other guest before taking p1's seat."""

    CSS = "Static { padding: 1 2; }"
    BINDINGS = [Binding("enter", "seat", "Take your seat"),
                Binding("escape", "end_game", "End the game")]

    def __init__(self, code: str):
        super().__init__()
        self.code = code

    def compose(self) -> ComposeResult:
        yield Static(f"Your game's code: {self.code}\n\nTell it to the other guest: in the "
                     "lobby they choose \"Join a game by its code\" and type it; anyone may "
                     "watch with it. You play p1.\n\nEnter takes your seat; escape ends "
                     "the game.")
        yield Footer()

    def action_seat(self) -> None:
        self.exit(True)

    def action_end_game(self) -> None:
        self.exit(False)


if __name__ == "__main__":
    sys.exit(main())
