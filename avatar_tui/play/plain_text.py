"""The game line by line, for screen readers, pipes and scripts
(`play --plain`, `join --plain`): a front end over the referee, like the
headless one (play/headless.py), that writes what happens as lines of
words and reads the person's moves as lines of notation.

- every event of the engine's log is a line, its text and its rule ID, as
  the board's log shows it, with the symbols a screen reader reads badly
  (arrows, middle dots, dashes used as separators, stars) put in words or
  plain punctuation (`spoken`); no markup, no escape byte, no colour;
- before each of the person's moves, one line `? ` lists the legal moves
  exactly as the engine words them (`p1: pay g=1 y=1`), joined by ` | `;
- a move is typed in the notation; the person's own `p1: ` may be left out,
  and words that begin exactly one legal move stand for it (`pay`,
  `focus`); `board`, `why MOVE`, `help`, `brief`, `verbose` and the rest of
  `COMMANDS` are read here.

For one person only: at one keyboard two people would see each other's
secrets (R1.6), so the command line never runs it hot seat. Nothing here
decides a rule: the moves are the session's legal list, refusals the
engine's `why_not`, numbers the look's."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, assert_never

from avatar_tui.engine import without_secret_move
from avatar_tui.io.terminal_text import visible
from avatar_tui.model.actions import Action, NotationError, parse_action
from avatar_tui.model.common import ZONES, Energy, PlayerId
from avatar_tui.play import describe
from avatar_tui.play.commands import (
    After,
    Ask,
    ChooseGame,
    ChooseLesson,
    ChoosePuzzle,
    Command,
    GameOver,
    Leave,
    Offer,
    Save,
    Show,
    Think,
    TimerFired,
)

if TYPE_CHECKING:
    from avatar_tui.engine import FaceLook
    from avatar_tui.play.referee import Referee
    from avatar_tui.play.session import Session

PROMPT = "? "
COMPUTER_STOPPED = "computer-stopped"  # the referee's offer when the computer's move failed
SEPARATOR = " | "

# what a screen reader reads badly, in words or plain punctuation; applied
# in this order (a spaced dash before a bare one)
SYMBOLS: tuple[tuple[str, str], ...] = (
    (" — ", ", "), (" – ", ", "), ("—", ", "), ("–", " to "),
    (" · ", ", "), ("·", ", "),
    (" → ", " gives "), ("→", " gives "), (" ← ", " back "), ("←", " back "),
    ("…", "..."), ("×", " times "), ("±", " plus or minus "),
    ("“", '"'), ("”", '"'), ("‘", "'"), ("’", "'"),
    ("↻ ", ""), ("★ ", ""), ("✱ ", ""), ("⚔ ", ""),
)
# any other arrow, box drawing, block, geometric shape or pictograph: dropped
_DRAWN = re.compile("[\u2190-\u21ff\u2500-\u25ff\u2600-\u27bf\u2b00-\u2bff\U0001f300-\U0001faff]")
# Textual markup made by the play layer (an opening bracket from a file is
# quoted `\[` by play/plain.py's escape, so it is not a tag)
_MARKUP = re.compile(r"(?<!\\)\[[^\[\]\n]*\]")
_SCORE = re.compile(r"\b(\d+)-(\d+)\b")  # `3-0`: "three to nothing", not "three minus"
_FRACTION = re.compile(r"(?<![/\d])(\d+)/(\d+)(?![/\d])")  # a point `2/3`: "2 of 3"
_EACH_COLOUR = re.compile(r"\b(\d+)/(\d+)/(\d+) energy")  # green/yellow/red (R9.1)
_ZONE_SHOUTED = re.compile(r"\b(GREEN|YELLOW|RED)\b")  # the status line's zone, in capitals
# energy after a payment's or a cost's word, `pays G1 Y2`: "why one" to a
# screen reader, and the letters are colours; a rule ID such as (R4) is
# never after these words
_PIPS = re.compile(r"\b(pays?|costs?) ((?:[GYR][0-9]+)(?: [GYR][0-9]+)*)\b")
_COLOURS = {"G": "green", "Y": "yellow", "R": "red"}
_SEAT = re.compile(r"^\s*(p[12])\s*:\s*(.*)$", re.IGNORECASE)

HELP = (
    "Type a move as the ? line words it; p1: may be left out, and the first words of "
    "a move stand for it when only one legal move begins with them (pay, focus, power 1).",
    "board: the whole board, zone by zone, the scores and the incoming attack.",
    "why MOVE: why a move is refused now, with its rule (why pay).",
    "moves: the legal moves again.",
    "brief: one line per move. verbose: one line per event, and where you stand before "
    "each of your moves.",
    "rematch: another game, once this one is over.",
    "quit: leave (the game is saved; the end of the input does the same).",
    "help: this list.",
)


def spoken(text: str) -> str:
    """`text` as a screen reader should get it: no markup, no symbol read
    badly, no control character (escaped, as the command line shows them)."""
    text = _MARKUP.sub("", text).replace("\\[", "[").replace("\u200b", "")
    text = _SCORE.sub(r"\1 to \2", text)
    text = _EACH_COLOUR.sub(r"\1 green, \2 yellow and \3 red energy", text)
    text = _FRACTION.sub(r"\1 of \2", text)
    text = _PIPS.sub(_energy_said, text)
    for symbol, words in SYMBOLS:
        text = text.replace(symbol, words)
    text = _DRAWN.sub("", text)
    text = re.sub(r"\s+([,.;:])", r"\1", text)
    text = re.sub(r",(\s*,)+", ",", text)
    text = re.sub(r"[ \t]{2,}", " ", text).strip()
    return visible(text)


def _energy_said(m: re.Match[str]) -> str:
    parts = [f"{pip[1:]} {_COLOURS[pip[0]]}" for pip in m.group(2).split()]
    said = parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"
    return f"{m.group(1)} {said}"


def event_line(text: str, rule: str) -> str:
    return spoken(f"{text} ({rule})" if rule else text)


def energy_words(energy: Energy) -> str:
    """`1 green and 2 yellow`, or `nothing`."""
    parts = [f"{energy.of(c)} {c}" for c in ZONES if energy.of(c)]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def face_words(session: Session, face: FaceLook) -> str:
    """A face-up card: its name, force and intercept now (R12.7), what it
    costs now, and whether it is counterattacking (R5.3)."""
    words = [session.table.name(face.card)]
    if face.force is not None:
        words.append(f"force {face.force}, intercept {face.intercept}")
    words.append(f"cost {energy_words(face.cost)}")
    if face.counterattacked:
        words.append("counterattacking (R5.3)")
    return ", ".join(words)


def status_words(session: Session) -> str:
    """Who acts now and what, as the board's status line says it, in words:
    the zone named, not in capitals; a question without the board's
    privacy-screen key (one person plays here, R1.6)."""
    t, state, lk = session.table, session.state, session.look
    if state.choice is not None:
        return f"{describe.character(t, state.choice.chooser)} must choose: {state.choice.prompt}"
    line = describe.status(t, state, lk).split(" · flipped ")[0]
    return _ZONE_SHOUTED.sub(lambda m: f"the {m.group().lower()} zone", line)


def situation(session: Session, seat: PlayerId) -> str:
    """Where the person stands before a move: the status line in words,
    the flipped card's force, intercept and cost now, and their energy."""
    state, lk = session.state, session.look
    line = status_words(session)
    if lk.flipped is not None:
        line += f"; flipped {face_words(session, lk.flipped)}"
    if state.phase != "open":
        line += f"; your energy {energy_words(lk.player(seat).energy)}"
    return spoken(f"Now: {line}.")


