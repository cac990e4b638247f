"""The table's widgets: both playmats (R1.4), the status line and the
event log. Each is composed once and then shown a new state in place
(`show`), updating only its own text; clicks travel up as messages."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.message import Message
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static

from avatar_tui.cardlib import rules_help
from avatar_tui.model.common import ZONES, PlayerId, Zone, other
from avatar_tui.model.state import PlayerState
from avatar_tui.play import describe
from avatar_tui.play.describe import ZONE_STYLE
from avatar_tui.play.plain import escape
from avatar_tui.play.point import PointStory
from avatar_tui.play.recap import Marks, Recap, marks_of, recap_title
from avatar_tui.play.session import Session
from avatar_tui.tui.perf.markup import parsed
from avatar_tui.tui.perf.restyle import StylePass
from avatar_tui.tui.perf.rowcache import RowCache
from avatar_tui.tui.textual_private import BorderRepaint, OpenOptionList


class Text(Static):
    """A Static that re-renders only when its text really changes.

    `sized_by_css`: its size never depends on its text (fixed rows, fixed or
    fractional widths), so an update repaints it without a layout pass of
    the whole screen — most of a move's cost to the UI otherwise."""

    _shown: str | None = None
    sized_by_css: bool = False
    _kept: RowCache | None = None  # its finished rows, by what they show

    def set(self, markup: str) -> None:
        if markup == self._shown:
            return
        self._shown = markup
        if self.sized_by_css:
            Static.update(self, parsed(markup), layout=False)
            return
        before = self._text_height()
        Static.update(self, parsed(markup), layout=False)
        if before is None or self._text_height() != before:
            self.refresh(layout=True)  # its height changes: the screen is laid out

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """A text not given by `set`: its rows are not kept by its markup."""
        self._shown = None
        super().update(content, layout=layout)

    def render_lines(self, crop: Region) -> list[Strip]:
        """A card, a label, the status and the side's place go back and forth
        between a few texts and marks all game (a flip space empty and
        filled, ✱ on and off, the idle place and a card), and Textual draws
        each of their rows again through its styles whenever they change:
        about 40 rows a key on the probe's game, some 5 ms of its CPU.
        Finished rows are kept by the text shown and everything of the
        widget's own they are drawn from (`_look`), so a text or mark seen
        before is drawn from them."""
        shown = self._shown
        if shown is None:
            return super().render_lines(crop)
        if self._kept is None:
            self._kept = RowCache()
        look = (shown, self._look())
        height = self.outer_size.height

        def key_of(y: int) -> tuple:
            return look, y

        return self._kept.rows(crop, (tuple(self.get_line_filters()), self.app.theme),
                               key_of, super().render_lines, limit=16 * max(1, height))

    def _look(self) -> tuple:
        """What its rows are drawn from beside its text: its size, title,
        colours and text style (with its ancestors' background), and the
        styles that place the text. Every class the board or the screen
        changes during a game acts through one of these."""
        styles = self.styles
        # the backgrounds it is drawn over, not Textual's blend of them
        # (`background_colors`, 30 µs a call, `rich_style` 70: a key draws
        # some 30 of these widgets, and they cost more than the rows kept)
        under = tuple(node.styles.background for node in self.ancestors_with_self)
        return (self.outer_size, self.border_title, self.border_subtitle, under, styles.color,
                styles.text_style, styles.tint, styles.background_tint, styles.text_opacity,
                styles.opacity, styles.padding, styles.border, styles.text_align,
                styles.content_align, styles.text_wrap, styles.text_overflow, self.has_focus)

    def _text_height(self) -> int | None:
        """The rows its text needs at its present width (None: it has no
        size yet). A new text needing as many rows repaints in place."""
        width = self.content_region.width
        if not width:
            return None
        return self.get_content_height(self.container_size, self.app.size, width)


class FixedText(Text):
    sized_by_css = True


