"""Secrets on a shared screen (R1.6) and answers in words: a question about
cards only one player may see waits behind a privacy screen; "discard the
top card?" and the R12.2 "which first?" question say what each answer does;
a question with one distinct answer is not asked."""

from __future__ import annotations

from pathlib import Path

from support import Play, energy_then

from avatar_tui.bots import BotSeat
from avatar_tui.engine import Event, apply, new_game
from avatar_tui.model.state import GameState
from avatar_tui.notation.scenario import load_scenario
from avatar_tui.play import questions
from avatar_tui.play.session import Session
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.game import GameScreen
from avatar_tui.tui.screens.privacy import SecretGate

from .helpers import make_app, screen_text

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
SIZE = (120, 40)


def played(name: str, actions: int) -> tuple[GameState, list[Event]]:
    """A card scenario's game after its first `actions` actions."""
    scenario = load_scenario(SCENARIOS / f"{name}.toml")
    state, events = new_game(scenario.setup)
    for line in [line for line in scenario.lines if not line.rejected][:actions]:
        state, new = apply(state, line.action)
        events += new
    return state, events


def labels(state: GameState) -> list[str]:
    question = questions.pending(Session(state))
    assert question is not None
    return question.labels


async def test_a_look_at_the_top_waits_behind_a_privacy_screen():
    app = make_app(played("rokus_guidance", 5))  # Roku's Guidance: the top card is Downdraft
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SecretGate)
        text = screen_text(app)
        assert "Aang (p1), look away" in text
        assert "your top card is" not in text
        await pilot.press("escape")  # back to the board: the secret is not there either
        assert isinstance(app.screen, GameScreen)
        text = screen_text(app)
        assert "your top card is" not in text and "Downdraft. Discard" not in text
        assert "only they may look at (R1.6)" in text
        await pilot.press("c")
        assert isinstance(app.screen, SecretGate)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        for words in ("your top card is Downdraft",
                      "Discard it: your top card goes to your discard pile"):
            assert words in screen_text(app)
        await pilot.press("1")
        await pilot.pause()
        assert str(app.session.state.history[-1].action) == "p2: choose discard"


def test_discard_the_revealed_card_says_what_each_answer_does():
    state, _ = played("fire_nation_elite", 7)
    assert labels(state) == [
        "Discard it: the revealed card goes to Aang (p1)'s discard pile",
        "Keep it: the card stays on top of Aang (p1)'s deck"]
    assert not any("R5.5" in label for label in labels(played("rokus_guidance", 5)[0]))


def test_the_revealed_card_discarded_is_in_the_log():
    game = Play(p1=[], p2=[])
    scenario = load_scenario(SCENARIOS / "fire_nation_elite.toml")
    game.state, _ = played("fire_nation_elite", 7)
    game.do(str(scenario.lines[7].action))
    assert "p2 has p1 discard the revealed top card, Will of the Warrior (R12.1)" in game.texts()
    assert "nothing to do" not in game.texts()


def test_the_r12_2_question_says_what_each_effect_does_and_whose():
    state, _ = played("r7_6_katara_choking_sand", 8)
    assert labels(state) == [
        "Katara, waterbender in training (yours): charge the green zone",
        "Choking Sand (Aang (p1)): eliminate 1 of your allies in the green zone"]
    state, _ = played("r7_6_zhaos_guard_choking_sand", 8)
    assert labels(state)[0] == ("Zhao's Guard, loyal firebenders (yours): eliminate this ally; "
                                "eliminate up to 2 of either player's green energy")


ORDER_CARDS = [
    {"id": "self_burn", "name": "Self Burn", "type": "strike", "force": 3, "intercept": 9,
     "triggers": [{"on": "counterattack", "effects": [
         {"effect": "eliminate_energy", "whose": "you", "colour": "green"}]}]},
    {"id": "giver", "name": "Giver", "type": "ally", "cost": {"green": 1},
     "triggers": [{"on": "counterattack", "effects": [{"effect": "add_energy"}]}]},
]


def test_the_first_answer_of_which_first_is_never_a_harm_to_the_chooser():
    game = Play(p1=energy_then("spear", discard=("big",) * 4),
                p2=energy_then("giver", "self_burn", "filler"), cards=ORDER_CARDS)
    game.do("p1: open p1", "p1: flip", "p1: pay", "p2: flip", "p2: pay", "p2: flip", "p2: pay")
    assert game.state.choice is not None
    # the engine's order
    assert [o.word for o in game.state.choice.options] == ["self_burn", "giver"]
    question = questions.pending(Session(game.state))
    assert [a.word for a in question.actions] == ["giver", "self_burn"]
    assert question.labels[0] == "Giver (yours): you add 1 energy to green"


def test_a_question_whose_answers_are_all_the_same_is_not_asked():
    cards = [{"id": "peek", "name": "Peek", "type": "advantage", "cost": {"green": 1},
              "immediate": True,
              "on_play": [{"effect": "look_at_top", "count": 2, "then": "reorder"}]}]
    game = Play(p1=energy_then("spear", discard=("big",) * 4),
                p2=energy_then("peek", "wall", "wall", "filler"), cards=cards)
    game.do("p1: open p1", "p1: flip", "p1: pay", "p2: flip", "p2: pay")
    assert game.state.choice is None
    assert "p2 puts the top cards back in the order chosen (R12.1)" in game.texts()
    assert game.v("pending") == "flip"


def test_undoing_a_secret_answer_does_not_show_the_answer():
    session = Session(played("contemplate", 6)[0])  # p2 put Knuckle Sandwich on top
    assert session.state.history[-1].secret
    assert session.why_not_undo() is None
    assert session.undo() == "p2: choose (a secret answer, R1.6)"
    assert session.state.choice is not None and session.state.choice.secret


async def test_against_the_computer_no_one_needs_to_look_away():
    app = make_app(played("rokus_guidance", 5), bot=BotSeat("heuristic", "p1", seed=1,
                                                             delay=3600.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        assert "your top card is Downdraft" in screen_text(app)


async def test_the_computers_secret_answer_is_not_named():
    app = make_app(played("contemplate", 5), bot=BotSeat("heuristic", "p2", seed=1,
                                                          delay=3600.0))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, SecretGate)  # the computer's own question
        app.referee.computer_next = lambda: []  # keep its next move from covering the hint
        app.fire("computer")
        await pilot.pause()
        assert str(app.session.state.history[-1].action).startswith("p2: choose ")
        text = screen_text(app)
        assert "answered a secret question (R1.6)" in text
        assert "knuckle_sandwich" not in text and "choose downdraft" not in text


async def test_the_board_draws_what_the_shared_screen_may_see(monkeypatch):
    """The board reads the public observation of the game (R1.6), not the
    real state with the hidden parts left out by hand: every mat is shown a
    state whose decks and energy are face down ("?")."""
    from avatar_tui.engine import HIDDEN, observation
    from avatar_tui.tui.board import Mat

    from .helpers import make_app, scenario

    drawn = []
    real_show = Mat.show

    def show(self, session, *args, **kw):
        drawn.append(session.state)
        return real_show(self, session, *args, **kw)

    monkeypatch.setattr(Mat, "show", show)
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("space")
        await pilot.pause()
        real = app.session.state
    assert drawn and drawn[-1] == observation(real, None).state
    for state in drawn:
        for p in ("p1", "p2"):
            assert set(state.players[p].deck) <= {HIDDEN} | ({state.players[p].deck[0]}
                                                            if state.players[p].top_revealed
                                                            else set())
