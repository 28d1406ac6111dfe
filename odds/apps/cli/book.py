"""The commands that make books and check installs: ``odds report``, ``sweep``, ``sweep-all`` and ``selftest``."""
from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction

from odds.core.errors import OddsError
from odds.core.rules import DealerRules
from odds.wagers.paytables import proposed_note

from odds.core.interrupts import max_workers
from .arguments import (FORMAT_HELP, add_decks, add_wager_source, deck_list, select_paytable, wager_names, wager_of,
                        whole_number, worker_count, writable_folder)
from .options import add_wager_options, options_given


def cmd_selftest(args: argparse.Namespace) -> tuple[str, int]:
    import contextlib
    import io

    from odds.verify.selftest import main as selftest_main
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = selftest_main()
    return out.getvalue().rstrip("\n"), status


def cmd_report(args: argparse.Namespace) -> str:
    from odds.engine.cache import default_cache_dir
    from odds.apps.report import build_report
    cache = None if args.no_cache else (args.cache or default_cache_dir())
    summary = build_report(args.out, only=args.only, decks=args.decks, workers=args.workers, cache_dir=cache,
                           stream=sys.stderr, paytable_file=args.paytable_file, wager_file=args.wager_file,
                           counting=args.counting or 0, seed=args.seed)
    return summary.text()


def cmd_sweep(args: argparse.Namespace) -> str:
    from odds.wagers.shoe_returns import swept_wagers
    from odds.apps.sweep import SweepError, SweepSpec, run_sweep
    from odds.apps.sweep_report import sweep_json, sweep_text, write_plots
    from odds.wagers.sevens import parse_meters, pays_at_meters
    wager = wager_of(args)
    if wager.shoe_return is None:
        raise SweepError(f"sweep computes {', '.join(swept_wagers())}, not {wager.name!r}")
    book, table = select_paytable(wager, args)
    pays = pays_at_meters(wager.name, table, parse_meters(args.meters)) if table.meter_pays or args.meters \
        else dict(table.pays)
    notes = [n for n in (proposed_note(book, table),) if n]
    penetration = _sweep_settings(args, "sweep")
    given = options_given(args, wager, "sweep")
    workers = 0 if args.no_dask else args.workers
    spec = SweepSpec(wager.name, table.id, args.decks, DealerRules.parse(args.rule).name, shoes=args.shoes,
                     penetration=penetration, spots=args.spots, seed=args.seed, chunk=args.chunk,
                     level=args.level, arithmetic=args.arithmetic, peek=not args.no_peek,
                     pays=tuple(sorted(pays.items())), cap=args.cap, visible=args.visible,
                     streak=given.pop("streak", None), game=tuple(given.items()),
                     wager_file=None if wager.definition is None else (args.wager_file, wager.definition.sha256),
                     round_cards=args.round_cards)
    exact = None
    if args.exact_count:
        from odds.apps.sweep_exact import deal_law
        deal_law(spec)  # a wager with no exact count is refused before any shoe is dealt
    result = run_sweep(spec, workers=workers, scheduler=args.scheduler, checkpoint=args.checkpoint)
    if args.exact_count:
        from odds.apps.sweep_exact import exact_counting
        exact = exact_counting(spec, result.plan)
    if args.plots:
        write_plots(result, args.plots, exact)
    if args.format == "json":
        return json.dumps(sweep_json(result, notes, exact), indent=1)
    return sweep_text(result, notes, exact)


def _add_sweep_run(p: argparse.ArgumentParser, shoes: str, plots: str) -> None:
    """What a sweep deals and where it runs, as ``sweep`` and ``sweep-all`` take them."""
    import os

    p.add_argument("--shoes", type=whole_number(1), default=1000, help=f"{shoes} (default 1000)")
    p.add_argument("--penetration", default="0.75", help="share of the shoe dealt before the cut card: "
                                                        "0.75, 3/4 or 75%% (default 0.75)")
    p.add_argument("--spots", type=whole_number(1), default=5, help="players' spots at the table (default 5)")
    p.add_argument("--seed", type=whole_number(0), default=0, help="random seed (default 0)")
    p.add_argument("--chunk", type=whole_number(1), default=100, help="shoes per task (default 100)")
    p.add_argument("--workers", type=whole_number(0), default=os.cpu_count() or 1,
                   help="processes of the local Dask cluster started for the sweep (default: the cores; "
                        "0 runs in this process)")
    p.add_argument("--scheduler", help="run on the Dask cluster at this address, e.g. tcp://host:8786")
    p.add_argument("--no-dask", action="store_true", help="run in this process, without Dask")
    p.add_argument("--checkpoint", help="keep each finished chunk of shoes in this folder, and read back the ones "
                                        "already there: a long sweep stopped part way goes on where it was, with the "
                                        "same numbers")
    p.add_argument("--plots", help=plots)
    p.add_argument("--format", choices=("table", "json"), default="table", help=FORMAT_HELP)


