"""Why a key of the board does nothing now, in words for the status line.

The game keys (space, p, f, d, …) are explained by the engine's own
`why_not` (app.explain_key); this module covers the others: c, u, v, e,
i, n, the demo's keys, and a key that is not a key of the game at all.
Every reason names the key, so a press never goes by unanswered."""

from __future__ import annotations

from typing import TYPE_CHECKING

from avatar_tui.app import describe

if TYPE_CHECKING:
    from avatar_tui.app.app import AvatarApp

# how a key is named in a reason
KEY_NAMES = {"right": "→", "left": "←", "space": "space", "question_mark": "?",
             "pageup": "PgUp", "pagedown": "PgDn"}


def key_name(key: str) -> str:
    return KEY_NAMES.get(key, key)


def _undo(app: AvatarApp) -> str:
    session = app.session
    assert session is not None
    if app.bot is not None and session.state.history and \
            session.state.history[-1].action.startswith(f"{app.bot.player}:"):
        return "the last move was the computer's"
    return session.why_not_undo() or "only your own last action can be taken back"


def reason(app: AvatarApp, action: str, parameters: tuple[object, ...] = ()) -> str:
    """Why the binding `action` of the game screen is off now."""
    session, demo = app.session, app.demo
    if action in ("demo_step", "demo_auto", "demo_stop", "take_over", "narration_page"):
        if demo is None:
            return "only in a demo (avatar-tui demo)"
        if action == "narration_page":
            return "the whole narration of this step fits its panel"
        if action == "demo_step":
            back = int(parameters[0]) < 0  # type: ignore[call-overload]
            return "this is the first step" if back else "this is the last step of the demo"
        if action == "demo_auto":
            return "the demo is at its end (← goes back)"
        return "auto-play is not on (a starts it)"
    if session is None:
        return "there is no game on the table yet"
    if demo is not None and action in ("choose", "undo", "moves", "new_game", "play"):
        return "this is a demo: p takes over, to play on from this step"
    if app.bot_to_move and action != "inspect":
        who = describe.character(session.table, app.bot.player)  # type: ignore[union-attr]
        return f"{who} is the computer: wait for its move"
    if session.over and action in ("choose", "undo", "moves", "explain"):
        return "the game is over (n: a new game)"
    if action == "choose":
        return ("no question is waiting for an answer; c opens one again when the game asks "
                "(the opening defender, a target, a second ally)")
    if action == "undo":
        return _undo(app)
    return "it is not possible now"


def unknown(key: str) -> str:
    return f"[b]{key_name(key)}[/b]: not a key of this game (? lists the keys)"


def too_small(key: str, width: int, height: int, need: tuple[int, int]) -> str:
    return (f"{key_name(key)} does nothing: the board cannot be shown at {width}×{height} "
            f"(it needs {need[0]}×{need[1]}), so no move is made. q quits.")
