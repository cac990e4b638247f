"""`determinize(obs, rng)`: a full state that never contradicts what its
player has seen (R1.6), and the chamber the opponent sees only by its
character until one of its moves is revealed (R10.1).

The property test plays a few games by default and a few hundred with
`AVATAR_TUI_LONG=1` (tests/depth.py)."""

from __future__ import annotations

from collections import Counter

from depth import depth

from avatar_tui.bots import HeuristicBot, RandomBot, setup_for
from avatar_tui.cardlib.catalog import characters, default_catalog
from avatar_tui.engine import (
    HIDDEN,
    apply_in_place,
    clone,
    determinize,
    legal_actions,
    new_game,
    observation,
)
from avatar_tui.engine.observation import deck_pool
from avatar_tui.model.common import PLAYERS, ZONES

GAMES = depth(8, 200)


def all_cards(state, pid):
    """Every card `pid` owns, wherever it is (signature moves are not cards)."""
    p = state.players[pid]
    cards = list(p.deck) + list(p.discard) + [a.card for a in p.advantages]
    for z in ZONES:
        cards += p.zones[z].energy
        if p.zones[z].flip is not None:
            cards.append(p.zones[z].flip.card)
    for q in PLAYERS:
        for z in ZONES:
            ally = state.players[q].zones[z].ally
            if ally is not None and ally.owner == pid:
                cards.append(ally.card)
    return Counter(cards)


def decisions(games):
    """(real state, legal actions) at every decision of `games` games
    between house decks, bots of both kinds, characters varied."""
    names = characters()
    for g in range(games):
        setup = setup_for(1000 + g, names[g % len(names)], names[(3 * g + 1) % len(names)])
        state, _ = new_game(setup)
        bots = {"p1": HeuristicBot(g), "p2": RandomBot(g) if g % 3 == 2 else HeuristicBot(g + 1)}
        while state.phase != "over":
            legal = legal_actions(state)
            yield state, legal
            pid = legal[0].player
            bot = bots[pid]
            apply_in_place(state, bot.choose(observation(state, pid) if bot.observes else None,
                                             legal))


def test_a_determinized_state_never_contradicts_the_observation():
    checked = 0
    rng = 12345
    for state, legal in decisions(GAMES):
        pid = legal[0].player
        obs = observation(state, pid)
        sampled, rng = determinize(obs, rng)
        # the same player looking at the sampled state sees exactly what they saw
        assert observation(sampled, pid).state == obs.state
        # nothing is left hidden, and each deck is the cards it was set up with
        for p in PLAYERS:
            assert HIDDEN not in sampled.players[p].deck
            assert all(HIDDEN not in sampled.players[p].zones[z].energy for z in ZONES)
            assert all_cards(sampled, p) == Counter(deck_pool(state.setup, p)) \
                == all_cards(state, p)
        # the observer's moves are the same, and the sampled game plays on
        assert legal_actions(sampled) == legal
        forward = clone(sampled)
        for _ in range(3):
            if forward.phase == "over":
                break
            apply_in_place(forward, legal_actions(forward)[0])
        checked += 1
    assert checked >= 500 * min(GAMES, 8) // 8


def test_the_sampled_hidden_cards_vary():
    """Two draws from the same observation differ (the deck is shuffled),
    and the same generator state gives the same draw."""
    state, _ = new_game(setup_for(5, "aang", "kinto"))
    obs = observation(state, "p1")
    a, rng_a = determinize(obs, 1)
    b, _ = determinize(obs, rng_a)
    again, _ = determinize(obs, 1)
    assert a == again
    assert a.players["p2"].deck != b.players["p2"].deck


