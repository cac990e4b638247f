"""The ground the rest reads with: every file read (files), the data
directory's place (datadir), names safe for a file (names), text made safe
for the terminal (terminal_text), pauses set by the environment (pauses)
and addresses (addresses). It imports nothing outside itself; what is kept
in the data directory is the store's (avatar_tui/store)."""