def board_lines(session: Session) -> list[str]:
    """The whole board as a shared screen may show it (R1.6): who acts and
    what, the scores, each player's piles and zones, the incoming attack.
    Every number is the engine's look."""
    seen = session.seen
    t, lk, state = seen.table, seen.look, seen.state
    lines = [status_words(seen)]
    scores = ", ".join(f"{describe.character(t, p.player)} {p.score}" for p in lk.players)
    lines.append(f"Score: {scores}.")
    for p in lk.players:
        who = describe.character(t, p.player)
        top = f", its top card {t.name(p.discard_top)}" if p.discard_top else ""
        lines.append(f"{who}: deck {p.deck} cards, discard {p.discard} cards{top}.")
        for z in p.zones:
            parts = [f"{z.energy} energy"]
            if z.charged:
                parts.append("charged (R11)")
            if z.ally is not None:
                parts.append(f"ally {t.name(z.ally)}")
            if z.flip is not None:
                parts.append(f"flipped {face_words(seen, z.flip)}")
            if p.defending == z.zone and state.turn == p.player:
                parts.append("defending")
            lines.append(f"{who}, {z.zone} zone: {'; '.join(parts)}.")
        if p.signature is not None:
            lines.append(f"{who}, signature move in play: {face_words(seen, p.signature)}.")
        if p.advantages:
            names = ", ".join(t.name(a) for a in p.advantages)
            lines.append(f"{who}, advantages in play: {names}.")
    inc = lk.incoming
    if inc is None:
        lines.append("No incoming attack.")
    else:
        what, _ = describe.incoming(t, state, lk)
        whose = "" if inc.zone == "opening" else f" of {describe.character(t, inc.owner)}"
        lines.append(f"Incoming attack: {what}{whose}, force {inc.force} (R12.7).")
    return [spoken(line) for line in lines]


