"""The play layer decides what happens next (play/referee.py) and a front end
carries it out: here the headless one (play/referee.py's commands worked at
once, pauses on a virtual clock), so whole games take milliseconds. What
the Textual app adds (keys, dialogs, workers, timers) keeps its Pilot tests
in tests/app."""

from __future__ import annotations

import random
from pathlib import Path

from avatar_tui.bots import BotSeat
from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.engine import apply, legal_actions, new_game
from avatar_tui.model.state import GameSetup, PlayerSetup
from avatar_tui.notation.scenario import load_scenario
from avatar_tui.play.commands import After, Ask, Offer, Show, Think, TimerFired
from avatar_tui.play.controller import GameController
from avatar_tui.play.demo import Demo
from avatar_tui.play.headless import Headless
from avatar_tui.play.keys import GAME_KEYS, candidates
from avatar_tui.play.referee import HINT_THINKING, Referee

NARRATED = Path(__file__).resolve().parent / "app" / "scenarios" / "narrated.toml"
PREFERRED = ["pay", "overpay", "flip", "skip", "power_1", "ally_power", "reflip", "focus",
             "discard", "pitch", "signature"]
LIMIT = 3000  # moves: every game below ends well before


def setup(seed: int) -> GameSetup:
    return GameSetup(catalog=default_catalog(), seed=seed, p1=PlayerSetup(chamber="aang"),
                     p2=PlayerSetup(chamber="prince_zuko"))


def table(bot: BotSeat | None = None, demo: Demo | None = None,
          think_at_once: bool = True) -> tuple[Referee, Headless]:
    referee = Referee(GameController(bot=bot, demo=demo), seed=1)
    return referee, Headless(referee, think_at_once=think_at_once)


def started(seed: int, bot: BotSeat | None = None, **kw) -> tuple[Referee, Headless]:
    referee, front = table(bot, **kw)
    front.run(referee.play(*new_game(setup(seed))))
    return referee, front


def press_a_key(referee: Referee, front: Headless) -> None:
    """The acting person's move: the question put answered with its first
    answer, else the first key the mode allows."""
    if front.asked is not None:
        front.answer(0)
        return
    name = next(n for n in PREFERRED if referee.controller.mode.allows("play", (n,)))
    front.run(referee.press(name))


def a_real_decision(seed: int):
    """A position on a flipped card with more than one distinct move."""
    state, _ = new_game(setup(seed))
    while True:
        legal = legal_actions(state)
        distinct = {(a.verb, a.number, a.ally, a.word) for a in legal}
        if state.phase == "decide" and len(distinct) > 1 and any(a.verb == "pay" for a in legal):
            return state
        questions = [a for a in legal if a.verb in ("open", "choose")]
        action = questions[0] if questions else next(
            candidates(n, legal)[0] for n in PREFERRED if candidates(n, legal))
        state, _ = apply(state, action)


def test_a_hot_seat_game_of_random_legal_moves_plays_to_the_end():
    rng = random.Random(5)
    referee, front = started(5)
    moves = 0
    while not front.over:
        assert moves < LIMIT, "the game did not end"
        if front.asked is not None:  # the opening defender, a choice: asked, then answered
            assert referee.session.pending_question
            front.answer(rng.randrange(len(front.asked.question.actions)))
        else:
            assert not referee.session.pending_question
            front.run(referee.act(rng.choice(referee.session.legal)))
        moves += 1
    assert referee.session.over and referee.session.state.winner is not None
    assert len(referee.session.state.history) == moves
    assert not front.timers and not front.searches  # nobody else plays hot seat


def test_a_refused_move_is_said_and_changes_nothing():
    referee, front = started(4)
    before = referee.session.state
    done = referee.press("signature")
    assert done == [Show()] and referee.session.state is before
    assert (referee.controller.hint or "").startswith("[b]Signature:[/b]")