class CardView(FixedText, can_focus=True):
    """A card in a space of the mat: an ally, or the flipped card."""

    class Selected(Message):
        def __init__(self, card: CardView):
            super().__init__()
            self.card = card

    def __init__(self, owner: PlayerId, zone: Zone, role: str, **kw):
        super().__init__(**kw)
        self.owner = owner
        self.zone = zone
        self.role = role  # "ally" | "flip"
        self.card_id: str | None = None

    def show_card(self, card_id: str | None, lines: list[str], empty: str,
                  mark: str = "") -> None:
        """`mark`: a glyph before the first line (recap.py's marks: ⚔ where
        the attack comes from, ✱ just changed), so no mark is colour alone."""
        self.card_id = card_id
        if card_id is None:  # an empty space, marked too (a card just went from it)
            self.set(f"{mark} [dim]{empty}[/]" if mark else f"[dim]{empty}[/]")
            return
        if mark and lines:
            lines = [f"{mark} {lines[0]}", *lines[1:]]
        self.set("\n".join(lines))

    def on_click(self) -> None:
        self.post_message(self.Selected(self))


class ZoneRow(Horizontal):
    """One zone (R1.4): its label and energy, ally space, flip space, and
    the charge space (R1.5: chamber / deck / discard pile)."""

    class DeckClicked(Message):
        def __init__(self, owner: PlayerId):
            super().__init__()
            self.owner = owner

    def __init__(self, owner: PlayerId, zone: Zone, **kw):
        super().__init__(**kw, classes=f"-{zone}")  # as add_class would, without restyling
        self.owner = owner
        self.zone = zone
        # the parts, kept: show() runs after every move, a query each time would cost
        self.label = FixedText(classes="zone-label")
        self.ally = CardView(owner, zone, "ally", classes="ally")
        self.flip = CardView(owner, zone, "flip", classes="flip")
        self.charge_space = FixedText(classes="charge-space")

    def compose(self) -> ComposeResult:
        yield from (self.label, self.ally, self.flip, self.charge_space)

    def show(self, session: Session, marks: Marks, styles: StylePass) -> None:
        """`styles`: the board's one restyle of the classes changed (app.tcss:
        -defending, -changed, -active, -sideways, -attacking style only the
        widget they are on)."""
        t, state = session.table, session.state
        player = state.players[self.owner]
        zs = player.zones[self.zone]
        lk = session.look
        here = (self.owner, self.zone)
        defending = marks.defended == here
        changed = {part for pid, zone, part in marks.changed if (pid, zone) == here}
        styles.set(self, defending, "-defending")  # 4 lines in the compact layout
        styles.set(self.label, "label" in changed, "-changed")
        marker = "▶ " if defending else "✱ " if "label" in changed else ""
        # `energy N` second, so a row of two lines keeps it (the review's
        # compact rows: a defended zone's showed `⚔ F5` in its place); the
        # force is in the status line and the flip space too
        label = [f"[b]{marker}{self.zone.upper()}[/b]", f"energy {len(zs.energy)}"]
        if defending and marks.force is not None:  # the force it must stop (R5.2)
            label.append(f"⚔ F{marks.force}")
        label.append("[reverse]CHARGED[/]" if zs.charged else "")
        self.label.set("\n".join(label).rstrip("\n"))
        styles.set(self.ally, "ally" in changed, "-changed")
        ally_mark = "✱" if "ally" in changed else ""
        if zs.ally is not None:
            self.ally.show_card(zs.ally.card, describe.card_lines(t, zs.ally.card), "",
                                ally_mark)
        else:
            self.ally.show_card(None, [], "no ally", ally_mark)
        flip = self.flip
        attacking = marks.attacking == here
        styles.set(flip, defending and lk.flipped is not None, "-active")
        styles.set(flip, zs.flip is not None and zs.flip.counterattacked, "-sideways")
        styles.set(flip, attacking, "-attacking")
        styles.set(flip, "flip" in changed, "-changed")
        mark = ("⚔" if attacking else "") + ("✱" if "flip" in changed else "")
        if zs.flip is not None:
            flip.show_card(zs.flip.card, describe.card_lines(t, zs.flip.card, self.owner,
                                                            self.zone, zs.flip), "", mark)
        elif defending and marks.incoming is not None:  # the card it must stop, here
            flip.show_card(None, [], f"flip space, attacked by\n⚔ {marks.incoming}", mark)
        else:
            flip.show_card(None, [], "flip space", mark)
        styles.set(self.charge_space, "charge" in changed, "-changed")
        self.charge_space.set(self._charge_space(session, "charge" in changed))

    def _charge_space(self, session: Session, changed: bool = False) -> str:
        """What sits in this zone's charge space (R1.5), sideways when charged.
        The charge shows on the second line, so a two-line row keeps it."""
        t, player = session.table, session.state.players[self.owner]
        charged = player.zones[self.zone].charged
        sideways = "[reverse] ↻ CHARGED [/]" if charged else "[dim]uncharged[/]"
        if self.zone == "green":
            chamber = t.catalog.find_chamber(player.chamber.id)
            name = chamber.name if chamber else player.chamber.id
            # the name alone on its line: "Chamber Commander Zhao" was cut
            first = f"[b]{escape(name)}[/b]"
            rest = f"chamber, {player.chamber.side} up"
            if player.chamber.move is not None:  # a signature move in play (R10.1)
                rest = f"↻ {escape(t.name(player.chamber.move.card))}"
        elif self.zone == "yellow":
            first = f"Deck [b]{len(player.deck)}[/b]"
            rest = (f"top face up: {escape(t.name(player.deck[0]))}"
                    if player.top_revealed and player.deck else "")
        else:
            first = f"Discard [b]{len(player.discard)}[/b]"
            rest = f"top: {escape(t.name(player.discard[-1]))}" if player.discard else "empty"
        if changed:
            first = f"✱ {first}"
        return "\n".join([first, sideways, rest]).rstrip("\n")

    def on_click(self, event) -> None:
        if self.zone == "yellow" and event.widget is self.charge_space:
            self.post_message(self.DeckClicked(self.owner))


