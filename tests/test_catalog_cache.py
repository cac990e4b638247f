"""The pickled card catalog (avatar_tui/cardlib/catalog.py): used only when the card
files and the program are those it was made from, and made again otherwise."""

import pickle
import shutil
from pathlib import Path

import pytest

from avatar_tui.cardlib import catalog as catalog_module
from avatar_tui.cardlib.catalog import (
    CardDataError,
    Catalog,
    cache_key,
    cached_catalog,
    card_data_dir,
    load_catalog,
)
from avatar_tui.cli import main


@pytest.fixture
def cards(tmp_path) -> Path:
    """A copy of the card database that a test may change."""
    copy = tmp_path / "cards"
    shutil.copytree(card_data_dir(), copy, ignore=shutil.ignore_patterns("*.md"))
    return copy


@pytest.fixture
def loads(monkeypatch) -> list[Path]:
    """Every full load (validation from the files) made during the test."""
    made: list[Path] = []

    def counting(directory=None, texts=None):
        made.append(directory)
        return load_catalog(directory, texts)

    monkeypatch.setattr(catalog_module, "load_catalog", counting)
    return made


def test_the_second_start_validates_nothing(cards, tmp_path, loads):
    cache = tmp_path / "cache" / "catalog.pickle"
    first = cached_catalog(cards, cache)
    assert cache.is_file() and len(loads) == 1
    again = cached_catalog(cards, cache)
    assert len(loads) == 1  # from the pickle
    assert again.cards == first.cards and again.chambers == first.chambers
    assert again.signatures == first.signatures and again.decks == first.decks
    assert again.aliases == first.aliases


def test_a_changed_card_file_invalidates_the_cache(cards, tmp_path, loads):
    cache = tmp_path / "catalog.pickle"
    before = cached_catalog(cards, cache)
    path = next(p for p in sorted(cards.glob("*.toml")) if 'name = "Evade"' in p.read_text())
    path.write_text(path.read_text().replace('name = "Evade"', 'name = "Sidestep"', 1))
    after = cached_catalog(cards, cache)
    assert len(loads) == 2
    assert before.card("evade").name == "Evade" and after.card("evade").name == "Sidestep"
    assert cached_catalog(cards, cache).card("evade").name == "Sidestep"  # cached anew
    assert len(loads) == 2


def test_a_broken_card_file_is_reported_even_with_a_cache(cards, tmp_path):
    cache = tmp_path / "catalog.pickle"
    cached_catalog(cards, cache)
    path = sorted(cards.glob("*.toml"))[0]
    path.write_text(path.read_text() + "\n[[card]]\nid = 'x'\n")
    with pytest.raises(CardDataError):
        cached_catalog(cards, cache)


def test_a_stale_cache_is_rebuilt(cards, tmp_path, loads, monkeypatch):
    cache = tmp_path / "catalog.pickle"
    cached_catalog(cards, cache)
    monkeypatch.setattr("avatar_tui.__version__", "99.0")  # a newer program
    cached_catalog(cards, cache)
    assert len(loads) == 2
    _, key, _ = pickle.loads(cache.read_bytes())
    assert key == cache_key(cards, catalog_module._source_texts(cards))
    cached_catalog(cards, cache)
    assert len(loads) == 2


@pytest.mark.parametrize("content", [
    b"", b"not a pickle at all", pickle.dumps({"a": 1})[:-3], pickle.dumps(("x", "y", "z")),
    pickle.dumps([1, 2, 3]),
])
def test_a_corrupt_cache_is_ignored_and_rebuilt(cards, tmp_path, loads, content):
    cache = tmp_path / "catalog.pickle"
    cache.write_bytes(content)
    catalog = cached_catalog(cards, cache)
    assert isinstance(catalog, Catalog) and len(loads) == 1
    assert cache.read_bytes() != content
    cached_catalog(cards, cache)
    assert len(loads) == 1  # the rebuilt cache is good


def test_a_cache_that_cannot_be_written_only_costs_time(cards, tmp_path, loads):
    blocker = tmp_path / "file"
    blocker.write_text("")
    catalog = cached_catalog(cards, blocker / "catalog.pickle")  # its directory is a file
    assert catalog.card("evade").name == "Evade"
    cached_catalog(cards, blocker / "catalog.pickle")
    assert len(loads) == 2


def test_cards_check_validates_again_and_renews_the_cache(tmp_path, monkeypatch, loads, capsys):
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path / "data"))
    cache = tmp_path / "data" / "cache" / "catalog.pickle"
    cache.parent.mkdir(parents=True)
    cache.write_bytes(b"garbage")
    assert main(["cards", "--check"]) == 0
    assert "card database: OK" in capsys.readouterr().out
    assert len(loads) == 1 and cache.read_bytes() != b"garbage"
    assert main(["cards", "--check"]) == 0  # even over a good cache
    assert len(loads) == 2


def test_cards_check_reports_a_broken_database(tmp_path, monkeypatch, cards, capsys):
    monkeypatch.setenv("AVATAR_TUI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr("avatar_tui.cardlib.catalog.card_data_dir", lambda: cards)
    path = sorted(cards.glob("*.toml"))[0]
    path.write_text(path.read_text() + "\n[[card]]\nid = 'x'\n")
    assert main(["cards", "--check"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("card database: ") and path.name in err
