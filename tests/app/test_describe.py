"""The words on the screen: values beside printed ones, cost pips, the
status line, and every label of every state of whole random games (none
may fail to describe)."""

from __future__ import annotations

import random

from textual.content import Content

from avatar_tui.cardlib import words as effect_words
from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.engine import apply, legal_actions, look
from avatar_tui.engine.table import Table
from avatar_tui.model.common import ZONES, Energy
from avatar_tui.model.state import FaceUp, Mod
from avatar_tui.play import describe, move_words
from avatar_tui.tui.screens.inspector import table_cards

from .helpers import new, scenario


def plain(markup: str) -> str:
    return Content.from_markup(markup).plain


def test_cost_pips_name_each_colour_in_text():
    assert plain(describe.pips(Energy(green=1, yellow=2))) == "G1 Y2"
    assert plain(describe.pips(Energy(red=3))) == "R3"
    assert plain(describe.pips(Energy())) == "free"
    assert "$success" in describe.pips(Energy(green=1))  # the theme's colour, not a fixed one


def test_changed_values_show_the_printed_value_and_the_change():
    state, _ = scenario("midgame")
    t = Table(state)
    face = state.players["p1"].zones["green"].flip
    assert plain(describe.strike_values(t, face.card, "p1", "green", face)) == \
        "F 4  INT 7 (6+1)"
    bare = Table(scenario("opening")[0])  # no advantage or ally in play
    lowered = FaceUp(card="evade", mods=[Mod(source="x", intercept=-2, force=3)])
    assert plain(describe.strike_values(bare, "evade", "p1", "red", lowered)) == \
        "F 4 (1+3)  INT 1 (3-2)"


def test_the_status_line_says_who_defends_what_against_what():
    state, _ = scenario("midgame")
    assert plain(describe.status(Table(state), state)) == (
        "Prince Zuko (p2) defends YELLOW against Knuckle Sandwich — force 4 · "
        "flipped Burning Lash")
    state, _ = scenario("opening")
    assert plain(describe.status(Table(state), state)) == (
        "Aang (p1) chooses who defends the opening attack (R2.4)")


def test_every_state_of_random_games_can_be_described():
    described = 0
    for seed in (1, 2, 3, 4, 5, 6):  # random games of the house decks, ~40 states each
        state, _ = new(seed)
        rnd = random.Random(seed)
        while True:
            t = Table(state)
            plain(describe.status(t, state))
            plain(describe.next_step(state, look(state), legal_actions(state)))
            for pid in ("p1", "p2"):
                for zone in ZONES:
                    zs = state.players[pid].zones[zone]
                    for card in (zs.ally, zs.flip):
                        if card is not None:
                            face = zs.flip if card is zs.flip else None
                            for line in describe.card_lines(t, card.card, pid, zone, face):
                                plain(line)
            for spot in table_cards(t):
                for line in describe.full_card(t, spot.card, spot.owner, spot.zone, spot.face):
                    plain(line)
            if state.choice is not None:
                for word in state.choice.options:
                    assert plain(describe.option_label(t, state, word))
            legal = legal_actions(state)
            for action in legal:  # every action, in each of its ways of being said
                assert plain(move_words.label(t, action))
                assert plain(move_words.short(t, action))
                assert plain(move_words.describe_move(state, None, action))
            described += 1
            if not legal:
                break
            state, _ = apply(state, rnd.choice(legal))
    assert described > 200


def test_a_power_says_what_it_does_in_words():
    catalog = default_catalog()
    steam_blast = catalog.signatures["steam_blast"]  # a signature move
    assert plain(describe.power_text(steam_blast.powers[0])) == "-1 intercept → +1 force"
    sokka = catalog.cards["sokka"]
    assert "choose one (intercept: +1 intercept / force: +1 force)" in \
        plain(describe.power_text(sokka.powers[0]))


def test_every_power_of_every_card_is_described_without_effect_names():
    catalog = default_catalog()
    described = 0
    for card in [*catalog.cards.values(), *catalog.signatures.values()]:
        powers = [*getattr(card, "powers", []), *filter(None, [getattr(card, "pitch", None)])]
        for power in powers:
            words = effect_words.describe_all(power.effects)
            assert "_" not in words and "nothing" not in words, (card.name, words)
            described += 1
    assert described > 50
