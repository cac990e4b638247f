"""The settings screen: the options a player sets once (store/settings.py),
kept in the data directory's settings.toml. `g` opens it from the board,
ctrl+o from the new-game screen; it answers the settings chosen, or None
(escape: nothing changes)."""

from __future__ import annotations

import os

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Label, Select, Static, Switch

from avatar_tui.store.settings import THINK_CHOICES, Settings
from avatar_tui.tui.screens.dialog import Dialog
from avatar_tui.tui.screens.fields import FieldSelect
from avatar_tui.tui.themes import OKABE_ITO

AUTO_FLIP_HELP = ("Flip for me when flipping is my only move (R5.1). Undo stops at a card "
                  "it turned face up: what was seen cannot be unseen.")
HINTS_HELP = ("Under the status line: the keys for the step and what paying would leave. "
              "A refused key still says why; h still asks the expert.")
THINK_HELP = "Longest think per move (hard, master); the master stops once it is sure."


def theme_options(available: list[str]) -> list[tuple[str, str]]:
    """Every theme, the colour-blind-safe one first and said so."""
    names = sorted(available)
    first = [(f"{OKABE_ITO.name} (colour-blind safe)", OKABE_ITO.name)] \
        if OKABE_ITO.name in names else []
    return first + [(n, n) for n in names if n != OKABE_ITO.name]


def said(on: bool, help_text: str) -> str:
    """A switch's state in words before its help: a switch's knob is a
    colour and a place, so its state is written too."""
    return f"[b]{'on' if on else 'off'}[/b] · {help_text}"


def seconds(value: float) -> str:
    return f"{value:g} s"


class SettingsScreen(Dialog[Settings | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="cancel"),
                Binding("ctrl+s", "save", "Save", id="save")]

    def __init__(self, current: Settings, theme: str):
        super().__init__()
        self.current = current
        self.theme_now = theme  # the theme shown now (ctrl+p may have changed it)

    def compose(self) -> ComposeResult:
        current = self.current
        think = sorted({*THINK_CHOICES, current.think})
        with Vertical(classes="dialog settings"):
            yield Static("[b]Settings[/b] — kept for the next games", classes="dialog-title")
            with Horizontal(classes="field"):
                yield Label("Auto-flip", classes="field-label")
                yield Switch(current.auto_flip, id="auto-flip")
                yield Static(said(current.auto_flip, AUTO_FLIP_HELP), id="auto-flip-help",
                             classes="field-help")
            with Horizontal(classes="field"):
                yield Label("Step hints", classes="field-label")
                yield Switch(current.hints, id="hints")
                yield Static(said(current.hints, HINTS_HELP), id="hints-help",
                             classes="field-help")
            with Horizontal(classes="field"):
                yield Label("Theme", classes="field-label")
                options = theme_options(list(self.app.available_themes))
                known = {v for _, v in options}
                yield FieldSelect(options, value=self.theme_now if self.theme_now in known
                                  else Select.NULL, allow_blank=False, id="theme", compact=True)
            yield Static(id="theme-note")
            with Horizontal(classes="field"):
                yield Label("Think time", classes="field-label")
                yield FieldSelect([(seconds(t), t) for t in think], value=current.think,
                                  allow_blank=False, id="think", compact=True)
            yield Static(f"[dim]{THINK_HELP}[/]")
            with Horizontal(classes="buttons"):
                yield Button("Save", id="save", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)
            yield Static("[dim]tab moves between fields · space switches or opens a list · "
                         "ctrl+s saves · escape cancels[/]", classes="dialog-keys")

    def on_mount(self) -> None:
        self.query_one("#auto-flip", Switch).focus()
        self.note_theme()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "theme":
            self.note_theme()

    def note_theme(self) -> None:
        """Say so when TEXTUAL_THEME will put another theme than the one
        chosen at the next start (it wins, app.py)."""
        fixed = os.environ.get("TEXTUAL_THEME")
        chosen = self.query_one("#theme", Select).value
        note = self.query_one("#theme-note", Static)
        note.display = bool(fixed) and fixed != chosen
        if note.display:
            note.update(f"[dim]TEXTUAL_THEME={fixed} is set: it chooses the theme at each "
                        "start.[/]")

    def on_switch_changed(self, event: Switch.Changed) -> None:
        words = {"auto-flip": AUTO_FLIP_HELP, "hints": HINTS_HELP}
        if event.switch.id in words:
            self.query_one(f"#{event.switch.id}-help", Static).update(
                said(event.value, words[event.switch.id]))

    def chosen(self) -> Settings:
        theme = self.query_one("#theme", Select).value
        think = self.query_one("#think", Select).value
        return Settings(theme=theme if isinstance(theme, str) else self.current.theme,
                        auto_flip=self.query_one("#auto-flip", Switch).value,
                        hints=self.query_one("#hints", Switch).value,
                        think=float(think) if isinstance(think, int | float)
                        else self.current.think)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_cancel()

    def action_save(self) -> None:
        self.dismiss(self.chosen())

    def action_cancel(self) -> None:
        self.dismiss(None)