def test_the_opponents_chamber_is_known_by_its_character_only():
    catalog = default_catalog()
    state, _ = new_game(setup_for(3, "aang", "prince_zuko"))
    real = catalog.chamber(state.players["p2"].chamber.id)
    seen = observation(state, "p1").state
    assert seen.players["p2"].chamber.id == "prince_zuko"
    assert seen.setup.p2.chamber == "prince_zuko"
    # the player's own chamber stays as it is (they may look at their moves)
    assert seen.players["p1"].chamber.id == state.players["p1"].chamber.id
    # determinize deals one of Zuko's six chambers, not always the real one
    drawn = set()
    rng = 9
    for _ in range(60):
        sampled, rng = determinize(observation(state, "p1"), rng)
        chamber = catalog.chamber(sampled.players["p2"].chamber.id)
        assert chamber.character == "prince_zuko"
        drawn.add(chamber.id)
    assert len(drawn) >= 3 and real.id in {c.id for c in catalog.chambers.values()}


def test_a_revealed_move_makes_the_chamber_public():
    """Once p2 has played its signature move, p1's observation names the
    chamber, and keeps naming it after the move has left play."""
    catalog = default_catalog()
    found = 0
    for state, _legal in decisions(GAMES * 3):
        p2 = state.players["p2"].chamber
        seen = observation(state, "p1").state.players["p2"].chamber
        if p2.revealed:
            assert seen.id == p2.id and seen.revealed == p2.revealed
            moves = {m.id for m in catalog.moves_of(catalog.chamber(p2.id))}
            assert set(p2.revealed) <= moves
            found += 1
        else:
            assert p2.move is None
            assert seen.id == catalog.chamber(p2.id).character
    assert found > 0


def test_an_opponents_own_deck_is_guessed_and_still_never_contradicted():
    """p2 plays a deck list of their own (complete): p1 cannot know it, so
    its hidden cards are dealt from Zuko's house deck, and the sampled state
    still looks to p1 exactly as the real one."""
    from avatar_tui.model.state import GameSetup, PlayerSetup

    catalog = default_catalog()
    own = catalog.deck_cards(catalog.starter_deck("kinto"))  # a Zuko with Kinto's cards
    setup = GameSetup(catalog=default_catalog(), seed=4, p1=PlayerSetup(chamber="aang"),
                      p2=PlayerSetup(chamber="prince_zuko", deck=own, complete=True))
    state, _ = new_game(setup)
    bots = {"p1": HeuristicBot(1), "p2": HeuristicBot(2)}
    rng, checked = 77, 0
    while state.phase != "over" and checked < 150:
        legal = legal_actions(state)
        pid = legal[0].player
        obs = observation(state, pid)
        assert obs.pools["p2"] == (deck_pool(setup, "p2") if pid == "p2" else None)
        sampled, rng = determinize(obs, rng)
        assert observation(sampled, pid).state == obs.state
        apply_in_place(state, bots[pid].choose(obs, legal))
        checked += 1
    assert checked > 50


def test_a_watcher_sees_only_what_is_public_and_determinize_keeps_it():
    """A watcher (`observation(state, None)`, R1.6) sees neither chamber
    until one of its moves is revealed, no face-down card, and no one's
    pending question; a state dealt again from it looks the same to them."""
    catalog = default_catalog()
    rng, checked = 2024, 0
    for state, _legal in decisions(GAMES):
        public = observation(state, None)
        for p in PLAYERS:
            chamber = state.players[p].chamber
            seen = public.state.players[p].chamber
            known = bool(chamber.revealed) or chamber.move is not None
            assert seen.id == (chamber.id if known else catalog.chamber(chamber.id).character)
            assert set(public.state.players[p].deck) <= {HIDDEN, state.players[p].deck[0]
                                                           if state.players[p].deck else HIDDEN}
        if state.choice is not None:  # a question about cards only its chooser saw: hidden
            assert public.state.choice.options == ([] if state.choice.secret
                                                   else state.choice.options)
        sampled, rng = determinize(public, rng)
        assert observation(sampled, None).state == public.state
        # (the moves may differ: a signature move depends on a chamber the
        # watcher does not know, a question's options are the chooser's alone)
        assert legal_actions(sampled) or state.choice is not None
        checked += 1
    assert checked > 100
