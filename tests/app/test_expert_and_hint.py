"""The expert computer player in the app (it thinks in a worker thread,
and the app answers keys meanwhile), the hint key `h` (the expert's
advice from the acting player's observation only, R1.6), and the
difficulty choice on the new-game screen."""

from __future__ import annotations

import threading

from textual.widgets import Select

from avatar_tui.bots import BotSeat, verdict
from avatar_tui.bots.expert import ExpertBot
from avatar_tui.cli import build_parser
from avatar_tui.engine import apply, legal_actions
from avatar_tui.model.common import ZONES
from avatar_tui.play import hint as hints
from avatar_tui.play.plain import unmarked
from avatar_tui.tui.screens.game import GameScreen
from avatar_tui.tui.screens.help import HelpScreen
from avatar_tui.tui.screens.newgame import NewGameScreen

from .helpers import (
    advance,
    make_app,
    new,
    play_p1_until_the_computer_moves,
    policy,
    scenario,
    screen_text,
)

SIZE = (120, 40)
NEVER = 3600.0


class SlowSeat(BotSeat):
    """An expert seat whose thinking waits for the test to let it finish,
    so the test can press keys while it thinks."""

    def __init__(self):
        super().__init__("expert", "p2", seed=3, delay=NEVER, worlds=2)
        self.go = threading.Event()

    def choose(self, obs, legal):
        assert self.go.wait(30), "the test never let the computer finish"
        return super().choose(obs, legal)


async def start_thinking(app, pilot):
    """p1 plays by keys until the computer's move, which then starts (the
    timer's call); returns the position it thinks on."""
    await pilot.pause()
    await play_p1_until_the_computer_moves(app, pilot)
    before = app.session.state
    app.fire("computer")  # the search starts in a thread
    await pilot.pause()
    return before


async def test_the_app_answers_keys_while_the_expert_thinks():
    seat = SlowSeat()
    app = make_app(new(seed=4), bot=seat)
    async with app.run_test(size=SIZE) as pilot:
        before = await start_thinking(app, pilot)
        assert app.referee.computer_search is not None  # in a worker thread
        assert "thinking" in screen_text(app)
        await pilot.press("space")  # p1's key: refused at once, with the reason
        assert "wait for its move" in (app.controller.hint or "")
        await pilot.press("question_mark")  # the help opens while it thinks
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen) and app.session.state is before
        seat.go.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.session.state is not before and app.referee.computer_search is None
        assert str(app.session.state.history[-1].action).startswith("p2:")


def a_real_decision(seed: int):
    """A game played on to a flipped card with more than one distinct move."""
    state, _ = new(seed=seed)
    while True:
        legal = legal_actions(state)
        distinct = {(a.verb, a.number, a.ally, a.word) for a in legal}
        if state.phase == "decide" and len(distinct) > 1 and any(a.verb == "pay" for a in legal):
            return state
        state, _ = apply(state, policy(state))


async def test_h_shows_the_experts_estimates_in_words():
    app = make_app((a_real_decision(2), []))
    app.referee.hint_worlds = 3
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        text = app.controller.hint or ""
        assert text.startswith("[b]Hint[/b]") and ": best" in text and "pay for" in text
        assert "%" not in text  # the chances are not calibrated: words only (issue 30)
        assert "Hint" in screen_text(app)


def test_a_hint_reads_only_what_the_acting_player_may_see():
    """Two games that differ only in hidden cards (the opponent's deck order
    and everyone's face-down energy) get the same hint, word for word."""
    state, _ = new(seed=6)
    state = advance(state, 12)
    twin = state.model_copy(deep=True)
    actor = legal_actions(state)[0].player
    for pid in ("p1", "p2"):
        p = twin.players[pid]
        if pid != actor:
            p.deck.reverse()
        for z in ZONES:
            p.zones[z].energy.reverse()
    assert twin.players != state.players
    first, second = hints.hint_request(state), hints.hint_request(twin)
    assert first.obs.state == second.obs.state
    text = hints.hint_text(first, hints.think(first, worlds=3))
    assert text == hints.hint_text(second, hints.think(second, worlds=3))
    assert ": best" in text or "only one move" in text


def test_a_hint_names_moves_in_plain_words():
    state = a_real_decision(2)
    request = hints.hint_request(state)
    estimates = hints.think(request, worlds=2)
    text = hints.hint_text(request, estimates)
    pay = next(e for e in estimates if e.action.verb == "pay")
    words = "best" if pay is verdict.settled(estimates) else \
        verdict.band(max(verdict.gap(estimates, pay), 1e-9))
    assert f"pay for {state_card(state)}: {words}" in text and "%" not in text


def state_card(state):
    pid = legal_actions(state)[0].player
    zone = state.players[pid].defending
    from avatar_tui.engine.table import Table

    return Table(state).name(state.players[pid].zones[zone].flip.card)


async def test_the_new_game_screen_chooses_the_difficulty():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.controller.bot is None
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        assert "p2 played by" in screen_text(app)
        app.screen.query_one("#opponent", Select).value = "expert"
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        bot = app.controller.bot
        assert bot is not None and bot.kind == "expert" and bot.thinks
        assert isinstance(app.controller.bot.bot, ExpertBot)
        assert "expert" in app.sub_title
        app.controller.bot.delay = NEVER  # no move of its own during the test
        app.action_new_game()  # the choice is offered again as it is now
        await pilot.pause()
        assert app.screen.query_one("#opponent", Select).value == "expert"
        app.screen.query_one("#opponent", Select).value = "person"
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        assert app.controller.bot is None


def test_the_command_line_takes_the_expert_and_its_time():
    args = build_parser().parse_args(["play", "--vs-bot", "expert", "--think", "0.5"])
    assert args.vs_bot == "expert" and args.think == 0.5
    seat = BotSeat("expert", "p2", think=args.think)
    assert seat.bot.think == 0.5 and seat.thinks


async def test_a_computer_move_due_after_the_app_closed_does_nothing():
    """A timer may fire the computer's move after the screens are gone (seen under
    load as "No screens on stack"): the move waits for a game on screen."""
    app = make_app(new(seed=4), bot=BotSeat("heuristic", "p2", seed=3, delay=NEVER))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_p1_until_the_computer_moves(app, pilot)
        before = app.session.state
    assert not app.screen_stack and app.controller.mode.waiting
    app.fire("computer")
    assert app.session.state is before


async def test_the_hint_says_why_on_a_row_of_its_own_at_80x24():
    """Issue 41: the hint's ranking, then why the best beats the next
    (play/reasons.py), each on its own row of the two the status has at
    80x24, and read whole at 120x40."""
    state = a_real_decision(2)
    for size in ((80, 24), SIZE):
        app = make_app((state, []))
        app.referee.hint_worlds = 3
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.press("h")
            await app.workers.wait_for_complete()
            await pilot.pause()
            ranking, why = (app.controller.hint or "").split("\n")
            assert ranking.startswith("[b]Hint[/b]") and why.startswith("[b]Why:[/b] ")
            assert why.endswith(")") and "(R" in why  # its rules
            place = app.screen.query_one("#status-panel").content_region
            rows = [row[place.x:place.right].strip() for row in
                    screen_text(app).splitlines()[place.y:place.y + place.height]]
            said = unmarked(why)
            assert said in rows, (size, said, rows)  # a row of its own, whole
