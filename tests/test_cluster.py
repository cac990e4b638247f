"""Games on a Dask cluster (bots/batches.py): `simulate`, the matchups
table and the deck editor's test give on a cluster what they give in one
process, every field but the timing ones; no Dask, no scheduler or workers
of several threads are one line each.

The cluster is small and local: one worker of one thread, inside this
process (a game at a time, as the engine's process-wide count of board
changes needs), listening on 127.0.0.1 only, closed after the module."""

from __future__ import annotations

import json
import logging
import sys
from contextlib import contextmanager
from pathlib import Path

import distributed  # the `test` extra installs it
import psutil  # Dask's own dependency
import pytest

from avatar_tui.bots import batches
from avatar_tui.bots.batches import ClusterError, SeededGame, play_games
from avatar_tui.bots.simulation import house_matchups
from avatar_tui.cardlib.catalog import default_catalog
from avatar_tui.cli import main
from avatar_tui.play.deck_editor import RunTest
from tests.test_simulate import TIMING

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
NO_DASK = 'pip install ".[dask]"'


def small_cluster(threads: int = 1) -> distributed.LocalCluster:
    """One worker inside this process, every port on 127.0.0.1 (the web
    pages' too, and no dashboard)."""
    return distributed.LocalCluster(n_workers=1, threads_per_worker=threads, processes=False,
                                    protocol="tcp://", host="127.0.0.1",
                                    dashboard_address="127.0.0.1:0",
                                    scheduler_kwargs={"dashboard": False},
                                    silence_logs=logging.WARNING)


@pytest.fixture(scope="module")
def scheduler():
    with small_cluster() as cluster:
        yield cluster.scheduler_address


def run_json(capsys, *args: str) -> dict:
    assert main(["simulate", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def untimed(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in TIMING}


def test_the_cluster_listens_on_this_machine_only():
    with small_cluster():
        ports = [c.laddr for c in psutil.Process().net_connections(kind="inet")
                 if c.status == psutil.CONN_LISTEN]
    assert ports and all(ip == "127.0.0.1" for ip, _ in ports)


def test_simulate_on_a_cluster_gives_the_results_of_one_process(capsys, scheduler):
    args = ("--games", "8", "--seed", "40", "--bot", "random,heuristic")
    here = run_json(capsys, *args, "--jobs", "1")
    there = run_json(capsys, *args, "--scheduler", scheduler)
    assert there["games"] == 8 and untimed(there) == untimed(here)


def test_the_games_go_out_in_batches_and_come_back_in_order(scheduler, monkeypatch):
    """Several tasks of a few games each; the results in the order given,
    the same as played one by one here."""
    monkeypatch.setattr(batches, "BATCHES_PER_WORKER", 2)  # 12 games: 2 tasks of 6
    sizes: list[int] = []
    games = [SeededGame(100 + i, "katara", "kinto", "heuristic", "random") for i in range(12)]
    there = play_games(games, scheduler=scheduler, advance=sizes.append)
    assert sizes == [6, 6]
    assert there == play_games(games)


def test_a_stop_keeps_the_games_before_the_first_unplayed(scheduler, monkeypatch):
    monkeypatch.setattr(batches, "BATCHES_PER_WORKER", 4)  # 8 games: 4 tasks of 2
    games = [SeededGame(7 + i, "aang", "jojo", "random", "random") for i in range(8)]
    seen: list[int] = []
    some = play_games(games, scheduler=scheduler, advance=seen.append,
                      stopped=lambda: bool(seen))
    assert 2 <= len(some) < 8 and some == play_games(games[:len(some)])


def test_the_matchups_table_on_a_cluster_is_the_same(capsys, scheduler):
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import matchups
    finally:
        sys.path.remove(str(BENCHMARKS))
    args = ["--games", "2", "--characters", "aang,kinto", "--json"]
    assert matchups.main(args) == 0
    here = json.loads(capsys.readouterr().out)
    assert matchups.main([*args, "--scheduler", scheduler]) == 0
    there = json.loads(capsys.readouterr().out)
    assert there["matrix"].keys() == here["matrix"].keys() == {"aang", "kinto"}
    for p1, row in here["matrix"].items():
        for p2, summary in row.items():
            assert untimed(there["matrix"][p1][p2]) == untimed(summary), (p1, p2)


def test_the_deck_test_on_a_cluster_is_the_same(scheduler):
    deck = default_catalog().decks["aang"]
    here = house_matchups(deck, 1)
    run = RunTest(deck, 1, len(here), scheduler)
    assert list(run.work().results) == here


def test_without_dask_the_scheduler_is_one_line(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # the import fails
    assert main(["simulate", "--games", "2", "--scheduler", "local"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("avatar-tui simulate: --scheduler: ") and NO_DASK in err
    assert "\n" not in err


def test_without_dask_the_deck_test_says_why_it_did_not_play(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    deck = default_catalog().decks["aang"]
    tested = RunTest(deck, 1, 10, "local").work()
    assert tested.results == () and NO_DASK in (tested.problem or "")


def test_a_scheduler_that_does_not_answer_is_one_line(capsys, monkeypatch):
    monkeypatch.setattr(batches, "JOIN_WAIT", 0.5)
    assert main(["simulate", "--games", "1", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    err = capsys.readouterr().err.strip()
    assert "no Dask scheduler answered at tcp://127.0.0.1:9" in err and "\n" not in err


@pytest.mark.parametrize("address", ["somehost", "nonsense://somehost:8786"])
def test_a_scheduler_that_is_no_dask_address_is_one_line(capsys, address):
    assert main(["simulate", "--games", "1", "--scheduler", address]) == 2
    err = capsys.readouterr().err.strip()
    assert f"not a Dask scheduler's address: {address} (" in err and "\n" not in err


def test_workers_of_several_threads_are_refused():
    """Two games at once in one process would share the engine's count of
    board changes: such a cluster is named and refused before any game."""
    with small_cluster(threads=2) as cluster, pytest.raises(ClusterError, match="--nthreads 1"):
        play_games([SeededGame(1, "aang", "katara", "random", "random")],
                   scheduler=cluster.scheduler_address)


@pytest.mark.parametrize("text", ["", "tcp://x\x1b[2J"])
def test_a_scheduler_that_is_no_address_is_a_usage_error(capsys, text):
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--scheduler", text])
    assert exit_info.value.code == 2


@pytest.mark.slow
def test_a_local_cluster_of_worker_processes(capsys, monkeypatch):
    """`--scheduler local`: a scheduler and its workers started here,
    listening on 127.0.0.1 only, and stopped after."""
    started: list[psutil.Process] = []
    listening: list[str] = []
    real = batches.local_cluster

    @contextmanager
    def watched(workers: int):
        with real(workers) as address:
            yield address
            started.extend(psutil.Process().children(recursive=True))
            listening.extend(c.laddr.ip for p in started for c in p.net_connections(kind="inet")
                             if c.status == psutil.CONN_LISTEN)

    monkeypatch.setattr(batches, "local_cluster", watched)
    args = ("--games", "3", "--seed", "5", "--bot", "random")
    here = run_json(capsys, *args)
    there = run_json(capsys, *args, "--scheduler", "local")
    assert untimed(there) == untimed(here)
    assert len(started) >= 2  # the scheduler, the worker (and its nanny's process)
    assert listening and set(listening) == {"127.0.0.1"}
    psutil.wait_procs(started, timeout=30)
    assert not [p for p in started if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
