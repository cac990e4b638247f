"""Keeping games safe, decided by the play layer (play/safety.py) with no
screen: the data directory's lock before anything is read or written, and
no quit that silently loses moves a failing disk did not take."""

from __future__ import annotations

import errno

import pytest

from avatar_tui.bots import setup_for
from avatar_tui.engine import legal_actions, new_game
from avatar_tui.play import safety
from avatar_tui.play.commands import Leave, Offer, Show
from avatar_tui.play.controller import READ_ONLY, GameController
from avatar_tui.play.host import Host
from avatar_tui.store.storage import DataLock, SaveStore


def host_on(directory) -> Host:
    return Host(GameController(SaveStore(directory)), seed=3)


def test_a_held_lock_asks_first_and_read_only_opens_without_writing(tmp_path):
    other = DataLock(tmp_path)
    assert other.acquire().ours
    host = host_on(tmp_path)
    opened = host.start("new")
    assert [type(c) for c in opened] == [Offer] and opened[0].about == safety.LOCK
    assert "another avatar-tui" in opened[0].title and host.session is None
    then = host.offered(safety.LOCK, 0)
    assert host.game.store.read_only and Show(title=READ_ONLY) in then
    assert host.offered(safety.LOCK, 0) == [Leave()]  # answered once only
    other.release()


def test_a_held_lock_may_be_left_at_once(tmp_path):
    other = DataLock(tmp_path)
    other.acquire()
    host = host_on(tmp_path)
    host.start("new")
    assert host.offered(safety.LOCK, 1) == [Leave()]
    assert not host.game.store.read_only
    other.release()


def test_a_free_lock_opens_at_once(tmp_path):
    host = host_on(tmp_path)
    assert not any(isinstance(c, Offer) and c.about == safety.LOCK for c in host.start("new"))
    host.game.store.lock.release()


@pytest.fixture
def failing_saves(monkeypatch):
    def save(self, state, **options):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(SaveStore, "save", save)


def test_a_quit_with_unsaved_moves_asks_and_escape_goes_back(tmp_path, failing_saves):
    host = host_on(tmp_path)
    state, events = new_game(setup_for(5, "aang", "katara"))
    host.play(state, events)
    host.act(legal_actions(host.session.state)[0])
    asked = host.quit()
    assert len(asked) == 1 and asked[0].about == safety.UNSAVED and asked[0].can_cancel
    assert "No space left" in asked[0].text and "Quit and lose" in asked[0].labels[2]
    assert host.offered(safety.UNSAVED, None) == []  # back to the game
    assert host.offered(safety.UNSAVED, 0)[0].about == safety.UNSAVED  # still failing
    assert host.offered(safety.UNSAVED, 2) == [Leave()]


def test_a_quit_with_nothing_at_risk_leaves(tmp_path):
    host = host_on(tmp_path)
    state, events = new_game(setup_for(5, "aang", "katara"))
    host.play(state, events)
    assert host.quit() == [Leave()]


def test_a_kept_game_deleted_while_it_opens_is_told_not_a_crash(tmp_path):
    # `games delete K` in another process while `play --resume K` opens it
    host = host_on(tmp_path)
    host.start("new")
    state, events = new_game(setup_for(3, "aang", "katara"))
    done = host.play(state, events, kept="deleted-meanwhile")
    offers = [c for c in done if isinstance(c, Offer)]
    assert offers and "deleted-meanwhile is gone" in offers[0].text
    assert host.session is None  # nothing started on a game that is not there
    host.game.store.lock.release()
