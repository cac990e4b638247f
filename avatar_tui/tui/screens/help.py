"""The keys and the turn sequence in short, with rule IDs; r opens the rules
browser (docs/rules.md) and n the notation (docs/notation.md)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from avatar_tui.play.keys import GAME_KEYS, KEY_HELP, OTHER_KEYS, demo_keys, key_name
from avatar_tui.tui.screens.dialog import Dialog
from avatar_tui.tui.screens.rules import NotationScreen, RulesScreen

TURN = """[b]A turn[/b] is taken by the player who must defend (R4):
 1. Cleanup — your strike that counterattacked and your advantages go to the discard pile (R4.1).
 2. Replenish — energy by the zone the opponent attacked from: green 1, yellow 2, red 3 (R4.2).
 3. Signature move — only with all three zones charged: s plays it, k skips (R4.3, R10.1).
 4. Flip — defend green first: flip, then play the card or not (R4.4, R5.1, R5.2).
[b]The flipped card[/b]: a strike with intercept ≥ the incoming force and a cost you can pay
counterattacks and ends your turn (R5.3). An advantage charges the zone, an ally takes the
zone's ally space; then flip again in the same zone (R5.4, R5.5). Focus or discard moves you
down a zone; doing so in red gives the opponent a point (R5.6, R10.2). First to 3 points wins
(R10.5). Energy: green < yellow < red; a stronger colour pays only when yours is short (R6.3)."""


def keys_table() -> str:
    rows = [f" [b]{(k.display or k.key):>5}[/b]  {k.help}" for k in GAME_KEYS
            if not k.name.startswith("power_") or k.name == "power_1"]
    rows = [r.replace(" [b]    1[/b]  use payment power 1", " [b]  1-9[/b]  use payment power N")
            for r in rows]
    brief = ("new_game", "help", "quit")  # on one line
    rows += [f" [b]{k.key:>5}[/b]  {k.help}" for k in OTHER_KEYS
             # show_me: a puzzle's h, which the puzzle's own panel names
             if not k.demo and k.id not in brief and k.id != "show_me"]
    short = [(key_name(k.key), k.help) for k in OTHER_KEYS if k.id in brief[1:]]
    short.insert(1, ("^p", "commands (colour themes)"))  # Textual's command palette
    rows += [f" [b]{'n':>5}[/b]  {KEY_HELP['new_game']}" +
             "".join(f"    [b]{key}[/b]  {words}" for key, words in short),
             " Click the highlighted flipped card to pay for it; click the deck to flip.",
             f" [b]In a demo:[/b] {demo_keys()}"]
    return "\n".join(rows)


class HelpScreen(Dialog[None]):
    BINDINGS = [
        Binding("escape", "close", "Close", id="close"),
        Binding("question_mark", "close", "Close", show=False),
        Binding("q", "close", "Close", show=False),
        Binding("r", "rules", "Rules", id="rules"),
        Binding("n", "notation", "Notation", id="notation"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog help"):
            yield Static("[b]avatar-tui — help[/b] · [b]r[/b] the rules, by ID or word "
                         "(docs/rules.md) · [b]n[/b] the notation (docs/notation.md)",
                         classes="dialog-title")
            yield Static("[b]Keys[/b] (the footer shows those you can use now; any other key "
                         "says why it does nothing)")
            yield Static(keys_table())
            yield Static(TURN, classes="help-turn")

    def action_close(self) -> None:
        self.dismiss(None)

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen())

    def action_notation(self) -> None:
        self.app.push_screen(NotationScreen())
