"""The ``odds`` command: :func:`main` and its parser, one module per family of commands
(:mod:`.dealer`, :mod:`.wagers`, :mod:`.game`, :mod:`.book`) and the shared arguments
(:mod:`.arguments`).

Errors in the input print one line, ``odds: <what is wrong>``, and exit with status 2.
"""
from __future__ import annotations

import argparse
import sys
from typing import Optional, Sequence

from odds import __version__
from odds.core.errors import OddsError

from . import book, dealer, game, wagers
from .arguments import Parser, UsageError

__all__ = ["UsageError", "build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="odds", description="Exact odds of blackjack side wagers and variations.")
    p.add_argument("--version", action="version", version=f"odds {__version__}")
    sub = p.add_subparsers(dest="command", parser_class=Parser)
    dealer.add_dealer_parser(sub)
    wagers.add_wager_parser(sub)
    wagers.add_simulate_parser(sub)
    wagers.add_solve_parser(sub)
    game.add_decide_parser(sub)
    wagers.add_list_parser(sub)
    game.add_game_parser(sub)
    game.add_burnout_parser(sub)
    game.add_switch_parser(sub)
    book.add_selftest_parser(sub)
    book.add_report_parser(sub)
    wagers.add_validate_parser(sub)
    wagers.add_paytable_parser(sub)
    wagers.add_certify_parser(sub)
    book.add_sweep_parser(sub)
    return p


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if not getattr(args, "run", None):
            parser.print_help()
            return 2
        text = args.run(args)
        status = 0
        if isinstance(text, tuple):
            text, status = text
    except OddsError as exc:
        print(f"odds: {exc}", file=sys.stderr)
        return 2
    try:
        print(text)
    except BrokenPipeError:  # e.g. `odds ... | head`
        sys.stderr.close()
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
