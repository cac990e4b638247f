"""The screen never lies (issue 36): every number a player reads on the
board is the engine's.

Random games of all ten characters' house decks, played by three kinds of
player (any legal move; one that focuses all it can and hoards energy; one
that pays for all it can and so charges zones and reaches the signature
step), give positions at every pending step, from the setup to the end;
positions built from late ones (cards moved from the deck and the discard
pile onto the energy piles, as no rule does) give two-digit energy beside
a deck of 0 to 2 cards. Each is drawn on the game screen and on the review
screen (which has a board of its own layout) at 80x24, 100x33 and 120x40,
the screen read back as text, and every number read is checked against
the engine's look (R12.7: force and intercept now):

- each zone's `energy N` at the start of its label cell (R1.4), whole;
- each mat's `Deck N` and `Discard N` (R1.5), once each and nowhere else;
- each player's score in the mat's border, in dots and digits (R10.2);
- each flipped strike's force and intercept now (`F N`, `INT N`), and each
  face-up card's cost now (`G1 Y2`) where its face shows it whole;
- the incoming attack's force (R3.1, R12.7), wherever the board says it.

Outside tools read screenshots by these words, so they appear as written
here exactly once per place.

Short by default (a few CPU-seconds: one app per size, every position
loaded into it). The long run draws hundreds of positions per size:

    AVATAR_TUI_LONG=1 PYTHONPATH=$PWD pytest -n 0 tests/app/test_board_numbers.py
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from depth import depth
from rich.cells import get_character_cell_size

from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.engine import Look, Table, apply, legal_actions, look, new_game
from avatar_tui.model.actions import Action
from avatar_tui.model.common import PLAYERS, ZONES
from avatar_tui.model.state import GameSetup, GameState, PlayerSetup
from avatar_tui.play.review import Review
from avatar_tui.tui.board import Board, Mat
from avatar_tui.tui.screens.review import ReviewScreen

from .helpers import make_app, screen_text

SIZES = [(80, 24), (100, 33), (120, 40)]
GAMES = depth(12, 300)  # random games played for positions
SHOWN = depth(9, 250)  # positions drawn at each size, on each screen
SEED = 36
PENDING = ("open", "signature", "flip", "decide", "choose", "over")
CHARACTERS = sorted({c.character for c in default_catalog().chambers.values()})

Policy = Callable[[GameState, list[Action], random.Random], Action]


def any_move(state: GameState, legal: list[Action], rnd: random.Random) -> Action:
    return rnd.choice(legal)


def preferring(*verbs: str, focus_above_red: bool = False) -> Policy:
    """A player that makes the first of `verbs` it may (a random one of
    them), now and then any legal move."""

    def policy(state: GameState, legal: list[Action], rnd: random.Random) -> Action:
        if rnd.random() < 0.15:
            return rnd.choice(legal)
        pid = state.turn
        zone = state.players[pid].defending if pid else None
        wanted = (["focus"] if focus_above_red and zone in ("green", "yellow") else []) + \
            list(verbs)
        for verb in wanted:
            found = [a for a in legal if a.verb == verb]
            if found:
                return rnd.choice(found)
        return rnd.choice(legal)

    return policy


# focusing in green and yellow piles energy up (R5.6); paying charges zones
# (R11.2) until the signature step comes (R4.3)
POLICIES: list[Policy] = [any_move, preferring("pay", "power", "discard", "focus",
                                               focus_above_red=True),
                          preferring("signature", "pay", "power", "focus")]


def game_positions(i: int, rnd: random.Random) -> list[GameState]:
    """Every position of one random game: game i seats characters i and
    7i+3 (mod 10), so any ten games in a row seat all ten in both seats."""
    setup = GameSetup(catalog=default_catalog(), seed=rnd.randrange(2**32),
                      p1=PlayerSetup(chamber=CHARACTERS[i % len(CHARACTERS)]),
                      p2=PlayerSetup(chamber=CHARACTERS[(7 * i + 3) % len(CHARACTERS)]))
    state, _ = new_game(setup)
    policy = POLICIES[i % len(POLICIES)]
    positions = [state]
    while state.phase != "over" and len(positions) < 2000:
        state, _ = apply(state, policy(state, legal_actions(state), rnd))
        positions.append(state)
    return positions


def piled_up(state: GameState, rnd: random.Random) -> GameState:
    """A late position as no rule makes it, every card still somewhere:
    one player's deck down to 0-2 cards and most of their discard pile,
    moved onto their energy piles (two-digit energy)."""
    built = state.model_copy(deep=True)
    p = built.players[rnd.choice(PLAYERS)]
    keep = rnd.randint(0, 2)
    pile = p.zones[rnd.choice(ZONES)].energy
    while len(p.deck) > keep:
        (pile if rnd.random() < 0.7 else p.zones[rnd.choice(ZONES)].energy).append(p.deck.pop())
    while len(p.discard) > 1:
        pile.append(p.discard.pop(0))
    return built


def heaped(state: GameState, rnd: random.Random) -> GameState:
    """A pile of 100 to 999 energy, as only a deck file of hundreds of
    cards could make (R13.1 sets no upper bound)."""
    built = state.model_copy(deep=True)
    p = built.players[rnd.choice(PLAYERS)]
    pile = p.zones[rnd.choice(ZONES)].energy
    card = (pile or p.discard or p.deck)[0]
    pile += [card] * rnd.randint(100 - len(pile), 999 - len(pile))
    return built


def surcharged(state: GameState) -> bool:
    """Whether a face-up card costs more now than its print (R12.7)."""
    t = Table(state)
    return any(z.flip is not None and z.flip.cost != t.card(z.flip.card).cost
               for p in look(state).players for z in p.zones)


@cache
def played() -> list[tuple[GameState, str]]:
    """Every position of the random games, with its pending step."""
    rnd = random.Random(SEED)
    found: list[tuple[GameState, str]] = []
    for i in range(GAMES + 200):
        if i >= GAMES and any(step == "signature" for _, step in found):
            break
        # the signature step is rare in random play: paying games until one comes
        game = game_positions(i if i < GAMES else 3 * i + 2, rnd)
        found += [(s, look(s).pending) for s in game]
    return found


@cache
def positions() -> list[list[GameState]]:
    """Positions to draw at each size: at each, every pending step,
    two-digit energy beside a near-empty deck, three-digit energy, then any."""
    rnd = random.Random(SEED)
    found = played()
    late = [s for s, _ in found if s.turn_number > 4] or [s for s, _ in found]
    built = [piled_up(rnd.choice(late), rnd) for _ in range(max(3, SHOWN // 4))]
    pool = [s for s, _ in found] + built
    dearer = [s for s, _ in found if surcharged(s)]
    sizes = []
    for _ in SIZES:
        chosen = [rnd.choice([s for s, step in found if step == kind]) for kind in PENDING]
        chosen += [*rnd.sample(built, 2), heaped(rnd.choice(late), rnd), rnd.choice(dearer)]
        chosen += [rnd.choice(pool) for _ in range(SHOWN - len(chosen))]
        sizes.append(chosen)
    return sizes


def test_the_sample_has_every_step_and_the_hard_numbers():
    """The positions drawn at each size cover what they promise, and the
    games seat all ten characters."""
    for chosen in positions():
        looks = [look(s) for s in chosen]
        assert {lk.pending for lk in looks} == set(PENDING)
        zones = [z for lk in looks for p in lk.players for z in p.zones]
        assert any(10 <= z.energy < 100 for z in zones)
        assert any(z.energy >= 100 for z in zones)
        assert any(p.deck <= 2 for lk in looks for p in lk.players)
        assert any(z.flip is not None and z.flip.force is not None for z in zones)
        assert any(surcharged(s) for s in chosen)
    for pid in PLAYERS:
        assert {getattr(s.setup, pid).chamber for s, _ in played()} == set(CHARACTERS)


# ---------------------------------------------------------------- reading


def crop(lines: list[str], region) -> list[str]:
    """The text of the screen inside `region` (a widget's), by cells."""
    out = []
    for line in lines[region.y:region.y + region.height]:
        cells, x = [], 0
        for ch in line:
            width = get_character_cell_size(ch)
            if region.x <= x and x + width <= region.x + region.width:
                cells.append(ch)
            x += width
        out.append("".join(cells))
    return out


def plain_pips(cost) -> str:
    """`G1 Y2` as the card's face writes a cost (describe.pips, unmarked)."""
    return " ".join(f"{c[0].upper()}{cost.of(c)}" for c in ZONES if cost.of(c)) or "free"


def numbers(pattern: str, text: list[str] | str) -> list[int]:
    joined = text if isinstance(text, str) else "\n".join(text)
    return [int(n) for n in re.findall(pattern, joined)]


@dataclass
class Reading:
    """What the board says, and where, for one position."""

    where: str
    lines: list[str]
    board: Board

    def fail(self, what: str) -> str:
        return f"{self.where}: {what}\n" + "\n".join(crop(self.lines, self.board.region))


def check_board(reading: Reading, lk: Look) -> None:
    """Every number on the board is the look's (the module's docstring)."""
    board, lines = reading.board, reading.lines
    whole = crop(lines, board.region)
    for word, count in (("energy", 6), ("Deck", 2), ("Discard", 2)):
        found = numbers(rf"(?<![\w-]){word} (\d+)", whole)
        assert len(found) == count, reading.fail(f"{word} N {len(found)} times, not {count}")
    said = numbers(r"force (\d+)", crop(lines, board.status.region))
    for mat in board.mats:
        said += check_mat(reading, mat, lk)
    if lk.incoming is None:
        return
    assert set(said) <= {lk.incoming.force}, \
        reading.fail(f"the incoming force read {said}, the engine's {lk.incoming.force}")
    if lk.pending in ("signature", "flip", "decide"):  # an attack to stop: its force said
        assert said, reading.fail("the force to stop is nowhere on the board (R5.3)")


def check_mat(reading: Reading, mat: Mat, lk: Look) -> list[int]:
    """Checks the mat's numbers; returns the incoming force as its zones
    say it (the defended zone's label, an empty flip space attacked)."""
    lines = reading.lines
    said: list[int] = []
    player = lk.player(mat.owner)
    who = f"{mat.owner}'s mat"
    border = crop(lines, mat.region)[0]
    score = re.search(r"score ([●○]+) (\d)/3", border)
    assert score is not None, reading.fail(f"{who}: no score in its border")
    assert (score[1].count("●"), int(score[2])) == (player.score, player.score), \
        reading.fail(f"{who}: score {score[0]!r}, the engine's {player.score} (R10.2)")
    text = crop(lines, mat.region)
    assert numbers(r"(?<![\w-])Deck (\d+)", text) == [player.deck], \
        reading.fail(f"{who}: Deck, the engine's {player.deck}")
    assert numbers(r"(?<![\w-])Discard (\d+)", text) == [player.discard], \
        reading.fail(f"{who}: Discard, the engine's {player.discard}")
    for row in mat.rows:
        zone = player.zone(row.zone)
        where = f"{who}, {row.zone}"
        label = [line.strip() for line in crop(lines, row.label.region)]
        energy = [line for line in label if line.startswith("energy")]
        assert energy == [f"energy {zone.energy}"], \
            reading.fail(f"{where}: {label}, the engine's energy {zone.energy} (R1.4)")
        said += numbers(r"⚔ F(\d+)", label)
        flip = crop(lines, row.flip.region)
        face = zone.flip
        if face is not None and face.force is not None:
            shown = (numbers(r"(?<![\w-])F (\d+)", flip), numbers(r"INT (\d+)", flip))
            assert shown == ([face.force], [face.intercept]), reading.fail(
                f"{where}: flipped {face.card} reads F/INT {shown}, the engine's "
                f"{face.force}/{face.intercept} (R12.7)")
        elif face is None:
            said += numbers(r"⚔ .* F(\d+)", flip)  # "attacked by ⚔ Pummel F5"
        if face is not None:  # its cost now (R12.7), where the face says it whole
            cost = re.search(r"(?:strike|ally|advantage|move) · ((?:[GYR]\d+ ?)+|free)(…?)",
                             "\n".join(flip))
            if cost is not None and not cost[2]:
                assert cost[1].strip() == plain_pips(face.cost), reading.fail(
                    f"{where}: {face.card} costs {cost[1]!r}, the engine's {face.cost}")
    return said


# ---------------------------------------------------------------- drawing


async def test_every_number_on_the_board_is_the_engines():
    for size, chosen in zip(SIZES, positions(), strict=True):
        app = make_app((chosen[0], []))
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            while app.screen is not app.game_screen:  # the opening question
                app.pop_screen()
            for n, state in enumerate(chosen):
                app.controller.start(state, [])
                app.game_screen.show()
                await pilot.pause()
                reading = Reading(f"game screen {size}, position {n}",
                                  screen_text(app).splitlines(), app.game_screen.board)
                check_board(reading, look(state))
            review = Review(chosen[-1])
            screen = ReviewScreen(review, can_play_on=False)
            await app.push_screen(screen)
            for n, state in enumerate(chosen):
                review.positions[review.at] = state  # any position, as if reviewed
                screen.show()
                await pilot.pause()
                reading = Reading(f"review screen {size}, position {n}",
                                  screen_text(app).splitlines(), screen.board)
                check_board(reading, look(state))
