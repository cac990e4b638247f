"""Words for the screen: names, cost pips, card faces, the status line and
the labels of choices. Pure functions of the engine's state and tables;
markup is Textual's, with theme colours ($success/$warning/$error), so the
colours follow the active theme and every colour also has a text label."""

from __future__ import annotations

from avatar_tui.cardlib import words as effect_words
from avatar_tui.engine import Look, Table, answer_is_secret, face_look, look
from avatar_tui.model.actions import Action
from avatar_tui.model.cards import AdvantageCard, AllyCard, SignatureMove, StrikeCard
from avatar_tui.model.common import ZONES, Energy, PlayerId, Zone
from avatar_tui.model.effects import Power
from avatar_tui.model.options import KEEP, REPLACE, Decline, Option, Order, Reflip, Target, TopCard
from avatar_tui.model.state import FaceUp, GameState, OrderStep
from avatar_tui.play.keys import candidates
from avatar_tui.play.plain import escape

ZONE_STYLE: dict[str, str] = {"green": "$success", "yellow": "$warning", "red": "$error"}
SIDEWAYS = "↻ counterattacking"


def character(t: Table, pid: PlayerId) -> str:
    """`Aang (p1)`: the player's character and seat, quoted for markup
    (an inline chamber's name comes from a file)."""
    chamber = t.catalog.find_chamber(t.player(pid).chamber.id)
    name = chamber.name if chamber is not None else t.player(pid).chamber.id
    return f"{escape(name)} ({pid})"


def points(state: GameState, first: PlayerId) -> str:
    """The score with `first`'s points first (`3–2`): a score beside a
    player's name reads as theirs, so the winner's or scorer's comes first."""
    return f"{state.players[first].score}–{state.players[_other(first)].score}"


def pips(cost: Energy) -> str:
    """`G1 Y2` with each pip in its zone's colour; `free` for no cost."""
    parts = [f"[{ZONE_STYLE[c]}]{c[0].upper()}{cost.of(c)}[/]" for c in ZONES if cost.of(c)]
    return " ".join(parts) or "free"


def payment_label(paid: Energy | None) -> str:
    if paid is None:
        return "in its own colours"
    return pips(paid)


def _value(label: str, now: int, printed: int) -> str:
    if now == printed:
        return f"{label} {now}"
    sign = "+" if now > printed else "-"
    return f"[b]{label} {now}[/b] ({printed}{sign}{abs(now - printed)})"


def strike_values(t: Table, card_id: str, pid: PlayerId | None, zone: Zone | None,
                  face: FaceUp | None) -> str:
    """`F 6  INT 7 (3+4)`: current values (the engine's look at the face),
    the printed one where changed."""
    if face is not None and pid is not None:
        now = face_look(t, pid, zone, face)
        force, intercept, pf, pi = now.force, now.intercept, now.printed_force, \
            now.printed_intercept
    else:
        card = t.catalog.signatures.get(card_id) or t.card(card_id)
        force, intercept = pf, pi = card.force, card.intercept  # type: ignore[union-attr]  # a strike or a signature move here: both have force
    return f"{_value('F', force, pf)}  {_value('INT', intercept, pi)}"  # type: ignore[arg-type]  # a strike or a signature move here: both have force


def kind(t: Table, card_id: str) -> str:
    if card_id in t.catalog.signatures:
        return "signature move"
    card = t.card(card_id)
    if isinstance(card, AdvantageCard):
        return "immediate advantage" if card.immediate else "advantage"
    return card.type


def card_lines(t: Table, card_id: str, pid: PlayerId | None = None, zone: Zone | None = None,
               face: FaceUp | None = None) -> list[str]:
    """A card's small face, most important first (a short widget shows the
    first lines): name; values (strikes) or kind and cost; the rest."""
    if card_id in t.catalog.signatures:
        card: StrikeCard | AdvantageCard | AllyCard | SignatureMove = t.catalog.signatures[card_id]
    else:
        card = t.card(card_id)
    sideways = face is not None and face.counterattacked
    # an ally's subtitle ("Katara, waterbender in training") waits for the
    # inspector: on a small face the name alone fits
    short = card.name.split(",")[0] if isinstance(card, AllyCard) else card.name
    name = f"[b]{escape(short)}[/b]"
    # a face up card costs what the engine would charge now (R12.7
    # surcharges), as the deciding panel says; a card elsewhere its print
    cost = face_look(t, pid, zone, face).cost if face is not None and pid is not None \
        else card.cost
    kind_cost = f"{kind(t, card_id)} · {pips(cost)}"
    reflip = getattr(card, "reflip", None)
    if reflip is not None:
        kind_cost += f" · reflip {pips(reflip)}"
    if sideways:  # turned sideways (R5.3): said first, so a short card keeps it
        name = f"↻ {name}"
        kind_cost = f"[reverse]{SIDEWAYS}[/] · {kind_cost}"
    text = escape(card.text) if card.text else "[dim]no rules text[/]"
    if isinstance(card, StrikeCard | SignatureMove):
        return [name, strike_values(t, card_id, pid, zone, face), kind_cost, text]
    return [name, kind_cost, text]


