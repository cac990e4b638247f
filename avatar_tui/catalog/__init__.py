"""The card database under its old name, for the engine alone: the engine
(avatar_tui/engine/, being changed on another branch as this layout was
made) still imports `avatar_tui.catalog`. Once both are merged,
`python tools/relayout.py avatar_tui/engine/*.py` points it at
avatar_tui.cardlib.catalog and this package goes; tests/test_import_layers.py
allows nothing else to import it. (A package rather than a module, so that
git sees catalog.py moved to cardlib/ and its history follows.)"""

from avatar_tui.cardlib.catalog import Catalog, default_catalog

__all__ = ["Catalog", "default_catalog"]
