"""Screenshots of the deck editor compared with accepted ones: empty, mid
build with its problems listed, legal with its statistics, a filtered
search, and the compact 80x24 layout. After a wanted change:
`pytest tests/app/test_decks_snapshots.py --snapshot-update`, then look."""

from __future__ import annotations

from .test_decks import build_legal_deck, editor_app, type_text

FULL = (120, 40)


async def mid_build(pilot) -> None:
    """Five copies of one card, and two cards Aang may not use (filter off)."""
    for _ in range(5):
        await pilot.press("plus")
    await pilot.press("down", "plus", "f")
    await pilot.press("slash")
    await type_text(pilot, "trait:bull")
    await pilot.press("enter", "plus", "down", "plus")
    await pilot.pause()


def test_editor_empty(snap_compare, data_dir):
    assert snap_compare(editor_app(data_dir), terminal_size=FULL)


def test_editor_mid_build_with_problems(snap_compare, data_dir):
    assert snap_compare(editor_app(data_dir), terminal_size=FULL, run_before=mid_build)


def test_editor_legal_with_statistics(snap_compare, data_dir):
    assert snap_compare(editor_app(data_dir), terminal_size=FULL, run_before=build_legal_deck)


async def search(pilot) -> None:
    await pilot.press("slash")
    await type_text(pilot, "type:strike f>=6 g<=1")
    await pilot.pause()


def test_editor_filtered_search(snap_compare, data_dir):
    assert snap_compare(editor_app(data_dir), terminal_size=FULL, run_before=search)


def test_editor_at_80x24(snap_compare, data_dir):
    assert snap_compare(editor_app(data_dir), terminal_size=(80, 24), run_before=mid_build)
