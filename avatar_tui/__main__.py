"""`python -m avatar_tui` runs the same command line as `avatar-tui`."""

from avatar_tui.cli import main

raise SystemExit(main())