# ------------------------------------------------------------------ status


def incoming(t: Table, state: GameState, lk: Look | None = None) -> tuple[str, int | None]:
    """The attack to stop, in words, and its force now (R12.7, the look's)."""
    inc = state.incoming
    if inc is None:
        return "no attack", None
    force = (lk or look(state, t)).incoming.force  # type: ignore[union-attr]  # an attack is incoming (checked above)
    if inc.zone == "opening":
        what = "the opening attack"
    elif inc.zone == "signature":
        what = f"the signature move {t.name(inc.card)}"
    else:
        what = t.name(inc.card)
    return escape(what), force


def status(t: Table, state: GameState, lk: Look | None = None) -> str:
    """Who must act, and what: the one line a player reads first (`lk`:
    the state's look, when the caller has it)."""
    if state.phase == "over":
        assert state.winner is not None
        return f"[b]{character(t, state.winner)} wins {points(state, state.winner)}[/b] (R10.5)"
    if state.choice is not None:
        if answer_is_secret(state):  # R1.6: the question shows cards only they may see
            return (f"[b]{character(t, state.choice.chooser)}[/b] must answer a question about "
                    "cards only they may look at (R1.6): c shows it behind a privacy screen")
        return (f"[b]{character(t, state.choice.chooser)}[/b] must choose: "
                f"{escape(state.choice.prompt)}")
    if state.phase == "open":
        rule = "R2.4" if state.turn_number == 0 else "R10.5"
        return (f"[b]{character(t, state.chooser)}[/b] chooses who defends the opening "
                f"attack ({rule})")
    pid = state.turn
    assert pid is not None
    who = f"[b]{character(t, pid)}[/b]"
    lk = lk or look(state, t)
    what, force = incoming(t, state, lk)
    against = f"{what} — force {force}"
    if state.phase == "signature":
        return f"{who} may answer {what} (force {force}) with the signature move (R4.3)"
    zone = lk.defended
    assert zone is not None
    where = f"[{ZONE_STYLE[zone]}]{zone.upper()}[/]"
    line = f"{who} defends {where} against {against}"
    if lk.flipped is not None:
        line += f" · flipped {escape(t.name(lk.flipped.card))}"
    return line


def _other(pid: PlayerId) -> PlayerId:
    return "p2" if pid == "p1" else "p1"


# the game keys the step hint may name (reflip and pitch: in the footer only)
HINTED = ("flip", "signature", "skip", "pay", "overpay", "ally_power", "focus", "discard",
          *(f"power_{n}" for n in range(1, 10)))


def next_step(state: GameState, lk: Look, legal: list[Action]) -> str:
    """A hint of the keys for the step at hand, at the decide step opening
    with what `p` would spend and leave. It names a key only when `legal`
    (the engine's legal actions now, the footer's) has a move for it, as
    play/keys.py `candidates` reads them: a card that cannot stop the attack
    (R5.3) is not offered `p`, a power used up (R7.1) not its number."""
    if state.phase == "over":
        return "The game is over: n new game · q quit"
    if any(a.verb in ("open", "choose") for a in legal):
        return "Answer the question (c opens it again)"
    on = {name for name in HINTED if candidates(name, legal)}
    if state.phase == "signature":
        return " · ".join([*(["s signature move"] if "signature" in on else []),
                           *(["k skip it (R4.3)"] if "skip" in on else [])])
    if state.phase == "flip":
        return "space flips the top card of the deck (R5.1)" if "flip" in on else ""
    keys: list[str] = []
    if "pay" in on:
        keys.append(pay_preview(lk))
    if "overpay" in on:
        keys.append("o pays with stronger energy" if "pay" in on else
                    "o pays with stronger energy: its own colours fall short (R6.3)")
    # a flipped ally has no powers to use (R7.3); `a` is the zone ally's
    numbers = [n for n in range(1, 10) if f"power_{n}" in on]
    if numbers:
        keys.append(f"{power_numbers(numbers)} power" + ("s" if len(numbers) > 1 else ""))
    if "ally_power" in on:
        keys.append("a ally's power")
    keys += [words for name, words in (("focus", "f focus"), ("discard", "d discard"))
             if name in on]
    below = "see the keys below (R5.2)"
    return f"{' · '.join(keys)} — {below}" if keys else below


def power_numbers(numbers: list[int]) -> str:
    """`1`, `1-3` or `1/3`: the power keys that work now, none left out
    nor added (a power between two may be used up, R7.1)."""
    if len(numbers) > 1 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}-{numbers[-1]}"
    return "/".join(str(n) for n in numbers)


