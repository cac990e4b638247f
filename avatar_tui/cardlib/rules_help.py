"""The rules in short: every rule ID (R1.1 ... R13.3, and the sections
R1 ... R13 that events also cite) with a plain explanation in the
project's own words, for the app's rule help (select a log line), the
rules browser and the demos. The one home of the rules' text:
`docs/rules.md` is generated from it (rules_doc.py)."""

from __future__ import annotations

import re

RULES: dict[str, tuple[str, str]] = {
    # ---- R1 Components
    "R1": ("Components", "Two players, each with a character (the chamber card) and a "
           "deck, play on a mat of three zones: green, yellow and red."),
    "R1.1": ("Players and decks", "Two players. Each has a chamber card, which is their "
             "character, and a deck: 30 cards for a starter deck."),
    "R1.2": ("Card types", "Strikes (force, intercept, a cost and text), allies, "
             "advantages, and the chamber with two secret signature moves, one per side."),
    "R1.3": ("Costs", "A card's cost is a number of green, yellow and red energy; any of "
             "them may be zero."),
    "R1.4": ("The playmat", "Three zones, green at the top, then yellow, then red. Each has "
             "a flip space, an ally space, an energy space and a charge space. There is "
             "also one advantage area, the deck and a face-up discard pile."),
    "R1.5": ("Charge spaces", "Green's charge space is the chamber, yellow's the deck, red's "
             "the discard pile. Turning that item sideways shows the zone is charged."),
    "R1.6": ("Hidden information", "Face-up cards are public. The order of the decks, which "
             "cards are energy, and the signature moves are secret; you may look at your "
             "own signature moves, never at the opponent's. A card only you may see (the "
             "top of your deck) is your secret too: shown only behind a privacy screen."),
    # ---- R2 Setup
    "R2": ("Setup", "Shuffle, deal three energy to each zone, put four cards in the discard "
           "pile, and compare the piles to see who chooses the opening defender."),
    "R2.1": ("Start of the game", "Each player shuffles the deck and puts the chamber front "
             "side up. No zone is charged and both scores are 0."),
    "R2.2": ("Dealing energy", "Each player deals three face-down energy cards to each zone "
             "from the top of the deck: green first, then yellow, then red."),
    "R2.3": ("The first discard pile", "The next four cards go face up onto the discard "
             "pile, in deck order."),
    "R2.4": ("Who defends first", "Add up the printed force of the strikes in each discard "
             "pile. The player with more chooses who defends the opening attack; on a tie "
             "both add one more card and compare again."),
    # ---- R3 Opening attack
    "R3": ("The opening attack", "Every game, and the play after every point, starts with "
           "an attack of force 4 that is not a card."),
    "R3.1": ("Opening attack", "The opening attack has force 4, is not a card and comes "
             "from no zone."),
    "R3.2": ("Defending the opening", "Its defender first adds one green energy, then takes "
             "a normal turn. There is no replenish for it."),
    # ---- R4 Turn
    "R4": ("The turn", "The player who must defend takes a turn: cleanup, replenish, the "
           "signature move step, then flipping in green."),
    "R4.1": ("Cleanup", "Your strike that counterattacked and your advantages go to the "
             "discard pile; energy and allies stay. A signature move that was played goes "
             "back and the chamber turns over."),
    "R4.2": ("Replenish", "You gain energy by the zone the opponent attacked from: green "
             "gives 1 green, yellow 1 yellow and 1 green, red 1 of each colour. Nothing "
             "after a signature move or the opening attack."),
    "R4.3": ("Signature move step", "If all three of your zones are charged you may defend "
             "with your signature move instead of flipping."),
    "R4.4": ("Flip step", "You start defending in your green zone."),
    # ---- R5 Defending
    "R5": ("Defending in a zone", "Flip a card, then play it or not; a strike that stops "
           "the attack counterattacks, anything else keeps you defending."),
    "R5.1": ("Flip", "Turn the top card of your deck face up into the flip space of the zone "
             "you defend."),
    "R5.2": ("The flipped card", "You may use its payment powers, then play it by paying "
             "its cost, or not play it."),
    "R5.3": ("Playing a strike", "A strike can be played only if its intercept is at least "
             "the incoming force and you can pay its cost. It then counterattacks from this "
             "zone and your turn ends."),
    "R5.4": ("Playing an advantage", "Pay it and put it in your advantage area (an "
             "Immediate one resolves and is discarded). The zone becomes charged and you "
             "flip again in the same zone."),
    "R5.5": ("Playing an ally", "Pay it and put it in this zone's ally space. If an ally is "
             "already there, you choose which one stays. Then flip again in the same zone."),
    "R5.6": ("Focus or discard", "Instead of playing it, any flipped card may be focused "
             "(face down as energy in this zone) or discarded. You then defend the next zone "
             "down; doing so in red gives the opponent a point."),
    "R5.7": ("A strike you cannot play", "If the intercept is too low or you cannot pay, "
             "the strike must be focused or discarded, unless a reflip or pitch helps."),
    # ---- R6 Energy
    "R6": ("Energy and paying", "Energy is the face-down cards in your zones; its colour is "
           "its zone's. Costs are paid by discarding energy."),
    "R6.1": ("Colour ranks", "Green is the weakest colour, then yellow, then red."),
    "R6.2": ("Paying", "Paying moves energy from your zones to the discard pile. You cannot "
             "spend energy you do not have."),
    "R6.3": ("Overpaying", "A green pip may be paid with yellow or red, a yellow pip with "
             "red, a red pip only with red, and a stronger colour only when you are short "
             "of the pip's own colour, never to save it."),
    "R6.4": ("Adding energy", "To add energy to a zone, put the top card of your discard "
             "pile face down there (if the pile is empty, first refill it from the deck)."),
    # ---- R7 Powers
    "R7": ("Payment powers and keywords", "Powers are 'pay this, get that'; reflip, pitch, "
           "eliminate and Immediate are keywords."),
    "R7.1": ("Payment powers", "A power reads cost, then effect. It can be used again and "
             "again while the card is in play, unless the card says once (per turn)."),
    "R7.2": ("Power costs", "A power may cost energy, some of the strike's own intercept "
             "(not below 0), pitching the card, or eliminating one of your cards."),
    "R7.3": ("When powers are used", "A strike's powers come before its cost is paid. An "
             "ally's power works only while you defend with a strike in the ally's zone, "
             "and only for that strike while it stays there: what the ally gave it ends "
             "when the strike leaves the zone."),
    "R7.4": ("Reflip", "Pay the reflip cost, discard the card, and flip a new one in the "
             "same zone."),
    "R7.5": ("Pitch", "Discard the card to get its pitch effect, then defend the next zone "
             "down; pitching in red gives the opponent a point."),
    "R7.6": ("Eliminate", "An eliminated card goes to its owner's discard pile and what it "
             "was giving stops at once. The same goes for a card leaving play any other "
             "way, and for all it gave: a +/- on a strike, an ability granted to one, a "
             "paid 'when you counterattack' effect that has not happened yet."),
    "R7.7": ("Immediate", "An Immediate advantage does its effect and goes to the discard "
             "pile instead of staying in the advantage area."),
    # ---- R8 Allies and advantages
    "R8": ("Allies and advantages in play", "Allies stay for the whole game, one per zone; "
           "advantages last until your next cleanup."),
    "R8.1": ("One ally per zone", "A zone holds at most one ally, which stays until it is "
             "eliminated or replaced."),
    "R8.2": ("An ally's reach", "An ally only helps in its own zone, and never a signature "
             "move."),
    "R8.3": ("Advantages", "Advantages stay in effect until your next cleanup or until a "
             "point is scored; any number may be in play."),
    # ---- R9 Running out
    "R9": ("Running out of cards", "An empty deck is rebuilt from energy and the discard "
           "pile; nothing is invented."),
    "R9.1": ("Rebuilding the deck", "After flipping your last card, shuffle your energy and "
             "discard pile into a new deck, deal the same energy again, put four cards in "
             "the discard pile, and keep your charges."),
    "R9.2": ("Empty discard pile", "If energy must be added and the discard pile is empty, "
             "first put the top four cards of the deck there."),
    "R9.3": ("Too few cards", "Do as much as possible. With nothing to flip at all, you fail "
             "to defend the zone and move down, as if you had discarded."),
    # ---- R10 Signature moves and scoring
    "R10": ("Signature moves and scoring", "Three charged zones allow the signature move; "
            "failing to stop an attack in red gives a point; three points win."),
    "R10.1": ("Signature move", "With all three zones charged you may uncharge them, reveal "
              "the move, pay it, and counterattack if its intercept reaches the force. It "
              "comes from no zone: allies do not help and there is no replenish."),
    "R10.2": ("Scoring", "When you do not counterattack in your red zone, the opponent "
              "scores a point."),
    "R10.3": ("Celebration", "The scorer adds one energy to each of their zones that has "
              "an ally."),
    "R10.4": ("Cleanup after a point", "Both players clean up, the scorer first."),
    "R10.5": ("Next opening, and winning", "The player scored against chooses who defends "
              "the next opening attack. Three points win the game at once."),
    "R10.6": ("Turning the chamber", "A played signature move goes back and the chamber "
              "turns over, so the other side's move is next."),
    # ---- R11 Charging
    "R11": ("Charging", "A zone is charged or not; charges last until something uncharges "
            "them."),
    "R11.1": ("Charged zones", "Charging a charged zone (or uncharging an uncharged one) "
              "does nothing. A charge lasts across turns and points."),
    "R11.2": ("How zones charge", "Playing an advantage charges the zone you defend."),
    # ---- R12 Timing
    "R12": ("Timing and conflicts", "Card text beats the rules; 'cannot' beats 'can'; do "
            "what you can."),
    "R12.1": ("The card is right", "When a card's text and the rules disagree, the card "
              "wins."),
    "R12.2": ("Simultaneous effects", "When several cards' effects happen together, the "
              "defender (it is their turn) puts them in order."),
    "R12.3": ("Cannot beats can", "If one effect says you cannot and another that you can, "
              "you cannot."),
    "R12.4": ("Do what you can", "If an effect can be done only in part, do that part and "
              "skip the rest."),
    "R12.5": ("Comparing force", "Force and intercept below 0 count as 0 when compared, so "
              "an intercept of 0 stops a force of 0."),
    "R12.6": ("End of a turn", "Your turn ends once you counterattacked and every effect of "
              "that counterattack is done."),
    "R12.7": ("Changes are live", "Changes to force and intercept last only while their "
              "source is in play, even for an attack already made."),
    # ---- R13 Deckbuilding
    "R13": ("Deckbuilding", "Decks for formal play: size, copies, traits and exclusive "
            "cards (starter decks are exempt)."),
    "R13.1": ("Deck size", "At least 60 cards, at most 4 copies of any card."),
    "R13.2": ("Traits", "Every card must share a trait with the chamber, or have no trait."),
    "R13.3": ("Exclusive cards", "An Exclusive card may only be in the deck of its named "
              "character."),
}

RULE_ID = re.compile(r"R\d+(?:\.\d+)?")


def rule_ids(text: str) -> list[str]:
    """The rule IDs in `text` (an event's rule, or a reason), each once, in
    order; a range like `R5.3-R5.5` gives its ends."""
    found: list[str] = []
    for rid in RULE_ID.findall(text):
        if rid not in found:
            found.append(rid)
    return found


def title(rule: str) -> str:
    return RULES[rule][0] if rule in RULES else rule


def help_lines(text: str) -> list[tuple[str, str, str]]:
    """(id, title, explanation) for each known rule ID cited in `text`."""
    return [(rid, RULES[rid][0], RULES[rid][1]) for rid in rule_ids(text) if rid in RULES]
