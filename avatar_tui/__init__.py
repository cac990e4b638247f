"""avatar-tui: the Avatar: The Last Airbender trading card game in the terminal."""

__version__ = "0.1.0"
