"""Decks: deck files and the saved decks (library), the editor's draft
and its statistics (draft), and a deck named on the command line checked
before play (playable). The deckbuilding rules they ask are the card
library's (cardlib/legality.py); a deck tested against the house decks
plays games, so it is the bots' (bots/simulation.py)."""
