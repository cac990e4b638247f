"""The computer's moves (and any move) told in words, never in notation."""

from __future__ import annotations

from avatar_tui.bots import BotSeat
from avatar_tui.engine import Table, apply, look, new_game
from avatar_tui.model.actions import parse_action
from avatar_tui.play.move_words import describe_move, short, subject

from .helpers import default_setup, make_app, policy, scenario
from .test_vs_bot import NEVER, new


def test_every_move_of_a_whole_game_has_words_and_no_notation():
    state, _ = new_game(default_setup(seed=3))
    verbs = set()
    while state.phase != "over" and len(state.history) < 2000:
        action = policy(state)
        after, _ = apply(state, action)
        words = describe_move(state, after, action)
        assert words and str(action) not in words
        assert "p1:" not in words and "p2:" not in words
        verbs.add(action.verb)
        state = after
    assert {"open", "flip", "pay"} <= verbs


def test_paying_names_the_card_and_the_zone():
    state, _ = scenario("midgame")  # p2 defends yellow with Burning Lash flipped
    action = parse_action("p2: discard")
    words = describe_move(state, None, action)
    assert "Burning Lash" in words and "yellow" in words and "discarded" in words


async def test_the_status_line_says_the_computer_is_thinking_then_what_it_did():
    app = make_app(new(seed=2), bot=BotSeat("heuristic", "p2", seed=1, delay=NEVER))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for _ in range(200):
            if app.bot_to_move:
                break
            screen = app.screen
            if screen is not app.game_screen:
                await pilot.press("1")
                continue
            app.act(policy(app.session.state))
            await pilot.pause()
        assert app.bot_to_move
        assert "thinking…" in (app.game.hint or "")
        app.bot_move()
        await pilot.pause()
        last = str(app.session.state.history[-1].action)
        assert last.startswith("p2:")
        hint = app.game.hint or ""
        assert "(the computer)" in hint and last not in hint and "p2:" not in hint.split(")", 1)[1]
        said = app.game.bot_said
        assert said is not None and said in hint  # words, also while thinking
        assert any(w in said for w in ("flipped", "played", "chose", "focused",
                                       "discarded", "used", "answered", "pitched"))


def test_each_way_of_saying_a_move_names_the_card_the_look_names():
    state, _ = scenario("midgame")  # p2 defends yellow with Burning Lash flipped
    t = Table(state)
    about = subject(t)
    assert (about.zone, about.card) == (look(state).defended, "Burning Lash")
    assert short(t, parse_action("p2: pitch")) == "pitch Burning Lash"
    assert "Burning Lash" in describe_move(state, None, parse_action("p2: focus"))
