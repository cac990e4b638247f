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


def computer_moves(controller: GameController, action) -> None:
    """The computer's move made by its mode and recorded by the controller,
    as the referee does it."""
    controller.computer_moved(controller.mode.move(action))


def test_a_hot_seat_game_through_the_controller_alone():
    controller = GameController()
    assert isinstance(controller.mode, HotSeat) and controller.mode.shared_screen
    controller.start(*new_game(default_setup(4)))
    assert controller.session is not None and controller.mode.allows("new_game")
    assert not controller.mode.allows("undo") and "no action" in controller.mode.why_not("undo")
    for _ in range(30):
        session = controller.session
        if session.over or session.pending_question:
            break
        key = next(name for name in ("flip", "pay", "focus", "discard", "skip")
                   if controller.mode.allows("play", (name,)))
        before = session.state
        assert controller.press(key) is True and session.state is not before
    assert controller.save(controller.session.state)  # no store: nothing to write, nothing lost
    assert controller.moves_at_risk() == 0


def test_a_refused_key_says_why_in_the_engines_words():
    controller = GameController()
    controller.start(*scenario("midgame"))
    assert not controller.mode.allows("play", ("signature",))
    assert controller.press("signature") is False
    assert (controller.hint or "").startswith("[b]Signature:[/b]")


def test_a_refusal_answers_the_player_and_the_computers_move_does_not():
    """A refusal may take the status's row on a two-row panel (board.StatusPanel);
    the computer's move or thinking never does: the status after it is news."""
    controller = GameController(bot=BotSeat("heuristic", player="p1", seed=1, delay=0))
    controller.start(*new_game(default_setup(4)))
    assert isinstance(controller.mode, VsComputer) and controller.mode.waiting
    assert not controller.answered  # the step's keys: nothing said
    controller.tell(controller.mode.thinking())
    assert not controller.answered
    computer_moves(controller, controller.session.legal[0])
    said = controller.hint
    assert said is not None and "(the computer)" in said and not controller.answered
    controller.seat(None)
    assert controller.press("signature") is False and controller.answered  # refused, with its rule


def test_against_the_computer_the_persons_keys_wait_for_its_move():
    controller = GameController(bot=BotSeat("heuristic", player="p1", seed=1, delay=0))
    assert isinstance(controller.mode, VsComputer) and not controller.mode.shared_screen
    controller.start(*new_game(default_setup(4)))
    assert controller.mode.waiting  # p1 moves first here: the computer's seat
    assert not controller.mode.allows("new_game") and not controller.mode.allows("hint")
    assert not controller.mode.allows("choose") and not controller.mode.allows("explain")
    assert controller.mode.allows("inspect") and controller.mode.allows("help")
    assert "wait for its move" in controller.mode.why_not("undo")
    controller.seat(None)
    assert isinstance(controller.mode, HotSeat) and not controller.mode.waiting
    assert controller.mode.allows("new_game") and controller.mode.allows("choose")


def test_a_demo_allows_its_own_keys_and_none_of_the_game():
    controller = GameController(demo=Demo(load_scenario(NARRATED), "narrated"))
    assert isinstance(controller.mode, DemoMode) and not controller.mode.saves
    controller.start(*controller.mode.demo.start())
    mode = controller.mode
    assert mode.allows("demo_step", (1,)) and not mode.allows("demo_step", (-1,))
    assert controller.mode.allows("explain") and controller.mode.allows("take_over")
    assert not controller.mode.allows("play", ("flip",)) and not controller.mode.allows("undo")
    assert "p takes over" in controller.mode.why_not("undo")
    assert "This is a demo" in controller.mode.refusal("c", [("choose", ())])
    text, where = controller.mode.narration()
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
    controller = GameController(store)
    state, events = new_game(default_setup(4))
    controller.start(state, events)
    failed: list[bool] = []
    for _ in range(5):
        assert controller.act(policy(controller.session.state))
        controller.save_later(controller.session.state, lambda ok: ok or failed.append(ok))
    controller.hold(controller.session.state)
    controller.settle()
    assert not failed and controller.save_error is None and controller.moves_at_risk() == 0
    assert store.load()[0].model_dump_json() == controller.session.state.model_dump_json()


def test_a_click_stands_for_a_key_and_the_inspector_opens_at_the_flipped_card():
    controller = GameController()
    controller.start(*scenario("midgame"))
    state = controller.session.state
    who = state.turn
    zone = state.players[who].defending
    flip = state.players[who].zones[zone].flip
    assert controller.clicked(who, zone, flip=True) in ("pay", "overpay")
    other = "p1" if who == "p2" else "p2"
    assert controller.clicked(other, zone, flip=True) is None  # not the defender's card
    assert controller.clicked(who) is None  # the deck: the flipped card must be dealt with first
    assert controller.looked_at(None, None) == (flip.card, who)
    assert controller.actor == who


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
    controller = GameController(bot=BotSeat("random", "p1", seed=1, delay=3600.0))
    controller.start(before, [])
    session = controller.session
    session.act(mine)
    computer_moves(controller, reply)  # the computer's answer
    assert session.actor == "p2" and controller.mode.allows("undo")
    said = controller.undo()
    assert said == "p2: pay and the computer's p1: choose p2.yellow"
    assert session.state == before
    # in hot seat the same position refuses: the last action is the opponent's
    hot = GameController()
    hot.start(before, [])
    hot.session.act(mine)
    hot.session.act(reply)
    assert hot.undo() is None and "may take back only their own" in hot.hint


def test_against_the_computer_undo_stops_at_a_card_it_turned_face_up():
    controller = GameController(bot=BotSeat("random", "p2", seed=1, delay=3600.0))
    controller.start(*new_game(default_setup(3)))
    session = controller.session
    while session.actor != "p2" or session.pending_question:
        action = policy(session.state)
        if session.actor == "p2":
            computer_moves(controller, action)
        else:
            session.act(action)
    computer_moves(controller, policy(session.state))  # p2 flips: a card is seen
    while session.actor == "p2" and not session.over:
        computer_moves(controller, policy(session.state))
    assert not controller.mode.allows("undo")
    assert "turned a hidden card face up" in controller.mode.why_not("undo")
