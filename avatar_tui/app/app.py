"""The Textual app: owns the game session, asks the engine for every move,
saves after every action, and puts the result on the screen.

The app never decides a rule: the keys it offers come from
`legal_actions`, moves go through `apply`, and refusals are the engine's
`why_not` reasons."""

from __future__ import annotations

import random
from typing import Literal

from textual.app import App

from avatar_tui.app import describe, questions
from avatar_tui.app.board import CardView
from avatar_tui.app.keys import BY_NAME, candidates, example
from avatar_tui.app.screens.choice import ChoiceScreen
from avatar_tui.app.screens.game import GameScreen
from avatar_tui.app.screens.gameover import GameOverScreen
from avatar_tui.app.screens.help import HelpScreen
from avatar_tui.app.screens.inspector import InspectorScreen, table_cards
from avatar_tui.app.screens.newgame import NewGameScreen
from avatar_tui.app.screens.privacy import PrivacyScreen
from avatar_tui.app.session import Session
from avatar_tui.app.storage import SaveStore
from avatar_tui.engine import Event, IllegalAction, new_game
from avatar_tui.model.actions import Action
from avatar_tui.model.common import PlayerId
from avatar_tui.model.state import GameSetup, GameState, PlayerSetup
from avatar_tui.notation.scenario import ScenarioError