class Mat(BorderRepaint):
    """A player's playmat: the three zones and the advantage area, the
    player and score in the border. The advantage areas of both mats face
    the middle of the screen.

    A new title or the acting player's border restyles or repaints the mat,
    at most keys, and Textual's repaint of a container covers everything
    in it: every card and label of the mat was drawn again, unchanged
    (about 5 rows a key on the probe's game). It repaints its border alone while nothing its
    cards are drawn on changed (`inside`)."""

    def inside(self) -> tuple:
        styles = self.styles
        return (self.outer_size, self.background_colors, styles.color, styles.text_style,
                styles.tint, styles.background_tint, styles.text_opacity, styles.opacity,
                styles.padding, self.app.theme)

    def __init__(self, owner: PlayerId, top: bool, **kw):
        super().__init__(**kw)
        self.owner = owner
        self.top = top
        self.rows = [ZoneRow(owner, z) for z in ZONES]
        self.advantages = Text(classes="advantages")
        # the border texts last set, as given: Textual gives back its own
        # markup for them ("[bold]" for "[b]"), never equal to ours, so a
        # comparison with it would repaint the whole mat after every key
        self._title: str | None = None
        self._subtitle: str | None = None
        self._label_width: int | None = None  # None: app.tcss's

    def compose(self) -> ComposeResult:
        if self.top:
            yield from self.rows
            yield self.advantages
        else:
            yield self.advantages
            yield from self.rows

    def show(self, session: Session, marks: Marks, styles: StylePass) -> None:
        t, state = session.table, session.state
        player = state.players[self.owner]
        acting = session.actor == self.owner
        styles.set(self, acting, "-acting")  # only the mat's own border depends on it
        score = "●" * player.score + "○" * max(0, 3 - player.score)
        turn = " · [reverse] to act [/]" if acting else ""
        scored = marks.scored == self.owner
        styles.set(self, scored, "-scored")
        point = " [reverse] ★ point! [/]" if scored else ""
        title = (f"[b]{describe.character(t, self.owner)}[/b] · score {score} "
                 f"{player.score}/3{point}{turn}")
        if title != self._title:
            self._title = self.border_title = title
        self._fit_labels(player)
        for row in self.rows:
            row.show(session, marks, styles)
        if player.advantages:
            names = " · ".join(
                f"[b]{escape(t.name(a.card))}[/b] [{ZONE_STYLE[a.zone]}]({a.zone})[/]"
                for a in player.advantages)
        else:
            names = "[dim]none[/]"
        self.advantages.set(f"Advantages: {names}")
        # compact: the advantages in the lower border, their row is the defended zone's
        subtitle = f"Advantages: {names}" if self.screen.has_class("-compact") else ""
        if subtitle != self._subtitle:
            self._subtitle = self.border_subtitle = subtitle

    def _fit_labels(self, player: PlayerState) -> None:
        """Each zone's `energy N` whole (R1.4): the labels' room (app.tcss)
        fits two digits; a pile of 100 or more, which only a deck file of
        hundreds of cards makes (R13.1 has no upper bound), widens this
        mat's labels while it lasts, a cut `energy 70` being a lie."""
        digits = max(len(str(len(player.zones[z].energy))) for z in ZONES)
        width = None if digits <= 2 else len("energy ") + digits + 1  # the left pad
        if width != self._label_width:
            self._label_width = width
            for row in self.rows:
                row.label.styles.width = width


