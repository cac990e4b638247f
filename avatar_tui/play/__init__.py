"""The game as the app plays it, without Textual or Rich: the controller,
its modes and seats, the session, the questions, the keys, the hint, the
demos, the deck editor, and the words that describe cards, moves and choices. The terminal
app (avatar_tui.tui) draws what these say; tests drive them headless."""