def add_sweep_parser(sub: argparse._SubParsersAction) -> None:
    from odds.wagers.shoe_returns import swept_wagers
    sw = sub.add_parser("sweep", help="deal shoes and take the wager's exact return before every round: "
                                      "how beatable it is by counting (runs on Dask)")
    sw.add_argument("name", nargs="?", help="a wager whose return the shoe alone decides: " + ", ".join(swept_wagers()))
    add_wager_source(sw)
    sw.add_argument("--meter", dest="meters", help='progressives: the meters, held at these values through the '
                                                   'sweep, in units of the wager, e.g. "jackpot=2000"')
    sw.add_argument("--cap", help="twenty-point-bonus: the aggregate payout limit of (k)(6)-(7), in units of the "
                                  "wager, shared by the winners among the --spots spots, every one betting")
    sw.add_argument("--visible", choices=("own", "table"),
                    help="ez-bust: also the wager as played, placed after the up card on the cards each spot sees "
                         "(its own two, or every spot's) when their return is above 0")
    add_wager_options(sw, "sweep")
    sw.add_argument("--level", type=int, choices=(1, 2, 3), help="the count's level (default: the best of 1-3)")
    sw.add_argument("--arithmetic", choices=("auto", "exact", "float"), default="auto",
                    help="exact or float returns per round (auto: exact where it is as fast)")
    sw.add_argument("--round-cards", type=whole_number(1),
                    help="every round takes this many cards, the players' play ignored: rounds where the exact "
                         "count's model puts them (--exact-count's figures are then the sweep's with no sampling error)")
    sw.add_argument("--exact-count", action="store_true",
                    help="also the counter's figures computed exactly, with no shoe dealt (the law of the running "
                         "count and the return given it; rounds every K cards, K the sweep's mean a round): the "
                         "wagers settled by their first cards or the dealer's hand")
    _add_sweep_run(sw, "shoes to deal", "write PNG plots into this folder")
    sw.set_defaults(run=cmd_sweep)


def _sweep_settings(args: argparse.Namespace, command: str) -> Fraction:
    """The penetration read, the plots' folder and the place to run checked, before any sweep runs."""
    from odds.pricing.solve import parse_share
    from odds.apps.sweep import SweepError
    text = args.penetration
    try:
        penetration = parse_share(text, "penetration", "0.75, 3/4 or 75%")
    except OddsError as exc:
        raise SweepError(str(exc)) from None
    if args.plots:
        writable_folder(args.plots, f"{command}: --plots")
    if args.checkpoint:
        writable_folder(args.checkpoint, f"{command}: --checkpoint")
    if args.no_dask and args.scheduler:
        raise SweepError("--no-dask and --scheduler do not go together")
    return penetration


def cmd_sweep_all(args: argparse.Namespace) -> str:
    from odds.apps.sweep_summary import Conditions, run_summary, summary_json, summary_text, write_summary_plots
    penetration = _sweep_settings(args, "sweep-all")
    conditions = Conditions(args.decks, DealerRules.parse(args.rule).name, penetration, args.spots, args.shoes,
                            args.seed, args.chunk, tuple(args.only) if args.only else None, args.round_shoes,
                            args.exact_count)
    summary = run_summary(conditions, workers=0 if args.no_dask else args.workers, scheduler=args.scheduler,
                          checkpoint=args.checkpoint)
    if args.plots:
        write_summary_plots(summary, args.plots)
    return json.dumps(summary_json(summary), indent=1) if args.format == "json" else summary_text(summary)


def add_sweep_all_parser(sub: argparse._SubParsersAction) -> None:
    """The ``odds sweep-all`` command's arguments."""
    sa = sub.add_parser("sweep-all", help="sweep every wager the shoe alone decides at one set of conditions and "
                                          "rank them by the counter's gain a round (runs on Dask)")
    add_decks(sa, default=6, help="number of 52-card decks (default 6)")
    sa.add_argument("--rule", default="H17", help="S17 or H17 (default H17)")
    sa.add_argument("--only", type=wager_names, help="these wagers only, e.g. buster,21+3")
    sa.add_argument("--round-shoes", type=whole_number(1), default=10,
                    help="at most this many shoes for streak and burnout-bonus, whose return takes the round's "
                         "outcome law, about a second of processor time a round (default 10)")
    sa.add_argument("--exact-count", action="store_true",
                    help="also each wager's counter's gain computed exactly (see odds sweep --exact-count), and the "
                         "ranking by it where every wager has one")
    _add_sweep_run(sa, "shoes to deal for each wager", "write the ranking's plot (PNG) into this folder")
    sa.set_defaults(run=cmd_sweep_all)


def add_selftest_parser(sub: argparse._SubParsersAction) -> None:
    """The ``odds selftest`` command's arguments."""
    st = sub.add_parser("selftest", help="check this install: versions, engines against references and "
                                         "published figures (exit 1 on a failure)")
    st.set_defaults(run=cmd_selftest)


def add_report_parser(sub: argparse._SubParsersAction) -> None:
    """The ``odds report`` command's arguments."""
    r = sub.add_parser("report", help="the book of par sheets: Markdown, CSV, JSON, an HTML index and plots")
    r.add_argument("--out", default="reports", help="the book's directory (default reports; replaced whole)")
    r.add_argument("--only", type=wager_names, help="these wagers only, e.g. buster,21+3 (see `odds list`)")
    r.add_argument("--decks", type=deck_list,
                   help="these deck counts only, e.g. 1,2 (and for paytables allowed any number of decks, "
                        "these in place of 1,2,4,6,8)")
    r.add_argument("--paytable-file", help="the book of this paytable file alone (a proposed table, say): its "
                                          "wager at every deck count the file allows and each dealer rule")
    r.add_argument("--wager-file", metavar="FILE",
                   help="the book of the wager this definition file defines (docs/wager-files.md) alone")
    r.add_argument("--counting", type=whole_number(1), metavar="SHOES",
                   help="with --paytable-file: sweep each table over this many shoes at each configuration (how "
                        "beatable it is by counting)")
    r.add_argument("--seed", type=whole_number(0), default=0, help="the sweep's seed with --counting (default 0)")
    r.add_argument("--workers", type=worker_count(1), default=2,
                   help=f"processes for the player engine's sheets (default 2, at most {max_workers()})")
    where = r.add_mutually_exclusive_group()
    where.add_argument("--cache", help="directory of the player engine's results (default $ODDS_CACHE or "
                                       "~/.cache/odds)")
    where.add_argument("--no-cache", action="store_true", help="compute everything; read and write no cache")
    r.set_defaults(run=cmd_report)
