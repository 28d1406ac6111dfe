"""The ``odds`` command: :func:`main` and its parser, one module per family of commands
(:mod:`.dealer`, :mod:`.wagers`, :mod:`.game`, :mod:`.book`) and the shared arguments
(:mod:`.arguments`).

Exit statuses (``docs/errors.md``): 0 done; 1 a finding (a verification failed, a paytable has
problems); 2 bad input or a file that cannot be read or written, one line ``odds: <what is
wrong>``; 3 a bug in odds, one line saying so (the traceback with ``--debug`` or ``ODDS_DEBUG=1``);
130 interrupted.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Optional, Sequence

from odds import __version__
from odds.core.errors import OddsError, command_line, shown

from . import book, dealer, game, wagers
from .arguments import Parser, UsageError, examples

__all__ = ["UsageError", "build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="odds", description="Exact odds of blackjack side wagers and variations.")
    p.add_argument("--version", action="version", version=f"odds {__version__}")
    p.add_argument("--debug", action="store_true", help="on an internal error, print the traceback")
    sub = p.add_subparsers(dest="command", parser_class=Parser)
    dealer.add_dealer_parser(sub)
    wagers.add_wager_parser(sub)
    wagers.add_simulate_parser(sub)
    wagers.add_solve_parser(sub)
    wagers.add_design_parser(sub)
    wagers.add_compare_parser(sub)
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
    book.add_sweep_all_parser(sub)
    for name, sp in sub.choices.items():
        sp.epilog = examples(EXAMPLES[name])
        sp.formatter_class = argparse.RawDescriptionHelpFormatter
    return p


EXAMPLES = {  # the end of each command's help (shown as written)
    "dealer": ["odds dealer --decks 6 --rule H17", "odds dealer --decks 1 --remove \"5H 6C\" --upcard 6",
               "odds dealer --decks 8 --format json > dealer.json"],
    "wager": ["odds wager buster --decks 6 --rule H17 --paytable C",
              "odds wager 21+3 --decks 6 --paytable B --format csv > 21+3.csv",
              "odds wager buster --decks 6 --paytable-file proposed.toml"],
    "simulate": ["odds simulate buster --decks 6 --paytable C --rounds 200000",
                 "odds simulate streak --decks 6 --paytable A --rounds 20000 --format json"],
    "solve": ["odds solve buster --decks 6 --paytable C --vary bust-8+ --target-edge 5%",
              "odds solve buster --decks 6 --paytable C --vary bust-7,bust-8+ --target-edge 0.06",
              "odds solve buster --decks 6 --paytable C --grid bust-7=40,50,60 --grid bust-8+=200,250,300"],
    "design": ["odds design buster --decks 6,8 --rule H17 --paytable C --target-edge 5% --vary bust-6=8..30 "
               "--vary bust-5=3..8/0.5",
               "odds design buster --decks 6 --rule S17,H17 --paytable C --target-edge 5% --band 4%,6% "
               "--vary bust-6=8..20 --write mine.toml"],
    "compare": ["odds compare buster --decks 6,8 --paytable A,C --paytable-file mine.toml",
                "odds compare buster --decks 6 --rule H17 --paytable-file mine.toml --counting 1000 --format html "
                "--out compare.html"],
    "decide": ["odds decide house-money --decks 6 --paytable B", "odds decide sevens-split --decks 6"],
    "list": ["odds list", "odds list | grep -A3 buster"],
    "game": ["odds game --decks 6 --rule H17 --das", "odds game --decks 6 --split-hands 4 --float"],
    "strategy": ["odds strategy --decks 6 --rule S17", "odds strategy --decks 2 --rule H17 --format json"],
    "burnout": ["odds burnout --rule H17 --reading both", "odds burnout --rule S17 --float"],
    "switch": ["odds switch --decks 6 --rule H17 --workers 2", "odds switch --decks 6 --bj-pays 1:1 --float"],
    "selftest": ["odds selftest"],
    "report": ["odds report --out reports", "odds report --only buster,21+3 --decks 6 --out small",
               "odds report --paytable-file proposed.toml --out proposed-book"],
    "validate": ["odds validate proposed.toml", "odds paytable template buster > mine.toml && odds validate mine.toml"],
    "paytable": ["odds paytable template buster > proposed.toml", "odds paytable template 21+3 --out mine.toml"],
    "certify": ["odds certify 21+3 --decks 6 --paytable C --out 21+3.html --pdf",
                "odds certify buster --decks 6 --rule H17 --paytable-file proposed.toml --out r.html",
                "odds certify streak --decks 6 --rule H17 --paytable A --prepared-by \"A. Tester\" --out streak.html"],
    "sweep": ["odds sweep buster --decks 6 --paytable C --shoes 1000", "odds sweep 21+3 --decks 6 --paytable B "
              "--shoes 200 --plots plots --format json > sweep.json",
              "odds sweep burnout-bonus --decks 6 --split-hands 4 --shoes 20 --checkpoint bb4"],
    "sweep-all": ["odds sweep-all --shoes 1000 --plots plots", "odds sweep-all --shoes 100000 --scheduler tcp://host:8786 "
                  "--format json > ranking.json",
                  "odds sweep-all --shoes 100000 --round-shoes 100000 --checkpoint study --plots plots"],
}


def main(argv: Optional[Sequence[str]] = None) -> int:
    debug = os.environ.get("ODDS_DEBUG", "") not in ("", "0")
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        debug = debug or args.debug
        if not getattr(args, "run", None):
            parser.print_usage(sys.stderr)
            return 2
        with command_line():
            text = args.run(args)
        status = 0
        if isinstance(text, tuple):
            text, status = text
    except OddsError as exc:
        print(f"odds: {_one_line(exc)}", file=sys.stderr)
        return 2
    except OSError as exc:  # a file that cannot be read or written: the user's to fix
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"odds: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("odds: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug of ours is never the user's bad input
        if debug:
            raise
        print(f"odds: internal error, a bug in odds (not in your input): {type(exc).__name__}: {_one_line(exc)}; "
              "run again with --debug (or ODDS_DEBUG=1) for the traceback", file=sys.stderr)
        return 3
    try:
        print(text)
    except BrokenPipeError:  # e.g. `odds ... | head`
        sys.stderr.close()
    return status


def _one_line(exc: BaseException) -> str:
    """An exception's message on one line, control characters shown as escapes, at most
    :data:`MESSAGE_LIMIT` characters (whatever user text it quotes)."""
    return shown(" ".join(str(exc).split()) or type(exc).__name__, MESSAGE_LIMIT)


MESSAGE_LIMIT = 400  # the longest one-line message printed


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
