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
from avatar_tui.play.referee import Referee
from avatar_tui.store.storage import DataLock, SaveStore


def referee_on(directory) -> Referee:
    return Referee(GameController(SaveStore(directory)), seed=3)


def test_a_held_lock_asks_first_and_read_only_opens_without_writing(tmp_path):
    other = DataLock(tmp_path)
    assert other.acquire().ours
    referee = referee_on(tmp_path)
    opened = referee.start("new")
    assert [type(c) for c in opened] == [Offer] and opened[0].about == safety.LOCK
    assert "another avatar-tui" in opened[0].title and referee.session is None
    then = referee.offered(safety.LOCK, 0)
    assert referee.controller.store.read_only and Show(title=READ_ONLY) in then
    assert referee.offered(safety.LOCK, 0) == [Leave()]  # answered once only
    other.release()


def test_a_held_lock_may_be_left_at_once(tmp_path):
    other = DataLock(tmp_path)
    other.acquire()
    referee = referee_on(tmp_path)
    referee.start("new")
    assert referee.offered(safety.LOCK, 1) == [Leave()]
    assert not referee.controller.store.read_only
    other.release()


def test_a_free_lock_opens_at_once(tmp_path):
    referee = referee_on(tmp_path)
    assert not any(isinstance(c, Offer) and c.about == safety.LOCK for c in referee.start("new"))
    referee.controller.store.lock.release()


@pytest.fixture
def failing_saves(monkeypatch):
    def save(self, state, **options):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(SaveStore, "save", save)


def test_a_quit_with_unsaved_moves_asks_and_escape_goes_back(tmp_path, failing_saves):
    referee = referee_on(tmp_path)
    state, events = new_game(setup_for(5, "aang", "katara"))
    referee.play(state, events)
    referee.act(legal_actions(referee.session.state)[0])
    asked = referee.quit()
    assert len(asked) == 1 and asked[0].about == safety.UNSAVED and asked[0].can_cancel
    assert "No space left" in asked[0].text and "Quit and lose" in asked[0].labels[2]
    assert referee.offered(safety.UNSAVED, None) == []  # back to the game
    assert referee.offered(safety.UNSAVED, 0)[0].about == safety.UNSAVED  # still failing
    assert referee.offered(safety.UNSAVED, 2) == [Leave()]


def test_a_quit_with_nothing_at_risk_leaves(tmp_path):
    referee = referee_on(tmp_path)
    state, events = new_game(setup_for(5, "aang", "katara"))
    referee.play(state, events)
    assert referee.quit() == [Leave()]


def test_a_kept_game_deleted_while_it_opens_is_told_not_a_crash(tmp_path):
    # `games delete K` in another process while `play --resume K` opens it
    referee = referee_on(tmp_path)
    referee.start("new")
    state, events = new_game(setup_for(3, "aang", "katara"))
    done = referee.play(state, events, kept="deleted-meanwhile")
    offers = [c for c in done if isinstance(c, Offer)]
    assert offers and "deleted-meanwhile is gone" in offers[0].text
    assert referee.session is None  # nothing started on a game that is not there
    referee.controller.store.lock.release()
