"""The app's markup, parsed once per text: a key shows the same texts again.

Textual parses a string's markup again at every `Static.update`, and a key
shows the same few texts over and over: the key bar's few sets of keys, a
card's lines, a zone's energy. A parsed `Content` never changes once made,
so one parse serves every widget and every key that shows the same text."""

from __future__ import annotations

from functools import lru_cache

from textual.content import Content


@lru_cache(maxsize=2048)
def parsed(markup: str) -> Content:
    """`markup` read as Textual markup, from the cache when seen before."""
    return Content.from_markup(markup)
