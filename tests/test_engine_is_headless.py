"""The rules engine must never pull in the UI libraries (Textual, Rich)."""

import subprocess
import sys

PROBE = """
import sys
import avatar_tui.engine
import avatar_tui.model
loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))
print(','.join(loaded))
"""


def test_engine_imports_no_ui_library():
    result = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == ""