class StatusPanel(FixedText):
    """Who must act and what, then the hint (a refusal's reason, or the keys
    for the step), as one text of fixed height: both change with every move,
    and a panel that grew and shrank with them would move the lower mat.

    Where the panel has two rows, each cut to one line (80x24, app.tcss
    `-status-2`), an answer to the player's key that does not fit its line
    takes both rows, wrapped (`-answer`): a refusal is read whole with its
    rule ID, and the status comes back with the next move. An answer of two
    lines (the hint's ranking, then why) takes both rows, a line each."""

    def show(self, session: Session, hint: str | None, answered: bool = False,
             styles: StylePass | None = None) -> None:
        state = session.state
        if hint is None:  # the step's keys ("": the step hints are off)
            hint = f"[dim]{describe.next_step(state, session.look, session.legal)}[/]"
        two_rows = self.screen.has_class("-status-2")
        lines = "\n" in hint
        alone = answered and two_rows and (lines or self._too_long(hint))
        if styles is not None:
            styles.set(self, alone and not lines, "-answer")
        if alone:
            self.set(hint)
            return
        self.set(f"{describe.status(session.table, state, session.look)}\n{hint}")

    def _too_long(self, hint: str) -> bool:
        """Whether `hint` is cut on its one line of a two-row panel."""
        return parsed(hint).cell_length > self.content_region.width


def _rows(markup: str, width: int) -> int:
    """The rows `markup` takes once wrapped at `width` (one a line before
    the panel has a width)."""
    return len(parsed(markup).wrap(width)) if width > 0 else 1


def deciding_card(session: Session, compact: bool) -> tuple[str, list[str]] | None:
    """The card the defender decides on (R5.2), whole, as a title and its
    lines (None: no card waits on a decision). `compact`: a wide panel, its
    head (name and values) in the title."""
    found = describe.deciding(session.table, session.look)
    if found is None:
        return None
    head, body = found
    if compact:
        return f"Deciding: {' · '.join(head)} · i: all", body
    return "Deciding (R5.2) · i: all", head + body


def recap_run(session: Session, recap: Recap,
              computer: PlayerId | None) -> tuple[str, list[str]] | None:
    """The other player's latest moves, numbered, if they are the reader's
    to read (None: they are not)."""
    if not recap.for_reader(session.actor):
        return None
    return (recap_title(recap, computer),
            [f"{i}. {said}" for i, said in enumerate(recap.said, 1)])


