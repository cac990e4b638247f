"""The card library: the card database read from cards/ (catalog), its
rows and search (entries, search), cards' effects in words (words,
reference), and the rules' help texts (rules_help, rules_doc)."""
