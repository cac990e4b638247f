"""Many games between computer players, headless: `avatar-tui simulate`,
the benchmarks' matchups, and a deck tested against the house decks (the
deck editor's test, `house_matchups`).

Game i is played with seed S+i (its setup's shuffle and both bots' own
generators derive from it), so a run is fixed by its arguments: `jobs`
spreads the games over processes without changing any result."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from avatar_tui.bots.match import play_seeded, side_name
from avatar_tui.bots.wilson import wilson
from avatar_tui.cardlib.catalog import Catalog, DeckList, characters, default_catalog
from avatar_tui.cardlib.formats import FORMATS, settings_for


def _play_chunk(seeds: Sequence[int], p1: Any, p2: Any, bot1: str, bot2: str,
                options: dict | None = None, format_name: str | None = None,
                settings: dict[str, int] | None = None) -> list[dict]:
    """A worker's share: whole games, each fixed by its seed."""
    return [play_seeded(s, p1, p2, bot1, bot2, options, format_name=format_name,
                        settings=settings).as_dict() for s in seeds]


def play_all(games: int, p1: Any, p2: Any, bot1: str, bot2: str, seed: int, jobs: int,
             advance: Callable[[int], None] = lambda n: None,
             options: dict | None = None, format_name: str | None = None,
             settings: dict[str, int] | None = None) -> list[dict]:
    """Every game's result, in seed order, whatever the number of jobs."""
    seeds = [seed + i for i in range(games)]
    if jobs == 1:
        results = []
        for s in seeds:
            results.extend(_play_chunk([s], p1, p2, bot1, bot2, options, format_name,
                                       settings))
            advance(1)
        return results
    # small chunks: the progress moves, and a slow chunk does not hold the rest
    size = max(1, min(50, games // (jobs * 8)))
    chunks = [seeds[i:i + size] for i in range(0, games, size)]
    results = []
    # imported here: only a run of several jobs needs the process pool, and
    # every other start would pay for importing it
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(_play_chunk, c, p1, p2, bot1, bot2, options, format_name,
                               settings):
                   len(c)
                   for c in chunks}
        for future in as_completed(futures):
            results.extend(future.result())
            advance(futures[future])
    return sorted(results, key=lambda r: r["seed"])


def simulate(games: int, p1: Any, p2: Any, bot1: str, bot2: str, seed: int, jobs: int = 1,
             advance: Callable[[int], None] = lambda n: None,
             options: dict | None = None, format_name: str | None = None,
             settings: dict[str, int] | None = None) -> dict[str, Any]:
    """Play the games and summarise them (the JSON of `simulate --json`);
    `advance(n)` is told of every n games played (the command's progress bar).
    With `format_name`, each side's deck comes from its packs (docs/formats.md):
    the sides are named by the format, and each game's characters are added."""
    start = time.perf_counter()
    results = play_all(games, p1, p2, bot1, bot2, seed, jobs, advance, options, format_name,
                       settings)
    elapsed = time.perf_counter() - start
    names = (format_name, format_name) if format_name else (side_name(p1), side_name(p2))
    summary = summarise(results, p1=names[0], p2=names[1], bot1=bot1, bot2=bot2,
                        seed=seed, jobs=jobs, elapsed=elapsed)
    if format_name:
        # the characters change from game to game: each game's, in seed order
        summary["format"] = format_name
        summary["settings"] = settings_for(FORMATS[format_name], settings)
        summary["characters"] = [
            {"seed": r["seed"], "p1": r["characters"][0], "p2": r["characters"][1]}
            for r in results]
    return summary


def summarise(results: list[dict], *, p1: str, p2: str, bot1: str, bot2: str, seed: int,
              jobs: int, elapsed: float) -> dict[str, Any]:
    n = len(results)
    sides: dict[str, Any] = {}
    for pid, character, bot in (("p1", p1, bot1), ("p2", p2, bot2)):
        wins = sum(1 for r in results if r["winner"] == pid)
        low, high = wilson(wins, n)
        sides[pid] = {
            "character": character,
            "bot": bot,
            "wins": wins,
            "win_rate": round(wins / n, 4) if n else 0.0,
            "ci95": [round(low, 4), round(high, 4)],
            "avg_points": round(sum(r["points"][pid] for r in results) / n, 3) if n else 0.0,
        }
    return {
        "games": n,
        "seed": seed,
        "jobs": jobs,
        "p1": sides["p1"],
        "p2": sides["p2"],
        "unfinished": sum(1 for r in results if r["winner"] is None),
        "avg_turns": round(sum(r["turns"] for r in results) / n, 3) if n else 0.0,
        "avg_actions": round(sum(r["actions"] for r in results) / n, 3) if n else 0.0,
        "elapsed_s": round(elapsed, 3),
        "games_per_s": round(n / elapsed, 1) if elapsed > 0 else None,
    }


# ------------------------------------------------------------------ testing a deck


@dataclass(frozen=True)
class Matchup:
    """The deck against one house deck: games, wins and the 95% interval."""

    character: str
    name: str
    games: int
    wins: int
    low: float
    high: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def house_matchups(deck: DeckList, games: int, seed: int = 1, bot: str = "heuristic",
                   advance=lambda: None, stopped=lambda: False,
                   catalog: Catalog | None = None) -> list[Matchup]:
    """The deck against each house starter deck, `games` games each between
    two computer players (the games of `simulate`, seeds seed, seed+1, ...),
    the deck sitting as p1 in even games and p2 in odd ones. `advance` is
    called after every game; `stopped()` true ends early. `catalog`: the
    games' cards (None: the installed database)."""
    catalog = catalog or default_catalog()
    results: list[Matchup] = []
    for character in characters():
        wins = played = 0
        for i in range(games):
            if stopped():
                return results
            as_p1 = i % 2 == 0
            p1, p2 = (deck, character) if as_p1 else (character, deck)
            result = play_seeded(seed + i, p1, p2, bot, bot, catalog=catalog)
            wins += result.winner == ("p1" if as_p1 else "p2")
            played += 1
            advance()
        low, high = wilson(wins, played)
        chamber = catalog.find_chamber(character)
        results.append(Matchup(character, chamber.name if chamber else character, played,
                               wins, low, high))
    return results
