"""A question with a few answers, answered by key (1-9, then letters) or
by mouse: the opening defender, ally replace/keep, targets, effect order,
overpayment allocations, resume or new game."""

from __future__ import annotations

import string

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Static

from avatar_tui.tui.screens.dialog import Dialog

ANSWER_KEYS = [str(n) for n in range(1, 10)] + list(string.ascii_lowercase)


class ChoiceScreen(Dialog[int | None]):
    """Dismissed with the index of the answer, or None (escape) when the
    question may be put off to look at the board first; `again`: the key
    that puts it again then (None: no key does, as for a question of the
    app's own)."""

    BACK_TO = "the board"  # where escape goes (the binding's label says it too)
    BINDINGS = [Binding("escape", "back", "Back to the board", id="back")]

    def __init__(self, title: str, prompt: str, options: list[str],
                 details: list[str] | None = None, can_cancel: bool = True,
                 name: str | None = None, again: str | None = None):
        super().__init__(name=name)
        self.again = again
        self.title_text = title
        self.prompt = prompt
        self.options = options[:len(ANSWER_KEYS)]
        self.details = details or []
        self.can_cancel = can_cancel

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(f"[b]{self.title_text}[/b]", classes="dialog-title")
            yield Static(self.prompt, classes="dialog-prompt")
            if self.details:
                yield Static("\n".join(self.details), classes="dialog-details")
            for i, label in enumerate(self.options):
                yield Button(f"{ANSWER_KEYS[i]}  {label}", id=f"answer-{i}",
                             classes="answer", compact=True)
            again = f" ({self.again} asks again)" if self.again else ""
            back = f"escape: back to {self.BACK_TO}{again}" if self.can_cancel else "ctrl+q quits."
            keys = ANSWER_KEYS[0]
            if len(self.options) > 1:
                keys += "-" + ANSWER_KEYS[len(self.options) - 1]
            yield Static(f"[dim]Press {keys} or click an answer. {back}[/]",
                         classes="dialog-keys")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return self.can_cancel
        return True

    def action_back(self) -> None:
        self.dismiss(None)

    def on_key(self, event) -> None:
        key = event.character or ""
        if key in ANSWER_KEYS and ANSWER_KEYS.index(key) < len(self.options):
            event.stop()
            self.dismiss(ANSWER_KEYS.index(key))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id and event.button.id.startswith("answer-"):
            self.dismiss(int(event.button.id.removeprefix("answer-")))


class ReviewChoice(ChoiceScreen):
    """A question over the review (play on from a move): escape goes back to it."""

    BACK_TO = "the review"
    BINDINGS = [Binding("escape", "back", "Back to the review", id="back")]
