"""The dialogs the referee's commands open (play/commands.py), and where their
answers go: back to the referee, whose commands the app then carries out. The
game's question and its end are put only on the board, never over another
dialog (c asks the question again)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from avatar_tui.play.commands import Ask, ChooseGame, ChooseLesson, ChoosePuzzle, GameOver, Offer
from avatar_tui.tui.board import CardView
from avatar_tui.tui.screens.choice import ChoiceScreen

if TYPE_CHECKING:
    from textual.widget import Widget

    from avatar_tui.tui.shell import Shell


def offer(app: Shell, command: Offer) -> None:
    """A message or a choice outside the game; its answer to `Referee.offered`."""
    app.push_screen(ChoiceScreen(command.title, command.text, list(command.labels),
                                 can_cancel=command.can_cancel),
                    lambda index: app.carry_out(app.referee.offered(command.about, index)))


def message(app: Shell, title: str, text: str,
            then: Callable[[], None] | None = None) -> None:
    """A message of the app's own (a lock, a save elsewhere), then `then()`."""
    def closed(_index: int | None) -> None:
        if then is not None:
            then()

    app.push_screen(ChoiceScreen(title, text, ["OK"], can_cancel=False), closed)


def on_board(app: Shell) -> bool:
    """The game's question and its end are put only with a game on the
    board and the board on top, never over another dialog."""
    return (app.session is not None and bool(app.screen_stack)
            and app.screen is app.game_screen)


def game_over(app: Shell, command: GameOver) -> None:
    """The game's end, when the board is the screen on top; its answer
    (rematch, new, quit) to `Referee.game_over`, or the review."""
    if not on_board(app):
        return
    from avatar_tui.tui.screens.gameover import GameOverScreen

    def answered(answer: str | None) -> None:
        if answer == "review":
            review_the_game(app, command)
        else:
            app.carry_out(app.referee.game_over(answer))

    assert app.session is not None
    if command.coach:  # the game a lesson handed on: the coach looks back on it at once
        review_the_game(app, command)
        return
    app.push_screen(GameOverScreen(app.session.table, command), answered)


def ask(app: Shell, command: Ask) -> None:
    """The game's question, when the board is the screen on top; its answer
    to `Referee.answer`."""
    if not on_board(app):
        return
    session = app.session
    assert session is not None
    question = command.question

    def chosen(index: int | None) -> None:
        app.carry_out(app.referee.answer(command, index))

    def show(reveal: object = True) -> None:
        if reveal:
            app.push_screen(ChoiceScreen(question.title, question.prompt, question.labels,
                                         question.details, again=question.again), chosen)

    if command.look_away is not None:  # R1.6: the other player looks away first
        from avatar_tui.tui.screens.privacy import SecretGate

        app.push_screen(SecretGate(session.table, command.look_away), show)
    else:
        show()


def choose_game(app: Shell, command: ChooseGame) -> None:
    """The new-game screen; its setup (or kept game) to `Referee.game_chosen`."""
    from avatar_tui.tui.screens.newgame import NewGameScreen

    screen = NewGameScreen(command.seed, command.p1, command.p2,
                           can_cancel=command.can_cancel, who=command.who,
                           opponent=command.opponent, keeps=command.keeps,
                           learn=command.learn, game_format=command.game_format,
                           packs=command.packs)
    app.push_screen(screen, lambda setup: app.carry_out(
        app.referee.game_chosen(setup, screen.opponent)))


def choose_lesson(app: Shell, command: ChooseLesson) -> None:
    """The lessons' list; the lesson chosen to `Referee.lesson_chosen`."""
    from avatar_tui.tui.screens.lessons import LessonsScreen

    app.push_screen(LessonsScreen(command),
                    lambda name: app.carry_out(app.referee.lesson_chosen(name)))


def choose_puzzle(app: Shell, command: ChoosePuzzle) -> None:
    """The puzzles' list; the puzzle chosen to `Referee.puzzle_chosen`."""
    from avatar_tui.tui.screens.lessons import PuzzlesScreen

    app.push_screen(PuzzlesScreen(command),
                    lambda name: app.carry_out(app.referee.puzzle_chosen(name)))


def review_the_game(app: Shell, over: GameOver) -> None:
    """The game just finished, in the review screen; back to its end (and
    the game-over dialog) when the review is left, or the game played on
    from the position chosen."""
    from avatar_tui.play.review import Review, persons_seat
    from avatar_tui.tui.screens.review import open_review

    session = app.session
    assert session is not None
    review = Review(session.state, "the game just played", computer=app.controller.computer,
                    viewer=persons_seat(app.controller.computer))
    review.end()  # where the game just was: step back from its end

    def then(name: str | None) -> None:
        if name is None:  # the end's dialog, the coach heard
            game_over(app, replace(over, coach=False))
        else:
            app.carry_out(app.referee.resume_kept(name))

    open_review(app, review, then)


def inspect(app: Shell, focused: Widget | None) -> None:
    """The inspector, at the focused card or the one the controller picks."""
    session = app.session
    if session is None:
        return
    from avatar_tui.tui.screens.inspector import InspectorScreen, table_cards

    card = focused if isinstance(focused, CardView) and focused.card_id else None
    wanted = app.controller.looked_at(card.card_id if card else None, card.owner if card else None)
    spots = table_cards(session.table)
    index = next((i for i, spot in enumerate(spots) if (spot.card, spot.owner) == wanted), 0)
    app.push_screen(InspectorScreen(session.table, spots, index))


def command_palette(app: Shell) -> None:
    """ctrl+p: Textual's command palette (tui/palette.py), but not on a
    terminal too small for the board, where no key but q acts
    (tui/layout.py) and the palette has no room; the too-small message says so."""
    from avatar_tui.tui import layout, palette
    from avatar_tui.tui.screens.game import too_small

    width, height = app.size
    if layout.choose(width, height).kind != "too-small":
        palette.open_palette(app)
        return
    refused = too_small("ctrl+p", width, height, layout.MIN_SIZE)
    if app.screen is app.game_screen:
        app.game_screen.show_too_small(refused)
    else:
        app.notify(refused, severity="warning")


def explain(app: Shell) -> None:
    """The explain panel: every move now, possible or not, and why."""
    if app.session is not None and not app.session.over:
        from avatar_tui.tui.screens.explain import ExplainScreen

        app.push_screen(ExplainScreen(app.session))


def help_screen(app: Shell) -> None:
    # imported here: the help leads to the rules browser, whose Markdown
    # widget (markdown-it, pygments) is a large part of a start otherwise
    from avatar_tui.tui.screens.help import HelpScreen

    app.push_screen(HelpScreen())


def own_moves(app: Shell) -> None:
    """The acting player's signature moves, behind the privacy screen (R1.6)
    where another person shares the screen; against the computer, at once."""
    if app.session is not None:
        from avatar_tui.tui.screens.privacy import PrivacyScreen

        app.push_screen(PrivacyScreen(app.session.table, app.controller.actor,
                                      shared=app.controller.mode.shared_screen))
