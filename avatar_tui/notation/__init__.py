"""The game notation (NOTATION.md): scenario files and replaying them."""
