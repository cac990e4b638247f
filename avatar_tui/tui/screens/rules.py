"""The rules in the box: a browser of every rule by ID (help, then r),
searchable by rule ID or by words, and the notation reference (help, then
n). Both read what `docs/` holds, shipped inside the package."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, Markdown, Static

from avatar_tui.cardlib import rules_doc
from avatar_tui.cardlib.rules_help import RULE_ID
from avatar_tui.play.plain import escape
from avatar_tui.tui.screens.dialog import Dialog


def doc_text(name: str) -> str:
    """A reference from docs/: installed with the package (avatar_tui/docs),
    or the checkout's docs/ when running from one."""
    packaged = resources.files("avatar_tui") / "docs" / name
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    return (Path(__file__).resolve().parents[3] / "docs" / name).read_text(encoding="utf-8")


def matching(query: str) -> list[tuple[str, str, str, str | None]]:
    """The rules a search finds: an ID (`R5`, `r5.3`) gives that rule or
    section and the rules under it; words give the rules holding them all."""
    query = query.strip()
    everything = rules_doc.entries()
    if not query:
        return everything
    wanted = query.upper()
    if RULE_ID.fullmatch(wanted):
        return [e for e in everything if e[0] == wanted or e[0].startswith(wanted + ".")]
    words = query.lower().split()
    return [e for e in everything
            if all(w in f"{e[0]} {e[1]} {e[2]} {e[3] or ''}".lower() for w in words)]


def entry_markup(rid: str, title: str, text: str, convention: str | None) -> str:
    head = f"[b]{rid} {escape(title)}[/b]" if "." in rid else \
        f"[b][reverse] {rid} {escape(title)} [/reverse][/b]"
    body = f"{head} — {escape(text)}"
    if convention:
        body += f"\n  [i]Convention:[/i] {escape(convention)}"
    return body


class RulesScreen(Dialog[None]):
    """Every rule, in the project's words; type an ID or words to search."""

    BINDINGS = [Binding("escape", "close", "Close", id="close")]

    def __init__(self, query: str = ""):
        super().__init__()
        self.query_text = query

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog rules"):
            yield Static("[b]The rules[/b] (docs/rules.md)", classes="dialog-title")
            yield Input(self.query_text, placeholder="a rule ID (R5.3) or words (overpay)",
                        id="rules-search", compact=True)
            with VerticalScroll(id="rules-list"):
                yield Static(id="rules-text")
            yield Static("[dim]type to search · ↑ ↓ PgUp PgDn scroll · escape closes[/]",
                         classes="dialog-keys")

    def on_mount(self) -> None:
        self.query_one(Input).cursor_blink = False
        self.show(self.query_text)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.show(event.value)

    def show(self, query: str) -> None:
        found = matching(query)
        text = self.query_one("#rules-text", Static)
        if not found:
            text.update(f"[dim]No rule holds “{escape(query)}”.[/]")
        else:
            text.update("\n".join(entry_markup(*e) for e in found))
        self.query_one("#rules-list", VerticalScroll).scroll_home(animate=False)

    def key_up(self) -> None:
        self.query_one("#rules-list", VerticalScroll).scroll_up(animate=False)

    def key_down(self) -> None:
        self.query_one("#rules-list", VerticalScroll).scroll_down(animate=False)

    def key_pageup(self) -> None:
        self.query_one("#rules-list", VerticalScroll).scroll_page_up(animate=False)

    def key_pagedown(self) -> None:
        self.query_one("#rules-list", VerticalScroll).scroll_page_down(animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class NotationScreen(Dialog[None]):
    """docs/notation.md: how moves and scenario files are written."""

    BINDINGS = [Binding("escape", "close", "Close", id="close"),
                Binding("q", "close", "Close", show=False)]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog rules"):
            yield Markdown(doc_text("notation.md"))
            yield Static("[dim]↑ ↓ PgUp PgDn scroll · escape closes[/]", classes="dialog-keys")

    def action_close(self) -> None:
        self.dismiss(None)
