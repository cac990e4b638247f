"""Every dialog: questions the engine asks (opening defender, second ally,
a card's target), the overpay chooser, the signature privacy screen, help,
the card inspector, new game and game over."""

from __future__ import annotations

from textual.widgets import Button, Input

from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.game import GameScreen
from avatar_tui.tui.screens.gameover import GameOverScreen
from avatar_tui.tui.screens.help import HelpScreen
from avatar_tui.tui.screens.inspector import InspectorScreen
from avatar_tui.tui.screens.newgame import NewGameScreen
from avatar_tui.tui.screens.privacy import PrivacyScreen

from .helpers import make_app, scenario, screen_text

SIZE = (120, 40)


async def test_the_opening_choice_shows_the_discard_comparison_and_names_the_defender():
    app = make_app(scenario("opening"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        text = screen_text(app)
        assert "Who defends the opening attack? (R2.4)" in text
        assert "discard force p1" in text
        assert "Aang (p1) defends" in text and "Prince Zuko (p2) defends" in text
        await pilot.press("2")
        await pilot.pause()
        assert str(app.session.state.history[-1].action) == "p1: open p2"
        assert isinstance(app.screen, GameScreen)
        assert app.session.state.turn == "p2"


async def test_a_question_can_wait_while_the_board_is_looked_at():
    app = make_app(scenario("opening"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        assert app.screen.check_action("choose", ())
        assert not app.screen.check_action("play", ("flip",))
        await pilot.press("c")
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("1")
        await pilot.pause()
        assert str(app.session.state.history[-1].action) == "p1: open p1"


async def test_the_overpay_chooser_lists_the_legal_allocations():
    app = make_app(scenario("overpay"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert not screen.check_action("play", ("pay",))  # no green left for G2
        assert screen.check_action("play", ("overpay",))
        await pilot.press("p")
        assert "Pay:" in app.controller.hint and "R6.3" in app.controller.hint
        await pilot.press("o")
        assert isinstance(app.screen, ChoiceScreen)
        text = screen_text(app)
        assert "Overpay (R6.3)" in text
        for allocation in ("Spend Y2", "Spend Y1 R1", "Spend R2"):
            assert allocation in text
        await pilot.press("2")
        await pilot.pause()
        assert str(app.session.state.history[-1].action) == "p1: pay y=1 r=1"


async def test_the_overpay_chooser_answers_a_click():
    app = make_app(scenario("overpay"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.click("#answer-2")
        await pilot.pause()
        assert str(app.session.state.history[-1].action) == "p1: pay r=2"


async def test_a_second_ally_asks_replace_or_keep():
    app = make_app(scenario("allies"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        text = screen_text(app)
        assert "A second ally (R5.5)" in text
        assert "Replace" in text and "Keep" in text
        await pilot.press("1")
        await pilot.pause()
        state = app.session.state
        assert str(state.history[-1].action) == "p1: choose replace"
        assert state.players["p1"].zones["green"].ally.card == "katara"


async def test_a_card_asks_for_a_target():
    app = make_app(scenario("target"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        text = screen_text(app)
        assert "Flare: which energy is eliminated?" in text
        assert "energy in Prince Zuko (p2) green zone" in text
        assert "None (decline)" in text
        buttons = list(app.screen.query(Button))
        labels = [str(b.label) for b in buttons]
        none = next(i for i, label in enumerate(labels) if "None" in label)
        await pilot.click(f"#answer-{none}")
        await pilot.pause()
        assert str(app.session.state.history[-1].action) == "p1: choose none"


async def test_the_signature_moves_hide_behind_a_privacy_screen():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        t = app.session.table
        front, back = t.catalog.moves_of(t.catalog.chamber("prince_zuko"))
        await pilot.press("v")
        assert isinstance(app.screen, PrivacyScreen)
        text = screen_text(app)
        assert "Aang (p1), look away." in text
        assert front.name not in text and back.name not in text
        await pilot.press("enter")
        text = screen_text(app)
        assert front.name in text and back.name in text
        assert "Now (front)" in text
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_against_the_computer_the_signature_moves_show_at_once():
    # nobody else shares the screen: no one to ask to look away (R1.6)
    from avatar_tui.bots import BotSeat

    app = make_app(scenario("midgame"), bot=BotSeat("heuristic", player="p1", seed=1, delay=0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.controller.actor == "p2"  # the person's turn
        t = app.session.table
        front, back = t.catalog.moves_of(t.catalog.chamber("prince_zuko"))
        await pilot.press("v")
        assert isinstance(app.screen, PrivacyScreen)
        text = screen_text(app)
        assert "look away" not in text
        assert front.name in text and back.name in text


async def test_help_lists_the_keys_and_the_turn_with_rule_ids():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        for words in ("space  flip", "o  pay with stronger energy", "1-9", "u  undo",
                      "R4.1", "R4.2", "R4.3", "R5.6", "R6.3", "R10.5"):
            assert words in text
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_the_inspector_shows_the_flipped_card_in_full_and_pages():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("i")
        assert isinstance(app.screen, InspectorScreen)
        text = screen_text(app)
        assert "Burning Lash" in text and "Prince Zuko (p2) yellow flip space" in text
        assert "Power 1: -4 intercept" in text
        lash = app.screen.index
        assert app.screen.spots[lash].card == "burning_lash"
        await pilot.press("right")
        assert app.screen.index == lash + 1
        assert app.screen.spots[lash + 1].where.split(" ", 1)[1] in screen_text(app)


async def test_a_new_game_takes_characters_and_seed():
    app = make_app(scenario("midgame"), seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        text = screen_text(app)
        assert "New game" in text and "discard force p1" in text
        app.screen.query_one("#seed", Input).value = "42"
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        state = app.session.state
        assert state.setup.seed == 42 and not state.history
        assert isinstance(app.screen, ChoiceScreen)  # the opening choice follows


async def test_a_new_game_can_be_cancelled_while_a_game_runs():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = app.session.state
        await pilot.press("n")
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen) and app.session.state is before


async def test_game_over_shows_the_winner_and_offers_a_rematch():
    app = make_app(scenario("final_point"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d")  # the third point (R10.2)
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        state = app.session.state
        text = screen_text(app)
        assert "Prince Zuko (p2) wins!" in text
        assert "Prince Zuko (p2) 3 — Aang (p1) 0" in text
        assert f"Turns played: {state.turn_number}" in text
        await pilot.press("r")
        await pilot.pause()
        assert app.session.state.setup.seed == state.setup.seed + 1
        assert app.session.state.phase == "open"


async def test_game_over_quits_with_q():
    app = make_app(scenario("final_point"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


def test_the_new_game_screen_offers_every_kind_of_computer_player():
    # a game resumed or started with any kind (`play --vs-bot master`) shows
    # that kind in "p2 played by", not a person; a frozen kind (the coach's,
    # bots/kinds.py) is not offered, but kept when a game names it
    from avatar_tui.bots.kinds import COMPUTER_KINDS, FROZEN
    from avatar_tui.tui.screens.opponent import HOT_SEAT, OPPONENTS, OpponentField

    offered = [kind for kind in COMPUTER_KINDS if kind not in FROZEN]
    assert {kind for _, kind in OPPONENTS} == {HOT_SEAT, *offered}
    assert all(OpponentField(kind).initial == kind for kind in COMPUTER_KINDS)
    assert "expert-v1" in {k for _, k in OpponentField("expert-v1").options}
    assert "expert-v1" not in {k for _, k in OpponentField("expert").options}


def test_the_new_game_screen_offers_every_kind_of_computer_player_but_the_frozen():
    # a game resumed or started with any kind (`play --vs-bot master`, or a
    # frozen `master-v1`, which is not offered) shows that kind in "p2
    # played by", not a person
    from avatar_tui.bots.kinds import COMPUTER_KINDS, KINDS
    from avatar_tui.tui.screens.opponent import HOT_SEAT, OPPONENTS, OpponentField

    offered = {kind.name for kind in KINDS if not kind.frozen}
    assert {kind for _, kind in OPPONENTS} == {HOT_SEAT, *offered} and "master-v1" not in offered
    assert all(OpponentField(kind).initial == kind for kind in COMPUTER_KINDS)
    assert "master-v1" in {kind for _, kind in OpponentField("master-v1").options}
    assert "master-v1" not in {kind for _, kind in OpponentField("master").options}


async def test_a_hosted_seats_game_over_names_no_seed_and_offers_only_a_rematch():
    """A seat of a hosted game (play/remote.py) knows the moves made but not
    the seed, which fixed the deck order (R1.6); it has no game here to
    replace or review, so n and v do nothing and are not offered."""
    from avatar_tui.play.commands import GameOver

    app = make_app(scenario("final_point"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        app.pop_screen()
        table = app.session.table
        app.push_screen(GameOverScreen(table, GameOver(actions=57, remote=True)))
        await pilot.pause()
        text = screen_text(app)
        assert "Actions: 57" in text and "seed" not in text
        assert "n new game" not in text and "v review" not in text
        await pilot.press("n", "v")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
