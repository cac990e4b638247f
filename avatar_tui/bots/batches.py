"""Seeded games played wherever there are cores: in this process, on a pool
of worker processes on this machine (`jobs`), or on a Dask cluster
(`scheduler`: a scheduler's address, or `local` for a cluster of `jobs`
workers started here). `avatar-tui simulate`, `benchmarks/matchups.py` and
the deck editor's test all play their games through `play_games`.

A game is fixed by its seed, its sides and its bots (bots/match.py
`play_seeded`), so where it is played changes no result: the games go out in
batches, one task each, and come back in the order they were given.

Dask is an optional extra (`pip install ".[dask]"`): it is imported
only when a scheduler is named, and its absence is one line (`ClusterError`)."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from avatar_tui.bots.match import GameError, GameResult, Side, play_seeded
from avatar_tui.cardlib.catalog import Catalog

if TYPE_CHECKING:
    from concurrent.futures import Executor

LOCAL = "local"  # --scheduler local: a cluster of worker processes on this machine
BATCH_MOST = 50  # games in one task: enough to pay for the task, few enough to share out
BATCHES_PER_WORKER = 8  # so a slow batch does not hold the rest, and the progress moves
JOIN_WAIT = 30.0  # seconds a scheduler is given to answer, and its first worker to join
ORPHAN_WAIT = 120  # seconds a local cluster outlives a run that died without closing it
NEEDS_DASK = 'playing on a Dask cluster needs Dask, the optional extra "dask": ' \
    'pip install ".[dask]"'


class ClusterError(RuntimeError):
    """No cluster to play on: Dask is not installed, or the scheduler cannot
    be reached or has no worker. The message is one line, for the user."""


@dataclass(frozen=True)
class SeededGame:
    """One game, everything that fixes it: the seed of its setup and bots,
    the two sides (a house deck's character or a deck list), the two kinds
    of computer player and the searching bots' options (None: the fixed
    number of worlds)."""

    seed: int
    p1: Side
    p2: Side
    bot1: str
    bot2: str
    options: Mapping[str, float | int] | None = None
    format_name: str | None = None  # a format from packs (cardlib/formats.py): p1, p2 unused
    settings: Mapping[str, int] | None = None  # the format's settings

    def play(self, catalog: Catalog | None = None) -> GameResult:
        return play_seeded(self.seed, self.p1, self.p2, self.bot1, self.bot2, self.options,
                           catalog, self.format_name, self.settings)


@dataclass(frozen=True)
class Failed:
    """A game that stopped on an error: its GameError's line (naming the
    seed, to replay it) and the traceback from where it was played."""

    game: SeededGame
    error: str
    traceback: str


def _outcome(game: SeededGame, catalog: Catalog | None) -> GameResult | Failed:
    try:
        return game.play(catalog)
    except GameError as err:  # told back as a value: it may come from another machine
        return Failed(game, str(err), traceback.format_exc())


def _play_batch(batch: Sequence[SeededGame], catalog: Catalog | None
                ) -> list[GameResult | Failed]:
    """One task: whole games, each fixed by its seed."""
    return [_outcome(game, catalog) for game in batch]


def batch_size(games: int, workers: int) -> int:
    return max(1, min(BATCH_MOST, games // (workers * BATCHES_PER_WORKER)))


def play_games(games: Sequence[SeededGame], jobs: int = 1, scheduler: str | None = None,
               advance: Callable[[int], object] = lambda n: None,
               stopped: Callable[[], bool] = lambda: False,
               catalog: Catalog | None = None) -> list[GameResult]:
    """Every game's result, in the order given. `jobs` worker processes on
    this machine (1: this process), or the Dask cluster at `scheduler`
    (`local`: one of `jobs` workers started here and closed after).
    `advance(n)` is told of every n games played; once `stopped()` is true
    no more are played, and the results are those of the games before the
    first one left unplayed. `catalog`: the games' cards (None: the
    installed database). The first game that fails raises its GameError;
    no cluster to play on raises ClusterError."""
    outcomes = play_outcomes(games, jobs, scheduler, advance, stopped, catalog, keep_going=False)
    return [r for r in outcomes if isinstance(r, GameResult)]


def play_outcomes(games: Sequence[SeededGame], jobs: int = 1, scheduler: str | None = None,
                  advance: Callable[[int], object] = lambda n: None,
                  stopped: Callable[[], bool] = lambda: False,
                  catalog: Catalog | None = None,
                  keep_going: bool = True) -> list[GameResult | Failed]:
    """As `play_games`, but a game that fails is a `Failed` in its place and
    the others are still played (`keep_going`; else it raises at once)."""
    outcomes: list[GameResult | Failed] = []
    if scheduler is None and jobs == 1:
        for game in games:
            if stopped():
                break
            outcomes.append(_told(_outcome(game, catalog), keep_going))
            advance(1)
        return outcomes
    # imported here: only a run spread over processes needs them, and every
    # other start (the app's first of all) would pay for importing them
    from concurrent.futures import FIRST_COMPLETED, wait

    done: dict[int, list[GameResult | Failed]] = {}
    with executor(jobs, scheduler) as (pool, workers):
        size = batch_size(len(games), workers)
        batches = [games[i:i + size] for i in range(0, len(games), size)]
        pending = {pool.submit(_play_batch, batch, catalog): n for n, batch in enumerate(batches)}
        waiting = set(pending)
        while waiting and not stopped():
            # a bounded wait, so a stop is seen even while a long batch plays
            finished, waiting = wait(waiting, timeout=0.25, return_when=FIRST_COMPLETED)
            for future in finished:
                batch = done[pending[future]] = future.result()
                for outcome in batch:
                    _told(outcome, keep_going)
                advance(len(batch))
    for n in range(len(done)):
        if n not in done:
            break
        outcomes.extend(done[n])
    return outcomes


def _told(outcome: GameResult | Failed, keep_going: bool) -> GameResult | Failed:
    if isinstance(outcome, Failed) and not keep_going:
        raise GameError(outcome.error)
    return outcome


@contextmanager
def executor(jobs: int, scheduler: str | None) -> Iterator[tuple[Executor, int]]:
    """(an executor, how many games it plays at once); what is still queued
    when the block is left is dropped."""
    if scheduler is None:
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(max_workers=jobs)
        try:
            yield pool, jobs
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        return
    with dask_client(scheduler, jobs) as client:
        dask_pool = client.get_executor(pure=False)
        try:
            yield dask_pool, max(1, sum(client.nthreads().values()))
        finally:
            dask_pool.shutdown(wait=False)  # cancels what the cluster has not played


@contextmanager
def dask_client(scheduler: str, jobs: int = 1) -> Iterator:
    """A Dask client of the scheduler at `scheduler`, or of a cluster of
    `jobs` worker processes started on this machine (`local`), with at least
    one worker, each of one thread; closed after."""
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(NEEDS_DASK) from None
    if scheduler == LOCAL:
        with local_cluster(jobs) as address, connected(Client, address) as client:
            yield client
        return
    with connected(Client, scheduler) as client:
        yield client


@contextmanager
def connected(client_type: Callable, address: str) -> Iterator:
    try:
        client = client_type(address, timeout=JOIN_WAIT)
    except ValueError as err:  # not an address
        raise ClusterError(f"not a Dask scheduler's address: {address} ({err})") from None
    except OSError:  # Dask's own message repeats the address and the wait
        raise ClusterError(f"no Dask scheduler answered at {address} within "
                           f"{JOIN_WAIT:g} s") from None
    with client:
        try:
            client.wait_for_workers(1, timeout=JOIN_WAIT)
        except TimeoutError:
            raise ClusterError(f"the Dask scheduler at {address} has no "
                               f"worker (none joined within {JOIN_WAIT:g} s)") from None
        threads = max(client.nthreads().values())
        if threads > 1:
            # the engine counts board changes process-wide (model/state.py
            # BoardChanges): two games at once in one process could corrupt
            # each other's list of cards in play, and so their results
            raise ClusterError(f"the Dask workers at {address} run up to {threads} threads "
                               "each: start them with --nthreads 1 (one game per process)")
        yield client


@contextmanager
def local_cluster(workers: int) -> Iterator[str]:
    """The address of a Dask scheduler and `workers` worker processes of
    one thread, started here as docs/cluster.md starts them on several
    machines, every port on 127.0.0.1 and no dashboard; stopped after.
    Their output is set aside: the deck editor's test runs one under a
    full-screen app, whose screen a worker's log line would break (and whose
    stand-in for stderr has no file a child process could be handed)."""
    here = ["--host", "127.0.0.1", "--dashboard-address", "127.0.0.1:0", "--no-dashboard"]
    with tempfile.TemporaryDirectory(prefix="avatar-tui-dask-") as folder:
        file = Path(folder) / "scheduler.json"
        # should this process die without stopping them, they stop by
        # themselves: the scheduler once idle, its workers once it is gone
        started = [_quietly("dask_scheduler", *here, "--port", "0", "--scheduler-file", str(file),
                            "--idle-timeout", f"{ORPHAN_WAIT}s")]
        try:
            address = _written_address(file, started[0])
            started.append(_quietly("dask_worker", address, *here, "--nworkers", str(workers),
                                    "--nthreads", "1", "--death-timeout", f"{ORPHAN_WAIT}s"))
            yield address
        finally:
            for process in reversed(started):  # the workers first, while their scheduler is up
                process.terminate()
                try:
                    process.wait(timeout=JOIN_WAIT)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


def _quietly(command: str, *args: str) -> subprocess.Popen:
    """Dask's `command` (dask_scheduler, dask_worker) started in this Python,
    its output set aside."""
    return subprocess.Popen([sys.executable, "-m", f"distributed.cli.{command}", *args],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def _written_address(file: Path, scheduler: subprocess.Popen) -> str:
    """The address the scheduler started here wrote to `file`."""
    deadline = time.monotonic() + JOIN_WAIT
    while time.monotonic() < deadline and scheduler.poll() is None:
        try:
            return json.loads(file.read_text())["address"]
        except (OSError, ValueError, KeyError):  # not written yet, or not wholly
            time.sleep(0.05)
    raise ClusterError("the local Dask scheduler did not start "
                       + (f"(it stopped with status {scheduler.returncode})"
                          if scheduler.returncode is not None
                          else f"within {JOIN_WAIT:g} s"))
