"""The frames a host sends (docs/protocol.md), built in-process: what each
receiver gets depends only on what it may see (R1.6).

The property test plays random games (a few by default, many with
AVATAR_TUI_LONG=1, tests/depth.py) and at every position builds the frame
for p1, p2 and a watcher twice: from the real state, and from a state whose
hidden parts were dealt again at random (`determinize` of that receiver's
observation). Both must be equal, every field. `test_a_leak_is_caught`
shows the same check failing on a builder that peeks at a hidden card."""

from __future__ import annotations

import json
import random
import re

from depth import depth

from avatar_tui.bots import setup_for
from avatar_tui.cardlib.catalog import characters, default_catalog
from avatar_tui.engine import (
    apply,
    determinize,
    legal_actions,
    new_game,
    observation,
    seeded_rng,
)
from avatar_tui.model.common import PLAYERS, ZONES
from avatar_tui.model.state import GameState
from avatar_tui.net import frames
from avatar_tui.net.frames import log_lines, position

GAMES = depth(6, 150)
RECEIVERS = ("p1", "p2", None)


def positions(games: int, seed: int = 0):
    """(state before, action, state after, events) along random games
    between house decks, characters varied."""
    names = characters()
    for g in range(games):
        rnd = random.Random(seed + g)
        state, _ = new_game(setup_for(500 + g, rnd.choice(names), rnd.choice(names)))
        while state.phase != "over":
            action = rnd.choice(legal_actions(state))
            after, events = apply(state, action)
            yield state, action, after, events
            state = after


def rebuilt_differs(build, state: GameState, receiver, rng: int) -> tuple[str | None, int]:
    """The first field where `build`'s frame from `state` and from a
    determinized copy differ (None: they are equal), and the rng after."""
    seq = len(state.history)
    real = build(state, receiver, game=2, seq=seq, log=["a line"],
                 seats={"p1": "connected", "p2": "disconnected"}).model_dump(mode="json")
    dealt, rng = determinize(observation(state, receiver), rng)
    again = build(dealt, receiver, game=2, seq=seq, log=["a line"],
                  seats={"p1": "connected", "p2": "disconnected"}).model_dump(mode="json")
    for key in real.keys() | again.keys():
        if real.get(key) != again.get(key):
            return key, rng
    return None, rng


def test_every_frame_depends_only_on_what_its_receiver_may_see():
    rng = seeded_rng(7)
    checked = 0
    for _, _, after, _ in positions(GAMES):
        for receiver in RECEIVERS:
            field, rng = rebuilt_differs(position, after, receiver, rng)
            assert field is None, (receiver, field, len(after.history))
            checked += 1
    assert checked > 100


def leaky_position(state, receiver, **kw):
    """A builder with a leak: the seat is told the opponent's top card."""
    frame = position(state, receiver, **kw)
    opp = "p2" if receiver == "p1" else "p1"
    # an extra field, as PROTOCOL allows, carrying what its receiver may not see
    return frame.model_copy(update={"hint": state.players[opp].deck[0]
                                    if state.players[opp].deck else None})


def test_a_leak_is_caught():
    rng = seeded_rng(7)
    caught = 0
    for _, _, after, _ in positions(1):
        field, rng = rebuilt_differs(leaky_position, after, "p1", rng)
        caught += field == "hint"
    assert caught > 0


def test_a_seat_gets_the_legal_actions_and_its_question_alone():
    for before, action, _, _ in positions(2, seed=40):
        actor = action.player
        real = [str(a) for a in legal_actions(before)]
        for receiver in RECEIVERS:
            frame = position(before, receiver, game=1, seq=len(before.history), log=[])
            if receiver == actor:
                assert frame.legal == real
                assert str(action) in frame.legal
            else:
                assert frame.legal == []
            if frame.question is not None:
                assert receiver == before.choice.chooser


def test_a_hidden_chamber_is_null_until_revealed_and_the_character_is_named():
    state, _ = new_game(setup_for(3, "aang", "katara"))
    seat = position(state, "p1", game=1, seq=0, log=[]).view["players"]
    assert seat["p1"]["chamber"]["id"] == state.players["p1"].chamber.id
    assert seat["p2"]["chamber"]["id"] is None and seat["p2"]["character"] == "katara"
    watch = position(state, None, game=1, seq=0, log=[]).view["players"]
    assert [watch[p]["chamber"]["id"] for p in PLAYERS] == [None, None]
    assert [watch[p]["character"] for p in PLAYERS] == ["aang", "katara"]


