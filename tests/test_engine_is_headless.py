"""The rules engine must never pull in the UI libraries (Textual, Rich), nor
must the app's game controller and modes (the app minus its widgets)."""

import subprocess
import sys

import pytest

PROBE = """
import sys
{imports}
loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))
print(','.join(loaded))
"""


@pytest.mark.parametrize("modules", [("avatar_tui.engine", "avatar_tui.model"),
                                     ("avatar_tui.play.controller", "avatar_tui.play.modes")])
def test_engine_imports_no_ui_library(modules):
    probe = PROBE.format(imports="\n".join(f"import {m}" for m in modules))
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""
