"""The game notation (docs/notation.md): scenario files and replaying them."""
