"""R12.2: effects that happen at once, grouped by card and ordered by the
player whose turn it is, only when the order can matter."""

from __future__ import annotations

from avatar_tui.engine.effects.common import (
    ask,
)
from avatar_tui.engine.table import Table
from avatar_tui.engine.turn import push
from avatar_tui.model.effects import (
    Modify,
)
from avatar_tui.model.options import Option, Order, order_options
from avatar_tui.model.state import (
    OrderStep,
    ResolveStep,
)


def order_effects(t: Table, step: OrderStep, answer: Option | None) -> None:
    """R12.2: the player whose turn it is orders effects that happen at once."""
    if not isinstance(answer, Order):
        ask(t, step, t.state.turn or step.groups[0][0].ctx.controller,
            "Several effects happen at once: which first? (R12.2)",
            order_options([group[0].ctx.source for group in step.groups]), "order")
        return
    first = step.groups[answer.index]
    t.emit("R12.2", f"{t.state.turn} resolves {t.name(first[0].ctx.source)}'s effect first")
    rest = [g for g in step.groups if g is not first]
    push(t, *first, *ordering(rest))


def _groups(items: list[ResolveStep]) -> list[list[ResolveStep]]:
    """Split triggered effects into one group per card (consecutive effects
    of the same source), each in its printed order."""
    groups: list[list[ResolveStep]] = []
    for item in items:
        key = (item.ctx.controller, item.ctx.source, item.ctx.source_kind, item.ctx.zone)
        last = groups[-1][0].ctx if groups else None
        if last is not None and (last.controller, last.source, last.source_kind,
                                 last.zone) == key:
            groups[-1].append(item)
        else:
            groups.append([item])
    return groups


def ordering(groups: list[list[ResolveStep]]) -> list[ResolveStep | OrderStep]:
    """The steps for these groups: a question only when the order can matter.
    Pure +/- changes commute, and the same effects from the same card twice
    (a power used twice) give the same result in either order."""
    flat = [item for g in groups for item in g]
    if len(groups) < 2 or all(isinstance(i.effect, Modify) for i in flat):
        return list(flat)
    distinct = {tuple((i.ctx.source, i.ctx.zone, i.effect.model_dump_json()) for i in g)
                for g in groups}
    if len(distinct) < 2:
        return list(flat)
    return [OrderStep(groups=groups)]


def queue_triggered(t: Table, items: list[ResolveStep]) -> None:
    if items:  # most events set off nothing
        push(t, *ordering(_groups(items)))
