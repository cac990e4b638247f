"""Files and the places they are kept: every file read (files), the data
directory (datadir), the saved and kept games (storage, savedgames), text
made safe for the terminal (terminal_text), and pauses set by the
environment (pauses)."""
