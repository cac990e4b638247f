"""`play --plain` and `join --plain` (play/plain_text.py): the game line by
line for screen readers, pipes and scripts. Whole games are played through
pipes as a script would, choosing only from the `? ` lines; the commands
(`why`, `board`, `help`, short forms, `brief`/`verbose`) are tried on the
front end in this process, where they take milliseconds."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import threading

import pytest
from hosts import free_port, start_host, stop_host, urls_of

from avatar_tui.bots import BotSeat
from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.engine import new_game
from avatar_tui.model.actions import parse_action
from avatar_tui.model.state import GameSetup, PlayerSetup
from avatar_tui.play.controller import GameController
from avatar_tui.play.plain_text import PROMPT, PlainText, play_lines, resolve, spoken
from avatar_tui.play.referee import Referee
from avatar_tui.store.storage import SaveStore

PROMPTS_MAX = 2000  # a game asks far fewer moves than this
SYMBOLS = "→←·✱⚔★↻…–—│─┌"


def command(env: dict[str, str], *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "avatar_tui", *args], env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)


def env_for(tmp_path) -> dict[str, str]:
    return {**os.environ, "AVATAR_TUI_DATA_DIR": str(tmp_path), "AVATAR_TUI_BOT_DELAY": "0",
            "TERM": "xterm-256color", "COLORTERM": "truecolor"}  # colour on offer: never used


def play_through_pipes(proc: subprocess.Popen, rng: random.Random, moves: int | None = None,
                       ) -> tuple[bytes, list[list[str]]]:
    """Answer each `? ` line with one of its moves (all of them when
    `moves` is None, else that many), then close the input; everything
    written, and the moves offered at each `? `."""
    assert proc.stdin is not None and proc.stdout is not None
    out: list[bytes] = []
    offered: list[list[str]] = []
    timer = threading.Timer(240, proc.kill)  # a stuck game fails instead of hanging
    timer.start()
    try:
        while (line := proc.stdout.readline()):
            out.append(line)
            text = line.decode()
            if text.startswith("Game over:") or (moves is not None and len(offered) == moves):
                proc.stdin.close()
                moves = -1  # closed once
            elif text.startswith(PROMPT) and moves != -1:
                choices = text[len(PROMPT):].rstrip("\n").split(" | ")
                offered.append(choices)
                assert len(offered) < PROMPTS_MAX, "the game did not end"
                proc.stdin.write((rng.choice(choices) + "\n").encode())
                proc.stdin.flush()
        proc.wait(timeout=30)
    finally:
        timer.cancel()
    return b"".join(out), offered


def test_a_whole_game_against_the_computer_through_pipes(tmp_path):
    proc = command(env_for(tmp_path), "play", "--plain", "--seed", "12")
    out, offered = play_through_pipes(proc, random.Random(12))
    text = out.decode()
    assert proc.returncode == 0, proc.stderr.read().decode()  # type: ignore[union-attr]
    assert b"\x1b" not in out  # no escape byte, so no colour and no cursor move
    assert not any(symbol in text for symbol in SYMBOLS), text
    lines = text.splitlines()
    assert " wins " in lines[-2] and lines[-2].startswith("Game over:"), lines[-3:]
    assert offered and all(len(set(moves)) == len(moves) for moves in offered)
    assert "(R5.1)" in text  # each event with its rule ID


def test_the_end_of_the_input_quits_and_the_game_is_saved(tmp_path):
    proc = command(env_for(tmp_path), "play", "--plain", "--seed", "3")
    out, offered = play_through_pipes(proc, random.Random(3), moves=4)
    assert proc.returncode == 0
    assert b"\x1b" not in out
    state, _ = SaveStore(tmp_path).load()
    assert len(state.history) >= 4  # the person's four, and the computer's replies
    assert str(state.history[0].action) in offered[0]


def test_hot_seat_is_refused_in_one_line(tmp_path):
    state, _ = new_game(setup(5))
    store = SaveStore(tmp_path)
    store.save(state)  # no computer: a hot-seat game
    proc = command(env_for(tmp_path), "play", "--plain", "--resume")
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and out == b""
    assert err.decode().count("\n") == 1 and "hot-seat" in err.decode() and "R1.6" in err.decode()


def test_join_plain_plays_a_seat_of_a_real_host(tmp_path):
    pytest.importorskip("aiohttp")
    env = env_for(tmp_path)
    # with the computer in p2 the host prints two seats' lines, then its note on stderr
    host, lines = start_host(env, "--port", str(free_port()), "--seed", "6", "--bot2",
                             "heuristic", stderr=subprocess.STDOUT)
    try:
        url = urls_of(lines)["p1"]
        proc = command(env, "join", "--plain", url)
        out, offered = play_through_pipes(proc, random.Random(6), moves=5)
    finally:
        stop_host(host)
    text = out.decode()
    assert proc.returncode == 0, proc.stderr.read().decode()  # type: ignore[union-attr]
    assert b"\x1b" not in out
    assert len(offered) == 5
    assert " names p1 to defend" in text and "(R2.4)" in text  # the host's log, as events
    assert "p1 flips" in text or "p2 flips" in text


# ------------------------------------------------------------ the front end in this process


def setup(seed: int) -> GameSetup:
    return GameSetup(catalog=default_catalog(), seed=seed, p1=PlayerSetup(chamber="aang"),
                     p2=PlayerSetup(chamber="prince_zuko"))


def table(seed: int = 4, brief: bool = False) -> tuple[PlainText, list[str]]:
    said: list[str] = []
    referee = Referee(GameController(bot=BotSeat("heuristic", player="p2", delay=0)), seed=1)
    front = PlainText(referee, "p1", said.append, brief=brief)
    front.run(referee.play(*new_game(setup(seed))))
    front.prompt()
    return front, said


def last_prompt(said: list[str]) -> list[str]:
    line = next(line for line in reversed(said) if line.startswith(PROMPT))
    return line[len(PROMPT):].split(" | ")


def to_decide(front: PlainText, said: list[str]) -> None:
    """Play on (first moves) until a flipped card waits on the person's decision."""
    for _ in range(200):
        moves = last_prompt(said)
        if "p1: pay" in moves and "p1: focus" in moves:
            return
        front.typed(moves[0])
    raise AssertionError("no decision came")