def last_in_room(title: str, lines: list[str], room: int, width: int) -> tuple[str, list[str]]:
    """As many of the last moves as fit `room` rows once wrapped at `width`,
    with the line saying what ✱ marks, the title saying how many when not
    all do. A long run laid out whole took half the log's rows for the
    rest of the game, or lost its latest moves at the panel's max-height."""
    changed = "[dim]✱ on the board: what these moves changed[/]"
    room -= _rows(changed, width)
    used = 0
    for k in range(len(lines), 0, -1):
        used += _rows(lines[k - 1], width)
        if used > room and k < len(lines):
            shown = lines[k:]
            return f"{title} · last {len(shown)} of {len(lines)}", [*shown, changed]
    return title, [*lines, changed]


def last_that_fit(title: str, lines: list[str], room: int, width: int) -> list[str]:
    """As many of the last lines as fit `room` rows once wrapped at `width`,
    the first led by the title (and how many are shown when not all are),
    the last line always: a panel without a border for its title."""
    shown = [f"[b]{title}:[/b] {lines[-1]}"]
    for k in range(len(lines), 0, -1):
        head = title if k == len(lines) else f"{title}, last {k} of {len(lines)}"
        shown = [f"[b]{head}:[/b] {lines[-k]}", *lines[len(lines) - k + 1:]]
        if sum(_rows(line, width) for line in shown) <= room:
            break
    return shown


class SidePanel(Text):
    """A panel of the side column, its title in its border."""

    def put(self, title: str, markup: str) -> None:
        if title != self.border_title:
            self.border_title = title
        self.set(markup)


class KeptPlace(SidePanel):
    """The full layout's one place above the log, kept all game, which the
    card being decided on and the other player's latest moves share.

    Each came and went in a panel of its own, the card at every flip and
    the next move, the moves at every turn of the other player and the
    reader's next move: a layout pass of the whole screen each time, the
    log moved and drawn again, its scrollbar resized, so a key cost about
    twice a bare Textual app's (issue 44). Kept as two places, they took
    the log 8 to 24 of the side's 39 rows at 120x40. They rarely have
    something at once: the moves stay until the reader acts, and the
    reader's flip is that act; only a flip made for them (auto-flip) brings
    the card while the moves are unread. Then the card shows whole, as it
    is what the player decides on now, and under it as many of the last
    moves as fit the rows the place already has (the last one at least),
    the ✱ on the board still marking all they changed.

    Between uses it says in a line what will show here, and it is never
    shorter than the most rows it has shown at this width this game, up to
    `keep`: a text no taller than those before changes no size and is
    repainted in place (`Text.set` compares the heights this gives). A
    demo, a lesson and the compact layout have the two panels instead,
    which come and go (the log and the narration need the rows)."""

    keep = 12  # most cards, with an ally's power, need fewer rows at the side's width
    RECAP_ROWS = 8  # the moves alone may take this many rows, or the place's kept rows

    def __init__(self, **kw):
        super().__init__(**kw)
        self.tallest = (0, 0)  # (width, rows): the most rows of text shown at that width

    def show(self, session: Session, recap: Recap,
             computer: PlayerId | None) -> tuple[bool, bool]:
        """The card being decided on and the moves to read, what of them
        there is; whether each is shown."""
        card = deciding_card(session, compact=False)
        run = recap_run(session, recap, computer)
        # hidden (a point's moment takes its rows) it has no width: the
        # moves are fitted at the width it had, not one row a line
        width = self.content_region.width or self.tallest[0]
        kept = self.kept_rows(width)
        if card is None and run is None:
            whose = "the computer's" if computer else "the other player's"
            self.put("Deciding (R5.2) · moves",
                     f"[dim]No flipped card waits on a decision, and none of {whose} "
                     "moves is new: either shows here.[/]")
        elif run is None:
            assert card is not None
            self.put(card[0], "\n".join(card[1]))
        elif card is None:
            title, lines = last_in_room(*run, max(self.RECAP_ROWS, kept), width)
            self.put(title, "\n".join(lines))
        else:
            title, lines = card
            used = sum(_rows(line, width) for line in lines)
            moves = last_that_fit(*run, max(1, kept - used), width)
            self.put(title, "\n".join([*lines, *moves]))
        return card is not None, run is not None

    def kept_rows(self, width: int) -> int:
        """The rows of text the place keeps at `width` now."""
        seen_width, seen = self.tallest
        return min(seen, self.keep) if seen_width == width else 0

    def reset(self) -> None:
        """A new game: its tallest text is yet to come."""
        self.tallest = (0, 0)

    def get_content_height(self, container, viewport, width: int) -> int:
        rows = super().get_content_height(container, viewport, width)
        if not width:
            return rows
        seen_width, seen = self.tallest
        if seen_width != width or rows > seen:
            self.tallest = seen_width, seen = width, rows
        return max(rows, min(seen, self.keep))


