"""Blackjack Burnout benchmark: the burn option's report, compiled against the Python recursion.

    python bench/bench_burnout.py [--decks 1] [--rule S17] [--reading any-card] [--exact]

In one process: the report (round with the burn, round without it, the burn's frequency and the
first-draw burns) from the compiled player kernel, then the same engine values from the Python
recursion (``BurnoutEngine(compiled=False)``) on the same shoe; the times, their ratio, and whether
the two agree (exactly, or to 1e-12 in floats).
"""
from __future__ import annotations

import argparse
import time

from odds.games.burnout import BurnoutEngine, burnout_report, burnout_rules


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", type=int, default=1)
    ap.add_argument("--rule", default="S17")
    ap.add_argument("--reading", default="any-card", choices=["any-card", "no-bust"])
    ap.add_argument("--exact", action="store_true")
    args = ap.parse_args()
    rules = burnout_rules(args.rule, decks=args.decks)
    t0 = time.perf_counter()
    report = burnout_report(rules, args.reading, exact=args.exact)
    fast = time.perf_counter() - t0
    t0 = time.perf_counter()
    python = BurnoutEngine(rules, exact=args.exact, reading=args.reading, compiled=False)
    ev, choices = python.round_value()
    frequency = python.burn_frequency(choices)
    python.burn_on = False
    plain, _ = python.round_value()
    slow = time.perf_counter() - t0
    pairs = ((report.ev_with, ev), (report.burn_frequency, frequency), (report.ev_without, plain))
    same = all(a == b if args.exact else abs(a - b) < 1e-12 for a, b in pairs) and report.first_with == choices
    print(f"Burnout {args.decks} deck(s) {args.rule} {args.reading} {'exact' if args.exact else 'float'}: "
          f"house edge with the fee {float(report.house_edge_with_fee) * 100:.6f}%")
    print(f"compiled {fast:.2f} s, Python {slow:.2f} s, ratio {slow / fast:.1f}x, results {'agree' if same else 'DIFFER'}")


if __name__ == "__main__":
    main()
