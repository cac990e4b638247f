"""The one-line error of a scenario file that cannot be used, apart from the
scenario reader (notation/scenario.py) so the modules that only catch or
raise it (the referee, the store, the save) do not load the reader, its
pydantic models and the formats' rules at every start: a game given at
launch is drawn without reading any scenario (docs/performance.md,
"Startup and keys")."""

from __future__ import annotations

from avatar_tui.io import terminal_text


class ScenarioError(ValueError):
    """An invalid scenario file: the message is one line, `file: place: problem`,
    made safe to print where it is made (terminal_text): the file's text in it
    shows its control characters escaped and is cut when long."""

    def __init__(self, text: str):
        super().__init__(terminal_text.error(text))