class DecidingPanel(SidePanel):
    """The card the defender decides on (R5.2), whole: its text and each
    payment power by its key, which the board's small face cuts; `i` still
    opens the whole card. Where panels come and go (a demo, a lesson, the
    compact layout: app.tcss), shown only while a card waits; the full
    layout shows the card in its kept place (KeptPlace)."""

    IDLE_TITLE = "Deciding (R5.2)"
    IDLE = "[dim]No flipped card waits on a decision now: the next one shows here whole.[/]"

    def show(self, session: Session) -> bool:
        """Show the card being decided, if any; whether there is one (the
        screen then shows the panel, app.tcss `#side.-deciding`)."""
        found = deciding_card(session, self.screen.has_class("-compact"))
        if found is None:
            self.put(self.IDLE_TITLE, self.IDLE)
            return False
        title, lines = found
        self.put(title, "\n".join(lines))
        return True


class PointPanel(Text):
    """A point's moment (play/point.py): who scored, and how it came about,
    each line with its rule; kept until a person acts after it."""

    def show(self, point: PointStory | None) -> bool:
        if point is None:
            return False
        if point.title != self.border_title:
            self.border_title = point.title
        self.set("\n".join(point.lines))
        return True


class RecapPanel(SidePanel):
    """The other player's latest moves, in words (the computer's turn), kept
    until the player to act makes a move: a computer's moves no longer
    flash by in the status line. The cards they touched carry ✱ on the
    board. Where panels come and go (a demo, a lesson; in the compact
    layout it takes the log's place: app.tcss); the full layout shows the
    moves in its kept place (KeptPlace). At most `keep` rows, so a long run
    does not take the log's rows."""

    keep = 8

    def show(self, session: Session, recap: Recap, computer: PlayerId | None) -> bool:
        """Show the run if it is the reader's to read; whether it is."""
        run = recap_run(session, recap, computer)
        if run is None:
            self.put("The computer's moves" if computer else "The other player's moves",
                     "[dim]None new to read.[/]")
            return False
        title, lines = run
        if self.screen.has_class("-compact"):
            # the log's few rows, shared with the card being decided on (its
            # title and a line of it): no border, the title leads the last moves
            side = self.parent
            room = side.size.height if isinstance(side, Widget) else 0
            width = side.size.width if isinstance(side, Widget) else 0
            if side is not None and side.has_class("-deciding"):
                room -= 2
            lines = last_that_fit(title, lines, max(1, room), width)
            title = ""
        else:
            title, lines = last_in_room(title, lines, self.keep, self.content_region.width)
        self.put(title, "\n".join(lines))
        return True


