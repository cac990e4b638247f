"""The options of a game from booster packs (`--format`, `--packs`), shared
by `play` and `simulate` (docs/formats.md)."""

from __future__ import annotations

import argparse

from avatar_tui.cli import args as cli_args


def format_name(text: str) -> str:
    """A format from packs (docs/formats.md; the card library loads only
    when the option is given, so `avatar-tui --help` reads no cards)."""
    from avatar_tui.cardlib.formats import FORMATS

    if text not in FORMATS:
        raise argparse.ArgumentTypeError(
            f"unknown format '{cli_args.shown(text)}' (expected one of: {', '.join(FORMATS)})")
    return text


def packs_count(text: str) -> int:
    """Packs per player, within the bounds of the formats' setting."""
    from avatar_tui.cardlib.formats import RIP_N_FLIP

    setting = RIP_N_FLIP.settings["packs"]
    return cli_args.whole(setting.low, setting.high, "a number of packs")(text)


def add_format(parser: argparse.ArgumentParser, what: str) -> None:
    """`--format` and `--packs`, `what` saying what the format's players do."""
    parser.add_argument("--format", type=format_name, metavar="FORMAT",
                        help=f"a game from booster packs (rip-n-flip, sealed): {what} "
                        "(docs/formats.md)")
    parser.add_argument("--packs", type=packs_count, metavar="N",
                        help="with --format: the packs each player opens "
                        "(default: rip-n-flip 4, sealed 8)")


def format_settings(args: argparse.Namespace) -> dict[str, int] | str:
    """The format's settings from --packs, or why they cannot be (--packs
    without --format)."""
    packs = getattr(args, "packs", None)
    name = getattr(args, "format", None)
    if packs is not None and name is None:
        return "--packs is a setting of a format: give --format too"
    if packs is None or name is None:
        return {}
    from avatar_tui.cardlib.formats import FORMATS

    # the parser's bounds are the widest format's; each format has its own
    setting = FORMATS[name].settings["packs"]
    if not setting.low <= packs <= setting.high:
        return f"--packs: {name} opens {setting.low} to {setting.high} packs, not {packs}"
    return {"packs": packs}
