"""Many games between computer players, headless: `avatar-tui simulate`,
the benchmarks' matchups, and a deck tested against the house decks (the
deck editor's test, `house_matchups`).

Game i is played with seed S+i (its setup's shuffle and both bots' own
generators derive from it), so a run is fixed by its arguments: `jobs`
spreads the games over processes, and `scheduler` over a Dask cluster
(bots/batches.py), without changing any result."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from avatar_tui.bots.batches import SeededGame, play_games
from avatar_tui.bots.match import side_name
from avatar_tui.bots.wilson import wilson
from avatar_tui.cardlib.catalog import Catalog, DeckList, characters, default_catalog
from avatar_tui.cardlib.formats import FORMATS, settings_for


def play_all(games: int, p1: Any, p2: Any, bot1: str, bot2: str, seed: int, jobs: int,
             advance: Callable[[int], object] = lambda n: None,
             options: dict | None = None, scheduler: str | None = None,
             format_name: str | None = None,
             settings: dict[str, int] | None = None) -> list[dict]:
    """Every game's result, in seed order, wherever the games are played."""
    pairing = [SeededGame(seed + i, p1, p2, bot1, bot2, options, format_name, settings)
               for i in range(games)]
    return [r.as_dict() for r in play_games(pairing, jobs, scheduler, advance)]


def simulate(games: int, p1: Any, p2: Any, bot1: str, bot2: str, seed: int, jobs: int = 1,
             advance: Callable[[int], object] = lambda n: None,
             options: dict | None = None, scheduler: str | None = None,
             format_name: str | None = None,
             settings: dict[str, int] | None = None) -> dict[str, Any]:
    """Play the games and summarise them (the JSON of `simulate --json`);
    `advance(n)` is told of every n games played (the command's progress bar).
    `scheduler`: a Dask cluster to play them on (bots/batches.py). With
    `format_name`, each side's deck comes from its packs (docs/formats.md):
    the sides are named by the format, and each game's characters are added."""
    start = time.perf_counter()
    results = play_all(games, p1, p2, bot1, bot2, seed, jobs, advance, options, scheduler,
                       format_name, settings)
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
                   advance: Callable[[int], object] = lambda n: None,
                   stopped: Callable[[], bool] = lambda: False,
                   catalog: Catalog | None = None, jobs: int = 1,
                   scheduler: str | None = None) -> list[Matchup]:
    """The deck against each house starter deck, `games` games each between
    two computer players (the games of `simulate`, seeds seed, seed+1, ...),
    the deck sitting as p1 in even games and p2 in odd ones. `advance(n)` is
    told of every n games played; `stopped()` true ends early, with the
    house decks whose games were all played before it. `catalog`: the
    games' cards (None: the installed database); `jobs` and `scheduler`:
    where the games are played (bots/batches.py)."""
    houses = characters()
    pairings = [SeededGame(seed + i, deck, character, bot, bot) if i % 2 == 0
                else SeededGame(seed + i, character, deck, bot, bot)
                for character in houses for i in range(games)]
    played = play_games(pairings, jobs, scheduler, advance, stopped, catalog)
    names = catalog or default_catalog()
    results: list[Matchup] = []
    for n, character in enumerate(houses):
        share = played[n * games:(n + 1) * games]
        if len(share) < games:
            break  # stopped before this house deck's games were all played
        wins = sum(r.winner == ("p1" if i % 2 == 0 else "p2") for i, r in enumerate(share))
        low, high = wilson(wins, games)
        chamber = names.find_chamber(character)
        results.append(Matchup(character, chamber.name if chamber else character, games,
                               wins, low, high))
    return results
