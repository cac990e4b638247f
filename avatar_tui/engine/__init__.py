"""The rules engine: pure Python on the pydantic game model, no UI imports.

The whole API, in the manner of OpenSpiel:

- `new_game(setup)` sets a game up (R2);
- `legal_actions(state)` lists every move the acting player may make now;
- `why_not(state, action)` says why a move is not allowed (None if it is);
- `apply(state, action)` validates and makes a move, returning a new state
  and the events it caused; an illegal move raises `IllegalAction` and the
  given state is never changed;
- `apply_in_place(state, action)` is the same on the state itself, for
  simulations (it too changes nothing when it refuses);
- `playout_apply(state, action)` makes a move taken from `legal_actions`
  on the state itself without checking it again, keeping no events and no
  history: the fast path for playouts and search;
- `undo(state)` returns the state before the last action, `can_undo`
  whether the UI may (never across a card turned face up);
- `look(state)` is the read model: immutable facts a screen or a bot
  reads (`Look`: the actor, the pending question, the incoming attack,
  each face's force, intercept and cost now, the numbered powers — granted
  ones included — and reflips), every number the engine's own;
  `face_look(table, pid, zone, face)` is one face's part of it;
- `actor_of(state)` is who acts now (the look's `actor`, cheaply);
- `view(state)` is the public picture of docs/notation.md, derived from the look;
- `Table(state)` reads a state's cards and names (`name`, `card`,
  `current_move`, `catalog`) for words on a screen;
- R1.6 in words, for a screen both players read: `shown_action`,
  `answer_is_secret`, `without_secret_move`;
- `COMPILED` says whether this engine is the compiled build (setup.py
  compiles the modules a playout runs through with mypyc where a C compiler
  is there) or pure Python: the same source, so the same rules either way
  (`build` sets a stale or unwanted compiled build aside, before the rest
  loads);
- `observation(state, pid)` is what one player may see (R1.6), and
  `determinize(obs, rng)` a full state consistent with it, hidden parts
  dealt at random (for search); `seeded_rng(seed)` starts a generator
  of the engine's kind for it.

Inside, modules import only downwards, with no loop (a test walks the
imports, tests/test_import_layers.py), from the bottom up:

1. `build` (compiled or source: loaded first), `errors`, `events`, `rng`,
   `table` (the state, its cards, the log), `stats` (force, intercept,
   costs now), `payment` (R6), `triggers` (what an event sets off: read
   only), `secrecy` (R1.6 in words);
2. `board`: moving cards, energy and charges. What cards may react to is
   recorded on the table as a board event (`Charged`, `Flipped`), never
   acted on here;
3. `turn`: the turn sequence, flipping, scoring and the queue (`push`);
4. `effects`: the effect handlers (`common`, `ordering` and `endings`
   below the handler modules, `registry` beside them);
5. `moves` (the player's moves), then `signature`, `powers`, `choices`;
6. `flow`: the run loop, which does the queued work and asks `triggers`
   what the board events start (R12.2);
7. `setup`, `game` (the API), then `simulation` (the fast path), `look`,
   `view` and `observation`.
"""

from importlib.machinery import EXTENSION_SUFFIXES

# First: it decides whether the modules below load compiled or from source.
from avatar_tui.engine import build as _build  # noqa: F401  (isort: first, for its effect)
from avatar_tui.engine import game as _game
from avatar_tui.engine.errors import IllegalAction
from avatar_tui.engine.events import Event
from avatar_tui.engine.game import (
    apply,
    apply_in_place,
    can_undo,
    clone,
    legal_actions,
    new_game,
    replay_actions,
    undo,
    why_not,
)
from avatar_tui.engine.look import (
    AttackLook,
    FaceLook,
    Look,
    PlayerLook,
    PowerLook,
    QuestionLook,
    ZoneLook,
    face_look,
    look,
)
from avatar_tui.engine.moves import actor_of
from avatar_tui.engine.observation import HIDDEN, Observation, determinize, observation
from avatar_tui.engine.rng import seeded as seeded_rng
from avatar_tui.engine.secrecy import answer_is_secret, shown_action, without_secret_move
from avatar_tui.engine.simulation import playout_apply
from avatar_tui.engine.table import Table
from avatar_tui.engine.view import view

# A compiled module is an extension module; its pure twin is its .py file.
COMPILED: bool = (_game.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))

__all__ = [
    "COMPILED",
    "HIDDEN",
    "AttackLook",
    "Event",
    "FaceLook",
    "IllegalAction",
    "Look",
    "Observation",
    "PlayerLook",
    "PowerLook",
    "QuestionLook",
    "Table",
    "ZoneLook",
    "actor_of",
    "answer_is_secret",
    "apply",
    "apply_in_place",
    "can_undo",
    "clone",
    "determinize",
    "face_look",
    "legal_actions",
    "look",
    "new_game",
    "observation",
    "playout_apply",
    "replay_actions",
    "seeded_rng",
    "shown_action",
    "undo",
    "view",
    "why_not",
    "without_secret_move",
]
