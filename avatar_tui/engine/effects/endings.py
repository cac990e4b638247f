"""Effects end with their source (R7.3, R7.6, R12.7).

A +/- a card gave a strike, a static it granted one, and a "when you
counterattack" effect of one of its powers that was paid but has not begun
all remember their source. They end, with a line in the log, when:

- the source leaves play, whichever way (eliminated, replaced, discarded,
  returned to the deck: R7.6 and its convention);
- the strike leaves the zone of the ally that gave them, or the ally
  leaves the strike's zone (R7.3): an ally works only on its own zone.

Values are never stored (stats.py computes them from what is left), so
ending an effect here changes force and intercept at once, even for an
attack already sent (R12.7). An advantage's effects are statics, computed
only while it is in play, so they need nothing here."""

from __future__ import annotations

from avatar_tui.engine.effects.ordering import ordering
from avatar_tui.engine.table import Table
from avatar_tui.engine.turn import push
from avatar_tui.model.common import PlayerId, Zone
from avatar_tui.model.state import FaceUp, OrderStep, ResolveStep, Step


def ally_left(t: Table, pid: PlayerId, zone: Zone, card: str, how: str) -> None:
    """`pid`'s ally `card` is no longer in `zone` (`how`: "is eliminated",
    "is replaced", "leaves play" (to the deck), or "moves away" to another
    ally space, R7.3). What it gave the strike there ends, and its paid
    counterattack effects that have not begun are dropped."""
    rule = "R7.3" if how == "moves away" else "R7.6"
    if how == "moves away":
        how = f"moves out of the {zone} zone"

    def ours(source: str, kind: str, where: Zone | None) -> bool:
        return source == card and kind == "ally" and where == zone

    face = t.zone(pid, zone).flip
    ended = _strip(face, ours) if face is not None else []
    ended += _drop_pending(t, pid, ours)
    if ended:
        t.emit(rule, f"{t.name(card)} {how}: {_listed(ended)} it gave "
               f"{_whose_strike(t, face, pid)} end{'s' if len(ended) == 1 else ''}", pid)


def strike_left_zone(t: Table, pid: PlayerId, face: FaceUp, zone: Zone) -> None:
    """`pid`'s strike `face` moved out of `zone`: what the ally there gave it
    ends (R7.3), even if it comes back later."""

    def ours(source: str, kind: str, where: Zone | None) -> bool:
        return kind == "ally" and where == zone

    ended = _strip(face, ours)
    if ended:
        t.emit("R7.3", f"{t.name(face.card)} leaves the {zone} zone: {_listed(ended)} the "
               f"ally there gave it end{'s' if len(ended) == 1 else ''}", pid)


# ------------------------------------------------------------------ helpers


def _strip(face: FaceUp, ours) -> list[str]:
    """Take off `face` what matches `ours(source, kind, zone)`; say what went."""
    ended: list[str] = []
    for mod in face.mods:
        if ours(mod.source, mod.source_kind, mod.zone):
            ended += [f"{v:+d} {k}" for k, v in (("force", mod.force),
                                                 ("intercept", mod.intercept)) if v]
    face.mods = [m for m in face.mods if not ours(m.source, m.source_kind, m.zone)]
    granted = [g for g in face.granted if not ours(g.source, g.source_kind, g.zone)]
    ended += ["an ability"] * (len(face.granted) - len(granted))
    face.granted = granted
    if face.counterattacked:  # its counterattack effects are queued by now (or done)
        return ended
    armed = [a for a in face.armed if not ours(a.source, a.source_kind, a.zone)]
    ended += ["a counterattack effect"] * (len(face.armed) - len(armed))
    face.armed = armed
    return ended


def _drop_pending(t: Table, pid: PlayerId, ours) -> list[str]:
    """Drop queued counterattack effects of paid powers that have not begun
    (R7.6 convention), in plain steps and in R12.2 questions still to come."""
    def gone(step: ResolveStep) -> bool:
        ctx = step.ctx
        return step.ends_with_source and ctx.controller == pid and \
            ours(ctx.source, ctx.source_kind, ctx.zone)

    dropped = 0
    queue: list[Step] = []
    for step in t.state.queue:
        if isinstance(step, ResolveStep) and gone(step):
            dropped += 1
        elif isinstance(step, OrderStep):
            groups = [[s for s in g if not gone(s)] for g in step.groups]
            dropped += sum(map(len, step.groups)) - sum(map(len, groups))
            queue += ordering([g for g in groups if g])
        else:
            queue.append(step)
    if dropped:
        t.state.queue = []
        push(t, *queue)
    return ["a counterattack effect"] if dropped else []


def _listed(ended: list[str]) -> str:
    unique = list(dict.fromkeys(ended))
    return unique[0] if len(unique) == 1 else ", ".join(unique[:-1]) + " and " + unique[-1]


def _whose_strike(t: Table, face: FaceUp | None, pid: PlayerId) -> str:
    return t.name(face.card) if face is not None else f"{pid}'s strike"


def begins(t: Table, step: ResolveStep) -> None:
    """A paid counterattack effect begins: the rest of its group happens
    even if the source leaves play on the way (Zhao's Guard eliminates
    itself, then the energy)."""
    if not step.ends_with_source:
        return
    for later in t.state.queue:
        if not (isinstance(later, ResolveStep) and later.ends_with_source
                and later.ctx == step.ctx):
            break
        later.ends_with_source = False