def resolve(typed: str, seat: PlayerId, legal: list[Action]) -> Action | str | None:
    """The legal move `typed` names: the notation, with `seat: ` understood
    when left out, or the first words of exactly one legal move. A string:
    why it names none of several; None: it names no legal move."""
    m = _SEAT.match(typed)
    player, rest = (m.group(1).lower(), m.group(2)) if m else (seat, typed.strip())
    try:
        whole = str(parse_action(f"{player}: {rest}"))
    except NotationError:
        whole = None
    mine = [a for a in legal if a.player == player]
    exact = next((a for a in mine if str(a) == whole), None)
    if exact is not None:
        return exact
    words = rest.lower().split()
    begun = [a for a in mine if str(a).partition(": ")[2].split()[:len(words)] == words]
    if len(begun) == 1:
        return begun[0]
    if len(begun) > 1:
        return (f"'{typed.strip()}' begins {len(begun)} moves: "
                f"{SEPARATOR.join(str(a) for a in begun)}. Type one of them whole.")
    return None


class PlainText:
    """The front end: `referee` decides, this carries its commands out as
    lines given to `write`, and `typed(line)` takes the person's input.
    `seat`: the person's (the computer or a remote player has the other);
    `brief`: one line per move instead of one per event."""

    def __init__(self, referee: Referee, seat: PlayerId, write: Callable[[str], None], *,
                 brief: bool = False, remote: bool = False):
        self.referee = referee
        self.seat = seat
        self.write = write
        self.brief = brief
        self.remote = remote  # a seat of a hosted game: its log may come again whole
        self.written = 0  # the log's events said so far
        self.game: int | None = None  # a remote game's number, when its log was said
        self.title: str | None = None
        self.hint: str | None = None  # the controller's words last said
        self.offer: Offer | None = None  # waiting for the number of an answer
        self.over: GameOver | None = None
        self.left = False
        self.prompted: int | None = None  # the referee's position of the last `? ` line
        self.due: list[TimerFired] = []
        self.save_failed = False  # set from the save writer's thread

    # ---------------------------------------------------------------- saying

    def say(self, text: str) -> None:
        for line in text.split("\n"):
            said = spoken(line)
            if said:
                self.write(said)

    @property
    def session(self) -> Session | None:
        return self.referee.session

    @property
    def my_move(self) -> bool:
        session = self.session
        return (session is not None and not session.over and self.offer is None
                and not self.referee.controller.mode.waiting and bool(session.legal)
                and session.actor == self.seat)

    def prompt(self, again: bool = False) -> None:
        """The `? ` line of the legal moves, once per position (`again`:
        once more, after a command or a refusal)."""
        session = self.session
        if not self.my_move or session is None:
            return
        if self.prompted == self.referee.position and not again:
            return
        new = self.prompted != self.referee.position
        self.prompted = self.referee.position
        if new and not self.brief:
            self.write(situation(session, self.seat))
        self.write(visible(PROMPT + SEPARATOR.join(str(a) for a in session.legal)))

    # ---------------------------------------------------------------- commands

    def run(self, commands: Iterable[Command]) -> None:
        """Carry the commands out, then the pauses they asked for at once:
        nobody waits for the computer's pause in plain text."""
        for command in commands:
            self.carry_out(command)
        while self.due:
            self.run(self.referee.fired(self.due.pop(0)))
        if self.save_failed:
            self.save_failed = False
            self.run(self.referee.save_failed())

    def carry_out(self, command: Command) -> None:
        """Every kind of command has its arm (tests/test_commands_handled.py)."""
        match command:
            case Show():
                self.show(command)
            case Ask():
                self.ask(command)
            case Offer():
                self.offered(command)
            case ChooseGame():
                self.choose_game(command)
            case ChooseLesson():  # the lessons ask for the board: `avatar-tui learn`
                self.say("The lessons are played on the board: run avatar-tui learn.")
            case ChoosePuzzle():  # the puzzles too: `avatar-tui puzzle`
                self.say("The puzzles are played on the board: run avatar-tui puzzle.")
            case GameOver():
                self.game_over(command)
            case Think():
                self.run(self.referee.thought(command.work()))
            case After():
                self.due.append(command.event)
            case Save():
                self.run(self.referee.save_shown(self._failed))
            case Leave():
                self.left = True
            case _:
                assert_never(command)

    def _failed(self) -> None:
        self.save_failed = True

    def show(self, command: Show) -> None:
        if command.title and command.title != self.title:
            self.title = command.title
            self.say(f"{command.title}.")
        session = self.session
        if session is not None:
            game = getattr(session, "game_number", None)
            # a rejoin brings the whole log of the same game again: said already
            if command.rebuilt and not (self.remote and game == self.game):
                self.written = 0
            self.game = game
            new = session.log[self.written:]
            self.written = len(session.log)
            lines = [event_line(e.text, e.rule) for e in new]
            if self.brief and lines:
                self.write("; ".join(line.rstrip(".") for line in lines) + ".")
            else:
                for line in lines:
                    self.write(line)
        for note in command.notes:
            self.say(note)
        controller = self.referee.controller
        hint = controller.hint
        if hint is not None and hint != self.hint and not controller.mode.speaks(hint):
            self.say(hint)
        self.hint = hint

    def ask(self, command: Ask) -> None:
        """The game's question: its words and each answer's, then the `? `
        line (the answers are the legal moves)."""
        question = command.question
        self.say(f"Question: {question.title}")
        self.say(question.prompt)  # its details are the events, said already
        for action, label in zip(question.actions, question.labels, strict=False):
            self.say(f"{action} means: {label}")

    def offered(self, offer: Offer) -> None:
        self.say(f"{offer.title}.")
        if offer.about == COMPUTER_STOPPED:
            # the board plays on hot seat; here one person would then hear
            # the other seat's secrets (R1.6): the game stops, saved as it was
            self.say(offer.text.split("\n")[0])
            self.say("The game stops here, saved: avatar-tui play --plain --resume goes on "
                     "with the computer.")
            self.run(self.referee.quit())
            return
        self.say(offer.text)
        if len(offer.labels) == 1:
            self.run(self.referee.offered(offer.about, 0))
            return
        self.offer = offer
        for n, label in enumerate(offer.labels, start=1):
            self.say(f"{n}: {label}")
        self.say(f"Type a number from 1 to {len(offer.labels)}.")

    def choose_game(self, command: ChooseGame) -> None:
        """A new game asked for where no dialog can be put: the same
        characters (and computer) as offered, the seed offered."""
        from avatar_tui.bots import setup_for

        self.say(f"A new game: {command.p1} against {command.p2}, seed {command.seed}.")
        self.run(self.referee.game_chosen(setup_for(command.seed, command.p1, command.p2),
                                          command.opponent))

    def game_over(self, command: GameOver) -> None:
        self.over = command
        session = self.session
        if session is not None and session.state.winner is not None:
            self.say(f"Game over: {describe.status(session.table, session.state)}.")
        self.say("Type rematch for another game, or quit.")

    # ---------------------------------------------------------------- typing

    def typed(self, line: str) -> None:
        """A line the person typed: an answer to an offer, a command or a move."""
        text = line.strip()
        head, _, rest = text.partition(" ")
        head = head.lower()
        if self.offer is not None:
            self.answer_offer(text)
        elif not text or head == "moves":
            if not self.my_move:
                self.say(self.waiting_words())
        elif head == "help":
            for said in HELP:
                self.say(said)
        elif head == "board":
            for said in board_lines(self.session) if self.session else ["No game yet."]:
                self.write(said)
        elif head == "why":
            self.why(rest)
        elif head in ("brief", "verbose"):
            self.brief = head == "brief"
            self.say("Brief: one line per move." if self.brief else
                     "Verbose: one line per event, and where you stand before each move.")
        elif head == "quit":
            self.run(self.referee.quit())
        elif head == "rematch":
            if self.over is None:
                self.say("rematch: only once the game is over.")
            else:
                self.over = None
                self.run(self.referee.game_over("rematch"))
        else:
            self.move(text)
        if not self.left:
            self.prompt(again=True)

    def waiting_words(self) -> str:
        session = self.session
        if session is None:
            return "No game yet."
        if session.over:
            return "The game is over: type rematch for another game, or quit."
        return "Not your move: wait for the other player's."

    def answer_offer(self, text: str) -> None:
        offer = self.offer
        assert offer is not None
        count = len(offer.labels)
        if not (text.isdigit() and 1 <= int(text) <= count):
            self.say(f"Type a number from 1 to {count}.")
            return
        self.offer = None
        self.run(self.referee.offered(offer.about, int(text) - 1))

    def move(self, text: str) -> None:
        session = self.session
        if session is None or session.over:
            self.say(f"'{text}' is not a command: {self.waiting_words()}")
            return
        read = self.read_move(text)
        if read is None:
            return
        action, listed = read
        reason = None if listed else self.reason(action)
        if reason is None and (listed or not self.remote):
            self.run(self.referee.act(action))  # unlisted: the engine takes it all the same
        else:
            self.say(f"Not allowed: {action}: {reason or 'not a legal move now'}.")

    def read_move(self, text: str) -> tuple[Action, bool] | None:
        """`text` as this seat's move and whether it is in the legal list
        (a short form names one there); None when it is not one, said why."""
        session = self.session
        assert session is not None
        found = resolve(text, self.seat, session.legal)
        if isinstance(found, Action):
            return found, True
        if isinstance(found, str):
            self.say(found)
            return None
        action = self.parsed(text)
        if action is None:
            return None
        if not self.my_move:
            self.say(self.waiting_words())
            return None
        return action, False

    def parsed(self, text: str) -> Action | None:
        """`text` as an action of the notation (this seat's when it names
        none), or None with why said."""
        m = _SEAT.match(text)
        whole = f"{m.group(1).lower()}: {m.group(2)}" if m else f"{self.seat}: {text}"
        try:
            action = parse_action(whole)
        except NotationError as err:
            self.say(f"'{text}' is not a move: {err}. help lists the commands.")
            return None
        if action.player != self.seat:
            self.say(f"{action.player} is not your seat: you play {self.seat}.")
            return None
        return action

    def reason(self, action: Action) -> str | None:
        """Why the engine refuses `action` now (its words, with the rule)."""
        session = self.session
        assert session is not None
        reason = session.why_not(action)
        if reason is None:
            return None
        return without_secret_move(session.table, action.player, reason)

    def why(self, text: str) -> None:
        session = self.session
        if not text:
            self.say("why takes a move: why pay, why p1: focus.")
            return
        if session is None or session.over:
            self.say(self.waiting_words())
            return
        read = self.read_move(text)
        if read is None:
            return
        action, listed = read
        reason = None if listed else self.reason(action)
        if listed:
            self.say(f"{action} is a legal move now.")
        else:
            self.say(f"{action}: {reason}." if reason is not None else
                     f"{action}: the engine allows it, though it is not in the list.")

    def ended(self) -> None:
        """The end of the input: quit as `quit` does; a question the quit
        asks (saving failed) is answered with its last answer, leaving."""
        self.run(self.referee.quit())
        for _ in range(3):
            if self.left or self.offer is None:
                break
            offer, self.offer = self.offer, None
            self.run(self.referee.offered(offer.about, len(offer.labels) - 1))
        self.left = True


def play_lines(front: PlainText, lines: Iterable[str]) -> None:
    """Play from `lines` (the standard input) until the person quits or the
    lines end (a quit too)."""
    front.prompt()
    for line in lines:
        front.typed(line)
        if front.left:
            return
    front.ended()

