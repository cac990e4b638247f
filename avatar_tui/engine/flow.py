"""The run loop: does the queued work (R12.2, R12.6) until the queue is
empty or a choice is awaited. It is the one place that turns what the board
did (`Table.happened`) into the effects it sets off, so the board, the turn
sequence and the effects never call up into each other."""

from __future__ import annotations

from avatar_tui.engine import triggers
from avatar_tui.engine.effects import queue_triggered, resolve_step
from avatar_tui.engine.table import Table
from avatar_tui.engine.turn import advantage_done, end_turn, flip_into, move_down
from avatar_tui.model.state import FlowStep


def run(t: Table) -> None:
    """Do queued work until the queue is empty or a choice is awaited."""
    state = t.state
    while True:
        if t.happened:
            react(t)
        if not state.queue or state.choice is not None or state.phase == "over":
            return
        step = state.queue.pop(0)
        if isinstance(step, FlowStep):
            _flow(t, step)
        else:
            resolve_step(t, step, None)


def react(t: Table) -> None:
    """Queue what each board event of the last step sets off, in the order
    they happened, each at the front of the queue. That is where it would
    have gone at the moment of the event, as no step that charges or flips
    queues anything after doing so (keep it that way: the scenario tests
    check the order, R12.2)."""
    happened, t.happened = t.happened, []
    for event in happened:
        queue_triggered(t, triggers.started_by(t, event))


def _flow(t: Table, step: FlowStep) -> None:
    if step.what == "end_turn":
        end_turn(t, step.player)
    elif step.what == "continue":
        t.state.phase = "flip"  # R5.4, R5.5: keep defending in the same zone
    elif step.what == "move_down":
        move_down(t, step.player)
    elif step.what == "advantage_done":
        advantage_done(t, step.player, step.card or "", step.zone)
    elif step.what == "flip":
        flip_into(t, step.player)