def test_the_prompt_lists_the_engines_legal_moves_in_its_notation():
    front, said = table()
    assert last_prompt(said) == [str(a) for a in front.session.legal]
    assert last_prompt(said) == ["p1: open p1", "p1: open p2"]


def test_short_forms_and_the_seat_left_out_name_a_legal_move():
    front, _ = table()
    legal = front.session.legal
    assert resolve("open p2", "p1", legal) == parse_action("p1: open p2")
    assert resolve("P1:  open   p1", "p1", legal) == parse_action("p1: open p1")
    assert "begins 2 moves" in resolve("open", "p1", legal)  # which one?
    assert resolve("focus", "p1", legal) is None
    front.typed("open p1")
    front.typed("flip")  # the only move beginning with flip
    assert front.session.state.history[-1].action == parse_action("p1: flip")


def test_why_says_the_engines_reason_with_its_rule():
    front, said = table()
    front.typed("why focus")
    assert said[-2].startswith("p1: focus:") and "(R2.4" in said[-2]
    front.typed("why open p1")
    assert said[-2] == "p1: open p1 is a legal move now."
    front.typed("focus")  # refused, never raised, and the moves asked again
    assert said[-2].startswith("Not allowed: p1: focus:") and "R2.4" in said[-2]
    assert said[-1].startswith(PROMPT)
    front.typed("p2: open p1")
    assert said[-2] == "p2 is not your seat: you play p1."
    front.typed("dance")
    assert "'dance' is not a move" in said[-2] and "help" in said[-2]


def test_board_says_every_zone_score_pile_and_the_attack():
    front, said = table()
    front.typed("open p1")
    to_decide(front, said)
    told = len(said)
    front.typed("board")
    board = said[told:-1]
    lk = front.session.look
    assert re.match(r"Aang \(p1\) defends the (green|yellow|red) zone against ", board[0])
    assert any(line.startswith("Score: Aang (p1) ") for line in board)
    for p in lk.players:
        assert any(f"deck {p.deck} cards, discard {p.discard} cards" in line for line in board)
        for z in p.zones:
            assert any(line.startswith(f"{'Aang' if p.player == 'p1' else 'Prince Zuko'} "
                                       f"({p.player}), {z.zone} zone: {z.energy} energy")
                       for line in board)
    flipped = lk.flipped
    assert any(f"force {flipped.force}, intercept {flipped.intercept}" in line
               for line in board if "flipped" in line) or flipped.force is None
    assert board[-1].startswith("Incoming attack:") and f"force {lk.incoming.force}" in board[-1]
    assert not any(symbol in line for line in board for symbol in SYMBOLS)


