"""Shared helpers of the app tests: example games, the app as tests build
it, a policy that always has a legal key, and the screen as plain text."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.engine import Event, apply, legal_actions, new_game
from avatar_tui.model.actions import Action
from avatar_tui.model.state import GameSetup, GameState, PlayerSetup
from avatar_tui.notation.save import load_game
from avatar_tui.play.keys import GAME_KEYS, candidates
from avatar_tui.store.storage import SaveStore
from avatar_tui.tui import AvatarApp
from avatar_tui.tui.screens.choice import ChoiceScreen
from avatar_tui.tui.screens.privacy import SecretGate

SCENARIOS = Path(__file__).resolve().parents[2] / "avatar_tui" / "tui" / "scenarios"
NARRATED = Path(__file__).resolve().parent / "scenarios" / "narrated.toml"

# The keys a test player prefers, most wanted first: it pays when it can.
PREFERRED = ["pay", "overpay", "flip", "skip", "power_1", "ally_power", "reflip", "focus",
             "discard", "pitch", "signature"]
KEY_OF = {k.name: k.key for k in GAME_KEYS}


def default_setup(seed: int = 1) -> GameSetup:
    return GameSetup(catalog=default_catalog(), seed=seed, p1=PlayerSetup(chamber="aang"),
                     p2=PlayerSetup(chamber="prince_zuko"))


def scenario(name: str) -> tuple[GameState, list[Event]]:
    return load_game(SCENARIOS / f"{name}.toml")


def make_app(game: tuple[GameState, list[Event]] | None = None, *, store: bool | SaveStore = False,
             start: str = "ask", seed: int = 1, demo=None, bot=None, lesson=None) -> AvatarApp:
    """The app with the test environment pinned on it."""
    chosen = store if isinstance(store, SaveStore) else (SaveStore() if store else None)
    app = AvatarApp(chosen, start=start, game=game, seed=seed,  # type: ignore[arg-type]
                    demo=demo, bot=bot, lesson=lesson)
    app.animation_level = "none"  # also when Textual was imported before conftest ran
    app.theme = "textual-dark"
    return app


def policy(state: GameState) -> Action:
    """The engine-level twin of the key policy: answer questions with the
    first answer, otherwise the first preferred key's first action."""
    legal = legal_actions(state)
    questions = [a for a in legal if a.verb in ("open", "choose")]
    if questions:
        return questions[0]
    for name in PREFERRED:
        found = candidates(name, legal)
        if found:
            return found[0]
    raise AssertionError(f"no legal action covered by a key: {legal}")


def advance(state: GameState, steps: int) -> GameState:
    for _ in range(steps):
        state, _ = apply(state, policy(state))
    return state


def new(seed: int = 1) -> tuple[GameState, list[Event]]:
    return new_game(default_setup(seed))


def screen_text(app: AvatarApp) -> str:
    """What the terminal shows, as plain text (the screen and the screens
    under a dialog)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True))
    return console.export_text(styles=False)


def find_state(wanted, seeds=range(1, 40), limit: int = 400) -> GameState:
    """The first state, over policy games of these seeds, where `wanted`
    holds (a situation found by playing, not by hand)."""
    for seed in seeds:
        state, _ = new(seed)
        for _ in range(limit):
            if wanted(state):
                return state
            if state.phase == "over":
                break
            state, _ = apply(state, policy(state))
    raise AssertionError("no game reached the wanted situation")


# the key a test player presses on a dialog: a secret is looked at (R1.6),
# a question gets its first answer
DIALOG_KEYS = {SecretGate: "enter", ChoiceScreen: "1"}


def key_to_press(screen) -> str:
    """The key the test player presses on `screen`: a dialog's, else the
    first preferred game key the board allows now."""
    key = next((k for kind, k in DIALOG_KEYS.items() if isinstance(screen, kind)), None)
    if key is None:
        key = KEY_OF[next(n for n in PREFERRED if screen.check_action("play", (n,)))]
    return key


async def play_p1_until_the_computer_moves(app: AvatarApp, pilot) -> None:
    """p1 plays by keys (questions: the first answer; a secret one is
    looked at first, R1.6) until the computer is to move."""
    while not app.controller.mode.waiting:
        await pilot.press(key_to_press(app.screen))
