"""Python's cyclic garbage collector while the app starts and plays.

Starting builds a heap that lives as long as the app does: the modules,
the card catalog, Textual's styles, the validators built after the first
frame. Collections during that build walk it only to find almost nothing to
free, and cost the first frame more than they cost a bare Textual app. So
the launcher holds collections from before its imports, and the app, once
it is drawn and warmed up, freezes its heap (keeping it out of every later
collection, whose full passes would otherwise pause a move) and lets
collection run again.

It freezes without collecting first: a full collection at that point
would free only a small part of what starting made, so the start's little
garbage is kept rather than a key delayed.

From then on the youngest generation is collected once 10,000 more objects
have been made than freed, instead of Python's 700. A key makes tens of
thousands of short-lived objects (the strips and segments of the rows it
repaints), and at 700 it paid for several collections on every key; at
10,000 most keys pay for none. The older generations keep their default
ratios, so cyclic garbage that outlives a few keys is still collected.
docs/performance.md ("Startup and keys") has the figures."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

YOUNG_THRESHOLD = 10_000  # objects made, less those freed, between young collections


def hold() -> None:
    """Before importing the app: no collections until `settle`."""
    gc.disable()


@contextmanager
def held() -> Iterator[None]:
    """`hold` for the app's whole run; when it returns (or fails), collection
    is on again as it was, so a caller that goes on (a test) is not left
    without one."""
    was_on = gc.isenabled()
    hold()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def settle() -> None:
    """After the first frame and the warm-up: the heap so far frozen,
    collections from now on, the youngest generation's less often."""
    gc.freeze()
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, older, oldest)
    gc.enable()
