"""Every test process keeps the pickled card catalog (avatar_tui/cardlib/catalog.py)
in a temporary directory, never in the user's own cache; child processes
inherit it."""

import os
import tempfile

if not os.environ.get("AVATAR_TUI_TEST_CACHE"):
    os.environ["AVATAR_TUI_TEST_CACHE"] = tempfile.mkdtemp(prefix="avatar-tui-test-cache-")
os.environ["XDG_CACHE_HOME"] = os.environ["AVATAR_TUI_TEST_CACHE"]

if os.environ.get("AVATAR_TUI_TEST_CACHE_OWNER") != "0":
    import atexit
    import shutil

    os.environ["AVATAR_TUI_TEST_CACHE_OWNER"] = "0"  # children leave it to this process
    atexit.register(shutil.rmtree, os.environ["AVATAR_TUI_TEST_CACHE"], True)