class KeptScrollBar(ScrollBar):
    """The log's scrollbar. The log grows and scrolls at every move, so its
    bar is drawn again each time, though most of its rows show the same
    track or thumb as before: finished rows are kept by the piece of bar
    they show (rows inside the top and bottom ones), so a key draws only
    the few that changed."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self._rows = RowCache()

    def render_lines(self, crop: Region) -> list[Strip]:
        height = self.outer_size.height

        def key_of(y: int) -> tuple | None:
            return tuple(self.render_line(y)) if 0 < y < height - 1 else None

        # the width alone: a row showing the same piece of bar is the same
        # row at any height (the log's height changes with the panels above it)
        context = (self.outer_size.width, self.grabbed, self.mouse_over, self.background_colors,
                   tuple(self.get_line_filters()), self.app.theme)
        return self._rows.rows(crop, context, key_of, super().render_lines, limit=4 * height)

    def notify_style_update(self) -> None:
        self._rows.epoch += 1
        super().notify_style_update()


class EventLog(OpenOptionList):
    """Every event of the game, each with the rule that caused it. A line
    can be selected (up/down when the log has focus, or a click): the rule
    help under the log then explains its rule (`rule_help`).

    It keeps its lines, wraps them again whenever its width changes and,
    unless a line is selected, scrolls to the end whenever its size or its
    lines change, so what it shows depends only on the game and the layout,
    never on the order of resize events."""

    BINDINGS = [Binding("escape", "leave", "Leave the log", show=False)]
    scrollbar_class = KeptScrollBar

    def __init__(self, **kw):
        super().__init__(**kw)
        self.written = 0
        self.entries: list[str] = []  # the markup of each line
        self.rules: list[str | None] = []  # the rule each line cites (None: a note)
        self._lines_key: tuple | None = None  # what update_lines last saw
        self._rows = RowCache()  # finished rows by the log line they show
        self._wrapped_width: int | None = None  # the width its lines are wrapped at

    def show(self, session: Session) -> None:
        new = session.log[self.written:]
        self.written = len(session.log)
        if new:
            self._add([(f"[b]{e.rule}[/b] {escape(e.text)}", e.rule) for e in new])

    def note(self, text: str) -> None:
        self._add([(f"[i]{escape(text)}[/i]", None)])

    def _add(self, lines: list[tuple[str, str | None]]) -> None:
        for markup, rule in lines:
            self.entries.append(markup)
            self.rules.append(rule)
        self.add_options([markup for markup, _ in lines])
        self._follow()

    def update_lines(self) -> None:
        """Textual's OptionList grows its virtual size as lines come, which
        asks for a layout pass of the whole screen after every move. When
        only the content grew, with the scrollbar already there and the same
        width, no widget moves or resizes: the log scrolls and repaints
        itself, and the layout request is dropped."""
        # OptionList calls this for every line it paints (some 40 times a
        # frame); when no option came and nothing that sets the wrapping
        # changed since the last call, it has nothing to do
        key = (self.option_count, self.wrapped_lines, self.size, self.show_vertical_scrollbar)
        if key == self._lines_key:
            return
        before, bar = self.virtual_size, self.show_vertical_scrollbar
        asked = self.layout_required
        if self._wrapped_width is None:  # wrapped afresh from here on
            self._wrapped_width = self.scrollable_content_region.width
        super().update_lines()
        self._lines_key = (self.option_count, self.wrapped_lines, self.size,
                           self.show_vertical_scrollbar)
        after = self.virtual_size
        if (not asked and bar and after != before and after.width == before.width
                and self.show_vertical_scrollbar):
            self.drop_layout_request()

    def render_lines(self, crop: Region) -> list[Strip]:
        """A move adds lines and scrolls the log, so Textual would draw every
        visible row again (the largest part of a key's frame). A
        row inside the border shows one log line, and while nothing else
        changes (the context below) the same line gives the same row: rows
        are kept by line, and only lines not drawn yet go through Textual."""
        self.update_lines()
        # rows of log lines: inside the border and padding, and never the top
        # or bottom row, where an outline would draw
        gutter = self.styles.gutter
        first = max(1, gutter.top)
        stop = min(self.outer_size.height - max(1, gutter.bottom), gutter.top + self.size.height)
        line_of = self.scroll_offset.y - first
        lines = self.wrapped_lines  # rows below the last line are blank

        def key_of(y: int) -> int | None:
            return line_of + y if first <= y < stop and line_of + y < lines else None

        # the width, not the height: a line's row is the same at any height,
        # and a panel shown above the log (the card being decided on, the
        # recap) changes its height at every other key
        content = self.scrollable_content_region
        context = (self.size.width, content.x, content.width, self.show_vertical_scrollbar,
                   self.scroll_offset.x, self.mouse_hover, self.has_focus, self.highlighted,
                   self.hovered_option, self.background_colors,
                   tuple(self.get_line_filters()), self.app.theme)
        return self._rows.rows(crop, context, key_of, super().render_lines,
                               limit=4 * self.outer_size.height)

    def notify_style_update(self) -> None:
        self._rows.epoch += 1
        super().notify_style_update()

    def clear_options(self):
        self._rows.epoch += 1
        return super().clear_options()

    def clear_caches(self) -> None:
        """Textual's, on a resize: the rows kept are dropped too. A frame
        drawn between the new layout and the resize event still used the
        lines wrapped at the old width (Textual keeps them by option, not
        by width), and the kept rows went on showing them cut off (taking
        over a demo narrows the log)."""
        self._rows.epoch += 1
        self._wrapped_width = None
        super().clear_caches()

    def resized(self) -> None:
        """Textual wraps every line again at each resize, which grows with
        the game; a panel shown or hidden above the log (the card being
        decided on, at every other key) changes its height alone, and the
        lines wrapped at this width are still right."""
        if self.scrollable_content_region.width != self._wrapped_width:
            super().resized()

    def reset(self) -> None:
        self.entries.clear()
        self.rules.clear()
        self.written = 0
        self.clear_options()

    def _follow(self) -> None:
        """Keep the newest line in view, unless the reader selected one."""
        if self.highlighted is None:
            self.scroll_end(animate=False, immediate=False, x_axis=False)

    def on_resize(self, event: events.Resize) -> None:
        # Textual hands a message to each class's own handler up the MRO:
        # stopped here, OptionList's comes only through `resized`
        event.prevent_default()
        self.resized()
        self._follow()

    def on_focus(self) -> None:
        if self.highlighted is None and self.option_count:
            self.highlighted = self.option_count - 1

    def action_leave(self) -> None:
        self.highlighted = None
        self.screen.set_focus(None)
        self.post_message(self.Left(self))
        self._follow()

    def rule_of(self, index: int | None) -> tuple[str, str | None] | None:
        """The line at `index` (its markup) and the rule it cites."""
        if index is None or not 0 <= index < len(self.rules):
            return None
        return self.entries[index], self.rules[index]

    class Left(Message):
        """The reader left the log (escape): no line is selected."""

        def __init__(self, log: EventLog):
            super().__init__()
            self.log = log


class RuleHelp(Static):
    """The rule of the selected log line, in the project's own words."""

    def show_rule(self, line: str | None, rule: str | None) -> None:
        if line is None:
            self.display = False
            return
        self.display = True
        self.border_title = "The rule of this line"
        if rule is None:
            self.update("[dim]A note of the app; it cites no rule.[/]")
            return
        parts = [f"[b]{rid} {escape(title)}[/b] — {escape(text)}"
                 for rid, title, text in rules_help.help_lines(rule)]
        self.update("\n".join(parts) or f"[dim]{escape(rule)}: no help for this rule.[/]")


class Board(Vertical):
    """Both mats and the status between: the `bottom` player's mat nearest
    the screen's reader (p1 on a shared screen; a seat's own on its screen)."""

    def __init__(self, bottom: PlayerId = "p1", **kw):
        super().__init__(**kw)
        top = other(bottom)
        self.mats = [Mat(top, top=True, id=f"mat-{top}"),
                     Mat(bottom, top=False, id=f"mat-{bottom}")]
        self.status = StatusPanel(id="status-panel")

    def compose(self) -> ComposeResult:
        yield self.mats[0]
        yield self.status
        yield self.mats[1]

    def show(self, session: Session, hint: str | None = None,
             marks: Marks | None = None, styles: StylePass | None = None,
             answered: bool = False) -> None:
        """`marks`: what to mark beside the cards (play/recap.py); without
        them, those the look alone gives (the attack, no changes).
        `answered`: the hint answers the player's key (StatusPanel).
        `styles`: the screen's pass, restyling with its own classes (None:
        the board restyles what it changed itself, at the end)."""
        marks = marks or marks_of(session)
        own = styles is None
        styles = styles or StylePass()
        for mat in self.mats:
            mat.show(session, marks, styles)
        self.status.show(session, hint, answered, styles)
        if own:
            styles.run(self)
