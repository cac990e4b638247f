"""Playing by keys: a whole game to the game-over screen, refusals in the
engine's words, undo, and the mouse."""

from __future__ import annotations

from avatar_tui.engine import can_undo
from avatar_tui.tui.board import CardView
from avatar_tui.tui.keybar import KeyBar
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.game import GameScreen
from avatar_tui.tui.screens.gameover import GameOverScreen
from avatar_tui.tui.screens.privacy import SecretGate

from .helpers import KEY_OF, PREFERRED, make_app, new, scenario, screen_text


async def play_one_key(app, pilot) -> str:
    """Press one legal key (or answer a dialog); returns what was pressed."""
    screen = app.screen
    if isinstance(screen, SecretGate):  # R1.6: the chooser looks
        await pilot.press("enter")
        return "enter"
    if isinstance(screen, ChoiceScreen):
        await pilot.press("1")
        return "1"
    assert isinstance(screen, GameScreen), screen
    for name in PREFERRED:
        if screen.check_action("play", (name,)):
            await pilot.press(KEY_OF[name])
            return KEY_OF[name]
    raise AssertionError(f"no legal key; footer: {screen_text(app).splitlines()[-1]}")


async def test_a_whole_game_by_keys_only_reaches_game_over():
    app = make_app(new(seed=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        presses = 0
        while not isinstance(app.screen, GameOverScreen):
            await play_one_key(app, pilot)
            presses += 1
            assert presses < 1500, "the game did not end"
        state = app.session.state
        assert state.phase == "over" and state.winner in ("p1", "p2")
        assert state.players[state.winner].score == 3
        text = screen_text(app)
        assert "wins!" in text and f"Turns played: {state.turn_number}" in text
        # every action of the game went through the keys: the history is complete
        assert len(state.history) >= presses // 2


async def test_an_illegal_key_changes_nothing_and_says_why():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        before = app.session.state
        await pilot.press("space")  # flip: the card is already flipped
        await pilot.press("s")  # a signature move: not now
        await pilot.press("r")  # Burning Lash has no reflip
        assert app.session.state is before
        assert "Reflip" in (app.controller.hint or "") and "R7.4" in app.controller.hint
        assert "has no reflip" in screen_text(app)


async def test_keys_in_the_footer_are_the_legal_ones():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        on = {name for name in KEY_OF if screen.check_action("play", (name,))}
        assert on == {"pay", "power_1", "ally_power", "focus", "discard"}
        footer = screen_text(app).splitlines()[-1]
        for label in ("Pay", "Power 1", "Ally", "Focus", "Discard"):
            assert label in footer
        assert "Flip" not in footer and "Reflip" not in footer and "Undo" not in footer


async def test_the_footer_follows_each_move_and_a_click_on_a_key_presses_it():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        before = screen_text(app).splitlines()[-1]
        column = before.index("d Discard") + 3  # on the word, where the player sees it
        await pilot.hover(bar, offset=(column - bar.region.x, 0))
        assert bar.hovered == "d"  # highlighted under the pointer
        await pilot.hover(app.screen.query_one("#board"))
        assert bar.hovered is None
        await pilot.click(bar, offset=(column - bar.region.x, 0))
        await pilot.pause()
        assert str(app.session.state.history[-1].action) == "p2: discard"
        after = screen_text(app).splitlines()[-1]
        assert after != before and "Undo" in after  # redrawn in place, same frame


async def test_undo_takes_back_an_action_but_never_a_flip():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        before = app.session.state
        assert not app.screen.check_action("undo", ())  # the last action flipped a card
        await pilot.press("f")  # focus Burning Lash: no card turned face up
        assert str(app.session.state.history[-1].action) == "p2: focus"
        assert can_undo(app.session.state) and app.screen.check_action("undo", ())
        await pilot.press("u")
        assert app.session.state.model_dump_json() == before.model_dump_json()
        assert "undone: p2: focus" in screen_text(app)


async def test_clicking_the_highlighted_flipped_card_pays_for_it():
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        flipped = [c for c in app.screen.query(CardView) if c.has_class("-active")]
        assert len(flipped) == 1 and flipped[0].card_id == "burning_lash"
        await pilot.click(flipped[0])
        await pilot.pause()
        assert str(app.session.state.history[-1].action) == "p2: pay"
        assert app.session.state.turn == "p1"  # Burning Lash counterattacked (R5.3)


async def test_undo_in_hot_seat_never_takes_back_the_opponents_action():
    app = make_app(scenario("opening"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("2")  # p1 names p2 to defend: now p2 is to act
        await pilot.pause()
        assert str(app.session.state.history[-1].action) == "p1: open p2"
        assert app.session.why_not_undo() == (
            "the last action (p1: open p2) was p1's, and p2 may take back only their own")
        assert not app.screen.check_action("undo", ())
        await pilot.press("u")
        await pilot.pause()
        assert str(app.session.state.history[-1].action) == "p1: open p2"  # nothing taken back
        assert "may take back only their own" in screen_text(app)


async def test_showing_the_same_game_again_repaints_no_mat():
    """A mat's border is set only when its text changes: Textual gives a
    border title back in its own markup, so comparing with that would
    repaint both whole mats (and everything between) after every key."""
    app = make_app(scenario("midgame"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        repainted = []
        for mat in screen.board.mats:
            mat.refresh = lambda *a, mat=mat, **kw: repainted.append(mat.id)
        screen.show()
        assert repainted == []