def test_the_observation_travels_and_reads_back():
    for _, _, after, _ in positions(1, seed=9):
        frame = json.loads(frames.wire(position(after, "p2", game=1, seq=1, log=[])))
        again = GameState.model_validate(frame["observation"],
                                         context={"catalog": after.setup.catalog})
        assert again == observation(after, "p2").state


def _names_in_sight(state: GameState, receiver) -> set[str]:
    """The names of the cards face up anywhere in `receiver`'s observation."""
    seen = observation(state, receiver).state
    catalog = default_catalog()
    ids = set()
    for p in PLAYERS:
        player = seen.players[p]
        ids |= {c for c in player.deck if c != "?"} | set(player.discard)
        ids |= {a.card for a in player.advantages}
        for z in ZONES:
            zs = player.zones[z]
            ids |= {c for c in zs.energy if c != "?"}
            ids |= {x.card for x in (zs.ally, zs.flip) if x is not None}
    return {catalog.cards[i].name for i in ids if i in catalog.cards}


def test_no_log_line_names_a_card_its_receiver_cannot_see():
    """A log line may name a card only when the receiver sees it, before the
    action or after it (a card flipped then discarded, a card looked at)."""
    catalog = default_catalog()
    names = sorted({c.name for c in catalog.cards.values()}, key=len, reverse=True)
    lines = 0
    for before, _, after, events in positions(GAMES, seed=100):
        for receiver in RECEIVERS:
            visible = _names_in_sight(before, receiver) | _names_in_sight(after, receiver)
            for line in log_lines(events):
                lines += 1
                rest = line
                for name in names:  # longest first, so "X Y" is not read as "X"
                    if re.search(rf"(?<![\w']){re.escape(name)}(?![\w])", rest):
                        assert name in visible, (receiver, line)
                        rest = rest.replace(name, "")
    assert lines > 100


def test_welcome_names_the_protocol_and_the_card_data():
    assert json.loads(frames.wire(frames.welcome(None))) == {
        "type": "welcome", "role": "watch", "protocol": 1, "cards": frames.cards_version()}
    assert re.fullmatch(r"[0-9a-f]{16}", frames.cards_version())


def test_a_lesson_s_words_travel_in_the_position_and_read_back():
    """learn --share (docs/protocol.md): the step's words in `lesson`, read
    back as the typed model, field by field."""
    state, events = new_game(setup_for(3, "aang", "katara"))
    words = frames.LessonWords(title="Flip and defend", number=2, step=3, of=6,
                               say="Flip [b]now[/b].", then="Skewer: force 6.",
                               note="Pay: not possible (R5.3)")
    frame = position(state, None, game=1, seq=0, log=log_lines(events), lesson=words)
    text = frames.wire(frame)
    assert json.loads(text)["lesson"] == {
        "title": "Flip and defend", "number": 2, "step": 3, "of": 6, "say": "Flip [b]now[/b].",
        "then": "Skewer: force 6.", "note": "Pay: not possible (R5.3)", "finished": False}
    back = frames.from_host(text)
    assert back == frame and isinstance(back, frames.Position) and back.lesson == words
    assert json.loads(frames.wire(position(state, None, game=1, seq=0, log=[])))["lesson"] \
        is None  # no lesson shared: null


def test_a_position_without_the_lesson_field_still_reads():
    """A position of an older host, or of another implementation, has no
    `lesson`: it reads as one without a lesson; a lesson of the wrong shape
    is named."""
    state, _ = new_game(setup_for(3, "aang", "katara"))
    data = json.loads(frames.wire(position(state, None, game=1, seq=0, log=[])))
    del data["lesson"]
    back = frames.from_host(json.dumps(data))
    assert isinstance(back, frames.Position) and back.lesson is None
    data["lesson"] = {"title": "t", "step": "1"}
    said = frames.from_host(json.dumps(data))
    assert isinstance(said, str) and "lesson" in said
