"""The store: what the player keeps in the data directory, above the
engine and the notation it writes with: the game being played and the
last one finished (storage), the kept games (savedgames), the settings
(settings) and a hosted game's files (hostsave). The plain readers under
it, and the data directory's place, are io's."""