def play_against(bot: BotSeat, seed: int, computer_moves: int = LIMIT) -> tuple[Referee, Headless]:
    """p1 plays by keys; the computer's moves come after their pauses
    (virtual time), until the end or `computer_moves` of them."""
    referee, front = started(seed, bot)
    made = 0
    for _ in range(LIMIT):
        if front.over or made >= computer_moves:
            break
        if referee.controller.mode.waiting:  # the computer's move: its pause runs, p1's keys off
            assert set(front.timers) == {"computer"} and front.asked is None
            assert "thinking" in (referee.controller.hint or "")
            mode = referee.controller.mode
            assert not any(mode.allows("play", (k.name,)) for k in GAME_KEYS)
            assert not mode.allows("choose") and not mode.allows("undo")
            front.tick()
            made += 1
        else:
            assert referee.session.legal[0].player == "p1"
            press_a_key(referee, front)
    return referee, front


def test_a_game_against_the_heuristic_plays_to_the_end_with_a_pause_per_move():
    referee, front = play_against(BotSeat("heuristic", "p2", seed=7, delay=0.6), seed=2)
    assert front.over and referee.session.over
    history = [str(h.action) for h in referee.session.state.history]
    computer = sum(a.startswith("p2:") for a in history)
    assert computer > 10 and sum(a.startswith("p1:") for a in history) > 10
    # each of the computer's moves waited its pause once, and nothing else did
    assert abs(front.clock - 0.6 * computer) < 1e-6


def test_a_game_against_the_random_computer_finishes_by_keys_for_p1_only():
    referee, front = play_against(BotSeat("random", "p2", seed=7, delay=3600.0), seed=2)
    assert front.over and referee.session.state.winner is not None


def test_the_expert_thinks_away_from_the_board_and_its_moves_are_made():
    referee, front = play_against(BotSeat("expert", "p2", seed=3, worlds=1), seed=4,
                               computer_moves=4)
    history = [str(h.action) for h in referee.session.state.history]
    assert sum(a.startswith("p2:") for a in history) >= 4
    assert referee.computer_search is None and not front.searches


def test_the_status_line_says_the_computer_is_thinking_then_what_it_did():
    referee, front = started(2, BotSeat("heuristic", "p2", seed=1, delay=1.0))
    while not referee.controller.mode.waiting:
        press_a_key(referee, front)
    assert "thinking…" in (referee.controller.hint or "")
    front.tick()
    last = str(referee.session.state.history[-1].action)
    assert last.startswith("p2:")
    said = referee.controller.bot_said
    hint = referee.controller.hint or ""
    assert "(the computer)" in hint and last not in hint and "p2:" not in hint.split(")", 1)[1]
    assert said is not None and said in hint  # words, also while thinking
    assert any(w in said for w in ("flipped", "played", "chose", "focused",
                                   "discarded", "used", "answered", "pitched"))


def test_the_computer_waits_while_a_dialog_covers_the_board():
    referee, front = started(2, BotSeat("heuristic", "p2", seed=1, delay=1.0))
    while not referee.controller.mode.waiting:
        press_a_key(referee, front)
    before = referee.session.state
    due = front.timers["computer"][1]
    assert referee.fired(due, covered=True) == [After(1.0, due)]  # again after the pause
    assert referee.session.state is before
    front.run([After(1.0, due)])
    front.tick()
    assert referee.session.state is not before


def test_a_pause_of_a_seat_gone_is_dropped():
    referee, front = started(2, BotSeat("heuristic", "p2", seed=1, delay=1.0))
    while not referee.controller.mode.waiting:
        press_a_key(referee, front)
    due = front.timers["computer"][1]
    front.run(referee.seat(BotSeat("heuristic", "p2", seed=2, delay=1.0)))
    before = referee.session.state
    assert referee.fired(due) == [] and referee.session.state is before
    assert referee.fired(TimerFired("computer", 999)) == []


