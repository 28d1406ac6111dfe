"""The exact counting analysis against the sweep it stands beside, in the same run: seconds and the
most memory for the whole exact analysis of one wager (its deal law, the law of the count, the
return given it at every round start, the counter's and the best count's figures), and seconds for a
sweep of ``--shoes`` shoes in one process (the figures the analysis replaces).

    python bench/bench_exact_count.py [--shoes 100000] [--wager buster ...]

Six decks, 75% penetration, 5 spots, the count the sweep derives (its level of 1 to 3). The goal is
at most 10 s a wager for the exact analysis (floor 60 s) on a 2-core machine.
"""
from __future__ import annotations

import argparse
import time
import tracemalloc

from odds.apps.sweep import SweepSpec, make_plan, run_sweep
from odds.apps.sweep_exact import exact_counting

WAGERS = {"buster": ("C", "H17"), "ez-bust": ("PA", "H17"), "21+3": ("C", "S17"), "royal-match-21": ("A", "S17"),
          "super-sevens": ("A", "S17"), "in-between": ("A", "S17"), "kings-bounty": ("A", "S17")}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shoes", type=int, default=100_000)
    ap.add_argument("--wager", action="append", choices=sorted(WAGERS))
    args = ap.parse_args()
    print(f"{'wager':16s}{'exact s':>9s}{'peak MB':>9s}{'levels':>7s}{'sweep s':>9s}{'ratio':>8s}   "
          "exact gain/round  sweep gain/round [95%]")
    for name in args.wager or list(WAGERS):
        table, rule = WAGERS[name]
        spec = SweepSpec(name, table, 6, rule, shoes=args.shoes)
        plan = make_plan(spec)
        tracemalloc.start()
        t0 = time.perf_counter()
        exact = exact_counting(spec, plan)
        t_exact = time.perf_counter() - t0
        peak = tracemalloc.get_traced_memory()[1] / 1e6
        tracemalloc.stop()
        t0 = time.perf_counter()
        swept = run_sweep(spec, workers=0)
        t_sweep = time.perf_counter() - t0
        from odds.apps.sweep_report import counter_interval, unfix
        t = swept.tally
        ci = counter_interval(t)
        gain = "-" if exact.counter is None else f"{float(exact.counter.value_per_round):+.6%}"
        print(f"{name:16s}{t_exact:9.1f}{peak:9.0f}{len(set(plan.tags)):7d}{t_sweep:9.1f}{t_sweep / t_exact:7.1f}x   "
              f"{gain:>16s}  {unfix(t.bet_v) / t.rounds:+.6%}"
              + ("" if ci is None else f" [{ci[0]:+.6%}, {ci[1]:+.6%}]"))


if __name__ == "__main__":
    main()
