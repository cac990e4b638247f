"""The game controller and the modes play without Textual (that
they import none: tests/test_engine_is_headless.py): a game through the
controller alone, the keys each mode allows, saving in the background."""

from __future__ import annotations

import ast
import threading
from pathlib import Path

from avatar_tui.bots import BotSeat
from avatar_tui.engine import new_game
from avatar_tui.notation.scenario import load_scenario
from avatar_tui.play.controller import GameController, SaveWriter
from avatar_tui.play.demo import Demo
from avatar_tui.play.modes import DemoMode, HotSeat, VsComputer
from avatar_tui.store.storage import SaveStore

from .helpers import NARRATED, default_setup, policy, scenario


def test_a_hot_seat_game_through_the_controller_alone():
    game = GameController()
    assert isinstance(game.mode, HotSeat) and game.mode.shared_screen
    game.start(*new_game(default_setup(4)))
    assert game.session is not None and game.mode.allows("new_game")
    assert not game.mode.allows("undo") and "no action" in game.mode.why_not("undo")
    for _ in range(30):
        session = game.session
        if session.over or session.pending_question:
            break
        key = next(name for name in ("flip", "pay", "focus", "discard", "skip")
                   if game.mode.allows("play", (name,)))
        before = session.state
        assert game.press(key) is True and session.state is not before
    assert game.save(game.session.state)  # no store: nothing to write, nothing lost
    assert game.moves_at_risk() == 0


def test_a_refused_key_says_why_in_the_engines_words():
    game = GameController()
    game.start(*scenario("midgame"))
    assert not game.mode.allows("play", ("signature",))
    assert game.press("signature") is False
    assert (game.hint or "").startswith("[b]Signature:[/b]")


def test_a_refusal_answers_the_player_and_the_computers_move_does_not():
    """A refusal may take the status's row on a two-row panel (board.StatusPanel);
    the computer's move or thinking never does: the status after it is news."""
    game = GameController(bot=BotSeat("heuristic", player="p1", seed=1, delay=0))
    game.start(*new_game(default_setup(4)))
    assert isinstance(game.mode, VsComputer) and game.mode.waiting
    assert not game.answered  # the step's keys: nothing said
    game.hint = game.mode.thinking()
    assert not game.answered
    game.mode.move(game.session.legal[0])
    assert game.hint is not None and "(the computer)" in game.hint and not game.answered
    game.seat(None)
    assert game.press("signature") is False and game.answered  # refused, with its rule


def test_against_the_computer_the_persons_keys_wait_for_its_move():
    game = GameController(bot=BotSeat("heuristic", player="p1", seed=1, delay=0))
    assert isinstance(game.mode, VsComputer) and not game.mode.shared_screen
    game.start(*new_game(default_setup(4)))
    assert game.mode.waiting  # p1 moves first here: the computer's seat
    assert not game.mode.allows("new_game") and not game.mode.allows("hint")
    assert not game.mode.allows("choose") and not game.mode.allows("explain")
    assert game.mode.allows("inspect") and game.mode.allows("help")
    assert "wait for its move" in game.mode.why_not("undo")
    game.seat(None)
    assert isinstance(game.mode, HotSeat) and not game.mode.waiting
    assert game.mode.allows("new_game") and game.mode.allows("choose")


def test_a_demo_allows_its_own_keys_and_none_of_the_game():
    game = GameController(demo=Demo(load_scenario(NARRATED), "narrated"))
    assert isinstance(game.mode, DemoMode) and not game.mode.saves
    game.start(*game.mode.demo.start())
    assert game.mode.allows("demo_step", (1,)) and not game.mode.allows("demo_step", (-1,))
    assert game.mode.allows("explain") and game.mode.allows("take_over")
    assert not game.mode.allows("play", ("flip",)) and not game.mode.allows("undo")
    assert "p takes over" in game.mode.why_not("undo")
    assert "This is a demo" in game.mode.refusal("c", [("choose", ())])
    text, where = game.mode.narration()
    assert "the setup" in text and where.startswith("Demo · step 0/")


def test_saves_are_written_off_the_caller_in_order_and_the_last_state_wins():
    started, release = threading.Event(), threading.Event()
    written: list[str] = []
    callers: list[str] = []

    def write(state, computer) -> bool:
        written.append(state)
        started.set()
        release.wait(10)
        return True

    writer = SaveWriter(write)
    writer.submit("first", {}, lambda ok: callers.append(threading.current_thread().name))
    assert started.wait(10)  # "first" is being written...
    writer.submit("second", {}, lambda ok: None)
    writer.submit("third", {}, lambda ok: None)  # ...and replaces "second", not yet begun
    assert written == ["first"]  # the caller did not wait for the disk
    release.set()
    writer.flush()
    assert written == ["first", "third"]
    assert callers == ["avatar-tui-save"]


