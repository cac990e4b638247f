"""Text from files is never markup: card names, a chamber's and its
signature moves' names, a scenario's title, narration lines and file names
may hold square brackets, Textual's `$variables`, backslashes or control
characters, and every screen shows them as they are written (an inline
card named `[/]` used to crash the app with a MarkupError)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.markup import to_content

from avatar_tui.engine import apply
from avatar_tui.notation.save import load_game
from avatar_tui.notation.scenario import load_scenario
from avatar_tui.play.demo import Demo
from avatar_tui.play.plain import escape
from avatar_tui.store.storage import SaveStore
from avatar_tui.tui.screens.choice import ChoiceScreen

from .helpers import make_app, policy, screen_text

HOSTILE = ["[bold]", "[/]", "[link=x]", "[$error]", "[B]", "[@click=app.quit]", "end\\"]

CARDS = "\n".join(f'''
[[cards]]
id = "hostile_{i}"
name = {name!r}
type = "{kind}"
cost = {{ green = 0 }}
{"force = 2" if kind == "strike" else ""}
{"intercept = 9" if kind == "strike" else ""}
''' for i, (name, kind) in enumerate([
    ('[bold]', "strike"), ('[/]', "ally"), ('[link=x]', "advantage"), ('[$error]', "strike"),
    ('[B]', "ally"), ('[@click=app.quit]', "strike"), ('end\\\\', "strike")]))

FRONT = ('{ id = "hostile_front", name = "[$error] front", cost = { green = 1 }, force = 7, '
         'intercept = 5 }')

SCENARIO = f'''title = "[/] a [bold]hostile[/bold] title [$error]"
seed = 4
actions = """
> [/] narration [link=x] with [$error] and end\\\\
p2: open p1
> [@click=app.quit] more [/]
"""

[p1]
chamber = "hostile_chamber"
complete = true
deck = [{", ".join(f'"hostile_{i % 7}"' for i in range(35))}]

[p2]
chamber = "prince_zuko"
deck = [{", ".join(f'"hostile_{i}"' for i in range(7))}]

[[cards]]
id = "hostile_chamber"
name = "[/]chamber[bold]"
type = "chamber"
traits = ["fox", "spirit", "light", "air"]
front = {FRONT}
back = {{ id = "hostile_back", name = "back [/]", force = 9, intercept = 9 }}
{CARDS}
'''


@pytest.mark.parametrize("text", [*HOSTILE, "[ b ]", "\\[bold]", "a\x1b[2Jb", "[$x]y[/]", "]["])
def test_escaped_text_reads_back_as_written(text):
    shown = to_content(f"[b]{escape(text)}[/b]")
    expected = text.replace("\x1b", "\\x1b")  # a control character is shown escaped
    if expected.endswith("\\"):
        expected += "\u200b"  # so that it cannot quote the `[` of `[/b]`
    assert shown.plain == expected
    assert shown.spans and shown.spans[0].end == len(shown.plain)  # [/b] still closes


def test_the_app_quotes_file_text_in_one_place():
    """Every module of the app uses `plain.escape`, not Textual's or Rich's,
    which let `[$error]`, `[B]` and a closing backslash through."""
    package = Path(__file__).resolve().parents[2] / "avatar_tui"
    for source in [*(package / "tui").rglob("*.py"), *(package / "play").rglob("*.py")]:
        text = source.read_text(encoding="utf-8")
        assert "markup import escape" not in text, source


def hostile_file(tmp_path):
    """The scenario in a directory and a file whose names are markup too."""
    folder = tmp_path / "[bold]dir"
    folder.mkdir()
    path = folder / "[link=x] [$error].toml"
    path.write_text(SCENARIO, encoding="utf-8")
    return path


def shown(app) -> str:
    return screen_text(app)


async def visit_every_screen(app, pilot, seen: list[str]) -> None:
    """The board, then each dialog it opens that shows text from the file
    (explain, the inspector's pages, the signature moves, the log)."""
    seen.append(shown(app))
    for keys in [["e"], ["escape", "i"], ["right"], ["right"], ["right"], ["escape", "v", "space"],
                 ["escape", "l", "up"]]:
        await pilot.press(*keys)
        seen.append(shown(app))
    await pilot.press("escape")


async def test_hostile_names_on_every_screen(tmp_path):
    path = hostile_file(tmp_path)
    state, events = load_game(path)
    app = make_app((state, events))
    seen: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for step in range(36):
            if app.session.over:
                break
            while isinstance(app.screen, ChoiceScreen):  # a question: its text, then answer 1
                seen.append(shown(app))
                await pilot.press("1")
            if step % 14 == 0:
                await visit_every_screen(app, pilot, seen)
            if app.session.over:
                break
            app.act(policy(app.session.state))
            await pilot.pause()
        seen.append(shown(app))
        assert app._exception is None
    everything = "\n".join(seen)
    for name in ["[bold]", "[/]", "[link=x]", "[$error]", "[/]chamber[bold]"]:
        assert name in everything, f"{name!r} is not shown as written"
    assert "end\\\\" in everything


async def test_a_hostile_demo_and_title(tmp_path):
    demo = Demo(load_scenario(hostile_file(tmp_path)), "hostile")
    app = make_app(demo=demo)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        first = shown(app)
        await pilot.press("right")
        second = shown(app)
        assert app._exception is None
    for words in ["[/] a [bold]hostile[/bold] title", "[/] narration [link=x] with [$error]",
                  "end\\"]:
        assert words in first
    assert "[@click=app.quit] more [/]" in second


async def test_a_hostile_broken_save_is_named_as_it_is(tmp_path):
    store = SaveStore(tmp_path / "[bold]data [$error]")
    store.directory.mkdir()
    store.current.write_text('title = "[/]\n', encoding="utf-8")
    app = make_app(store=store)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = shown(app)
        assert app._exception is None
    assert text.count("[bold]") >= 2 and text.count("[$error]") >= 2  # the save and its copy


async def test_a_hostile_save_resumes(tmp_path):
    """The save written of a hostile game is read back and shown again."""
    path = hostile_file(tmp_path)
    state, _ = load_game(path)
    state, _ = apply(state, policy(state))
    store = SaveStore(tmp_path / "data")
    store.save(state)
    app = make_app(store=store, start="resume")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.session is not None and len(app.session.state.history) == 2
        assert "[/]chamber[bold] (p1)" in shown(app)
        assert app._exception is None