def test_help_lists_the_commands():
    front, said = table()
    told = len(said)
    front.typed("help")
    text = "\n".join(said[told:])
    for word in ("board", "why MOVE", "moves", "brief", "verbose", "rematch", "quit", "help"):
        assert word in text


def test_brief_says_a_move_in_one_line_and_verbose_an_event_a_line():
    full, said_full = table(seed=9)
    brief, said_brief = table(seed=9, brief=True)
    for front in (full, brief):
        front.typed("open p2")  # the computer defends: its run of moves is told
    run_full = [line for line in said_full if line.endswith(")") and "(R" in line]
    run_brief = [line for line in said_brief if "(R" in line and "; " in line]
    assert run_brief, said_brief
    assert len(said_brief) < len(said_full)
    events = run_brief[0].rstrip(".").split("; ")
    assert all(event in run_full for event in events)
    assert not any(line.startswith("Now:") for line in said_brief)
    brief.typed("verbose")
    assert said_brief[-2].startswith("Verbose")
    assert any(line.startswith("Now:") for line in said_full)


def test_a_game_to_its_end_names_the_winner_and_a_rematch_only_when_asked():
    front, said = table(seed=2)
    rng = random.Random(2)
    for _ in range(PROMPTS_MAX):
        if front.over is not None:
            break
        front.typed(rng.choice(last_prompt(said)))
    assert front.over is not None
    assert any(line.startswith("Game over:") and " wins " in line for line in said)
    first = front.session.state.setup.seed
    front.typed("rematch")
    assert front.over is None and front.session.state.setup.seed == first + 1
    assert said[-1].startswith(PROMPT)


def test_a_computer_that_fails_stops_the_game_instead_of_hot_seat(monkeypatch):
    front, said = table()

    def broken(*_args):
        raise RuntimeError("the bot broke")

    monkeypatch.setattr(BotSeat, "choose", broken)
    front.typed("open p2")  # the computer's move: it fails
    assert front.left
    assert any("the bot broke" in line for line in said)
    assert not said[-1].startswith(PROMPT)


def test_play_lines_leaves_at_the_end_of_the_input():
    front, said = table()
    play_lines(front, iter(["open p1\n", "flip\n"]))
    assert front.left
    assert len(front.session.state.history) >= 2


@pytest.mark.parametrize(("text", "heard"), [
    ("[b]Aang (p1)[/b] wins 3–1 (R10.5)", "Aang (p1) wins 3 to 1 (R10.5)"),
    ("★ Point to Prince Zuko (p2) · 2/3", "Point to Prince Zuko (p2), 2 of 3"),
    ("not enough green energy — you name 1", "not enough green energy, you name 1"),
    ("Y1 → +4 force", "Y1 gives +4 force"),
    ("thinking…", "thinking..."),
    ("a \\[b] name", "a [b] name"),  # a bracket from a file stays
    ("evil\x1b[31m", "evil\\x1b[31m"),  # shown escaped, never sent
    ("p2 wins the game 3-0", "p2 wins the game 3 to 0"),
    ("p2 pays Y1 (R6.2)", "p2 pays 1 yellow (R6.2)"),
    ("Skewer costs G2 Y1 R3: short (R6.3)",
     "Skewer costs 2 green, 1 yellow and 3 red: short (R6.3)"),
    ("turn 1: p1 defends (R4)", "turn 1: p1 defends (R4)"),
    ("a new deck, 2/0/1 energy dealt again (R9.1)",
     "a new deck, 2 green, 0 yellow and 1 red energy dealt again (R9.1)"),
])
def test_spoken_puts_symbols_in_words(text, heard):
    assert spoken(text) == heard