def test_a_save_made_now_waits_for_the_one_in_the_background(tmp_path):
    store = SaveStore(tmp_path)
    game = GameController(store)
    state, events = new_game(default_setup(4))
    game.start(state, events)
    failed: list[bool] = []
    for _ in range(5):
        assert game.act(policy(game.session.state))
        game.save_later(game.session.state, lambda ok: ok or failed.append(ok))
    game.unsaved = game.session.state
    game.settle()
    assert not failed and game.save_error is None and game.moves_at_risk() == 0
    assert store.load()[0].model_dump_json() == game.session.state.model_dump_json()


def test_a_click_stands_for_a_key_and_the_inspector_opens_at_the_flipped_card():
    game = GameController()
    game.start(*scenario("midgame"))
    state = game.session.state
    who = state.turn
    zone = state.players[who].defending
    flip = state.players[who].zones[zone].flip
    assert game.clicked(who, zone, flip=True) in ("pay", "overpay")
    other = "p1" if who == "p2" else "p2"
    assert game.clicked(other, zone, flip=True) is None  # not the defender's card
    assert game.clicked(who) is None  # the deck: the flipped card must be dealt with first
    assert game.looked_at(None, None) == (flip.card, who)
    assert game.actor == who


def test_no_screen_or_widget_knows_the_app():
    """The screens, the widgets and the controller never import the app
    (not even for type hints): they talk to it by messages and actions."""
    tui = Path(__file__).resolve().parents[2] / "avatar_tui" / "tui"
    play = tui.parent / "play"
    files = [*sorted((tui / "screens").glob("*.py"))] + [
        tui / f"{name}.py" for name in ("board", "keybar")] + [
        play / f"{name}.py" for name in ("controller", "modes", "keys")]
    found = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                [a.name for a in node.names] if isinstance(node, ast.Import) else []
            imported = {f"{n}.{a.name}" for n in names for a in getattr(node, "names", [])}
            if {"avatar_tui.tui.app", "avatar_tui.tui.AvatarApp"} & (set(names) | imported):
                found.append(f"{path.name}:{node.lineno}")
    assert len(files) > 10 and not found



def _a_reply_without_a_reveal():
    """Charisma (tests/scenarios/charisma.toml): p2 pays for it, p1 picks
    where its ally goes, and p2 acts again; neither turns a card face up.
    Returns the state before p2's payment and the two actions."""
    from avatar_tui.engine import apply

    script = load_scenario(Path(__file__).parents[1] / "scenarios" / "charisma.toml")
    state, _ = new_game(script.setup)
    lines = [line.action for line in script.lines if not line.rejected]
    for action in lines[:-2]:
        state, _ = apply(state, action)
    return state, lines[-2:]


def test_against_the_computer_undo_takes_back_its_reply_with_your_move():
    """p2 is the person, p1 the computer: `u` after the computer's answer
    takes back the answer and p2's payment that asked it."""
    before, (mine, reply) = _a_reply_without_a_reveal()
    assert (str(mine), str(reply)) == ("p2: pay", "p1: choose p2.yellow")
    game = GameController(bot=BotSeat("random", "p1", seed=1, delay=3600.0))
    game.start(before, [])
    session = game.session
    session.act(mine)
    game.mode.move(reply)  # the computer's answer
    assert session.actor == "p2" and game.mode.allows("undo")
    said = game.undo()
    assert said == "p2: pay and the computer's p1: choose p2.yellow"
    assert session.state == before
    # in hot seat the same position refuses: the last action is the opponent's
    hot = GameController()
    hot.start(before, [])
    hot.session.act(mine)
    hot.session.act(reply)
    assert hot.undo() is None and "may take back only their own" in hot.hint


def test_against_the_computer_undo_stops_at_a_card_it_turned_face_up():
    game = GameController(bot=BotSeat("random", "p2", seed=1, delay=3600.0))
    game.start(*new_game(default_setup(3)))
    session = game.session
    while session.actor != "p2" or session.pending_question:
        action = policy(session.state)
        (game.mode.move if session.actor == "p2" else session.act)(action)
    game.mode.move(policy(session.state))  # p2 flips: a card is seen
    while session.actor == "p2" and not session.over:
        game.mode.move(policy(session.state))
    assert not game.mode.allows("undo")
    assert "turned a hidden card face up" in game.mode.why_not("undo")
