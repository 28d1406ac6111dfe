"""The search for practical paytables (``odds design``), timed against pricing each table again.

    python bench/bench_design.py [--baseline 300]

The search over Buster's bust-8+ 100..400 by 10, bust-7 20..80, bust-6 5..30 and bust-5 2..8 by
halves (639,158 tables) at 6 and 8 decks, S17 and H17; then, in the same process, ``--baseline``
tables of that grid priced one by one by the wager's engine at the four configurations, exactly
(the plain way to search). Prints the time a table each way and the ratio.
"""
from __future__ import annotations

import argparse
import itertools
import time
from dataclasses import replace
from fractions import Fraction

from odds import DealerRules, Shoe
from odds.pricing.design import design, steps
from odds.wagers import get_wager
from odds.wagers.paytables import builtin_paytables

VARY = {"bust-8+": (100, 400, 10), "bust-7": (20, 80, 1), "bust-6": (5, 30, 1), "bust-5": (2, 8, Fraction(1, 2))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", type=int, default=300, help="tables priced one by one for the baseline")
    args = ap.parse_args()
    wager, base = get_wager("buster"), builtin_paytables("buster").tables["C"]
    configs = [(d, DealerRules.parse(r)) for d in (6, 8) for r in ("S17", "H17")]
    for d, r in configs:  # the engine's first pricing of each shoe, out of both timings
        wager.price(Shoe.decks(d), r, base, d)
    t0 = time.perf_counter()
    result = design(wager, base, configs, Fraction(5, 100), VARY, top=10)
    searched = time.perf_counter() - t0
    grid = itertools.product(*(steps(*map(Fraction, spec)) for spec in VARY.values()))
    t0 = time.perf_counter()
    for values in itertools.islice(grid, args.baseline):
        table = replace(base, pays={**base.pays, **dict(zip(VARY, values))})
        for d, r in configs:
            wager.price(Shoe.decks(d), r, table, d)
    priced = time.perf_counter() - t0
    each, plain = searched / result.searched, priced / args.baseline
    print(f"design: {result.searched:,} tables at {len(configs)} configurations in {searched:.2f} s "
          f"({each * 1e6:.2f} us a table; the 10 nearest exact and priced again)")
    print(f"baseline: {args.baseline} tables priced one by one, exactly, in {priced:.2f} s ({plain * 1e6:.0f} us a table)")
    print(f"ratio: x{plain / each:,.0f} a table")


if __name__ == "__main__":
    main()
