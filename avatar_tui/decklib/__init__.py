"""Decks: deck files and the saved decks (library), the deckbuilding rules
(legality), the editor's draft with its test games (draft), a deck named
on the command line checked before play (playable), and how sure a win
rate is (wilson)."""
