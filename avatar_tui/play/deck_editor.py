"""The deck editor without a screen: the deck being edited (the draft), the
file it is kept in, and every flow that touches the player's decks — open,
new, add and remove a card, save, save a copy, rename, delete, import and
export a text list, the guard on unsaved changes, and the test against the
house decks.

Like the game's referee (play/referee.py), the editor answers each thing the
player does with a short list of commands (below) that a front end carries
out: draw, ask, show a text, run the test, close. A question's answer comes
back as an `Answer` holding the token it was asked with (one question is
open at a time: a later one replaces it, a stale answer is dropped); the
test's results come back as `Tested`. No Textual here: the editor screen
(tui/screens/decks.py) draws and carries out, and tests drive this in
milliseconds (tests/test_deck_editor.py)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from avatar_tui.bots.batches import ClusterError
from avatar_tui.bots.simulation import Matchup, house_matchups
from avatar_tui.cardlib.cardset import SealedPool
from avatar_tui.cardlib.catalog import Catalog, DeckList, characters
from avatar_tui.cardlib.legality import check_deck
from avatar_tui.decklib.draft import DeckDraft
from avatar_tui.decklib.library import (
    DeckFileError,
    DeckStore,
    check_name,
    export_text,
    import_text,
    random_starter,
)
from avatar_tui.decklib.sealed import SealedError, build_deck, room
from avatar_tui.io.terminal_text import message, quote

TEST_GAMES = "AVATAR_TUI_DECK_TEST_GAMES"  # games against each house deck (default 20)
KEEP_AFTER = 0.5  # seconds of quiet before the safety copy is written
Tone = Literal["plain", "error", "success", "warning"]


def test_games() -> int:
    try:
        return max(1, int(os.environ.get(TEST_GAMES, "20")))
    except ValueError:
        return 20


# ---------------------------------------------------------------- events coming back


@dataclass(frozen=True)
class Answer:
    """The answer to the question of the same token: the index of the label
    chosen (`Choose`), the name typed (`AskName`), the text pasted
    (`AskText`); None when the player backed out."""

    token: int
    value: int | str | None


@dataclass(frozen=True)
class Tested:
    """The results of a `RunTest`, one per house deck (empty: stopped);
    `problem`: why no game could be played (no cluster to play on)."""

    results: tuple[Matchup, ...]
    problem: str | None = None


# ---------------------------------------------------------------- commands


@dataclass(frozen=True)
class Note:
    """The line under the deck's title: plain text, drawn in its tone."""

    text: str
    tone: Tone = "plain"


@dataclass(frozen=True)
class Show:
    """Draw the deck panel as the editor has it now. `replaced`: another
    deck is in the editor (its chamber in the picker, the card list again);
    `cards`: the card list again (the chamber changed, R13.2); `card`: this
    card's count changed in the card list."""

    replaced: bool = False
    cards: bool = False
    card: str | None = None


@dataclass(frozen=True)
class KeepLater:
    """Call `DeckEditor.keep` after `seconds` (a later one replaces it): the
    safety copy of the unsaved deck, written once the player pauses."""

    seconds: float = KEEP_AFTER


@dataclass(frozen=True)
class Choose:
    """A question with answers to pick (`labels`; the index comes back)."""

    title: str
    text: str
    labels: tuple[str, ...]
    token: int


@dataclass(frozen=True)
class AskName:
    """A deck's name to type, `value` offered; `note` says where it is kept."""

    title: str
    value: str
    note: str
    token: int


@dataclass(frozen=True)
class AskText:
    """A text list to paste (`text` already in it) and import; `problem`:
    why the last one was refused (R13 has no say yet: only the list itself)."""

    title: str
    text: str
    token: int
    problem: str | None = None


@dataclass(frozen=True)
class ShowText:
    """A text to read and copy (the deck as a text list)."""

    title: str
    text: str


@dataclass(frozen=True)
class RunTest:
    """Play `games` games with `deck` against each of the house decks
    (`matches` of them) away from the screen, then hand `Tested` back;
    `scheduler`: the Dask cluster to play them on (None: this process)."""

    deck: DeckList
    games: int
    matches: int
    scheduler: str | None = None

    def work(self, advance: Callable[[int], object] = lambda n: None,
             stopped: Callable[[], bool] = lambda: False) -> Tested:
        """The games themselves (any thread: it reads only what it holds);
        `advance(n)` after every n games, `stopped()` true ends early. No
        cluster to play on is the `problem` of what comes back."""
        try:
            return Tested(tuple(house_matchups(self.deck, self.games, advance=advance,
                                               stopped=stopped, scheduler=self.scheduler)))
        except ClusterError as err:
            return Tested((), str(err))