def test_an_expert_answer_for_a_position_gone_is_dropped():
    referee, front = started(4, BotSeat("expert", "p2", seed=3, worlds=1), think_at_once=False)
    while not referee.controller.mode.waiting:
        press_a_key(referee, front)
    front.tick()  # the pause ran out: the search starts...
    assert len(front.searches) == 1 and referee.computer_search is not None
    front.run(referee.play(*new_game(setup(9))))  # ...and a new game begins meanwhile
    front.think()
    assert not any(str(h.action).startswith("p2:") for h in referee.session.state.history)


def test_an_expert_answer_for_a_game_put_again_is_dropped_and_it_thinks_again():
    referee, front = started(4, BotSeat("expert", "p2", seed=3, worlds=1), think_at_once=False)
    while not referee.controller.mode.waiting:
        press_a_key(referee, front)
    front.tick()
    state, log = referee.session.state, list(referee.session.log)
    front.run(referee.play(state, log))  # the same position, put on the table again
    assert "computer" not in front.timers  # one search at a time
    front.think()
    assert referee.session.state is state  # the answer was for the table before
    assert "computer" in front.timers and referee.computer_search is None
    front.tick()
    front.think()
    assert referee.session.state.history[-1].action.player == "p2"


def test_a_failing_computer_hands_the_game_to_both_players():
    class Broken(BotSeat):
        def choose(self, obs, legal):
            raise RuntimeError("out of ideas")

    referee, front = started(2, Broken("heuristic", "p2", seed=1, delay=1.0))
    while not referee.controller.mode.waiting:
        press_a_key(referee, front)
    front.tick()
    offer = front.offers[0]
    assert offer.about == "computer-stopped" and "out of ideas" in offer.text
    assert referee.controller.bot is None and not referee.controller.mode.waiting
    front.offer(0)
    assert referee.controller.mode.allows("play", ("flip",)) or front.asked is not None


def test_a_hint_for_a_position_gone_is_dropped():
    referee, front = table(think_at_once=False)
    referee.hint_worlds = 2
    front.run(referee.play(a_real_decision(2), []))
    front.run(referee.hint())
    assert referee.controller.hint == HINT_THINKING and isinstance(front.searches[0], Think)
    press_a_key(referee, front)  # a move before the hint came back
    moved = referee.controller.hint
    front.think()
    assert referee.controller.hint == moved and ": best" not in (referee.controller.hint or "")
    # asked again, on the position now, it is shown
    front.run(referee.hint())
    front.think()
    assert (referee.controller.hint or "").startswith("[b]Hint")


def test_a_second_hint_replaces_the_first():
    referee, front = table(think_at_once=False)
    referee.hint_worlds = 2
    front.run(referee.play(a_real_decision(2), []))
    front.run(referee.hint())
    front.run(referee.hint())
    first, second = front.searches
    front.run(referee.thought(first.work()))
    assert referee.controller.hint == HINT_THINKING  # the first one is nobody's any more
    front.run(referee.thought(second.work()))
    assert ": best" in (referee.controller.hint or "") and "pay for" in referee.controller.hint


def test_an_answer_to_a_question_gone_is_dropped():
    referee, front = started(3)
    assert isinstance(front.asked, Ask)  # who defends the opening attack
    asked = front.asked
    front.run(referee.act(asked.question.actions[0]))  # answered another way (a key)
    before = referee.session.state
    assert referee.answer(asked, 1) == [] and referee.session.state is before


def test_undo_takes_back_the_last_move_and_says_it():
    referee, front = started(4)
    for _ in range(LIMIT):  # on to a move that may be taken back (no card seen)
        before = referee.session.state
        press_a_key(referee, front)
        if referee.session.why_not_undo() is None:
            break
    front.run(referee.undo())
    assert referee.session.state.model_dump_json() == before.model_dump_json()
    assert front.notes[-1].startswith("undone: ")
    assert "Undone" in (referee.controller.hint or "")


