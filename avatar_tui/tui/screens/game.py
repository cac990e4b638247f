"""The main screen: the board, the event log and the footer of the keys
that are legal now. It holds no game logic and knows no app: it shows the
game controller (`show`, in place) and asks the controller's mode which keys
are on. Its keys are bound to the app's actions (`app.undo`), which Textual
runs when the key is handled; clicks on cards and decks go up as messages,
and being mounted calls the `ready` it was given."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from textual import events
from textual.actions import parse
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static

from avatar_tui.model.common import PlayerId
from avatar_tui.play.controller import GameController
from avatar_tui.play.keys import GAME_KEYS, KEY_NAMES, OTHER_KEYS, STEP_KEYS, BoardKey, key_name
from avatar_tui.play.modes import DemoMode
from avatar_tui.play.recap import marks_of
from avatar_tui.tui import layout
from avatar_tui.tui.board import (
    Board,
    DecidingPanel,
    EventLog,
    KeptPlace,
    PointPanel,
    RecapPanel,
    RuleHelp,
)
from avatar_tui.tui.keybar import KeyBar
from avatar_tui.tui.layout import MIN_SIZE, WIDE_SIZE
from avatar_tui.tui.perf.compositor import PartialCompositor
from avatar_tui.tui.perf.restyle import StyleCache, StylePass
from avatar_tui.tui.textual_private import use_compositor

# the footer while the log has focus: its own keys (the arrows select a line,
# whose rule is shown; escape leaves), shown only, as the log handles them
LOG_KEYS = [Binding("up", "", "A line and its rule", key_display="↑/↓"),
            Binding("escape", "", "Leave the log", key_display="esc"),
            Binding("question_mark", "", "Help", key_display="?")]

# the keys the app carries out (its actions: "app.undo"); the screen's own
# are only the log's and the narration's
BOARD_COMMANDS = frozenset({"play", *(k.action.split("(")[0] for k in STEP_KEYS + OTHER_KEYS)}
                           - {"log", "narration_page"})


def _binding(k: BoardKey) -> Binding:
    action = f"app.{k.action}" if k.action.split("(")[0] in BOARD_COMMANDS else k.action
    return Binding(k.key, action, k.label, id=k.id, show=k.show,
                   key_display=KEY_NAMES.get(k.key) if k.key != "space" else None)


class GameScreen(Screen[None]):
    AUTO_FOCUS = ""  # nothing: a card is focused by tab or a click, for the inspector
    BINDINGS = [  # made from the keys' one description (play/keys.py)
        *[_binding(k) for k in STEP_KEYS],  # a demo's steps first in the footer
        *[Binding(k.key, f"app.play('{k.name}')", k.label, id=k.name, key_display=k.display)
          for k in GAME_KEYS],
        *[_binding(k) for k in OTHER_KEYS],
    ]

    def __init__(self, controller: GameController, ready: Callable[[], None] = lambda: None,
                 bottom: PlayerId = "p1", shown: Callable[[], None] = lambda: None, **kw):
        super().__init__(**kw)
        # a key repaints the rows that changed, not the whole board: most of a
        # key's frame was repainting rows that had not changed
        use_compositor(self, PartialCompositor())
        # the styles of the board's marks and panels, as found before: a key
        # restyles them without matching the stylesheet again (tui/perf)
        self._styles = StyleCache()
        self.controller = controller  # what the board shows and which keys are on (its mode)
        self.ready = ready  # called once the board's widgets are mounted
        # called after every show(): a key refused (a lesson's miss) too, so
        # watchers of a shared game read what this screen says (tui/sharing.py)
        self.shown = shown
        self.narration_where = ""  # the narration panel's title: the demo and step
        # kept: show() runs after every move
        self.board = Board(bottom, id="board")  # whose mat is nearest the reader
        self.event_log = EventLog(id="log")
        # the full layout's one place for the card being decided on and the
        # other player's moves; the two panels where they come and go
        self.place = KeptPlace(id="place")
        self.deciding = DecidingPanel(id="deciding")
        self.recap = RecapPanel(id="recap")
        self.point = PointPanel(id="point")
        self.side = Vertical(id="side")
        # hidden until there is a game; a widget's own visibility, as a class
        # on the screen would restyle every widget when it changes
        self.main = Horizontal(id="main")
        self.main.visible = False
        # every key here is a Binding (Textual's type also allows tuples)
        self.key_bar = KeyBar(cast("list[Binding]", self.BINDINGS), id="keys",
                              spare={k.id: k.spare for k in OTHER_KEYS if k.spare},
                              focused={"log": LOG_KEYS})

    def set_layout_classes(self, chosen: layout.Layout) -> None:
        """The layout's classes on the screen, restyling it once if any
        changed: one set_class each would restyle every widget per class."""
        changed = False
        for name, on in chosen.classes.items():
            if on != self.has_class(name):
                self.set_class(on, name, update=False)
                changed = True
        if changed and self.is_attached:
            self.update_node_styles(animate=False)

    def compose(self) -> ComposeResult:
        # the layout of the terminal's size already, so the first styling of
        # the screen is the right one (not restyled at the first resize)
        self.set_layout_classes(layout.choose(*self.app.size))
        with self.main:
            yield self.board
            with self.side:
                with VerticalScroll(id="narration", can_focus=False):
                    yield Static(id="narration-text")
                yield self.point
                yield self.place
                yield self.deciding
                yield self.recap
                yield self.event_log
                yield RuleHelp(id="rule-help")
        yield Static(id="too-small")
        yield self.key_bar

    # ---------------------------------------------------------------- showing

    def on_mount(self) -> None:
        self.query_one(RuleHelp).display = False
        self.event_log.border_title = "Events · l: their rules"
        # called here, not by a message: a message is handled after the
        # screen's first frame, which then showed an empty board, laid out
        # and painted again at once with the game: two frames for one
        self.ready()

    def show(self) -> None:
        """Put the controller's game, status line and narration on the widgets."""
        session, mode = self.controller.session, self.controller.mode
        self.main.visible = session is not None
        self.set_class(isinstance(mode, DemoMode), "-demo")
        # a lesson's step: this screen's, or the one a watcher follows (learn --share)
        lesson = mode.panel() if session is not None else None
        self.set_class(lesson is not None, "-lesson")
        if session is not None:
            # every class a move changes, restyled in one pass at the end
            styles = StylePass(self._styles)
            point = self.controller.point
            # the board draws what its readers may see (R1.6): a local game
            # through the public observation, a remote seat's its own
            controller = self.controller
            self.board.show(session.seen, controller.shown_hint,
                            marks_of(session, controller.recap,
                                     point.scorer if point is not None else None), styles,
                            answered=controller.answered)
            self.event_log.show(session)
            # the side's classes show or hide its panels (app.tcss: #side.-recap
            # #recap, and the log in the compact layout): only the panels are
            # restyled, not the side nor the text inside them
            panels = self.side.children
            recap, computer = controller.recap, controller.mode.computer
            # the full layout keeps one place for both (app.tcss #side.-kept);
            # a demo, a lesson and the compact layout show each panel, or the log
            kept = self.has_class("-full") and not (self.has_class("-demo") or
                                                   self.has_class("-lesson"))
            styles.set(self.side, kept, "-kept", panels)
            if kept:
                deciding, shown = self.place.show(session, recap, computer)
                # there the two classes style the place alone (app.tcss: with a
                # point's moment), and they change at nearly every key: the
                # other six panels were restyled for nothing, some 1 ms a key
                styles.set(self.side, deciding, "-deciding", [self.place])
                styles.set(self.side, shown, "-recap", [self.place])
            else:  # the recap's room is what the card leaves (-deciding)
                styles.set(self.side, self.deciding.show(session), "-deciding", panels)
                styles.set(self.side, self.recap.show(session, recap, computer), "-recap", panels)
            styles.set(self.side, self.point.show(point), "-point", panels)
            styles.run(self)
        if isinstance(mode, DemoMode):
            self.show_narration(*mode.narration())
        elif lesson is not None:
            # the step's words, whole, in the narration's place (app.tcss: -lesson)
            self.show_narration(*lesson, kind="-lesson")
        self.key_bar.refresh_keys()
        self.shown()

    def refresh_bindings(self) -> None:
        """Textual's hook for "the legal keys may have changed"."""
        super().refresh_bindings()
        if self.key_bar.is_attached:
            self.key_bar.refresh_keys()

    def show_narration(self, markup: str | None, where: str = "", kind: str = "-demo") -> None:
        """The demo's narration panel, or a lesson's step (`kind` "-lesson");
        None: neither, the panel hides."""
        self.set_class(markup is not None and kind == "-demo", "-demo")
        self.set_class(markup is not None and kind == "-lesson", "-lesson")
        if markup is None:
            return
        panel = self.narration_panel
        self.narration_where = where
        panel.border_title = where
        self.query_one("#narration-text", Static).update(markup)
        panel.scroll_home(animate=False, immediate=False)
        self.call_after_refresh(self._narration_more)

    @property
    def narration_panel(self) -> VerticalScroll:
        return self.query_one("#narration", VerticalScroll)

    def _narration_more(self) -> None:
        """Say in the panel's lower border when the text goes on below it."""
        panel = self.narration_panel
        more = ""
        if panel.max_scroll_y > 0:
            more = " · PgUp: back up" if panel.scroll_y >= panel.max_scroll_y else " · PgDn: more ↓"
        panel.border_title = self.narration_where + more

    def action_narration_page(self, direction: int) -> None:
        """Page up / page down through a narration longer than its panel."""
        panel = self.narration_panel
        if direction > 0:
            panel.scroll_page_down(animate=False)
        else:
            panel.scroll_page_up(animate=False)
        self._narration_more()

    def reset_log(self) -> None:
        self.query_one(EventLog).reset()
        self.place.reset()
        self.query_one(RuleHelp).show_rule(None, None)

    def note(self, text: str) -> None:
        self.query_one(EventLog).note(text)

    def show_too_small(self, refused: str | None = None) -> None:
        width, height = self.size
        text = (f"The terminal is {width}×{height}.\n\navatar-tui needs at least "
                f"{MIN_SIZE[0]}×{MIN_SIZE[1]} (and {WIDE_SIZE[0]}×{WIDE_SIZE[1]} for the full "
                "layout).\nPlease make the window larger.")
        if refused:  # first: on a terminal of a few rows, the only lines seen
            text = f"{refused}\n\n{text}"
        self.query_one("#too-small", Static).update(text)

    def on_resize(self, event: events.Resize) -> None:
        chosen = layout.choose(*event.size)
        self.set_layout_classes(chosen)
        self.key_bar.compact = chosen.kind == "compact"
        self.key_bar.refresh_keys()
        if chosen.kind == "too-small":
            self.show_too_small()
        elif self.controller.session is not None:
            self.show()  # the mats' borders carry the advantages in compact

    # ---------------------------------------------------------------- the log's rules

    def on_option_list_option_highlighted(self, message: OptionList.OptionHighlighted) -> None:
        self._show_rule(message.option_list, message.option_index)

    def on_option_list_option_selected(self, message: OptionList.OptionSelected) -> None:
        self._show_rule(message.option_list, message.option_index)

    def _show_rule(self, log: OptionList, index: int) -> None:
        if isinstance(log, EventLog):
            found = log.rule_of(index)
            self.query_one(RuleHelp).show_rule(*(found or (None, None)))

    def on_event_log_left(self, message: EventLog.Left) -> None:
        self.query_one(RuleHelp).show_rule(None, None)

    def action_log(self) -> None:
        self.query_one(EventLog).focus()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._reading_log()

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self._reading_log()

    def _reading_log(self) -> None:
        """While the log has focus, its keys in the footer; in the compact
        layout the log comes back from under the panels that take its place
        and the status gives it its rows (app.tcss `-reading-log`)."""
        reading = self.focused is self.event_log
        if reading != self.has_class("-reading-log"):
            self.set_class(reading, "-reading-log")
        self.key_bar.refresh_keys()

    # ---------------------------------------------------------------- keys

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys on now, as the game's mode says (the footer shows them)."""
        if action == "narration_page" and (self.controller.demo is not None
                                           or self.controller.lesson is not None):
            return self.narration_panel.max_scroll_y > 0
        return self.controller.mode.allows(action, parameters)

    def on_key(self, event: events.Key) -> None:
        """A key that would do nothing says why instead (the mode's
        reasons: a game key in the engine's words); on a terminal too small
        for the board, no key but q acts at all."""
        controller = self.controller
        if self.has_class("-too-small"):
            if event.key not in ("q", "ctrl+q", "ctrl+c"):
                event.stop()
                self.show_too_small(too_small(event.key, *self.size, MIN_SIZE))
            return
        bindings = KEY_BINDINGS.get(event.key)
        if bindings is None:
            if event.is_printable and event.character not in (None, " "):
                event.stop()
                controller.refuse(event.key, None)
                self.show()
            return
        if any(self.check_action(name, params) for name, params in bindings):
            return
        event.stop()
        controller.refuse(event.key, bindings)
        self.show()


def _key_bindings() -> dict[str, list[tuple[str, tuple[object, ...]]]]:
    """Each key of the board and the actions (with parameters) it stands for."""
    found: dict[str, list[tuple[str, tuple[object, ...]]]] = {}
    for binding in GameScreen.BINDINGS:
        assert isinstance(binding, Binding)
        _, name, params = parse(binding.action)
        for key in binding.key.split(","):
            found.setdefault(key.strip(), []).append((name, params))
    return found


KEY_BINDINGS = _key_bindings()


def too_small(key: str, width: int, height: int, need: tuple[int, int]) -> str:
    return (f"{key_name(key)} does nothing: the board cannot be shown at {width}×{height} "
            f"(it needs {need[0]}×{need[1]}), so no move is made. q quits.")