@dataclass(frozen=True)
class Close:
    """Leave the editor, naming the deck last saved (None if none was);
    `played`: the deck to play, when the editor was opened for a game's
    deck (a Sealed Deck game's, docs/formats.md) and the player chose it."""

    saved: str | None
    played: DeckList | None = None


Command = Show | KeepLater | Choose | AskName | AskText | ShowText | RunTest | Close
Commands = list[Command]
Then = Callable[[], Commands]

UNSAVED = ("Save it first", "Do not save it", "Stay in the editor")
PLAY = ("Play with this deck", "Stay in the editor", "Back to the new game")
DELETE = ("Delete the file", "Keep it")


class DeckEditor:
    """The deck being edited and what the player does to it. The fields are
    the editor's own: a front end reads them to draw, and changes them only
    through the methods, each of which returns what to do next."""

    def __init__(self, store: DeckStore, catalog: Catalog, deck: str | None = None,
                 seed: int = 1, scheduler: str | None = None,
                 pool: SealedPool | None = None, playing: bool = False):
        """`deck`: a saved deck to open; `pool`: a new sealed deck from this
        pool instead (the unsaved deck of last time is then saved under a
        name of its own, not overwritten); `playing`: the deck is a game's,
        which leaving offers to play (a Sealed Deck game from the new-game
        screen); `scheduler`: the deck test's Dask cluster (None: this process)."""
        self.store = store
        self.catalog = catalog
        self.seed = seed  # of the next random starter deck
        self.scheduler = scheduler  # the test's Dask cluster (None: this process)
        self.deck_name: str | None = None  # the file it is saved as
        self.saved_name: str | None = None  # what the editor answers when it closes
        self.dirty = False
        self.kept: DeckList | None = None  # the deck as it was when last nothing was unsaved
        self.playing = pool if playing else None  # the game's pool its deck must come from
        # a new deck starts in the 30-card starter format (R1.1): the deck a
        # new player builds first; the format is turned constructed (R13) by hand
        self.draft = DeckDraft(catalog, catalog.chamber("aang").id, starter=True)
        self.results: list[Matchup] = []
        self.testing = False
        self.note: Note | None = None
        self._token = 0
        self._waiting: Callable[[int | str | None], Commands] | None = None
        if pool is not None:
            before = self.keep_earlier()
            self.load_draft(new_sealed_deck(pool, catalog), None)
            self.dirty = False  # nothing to lose yet: the pool alone
            self.kept = self.draft.deck()
            then = " q when it is built." if playing else ""
            self.note = Note(f"A sealed pool of {pool.packs} packs: only its cards can be "
                             f"added; at least {pool.minimum} cards.{then}{before}")
        elif deck is not None:
            self.open_saved(deck)
        else:
            self.recover()

    # ---------------------------------------------------------------- questions

    def _ask(self, make: Callable[[int], Command],
             answered: Callable[[int | str | None], Commands]) -> Commands:
        self._token += 1
        self._waiting = answered
        return [make(self._token)]

    def answer(self, event: Answer) -> Commands:
        """The player answered the question of `event.token`."""
        if event.token != self._token or self._waiting is None:
            return []  # a question no longer open
        answered, self._waiting = self._waiting, None
        return answered(event.value)

    def say(self, text: str, tone: Tone = "plain") -> Commands:
        self.note = Note(text, tone)
        return [Show()]

    # ---------------------------------------------------------------- the draft

    def recover(self) -> None:
        """The deck left unsaved in the editor last time (a quit or a crash)."""
        left = self.store.editing()
        if left is None:
            return
        deck, name = left
        self.load_draft(deck, name)
        self.dirty = True
        self.note = Note("The deck you were editing, not saved yet: s saves it.", "warning")

    def keep_earlier(self) -> str:
        """The deck left unsaved in the editor last time, saved under a name
        of its own before a sealed pool's deck takes the safety copy's place
        (else that copy would be overwritten and the deck lost); what to
        tell the player, or "" when there was none."""
        left = self.store.editing()
        if left is None:
            return ""
        deck, name = left
        kept = self.store.free_name(f"{name or deck.name}-unsaved")
        try:
            self.store.save(kept, deck.model_copy(update={"name": kept}))
        except (DeckFileError, OSError):
            return " (The deck you were editing before, unsaved, could not be kept: it is " \
                f"still in {self.store.editing_path}.)"
        self.store.done_editing()
        return f" The deck you were editing before, unsaved, is kept as decks/{kept}.toml."

    def load_draft(self, deck: DeckList, name: str | None) -> Commands:
        self.draft = DeckDraft.from_deck(deck, self.catalog)
        self.kept = self.draft.deck() if name is not None else None
        self.deck_name = name
        self.dirty = name is None
        self.results = []
        self.note = None
        return [Show(replaced=True)]

    def changed(self, card: str | None = None, cards: bool = False) -> Commands:
        """The draft changed: unsaved now, its old test results gone."""
        self.dirty = True
        self.results = []
        self.note = None
        return [KeepLater(), Show(card=card, cards=cards)]

    def keep(self) -> None:
        """Keep the unsaved deck beside the named ones (decklib.EDITING), or
        drop that copy when nothing is left unsaved."""
        try:
            if self.dirty and self.draft.cards:
                self.store.keep_editing(self.draft.deck(), self.deck_name)
            else:
                self.store.done_editing()
        except OSError:
            pass  # only the safety copy: the deck is still in the editor

    def discard(self) -> None:
        """The changes are given up on purpose: no safety copy is kept."""
        self.dirty = False
        self.kept = self.draft.deck()
        self.keep()

    def add(self, card_id: str) -> Commands:
        """One more copy, unless the deck file or a sealed pool refuses it (the reason said)."""
        refusal = self.draft.refusal(card_id)
        if refusal is not None:
            return self.say(refusal, "error")
        self.draft.add(card_id)
        return self.changed(card_id)

    def remove(self, card_id: str) -> Commands:
        """One copy fewer (the deck list's enter and click: nothing when none)."""
        if not self.draft.count(card_id):
            return []
        self.draft.remove(card_id)
        return self.changed(card_id)

    def choose_chamber(self, chamber: str) -> Commands:
        """Another chamber: the card list follows what it may use (R13.2, R13.3)."""
        if chamber == self.draft.chamber:
            return []
        allowed = self.draft.pool_chambers()
        if allowed is not None and chamber not in allowed:
            return self.say("A sealed deck's chamber comes from its pool.", "error")
        self.draft.choose_chamber(chamber)
        return self.changed(cards=True)

    def toggle_format(self) -> Commands:
        """The starter format (30 cards, R1.1) or constructed (R13); a
        sealed deck's size is its pool's to say."""
        if self.draft.sealed is not None:
            return self.say(f"A sealed deck holds at least {self.draft.sealed.minimum} cards, "
                            "as its pool says: there is no other size to switch to.")
        self.draft.toggle_starter()
        return self.changed()

    def toggle_casual(self) -> Commands:
        """Casual play: R13 lifted (any cards, any number, any chamber; a
        sealed deck's pool too), saved with the deck; again, and the deck's
        own rules are back."""
        if self.playing is not None:
            return self.say("A Sealed Deck game keeps the sealed rules: casual play is for "
                            "a deck of your own.", "error")
        self.draft.toggle_casual()
        shown = self.changed(cards=True)
        if self.kept is not None and self.draft.deck() == self.kept:
            self.dirty = False  # switched back: nothing is changed from the deck kept
        self.note = Note("Casual play: R13 is lifted, any cards in any number."
                         if self.draft.casual else "Casual play off: the rules are back.",
                         "warning" if self.draft.casual else "plain")
        return shown

    # ---------------------------------------------------------------- files

    def open_saved(self, name: str) -> Commands:
        try:
            deck = self.store.load(name)
        except DeckFileError as err:
            return self.say(str(err), "error")
        return self.load_draft(deck, name)

    def write(self, name: str) -> bool:
        """Save the deck as `name`: atomically; a failure says why and keeps
        the deck in the editor."""
        try:
            self.store.save(name, self.draft.deck())
        except (DeckFileError, OSError) as err:
            self.note = Note(f"Not saved: {err}", "error")
            return False
        self.deck_name = self.saved_name = name
        self.discard()
        self.note = Note(f"Saved as decks/{name}.toml", "success")
        return True

    def ask_name(self, title: str, then: Callable[[str], Commands],
                 taken_ok: str | None = None) -> Commands:
        """A new name: valid, and not another deck's; `then` goes on with it."""
        def answered(name: int | str | None) -> Commands:
            if not name or not isinstance(name, str):
                return []
            try:
                check_name(name)
            except DeckFileError as err:
                return self.say(str(err), "error")
            if name != taken_ok and self.store.exists(name):
                return self.say(f"A deck named {name} exists already: choose another name.",
                                "error")
            return then(name)

        value = self.store.free_name(self.draft.title) if taken_ok is None else taken_ok
        note = f"kept in {self.store.directory}"
        return self._ask(lambda token: AskName(title, value, note, token), answered)

    def save(self) -> Commands:
        if self.deck_name is not None:
            self.write(self.deck_name)
            return [Show()]
        return self.ask_name("Save the deck as", self.save_new)

    def write_new(self, name: str) -> bool:
        """Save under a new name (the first save, or a copy): the deck takes
        that name as its title, so two saved decks never share one."""
        self.draft.retitle(name)
        return self.write(name)

    def save_new(self, name: str) -> Commands:
        self.write_new(name)
        return [Show()]

    def save_as(self) -> Commands:
        return self.ask_name("Save a copy as", self.save_new)

    def rename(self) -> Commands:
        old = self.deck_name
        if old is None:
            return self.save()

        def rename(name: str) -> Commands:
            try:
                self.store.rename(old, name)
            except (DeckFileError, OSError) as err:
                return self.say(f"Not renamed: {err}", "error")
            self.deck_name = self.saved_name = name
            was_dirty = self.dirty
            self.draft.retitle(name)  # a deck under a new name takes it as its title
            if not self.write(name) or was_dirty:
                return [Show()]
            return self.say(f"Renamed to decks/{name}.toml", "success")

        return self.ask_name(f"Rename {old} to", rename)

    def delete(self) -> Commands:
        name = self.deck_name
        if name is None:
            return self.say("This deck is not saved: there is no file to delete.")

        def answered(index: int | str | None) -> Commands:
            if index != 0:
                return []
            try:
                self.store.delete(name)
            except OSError as err:
                return self.say(f"Not deleted: {err}", "error")
            self.deck_name = None
            if self.saved_name == name:
                self.saved_name = None
            self.dirty = True
            return self.say(f"Deleted decks/{name}.toml; the deck is still here, unsaved "
                            "(s saves it again).")

        return self._ask(lambda token: Choose(
            f"Delete decks/{name}.toml?", "The deck stays in the editor until you leave it.",
            DELETE, token), answered)

    def guard(self, then: Then) -> Commands:
        """Go on to `then` when no change would be lost; else ask first:
        save, give the changes up, or stay."""
        if not self.dirty or not self.draft.cards:
            return then()

        def answered(index: int | str | None) -> Commands:
            if index == 0:
                if self.deck_name is None:
                    return self.ask_name("Save the deck as", lambda name: [
                        Show(), *then()] if self.write_new(name) else [Show()])
                return then() if self.write(self.deck_name) else [Show()]
            if index == 1:
                self.discard()
                return then()
            return []

        return self._ask(lambda token: Choose("This deck has unsaved changes",
                                              quote(self.draft.title), UNSAVED, token),
                         answered)

    def new(self) -> Commands:
        pool = self.draft.sealed

        def new() -> Commands:
            # a new deck from a sealed pool keeps the pool: the editor is held to it
            deck = DeckList(name="New deck", chamber=self.draft.chamber, starter=True) \
                if pool is None else new_sealed_deck(pool, self.catalog)
            shown = self.load_draft(deck, None)
            self.dirty = False
            self.kept = self.draft.deck()
            return shown

        return self.guard(new)

    def open(self) -> Commands:
        """Your decks, the house decks (opened as a copy), a random starter.
        In a game's editor the saved decks are not offered: at one keyboard
        they may be the other player's, built from their pool (R1.6)."""
        saved = [] if self.playing is not None else self.store.names()
        house = sorted(self.catalog.decks.items())
        chamber = self.draft.chamber_card
        labels = [f"your deck: {name}" for name in saved]
        labels += [f"house deck: {deck.name}" for _, deck in house]
        labels.append(f"a random starter deck for {chamber.name if chamber else '?'} "
                      f"(seed {self.seed})")
        pool = self.draft.sealed
        if pool is not None:
            labels.append("the computer's deck from this sealed pool")

        def answered(index: int | str | None) -> Commands:
            if not isinstance(index, int):
                return []
            if index < len(saved):
                name = saved[index]
                return self.guard(lambda: self.open_saved(name))
            if index < len(saved) + len(house):
                deck = house[index - len(saved)][1]
                return self.guard(lambda: self.load_draft(deck, None))
            if index == len(saved) + len(house) + 1 and pool is not None:
                try:
                    deck = build_deck(pool, self.catalog, self.seed, name="Sealed deck")
                except SealedError as err:
                    return self.say(str(err), "error")
                return self.guard(lambda: self.load_draft(deck, None))
            if chamber is None:
                return []
            deck = random_starter(self.catalog, chamber, self.seed)
            self.seed += 1
            return self.guard(lambda: self.load_draft(deck, None))

        return self._ask(lambda token: Choose(
            "Open a deck", "Your decks, then the house starter decks (opened as a copy).",
            tuple(labels), token), answered)

    def import_list(self, text: str = "", problem: str | None = None) -> Commands:
        """A pasted text list becomes the deck (saved nothing); a list that
        cannot be read is asked again, its first problem said."""
        def answered(text: int | str | None) -> Commands:
            if not isinstance(text, str):
                return []
            try:
                deck = import_text(text, self.catalog, "the text")
            except DeckFileError as err:
                return self.import_list(text, str(err))
            if self.draft.sealed is not None:  # a list has no pool: it keeps the editor's
                deck = deck.model_copy(update={"sealed": self.draft.sealed})
            return self.guard(lambda: self.load_draft(deck, None))

        return self._ask(lambda token: AskText("Import a deck list", text, token, problem),
                         answered)

    def export(self) -> Commands:
        # a name may hold escapes: shown escaped, as on the command line
        return [ShowText(f"{quote(self.draft.title)} as a text list",
                         message(export_text(self.draft.deck(), self.catalog)))]

    def leave(self) -> Commands:
        if self.playing is not None:
            return self.play()
        return self.guard(lambda: [Close(self.saved_name)])

    def play(self) -> Commands:
        """A game's deck: play it (when it is a legal deck of the game's
        pool), stay, or go back to the new game (the guard on unsaved
        changes first)."""
        pool = self.playing
        assert pool is not None

        def answered(index: int | str | None) -> Commands:
            if index == 2:
                return self.guard(lambda: [Close(self.saved_name)])
            if index != 0:
                return []
            # the game's own pool, whatever deck was opened into the editor
            deck = self.draft.deck().model_copy(update={"sealed": pool, "casual": False})
            problems = check_deck(deck, self.catalog, "deck")
            if problems:
                return self.say(f"Not playable yet: {problems[0].removeprefix('deck: ')}",
                                "error")
            self.discard()  # the game's save holds the deck from now on
            return [Close(self.saved_name, deck)]

        return self._ask(lambda token: Choose(
            "Play this deck?", f"{quote(self.draft.title)}: {self.draft.total} cards",
            PLAY, token), answered)

    # ---------------------------------------------------------------- testing

    def test(self) -> Commands:
        """The deck against every house deck between computer players: a
        legal deck only (R13, R1.1 for the starter format)."""
        if self.testing:
            return []
        if self.draft.problems():
            return self.say("Only a legal deck can be tested: see its problems.", "error")
        games = test_games()
        self.testing = True
        self.results = []
        shown = self.say(f"Testing: {games} games against each house deck…")
        return [RunTest(self.draft.deck(), games, len(characters()), self.scheduler), *shown]

    def tested(self, event: Tested) -> Commands:
        self.testing = False
        self.results = list(event.results)
        if event.problem is not None:
            return self.say(f"Not tested: {event.problem}", "error")
        return self.say("Tested.", "success")


def new_sealed_deck(pool: SealedPool, catalog: Catalog) -> DeckList:
    """A new, empty sealed deck from the pool, headed by the chamber that
    may use most of its cards (the first pulled of those), so the deck
    the player starts can be made."""
    space = room(pool, catalog)
    chamber = max(space, key=lambda c: space[c]) if space else pool.chambers[0]
    seed = f" (seed {pool.seed})" if pool.seed is not None else ""
    return DeckList(name=f"Sealed deck{seed}", chamber=chamber, sealed=pool)