def test_against_the_computer_undo_takes_back_its_replies_too():
    """tests/scenarios/charisma.toml: p2 (the person) pays, p1 (the
    computer) answers where the ally goes; `u` takes back both."""
    script = load_scenario(Path(__file__).resolve().parent / "scenarios" / "charisma.toml")
    before, _ = new_game(script.setup)
    lines = [line.action for line in script.lines if not line.rejected]
    for action in lines[:-2]:
        before, _ = apply(before, action)
    referee, front = table(BotSeat("random", "p1", seed=1, delay=1.0))
    front.run(referee.play(before, []))
    front.run(referee.act(lines[-2]))  # p2 pays: the computer's question
    assert referee.controller.mode.waiting and front.asked is None
    front.tick()
    assert [h.action.player for h in referee.session.state.history[-2:]] == ["p2", "p1"]
    front.run(referee.undo())
    assert referee.session.state == before
    assert front.notes[-1].startswith("undone: p2: pay and the computer's p1: choose")


def test_the_end_of_the_game_is_put_and_a_rematch_deals_the_next_seed():
    referee, front = started(6)
    rng = random.Random(6)
    for _ in range(LIMIT):
        if front.over:
            break
        if front.asked is not None:
            front.answer(0)
        else:
            front.run(referee.act(rng.choice(referee.session.legal)))
    assert front.over  # the GameOver command came
    front.run(referee.game_over("rematch"))
    assert referee.session.state.setup.seed == 7 and referee.session.state.phase == "open"
    assert front.notes == [] and front.asked is not None


def narrated() -> Demo:
    return Demo(load_scenario(NARRATED), "narrated")


def test_a_demo_auto_plays_to_its_end_on_its_pauses():
    demo = narrated()
    referee, front = table(demo=demo)
    front.run(referee.open("ask"))
    pauses = []
    front.run(referee.demo_auto(True))
    while front.timers:
        due, _ = front.timers["demo"]
        pauses.append(due - front.clock)
        front.tick()
    assert demo.at_end and not referee.controller.mode.playing
    assert len(pauses) == demo.total and abs(front.clock - sum(pauses)) < 1e-6
    mode = referee.controller.mode
    assert not mode.allows("demo_auto") and mode.allows("demo_step", (-1,))


def test_a_demo_stopped_drops_its_pause_and_started_again_goes_on():
    demo = narrated()
    referee, front = table(demo=demo)
    front.run(referee.open("ask"))
    front.run(referee.demo_auto(True))
    assert referee.controller.mode.playing and referee.controller.mode.allows("demo_stop")
    front.run(referee.demo_auto(False))  # stopped: its pause, when it ends, does nothing
    assert not referee.controller.mode.playing and referee.demo_due is None
    front.tick()
    assert demo.step == 0
    front.run(referee.demo_auto(True))
    front.tick()
    assert demo.step == 1 and "demo" in front.timers


def test_taking_over_a_demo_plays_on_hot_seat_from_its_step():
    demo = narrated()
    referee, front = table(demo=demo)
    front.run(referee.open("ask"))
    for _ in range(3):
        front.run(referee.demo_step(1))
    state = referee.session.state
    front.run(referee.demo_auto(True))
    front.run(referee.take_over())
    assert referee.controller.demo is None and referee.session.state is state
    assert "took over" in front.notes[-1] and referee.demo_due is None
    front.tick()  # the auto-play's pause, gone with the demo
    assert referee.session.state is state
    front.run(referee.press("pay"))
    assert str(referee.session.state.history[-1].action) == "p1: pay"


def test_a_demo_that_does_not_replay_is_stopped_with_the_reason(tmp_path):
    text = NARRATED.read_text(encoding="utf-8")
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace("p1: pay", "p2: pay", 1), encoding="utf-8")
    demo = Demo(load_scenario(broken), "broken")
    referee, front = table(demo=demo)
    front.run(referee.open("ask"))
    front.run(referee.demo_auto(True))
    while front.timers and not front.offers:
        front.tick()
    assert isinstance(front.offers[0], Offer) and "cannot go on" in front.offers[0].title
    assert not referee.controller.mode.playing and not front.timers