def pay_preview(lk: Look) -> str:
    """`p pays G2 Y1 → leaves G1 Y2 R3`: the look's plain payment of the
    card being decided (R6.3) and the energy it leaves (when `p` is legal)."""
    if lk.flipped is None or lk.turn is None or lk.payment is None:
        return "p pay"
    have = lk.player(lk.turn).energy
    left = " ".join(f"[{ZONE_STYLE[c]}]{c[0].upper()}{have.of(c) - lk.payment.of(c)}[/]"
                    for c in ZONES)
    return f"p pays {pips(lk.payment)} → leaves {left}"


def deciding(t: Table, lk: Look) -> tuple[list[str], list[str]] | None:
    """The card being decided on (R5.2), whole: its head (name; kind, cost
    now, force and intercept now) and its body (its text, then each payment
    power by the key that uses it). None when no card waits on the
    defender's decision."""
    face = lk.flipped
    if face is None or lk.phase != "decide" or lk.question is not None:
        return None
    card = t.card(face.card)
    values = f"{kind(t, face.card)} · {pips(face.cost)}"
    if face.force is not None and face.intercept is not None:
        values += (f" · {_value('F', face.force, face.printed_force or 0)}"
                   f"  {_value('INT', face.intercept, face.printed_intercept or 0)}")
    head = [f"[b]{escape(card.name)}[/b]", values]
    body = [escape(card.text) if card.text else "[dim]no rules text[/]"]
    for p in lk.powers:
        number = "a" if p.ally else str(p.number)  # the keys that use it
        source = f" [dim](from {escape(t.name(p.source))})[/]" if p.granted or p.ally else ""
        body.append(f"[b]{number}[/b] {power_text(p.power)}{source}")
    return head, body


# ------------------------------------------------------------------ choices


def option_label(t: Table, state: GameState, option: Option) -> str:
    """Plain words for an answer of the pending choice."""
    if option == REPLACE:
        return "Replace: the new ally takes the zone, the old one is discarded (R5.5)"
    if option == KEEP and (state.choice is None or state.choice.kind == "ally"):
        return "Keep: the old ally stays, the new one is discarded (R5.5)"
    if isinstance(option, Decline):
        return "None (decline)"
    if isinstance(option, Target):
        pid, zone = option.who, option.zone
        zs = state.players[pid].zones[zone]
        where = f"{character(t, pid)} [{ZONE_STYLE[zone]}]{zone}[/] zone"
        if option.part == "ally" and zs.ally is not None:
            return f"{escape(t.name(zs.ally.card))} — ally in {where}"
        if option.part is None:
            return where[0].upper() + where[1:]
        return f"{option.part} in {where}"
    if isinstance(option, TopCard):
        return escape(t.name(option.card))
    if isinstance(option, Reflip):
        return escape(t.name(option.source))
    step = state.choice.step if state.choice is not None else None
    if isinstance(option, Order) and isinstance(step, OrderStep):
        return escape(t.name(step.groups[option.index][0].ctx.source))
    return escape(option.word.replace("_", " "))


def answer_label(t: Table, state: GameState, word: str | None) -> str:
    """Plain words for `choose WORD` of the pending choice (the word
    itself, should it answer nothing)."""
    option = state.choice.option(word) if state.choice is not None else None
    return option_label(t, state, option) if option is not None else escape(word or "")


# ------------------------------------------------------------------ the full card


def power_text(power: Power) -> str:
    return effect_words.power_words(power, pips, escape)


def full_card(t: Table, card_id: str, pid: PlayerId | None = None, zone: Zone | None = None,
              face: FaceUp | None = None) -> list[str]:
    """Everything about a card, for the inspector."""
    if card_id in t.catalog.signatures:
        card: StrikeCard | AdvantageCard | AllyCard | SignatureMove = t.catalog.signatures[card_id]
    else:
        card = t.card(card_id)
    lines = [f"[b]{escape(card.name)}[/b]"]  # its number follows on the kind line
    number = getattr(card, "number", None)
    traits = ", ".join(getattr(card, "traits", []) or []) or "generic"
    lines.append(f"{kind(t, card_id)}" + (f" · {number}" if number else "") +
                 (f" · traits: {traits}" if not isinstance(card, SignatureMove) else ""))
    lines.append(f"Cost: {pips(card.cost)}")
    if isinstance(card, StrikeCard | SignatureMove):
        lines.append(strike_values(t, card_id, pid, zone, face))
    reflip = getattr(card, "reflip", None)
    if reflip is not None:
        lines.append(f"Reflip: {pips(reflip)} (R7.4)")
    lines.append("")
    lines.append(escape(card.text) if card.text else "[dim]No rules text.[/]")
    for i, power in enumerate(card.powers, start=1):
        lines.append(f"Power {i}: {power_text(power)}")
    pitch = getattr(card, "pitch", None)
    if pitch is not None:
        lines.append(f"Pitch: {power_text(pitch)} (R7.5)")
    if face is not None and face.counterattacked:
        lines.append(f"{SIDEWAYS} (R5.3)")
    if not getattr(card, "implemented", True):
        lines.append("[dim]Some of this card's text is not played by the engine yet.[/]")
    return lines