Start = Literal["ask", "resume", "new"]
class AvatarApp(App[None]):
    """avatar-tui: a hot-seat game of the Avatar TCG.

    `store`: where games are saved (None: nothing is saved). `start`: with
    no `game`, ask to resume an unfinished save, resume it at once, or
    offer a new game. `game`: a state (and its events) to play from, e.g.
    a scenario. `seed`: the seed offered for new games (default: random
    from the OS, never the clock; the seed is kept in the save)."""

    CSS_PATH = ["app.tcss", "screens.tcss"]
    TITLE = "avatar-tui"

    def __init__(self, store: SaveStore | None = None, *, start: Start = "ask",
                 game: tuple[GameState, list[Event]] | None = None, seed: int | None = None):
        super().__init__()
        self.store = store
        self.start_mode = start
        self.initial_game = game
        self.fixed_seed = seed
        self.session: Session | None = None
        self.hint: str | None = None
        self.last_setup: GameSetup | None = None

    def get_default_screen(self) -> GameScreen:
        return GameScreen()

    @property
    def game_screen(self) -> GameScreen:
        screen = self.screen_stack[0]
        assert isinstance(screen, GameScreen)
        return screen

    def on_mount(self) -> None:
        self.call_after_refresh(self.begin)

    def begin(self) -> None:
        if self.initial_game is not None:
            state, events = self.initial_game
            self.play(state, events)
        elif self.start_mode == "new":
            self.ask_new_game()
        else:
            self.resume(ask=self.start_mode == "ask")

    # ---------------------------------------------------------------- starting

    def next_seed(self) -> int:
        if self.fixed_seed is not None:
            return self.fixed_seed
        return random.SystemRandom().randrange(1, 1_000_000)

    def play(self, state: GameState, events: list[Event]) -> None:
        """Put a game on the table (new, resumed, or from a scenario)."""
        self.session = Session(state, list(events))
        self.last_setup = state.setup
        self.hint = None
        self.game_screen.reset_log()
        self.changed()

    def start_game(self, setup: GameSetup) -> None:
        try:
            state, events = new_game(setup)
        except Exception as err:  # noqa: BLE001 - a setup the engine refuses
            self.message("Cannot start this game", str(err), then=self.ask_new_game)
            return
        self.play(state, events)

    def ask_new_game(self, can_cancel: bool | None = None) -> None:
        if can_cancel is None:
            can_cancel = self.session is not None
        last = self.last_setup
        p1 = last.p1.chamber if last else "aang"
        p2 = last.p2.chamber if last else "prince_zuko"

        def chosen(setup: GameSetup | None) -> None:
            if setup is not None:
                self.start_game(setup)
            elif self.session is not None:
                self.prompt()

        self.push_screen(NewGameScreen(self.next_seed(), p1, p2, can_cancel=can_cancel), chosen)

    def rematch(self) -> None:
        last = self.last_setup
        if last is None:
            self.ask_new_game()
            return
        self.start_game(GameSetup(seed=last.seed + 1, p1=PlayerSetup(chamber=last.p1.chamber),
                                  p2=PlayerSetup(chamber=last.p2.chamber)))

    def resume(self, ask: bool) -> None:
        """Resume the saved game: with `ask`, offer resume or a new game."""
        store = self.store
        if store is None or not store.has_current():
            if not ask:
                self.message("No saved game", "There is no unfinished game to resume.",
                             then=self.ask_new_game)
            else:
                self.ask_new_game()
            return
        try:
            state, events = store.load()
        except ScenarioError as err:
            self.broken_save(str(err))
            return
        if state.phase == "over":
            self.save(state)  # archives it
            self.ask_new_game()
            return
        if not ask:
            self.play(state, events)
            return
        t = Session(state).table
        scores = " — ".join(f"{describe.character(t, p)} {state.players[p].score}"
                            for p in ("p1", "p2"))

        def answered(index: int | None) -> None:
            if index == 0:
                self.play(state, events)
            else:
                self.ask_new_game(can_cancel=False)

        self.push_screen(ChoiceScreen(
            "Resume the unfinished game?",
            f"{scores} · turn {state.turn_number} · {len(state.history)} actions · "
            f"seed {state.setup.seed}",
            ["Resume it", "Start a new game (the save is replaced)"], can_cancel=False),
            answered)

    def broken_save(self, reason: str) -> None:
        assert self.store is not None
        try:
            kept = str(self.store.keep_aside())
        except OSError as err:
            kept = f"(could not be renamed: {err.strerror})"
        self.message("The saved game cannot be read",
                     f"{reason}\n\nThe file is kept as {kept}; a new game starts.",
                     then=lambda: self.ask_new_game(can_cancel=False))

    def message(self, title: str, text: str, then=None) -> None:
        def closed(_index: int | None) -> None:
            if then is not None:
                then()

        self.push_screen(ChoiceScreen(title, text, ["OK"], can_cancel=False), closed)

    # ---------------------------------------------------------------- moves

    def act(self, action: Action) -> None:
        """Make a move through the engine; a refusal is shown, never raised."""
        if self.session is None:
            return
        try:
            self.session.act(action)
        except IllegalAction as err:
            self.hint = f"[b]Not allowed:[/b] {err}"
            self.refresh_view()
            return
        self.hint = None
        self.changed()

    def play_key(self, name: str) -> None:
        """A game key: its one legal action, or a chooser when it has several."""
        if self.session is None:
            return
        actions = candidates(name, self.session.legal)
        if not actions:
            self.explain_key(name)
        elif len(actions) == 1:
            self.act(actions[0])
        else:
            self.ask(questions.which(self.session, name, actions))

    def ask(self, question: questions.Question) -> None:
        """Put a question; the answer is one of the engine's legal actions."""
        state = self.session.state if self.session else None

        def answered(index: int | None) -> None:
            if index is not None and self.session is not None and self.session.state is state:
                self.act(question.actions[index])

        self.push_screen(ChoiceScreen(question.title, question.prompt, question.labels,
                                      question.details), answered)

    def explain_key(self, name: str) -> None:
        """Say, in the engine's words, why a game key does nothing now."""
        session = self.session
        if session is None:
            return
        label = BY_NAME[name].label
        if not session.legal:
            reason = "the game is over" if session.over else "nothing to do"
        else:
            probe = example(name, session.legal[0].player)
            reason = session.why_not(probe) if probe is not None else None
            if reason is None:
                reason = ("no overpayment is needed or possible now (R6.3)"
                          if name == "overpay" else "it is not possible now")
        self.hint = f"[b]{label}:[/b] {reason}"
        self.refresh_view()

    def undo(self) -> None:
        if self.session is None or not self.session.can_undo:
            return
        last = self.session.undo()
        self.game_screen.note(f"undone: {last}")
        self.hint = f"Undone: {last}"
        self.changed()

    # ---------------------------------------------------------------- after a change

    def changed(self) -> None:
        """After every change of the game: save it, show it, ask what it asks."""
        if self.session is not None:
            self.save(self.session.state)
        self.refresh_view()
        self.call_later(self.prompt)

    def save(self, state: GameState) -> None:
        if self.store is None:
            return
        try:
            self.store.save(state)
        except OSError as err:
            self.hint = f"[b]The game could not be saved:[/b] {err}"

    def refresh_view(self) -> None:
        self.game_screen.show(self.session, self.hint)

    def prompt(self) -> None:
        """Open the dialog the game waits on (game over, a question), when
        the board is the screen on top."""
        if self.session is None or self.screen is not self.game_screen:
            return
        if self.session.over:
            self.push_screen(GameOverScreen(self.session.table), self.game_over_answer)
        elif self.session.pending_question:
            self.ask_question()

    def game_over_answer(self, answer: str | None) -> None:
        if answer == "rematch":
            self.rematch()
        elif answer == "new":
            self.ask_new_game()
        elif answer == "quit":
            self.exit()

    def ask_question(self) -> None:
        """The opening defender (R2.4, R10.5) or the engine's pending choice."""
        question = questions.pending(self.session) if self.session else None
        if question is not None:
            self.ask(question)

    # ---------------------------------------------------------------- looking

    def show_help(self) -> None:
        self.push_screen(HelpScreen())

    def show_moves(self) -> None:
        session = self.session
        if session is None:
            return
        state = session.state
        pid: PlayerId = session.legal[0].player if session.legal else (state.turn or "p1")
        self.push_screen(PrivacyScreen(session.table, pid))

    def inspect(self, card: CardView | None) -> None:
        session = self.session
        if session is None:
            return
        t, state = session.table, session.state
        spots = table_cards(t)
        index = 0
        wanted: tuple[str | None, str | None] = (None, None)
        if card is not None and card.card_id is not None:
            wanted = (card.card_id, card.owner)
        elif state.turn is not None:
            zone = state.players[state.turn].defending
            flip = state.players[state.turn].zones[zone].flip if zone else None
            if flip is not None:
                wanted = (flip.card, state.turn)
            elif state.incoming is not None:
                wanted = (state.incoming.card, state.incoming.owner)
        for i, spot in enumerate(spots):
            if (spot.card, spot.owner) == wanted:
                index = i
                break
        self.push_screen(InspectorScreen(t, spots, index))

    # ---------------------------------------------------------------- mouse

    def card_clicked(self, card: CardView) -> None:
        """Clicking the highlighted flipped card pays for it when it may."""
        session = self.session
        if session is None or card.role != "flip" or card.card_id is None:
            return
        state = session.state
        if state.phase != "decide" or state.turn != card.owner or \
                state.players[card.owner].defending != card.zone:
            return
        if candidates("pay", session.legal):
            self.play_key("pay")
        elif candidates("overpay", session.legal):
            self.play_key("overpay")
        else:
            self.explain_key("pay")

    def deck_clicked(self, owner: PlayerId) -> None:
        session = self.session
        if session is not None and session.state.turn == owner and \
                candidates("flip", session.legal):
            self.play_key("flip")
